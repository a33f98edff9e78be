// Patterns from a model: one engine for every surface (server, browser, terminal, host), so the same
// pattern and text get the same verdict everywhere, in time linear in the text. syntax.ts parses the
// subset of JavaScript's syntax we admit and weighs it; nfa.ts compiles and matches it.

import {
  type CompiledPattern,
  MAX_PATTERN_LENGTH,
  MAX_PATTERN_SIZE,
  type PatternProblem,
} from './contract.js';
import { compile, run } from './nfa.js';
import { type Node, parsePattern } from './syntax.js';

export {
  type CompiledPattern,
  MAX_FORM_PATTERN_LENGTH,
  MAX_FORM_PATTERN_SIZE,
  MAX_PATTERN_LENGTH,
  MAX_PATTERN_SIZE,
  PATTERN_SYNTAX,
  PATTERN_SYNTAX_BRIEF,
  type PatternProblem,
  type SyntaxReason,
} from './contract.js';

interface Entry {
  problem: PatternProblem | null;
  node?: Node;
  test?: (text: string) => boolean;
}

const cache = new Map<string, Entry>();

function entry(source: string): Entry {
  let found = cache.get(source);
  if (!found) {
    found = analyze(source);
    if (cache.size >= 500) cache.clear();
    cache.set(source, found);
  }
  return found;
}

function analyze(source: string): Entry {
  if (source.length > MAX_PATTERN_LENGTH) return { problem: { kind: 'tooLong', max: MAX_PATTERN_LENGTH } };
  const node = parsePattern(source);
  if ('kind' in node) return { problem: node };
  if (node.size > MAX_PATTERN_SIZE)
    return { problem: { kind: 'tooBig', size: node.size, max: MAX_PATTERN_SIZE } };
  return { problem: null, node };
}

/** The first problem of `source`, or null when every surface can run it. */
export function checkPattern(source: string): PatternProblem | null {
  return entry(source).problem;
}

/** The size the checker weighs `source` at (0 when it is refused). */
export function patternSize(source: string): number {
  return entry(source).node?.size ?? 0;
}

/**
 * Compiles a field's `pattern` for matching, unanchored like seed 000's `new RegExp(pattern).test()`.
 * Throws when the pattern is refused; validateFormSchema reports those with a fix.
 */
export function compilePattern(source: string): CompiledPattern {
  const found = entry(source);
  if (!found.node) throw new Error(`refused pattern (${found.problem!.kind}): ${source}`);
  if (!found.test) {
    const program = compile(found.node);
    found.test = (text) => run(program, text);
  }
  return { test: found.test };
}
