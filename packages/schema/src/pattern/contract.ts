// The pattern engine's contract without the engine: its limits, the words that state what a pattern
// may use, and the shapes of its answers. The catalog and the checks read these; the engine itself
// (index.ts: syntax.ts + nfa.ts) is imported only where a pattern is matched, so a page can load it
// when a form has a pattern.
import type { ParseProblem } from './syntax.js';

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
  'JS regex source without /slashes/ or flags; unanchored unless ^...$. No lookaround, backreferences, \\p{...}, \\u{...}, octal, (?i), [\\d-z]. At most 500 characters and size 40.';

export interface CompiledPattern {
  test(text: string): boolean;
}
