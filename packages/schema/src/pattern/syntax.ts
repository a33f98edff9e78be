// The pattern syntax a form may use, parsed into a small tree. It is a strict subset of JavaScript's
// regular expressions without flags (seed 000 runs `new RegExp(pattern).test(text)`): every pattern
// this parser accepts means the same in V8, and whatever it cannot give that meaning to is refused
// with a reason (backreferences, lookaround, \p{..} and other escapes that mean something else without
// the u flag, octal escapes, class ranges with a class at one end). Text is matched as UTF-16 code
// units, as RegExp does without the u flag.
//
// Every node carries its `size`: the number of NFA instructions it compiles to (nfa.ts), repeats of
// groups multiplied out. The checker refuses a pattern by that number before anything compiles it.

/** Inclusive ranges of UTF-16 code units, [lo0, hi0, lo1, hi1, ...], in any order. */
export type Ranges = number[];

export type Node =
  /** The units in `r`, or with `neg` the units not in it. */
  | { t: 'set'; r: Ranges; neg: boolean; size: number }
  | { t: 'assert'; k: '^' | '$' | 'b' | 'B'; size: number }
  | { t: 'cat'; items: Node[]; size: number }
  | { t: 'alt'; items: Node[]; size: number }
  /** `count`: a row of COUNT instructions (a repeated set, 31 counts each), otherwise copies. */
  | { t: 'rep'; min: number; max: number; item: Node; size: number; count: boolean };

/** Why a pattern's text is not in the syntax (what schema-messages explains, in both languages). */
export type SyntaxReason =
  | 'unclosedGroup'
  | 'unmatchedParen'
  | 'unclosedClass'
  | 'nothingToRepeat'
  | 'rangeOrder'
  | 'countOrder'
  | 'classRange'
  | 'badEscape'
  | 'trailingBackslash'
  | 'badGroup';

export type ParseProblem =
  | { kind: 'syntax'; reason: SyntaxReason; at: number }
  | { kind: 'backreference'; at: number }
  | { kind: 'lookaround'; at: number };

const complement = (r: Ranges): Ranges => {
  const out: Ranges = [];
  let from = 0;
  for (let i = 0; i < r.length; i += 2) {
    if (r[i]! > from) out.push(from, r[i]! - 1);
    from = r[i + 1]! + 1;
  }
  return [...out, from, 0xffff];
};

const DIGIT: Ranges = [48, 57];
const WORD: Ranges = [48, 57, 65, 90, 95, 95, 97, 122];
// JavaScript's \s: ASCII white space, NBSP, the Unicode space separators, line terminators, BOM.
const SPACE: Ranges = [
  9, 13, 32, 32, 160, 160, 5760, 5760, 8192, 8202, 8232, 8233, 8239, 8239, 8287, 8287, 12288, 12288, 65279,
  65279,
];
// Sorted, as complement() needs.
const ESCAPES: Record<string, Ranges> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};
/** `.`: anything but a line terminator. */
const DOT = [10, 10, 13, 13, 8232, 8233];
const CONTROL: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };

export const isWordUnit = (c: number): boolean =>
  (c > 47 && c < 58) || (c > 64 && c < 91) || c === 95 || (c > 96 && c < 123);

const set = (r: Ranges, neg = false): Node => ({ t: 'set', r, neg, size: 1 });

/**
 * A repeat as nfa.ts emits it, with its size. Copied out: `min` copies, then a loop (one split; `+`
 * loops over its last copy) or `max - min` optional copies (a split each). A repeated set may instead
 * be a row of COUNT instructions (size 3 each), each keeping up to 31 counts in one 32-bit word, since
 * x{40,70} = x{31}x{9,31}x{0,8}: whichever is smaller. Nothing is built per copy or per count: the size
 * is arithmetic, so weighing a{0,1000000000} costs what weighing a{0,9} does, and the checker refuses it
 * before anything compiles it.
 */
function repeat(min: number, max: number, item: Node): Node {
  const s = item.size;
  const endless = max === Number.POSITIVE_INFINITY;
  const copied = endless ? Math.max(min, 1) * s + 1 : min * s + (max - min) * (s + 1);
  const counted = 3 * countChunks(min, max);
  const count = item.t === 'set' && counted < copied;
  // Saturated, so an absurd nesting of counts still reports a number rather than Infinity.
  const size = Math.min(count ? counted : copied, Number.MAX_SAFE_INTEGER);
  return { t: 'rep', min, max, item, size, count };
}

/** How many COUNT instructions x{min,max} takes: one per 31 counts (syntax.ts's repeat, nfa.ts). */
export function countChunks(min: number, max: number): number {
  return Math.max(Math.ceil((max === Number.POSITIVE_INFINITY ? min : max) / 31), 1);
}

