import { compileEngine, ENGINE } from '#regex-engine';
import { checkPattern } from './safety.js';

export { checkPattern, MAX_PATTERN_LENGTH, MAX_REPEAT, type PatternProblem } from './safety.js';

export interface CompiledPattern {
  test(text: string): boolean;
}

/** Which matcher runs patterns in this environment: 're2' (linear time, Node) or 'native' (browser). */
export const PATTERN_ENGINE: string = ENGINE;

const cache = new Map<string, CompiledPattern>();

/**
 * Compiles a field's `pattern` for matching, unanchored like seed 000's `new RegExp(pattern).test()`.
 * Throws when the pattern fails the safety check; validateFormSchema reports those with a fix.
 */
export function compilePattern(source: string): CompiledPattern {
  let compiled = cache.get(source);
  if (!compiled) {
    const problem = checkPattern(source);
    if (problem) throw new Error(`unsafe or invalid pattern (${problem.kind}): ${source}`);
    const test = compileEngine(source);
    compiled = { test };
    if (cache.size > 500) cache.clear();
    cache.set(source, compiled);
  }
  return compiled;
}
