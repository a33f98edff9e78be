// Patterns from a model: one engine for every surface (server, browser, terminal, host), so the same
// pattern and text get the same verdict everywhere, in time linear in the text. syntax.ts parses the
// subset of JavaScript's syntax we admit and weighs it; nfa.ts compiles and matches it.
import { compile, run } from './nfa.js';
import { type Node, type ParseProblem, parsePattern } from './syntax.js';

export type { SyntaxReason } from './syntax.js';

export type PatternProblem =
  | ParseProblem
  | { kind: 'tooLong'; max: number }
  | { kind: 'tooBig'; size: number; max: number };

/** Longest pattern text: parsing is linear in it, and no sensible pattern comes close. */
export const MAX_PATTERN_LENGTH = 500;
/**
 * Largest pattern size: its instructions, a COUNT's words of counts included (syntax.ts). A match
 * costs a few word operations per character and per thread that moves (bits.ts), so this bounds the
 * slowest match: on 50,000 characters the worst admitted shape takes 14.4 ms of CPU on Node and 9.0 ms
 * in Chromium (fastest of 7, median 10.8 ms) on a loaded 2-core machine (`npm run bench schema`),
 * under the 50 ms budget with room for a slower machine; it also keeps every program within bits.ts's
 * 64 instructions. The patterns people write weigh 4 to about 30 (a URL 19, a UUID 21, an ISO date
 * with month and day ranges 20); a long list of fixed words belongs in a select.
 */
export const MAX_PATTERN_SIZE = 40;
/** Largest total size of the patterns of one form: what compiling all of them may cost. */
export const MAX_FORM_PATTERN_SIZE = 5000;
/** Largest total length of the patterns of one form: what parsing all of them may cost. */
export const MAX_FORM_PATTERN_LENGTH = 20_000;

/**
 * What a pattern may use, in the words of the checker's contract (plain text, no substitutions, so a
 * bundle that does not use it can drop it; a test holds its numbers to the limits and each construct
 * it names to the parser): the catalog's `pattern` doc carries it, and so the full inputSchema and
 * docs/form-vocabulary.md; every syntax error names the constructs it allows.
 */
export const PATTERN_SYNTAX = `JavaScript regex without flags; it must match somewhere in the text (^...$ for all of it). Allowed: characters and escaped punctuation, . [a-z] [^...] \\d \\w \\s \\b \\D \\W \\S \\B \\t \\n \\xHH \\uHHHH, groups (...) (?:...) (?<name>...), |, ^, $, * + ? {n} {n,} {n,m} (lazy too). Not allowed: backreferences, lookaround, \\p{...}. At most 500 characters and size 40 (a repeated group counts once per repetition).`;
/**
 * The same contract in brief, for the compact schema a model reads (it must stay true: each kind of
 * refusal is named, and a test holds each to the parser; the docs and every syntax error give the
 * whole list).
 */
export const PATTERN_SYNTAX_BRIEF =
  'JavaScript regex source, no /slashes/ or flags; matches anywhere unless ^...$. No lookaround, backreferences, \\p{...}, \\u{...}, octal, (?i), [\\d-z]. At most 500 characters and size 40 (a repeated group counts per repetition).';

export interface CompiledPattern {
  test(text: string): boolean;
}

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