/** Parses `source`; a problem when it is outside the syntax. Never throws. */
export function parsePattern(source: string): Node | ParseProblem {
  let i = 0;
  const names = new Set<string>();
  const refuse = (problem: ParseProblem): never => {
    throw problem;
  };
  const fail = (reason: SyntaxReason, at = i): never => refuse({ kind: 'syntax', reason, at });
  const braced = () => /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
  const peek = (re: RegExp) => re.test(source[i] ?? '');

  /** The escape after the backslash at i - 1 (in a class or not) as ranges; \b and \B are the caller's. */
  function escaped(inClass: boolean): Ranges {
    const at = i - 1;
    const c = source[i++];
    if (c === undefined) return fail('trailingBackslash', at);
    let code = CONTROL[c] ?? c.charCodeAt(0);
    if (ESCAPES[c]) return ESCAPES[c]!;
    if (c === 'b')
      code = 8; // only reached in a class: backspace
    else if (c === '0') {
      if (peek(/\d/)) fail('badEscape', at); // octal
      code = 0;
    } else if (/[1-9]/.test(c) || (c === 'k' && source[i] === '<'))
      return inClass ? fail('badEscape', at) : refuse({ kind: 'backreference', at });
    else if (c === 'x' || c === 'u') {
      const length = c === 'x' ? 2 : 4;
      const digits = source.slice(i, i + length);
      if (digits.length < length || !/^[\da-fA-F]+$/.test(digits)) fail('badEscape', at);
      i += length;
      code = Number.parseInt(digits, 16);
    } else if (c === 'c' && peek(/[a-zA-Z]/)) code = source.charCodeAt(i++) % 32;
    // Any other letter or digit means something else with the u flag, or nothing: refused.
    else if (CONTROL[c] === undefined && /[\dA-Za-z]/.test(c)) fail('badEscape', at);
    return [code, code];
  }

  function classAtom(): Ranges {
    const c = source[i++]!;
    if (c !== '\\') return [c.charCodeAt(0), c.charCodeAt(0)];
    if (source[i] === 'B') fail('badEscape', i - 1);
    return escaped(true);
  }

  function charClass(): Node {
    const start = i - 1;
    const neg = source[i] === '^';
    if (neg) i++;
    const r: Ranges = [];
    while (source[i] !== ']') {
      if (i >= source.length) fail('unclosedClass', start);
      const from = i;
      const lo = classAtom();
      if (source[i] === '-' && i + 1 < source.length && source[i + 1] !== ']') {
        i++;
        const hi = classAtom();
        // [\d-z] is legal JavaScript but means "\d, '-' or 'z'": refused as surely not meant.
        if (lo[0] !== lo[1] || hi[0] !== hi[1] || lo.length + hi.length > 4) fail('classRange', from);
        if (lo[0]! > hi[0]!) fail('rangeOrder', from);
        r.push(lo[0]!, hi[0]!);
      } else r.push(...lo);
    }
    i++;
    return set(r, neg);
  }

  function group(): Node {
    const start = i - 1;
    if (source[i] === '?') {
      const named = /^\?<([A-Za-z_$][\w$]*)>/.exec(source.slice(i));
      if (/^\?(=|!|<=|<!)/.test(source.slice(i, i + 3))) refuse({ kind: 'lookaround', at: start });
      if (source[i + 1] === ':') i += 2;
      else if (named && !names.has(named[1]!)) {
        names.add(named[1]!);
        i += named[0].length;
      } else fail('badGroup', start);
    }
    const inner = alternation();
    if (source[i++] !== ')') fail('unclosedGroup', start);
    return inner;
  }

  function atom(): Node {
    const c = source[i++]!;
    if (c === '^' || c === '$') return { t: 'assert', k: c, size: 1 };
    if (c === '.') return set(DOT, true);
    if (c === '[') return charClass();
    if (c === '(') return group();
    if (c === ')') return fail('unmatchedParen', i - 1);
    if ('*+?'.includes(c) || (c === '{' && /^\{\d+(,\d*)?\}/.test(source.slice(i - 1))))
      return fail('nothingToRepeat', i - 1);
    if (c !== '\\') return set([c.charCodeAt(0), c.charCodeAt(0)]);
    if (source[i] === 'b' || source[i] === 'B') return { t: 'assert', k: source[i++] as 'b', size: 1 };
    return set(escaped(false));
  }

  function term(): Node {
    const start = i;
    const item = atom();
    const at = i;
    const c = source[i];
    const b = c === '{' ? braced() : null;
    let min: number;
    let max = Number.POSITIVE_INFINITY;
    if (b) {
      i += b[0].length;
      min = Number(b[1]);
      if (b[2] === undefined) max = min;
      else if (b[3]) max = Number(b[3]);
      if (min > max) fail('countOrder', at);
    } else if (c && '*+?'.includes(c)) {
      i++;
      min = c === '+' ? 1 : 0;
      if (c === '?') max = 1;
    } else return item;
    if (item.t === 'assert' && source[start] !== '(') fail('nothingToRepeat', at);
    if (source[i] === '?') i++; // lazy: the same verdict for a yes/no match
    if (peek(/[*+?]/) || (source[i] === '{' && braced())) fail('nothingToRepeat');
    return repeat(min, max, item);
  }

  function alternation(): Node {
    const alternatives: Node[] = [];
    do {
      const items: Node[] = [];
      while (i < source.length && !peek(/[|)]/)) items.push(term());
      const size = items.reduce((n, x) => n + x.size, 0);
      alternatives.push(items.length === 1 ? items[0]! : { t: 'cat', items, size });
    } while (source[i] === '|' && ++i);
    // One split per extra alternative.
    const size = alternatives.reduce((n, x) => n + x.size, alternatives.length - 1);
    return alternatives.length === 1 ? alternatives[0]! : { t: 'alt', items: alternatives, size };
  }

  try {
    const node = alternation();
    if (i < source.length) fail('unmatchedParen');
    return node;
  } catch (error) {
    if ((error as ParseProblem).kind) return error as ParseProblem;
    throw error;
  }
}
