// A static check of `pattern` strings from a model, so a hostile pattern is refused before anything
// runs it. Refused: what RE2 cannot run (backreferences, lookaround), what makes a backtracking engine
// explode (a repeated group holding another quantifier, or holding alternatives that may overlap), and
// oversized patterns or repeat counts. Node processes additionally match with a linear-time engine.

export type PatternProblem =
  | { kind: 'syntax'; detail: string }
  | { kind: 'backreference' }
  | { kind: 'lookaround' }
  | { kind: 'nested'; group: string }
  | { kind: 'alternation'; group: string }
  | { kind: 'tooLong'; max: number }
  | { kind: 'bigRepeat'; max: number };

export const MAX_PATTERN_LENGTH = 500;
export const MAX_REPEAT = 1000;

interface Frame {
  start: number;
  quantified: boolean; // holds a quantifier somewhere inside
  alternation: boolean;
  alternatives: string[]; // literal text of each alternative; null-ish when not literal
  literal: boolean; // the current alternative is plain literal text so far
  current: string;
}

const newFrame = (start: number): Frame => ({
  start,
  quantified: false,
  alternation: false,
  alternatives: [],
  literal: true,
  current: '',
});

/** Parses a quantifier at `i`; returns its max repeat count and length, or null if none is there. */
function readQuantifier(src: string, i: number): { max: number; min: number; end: number } | null {
  const c = src[i];
  let end = i + 1;
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  if (c === '*') min = 0;
  else if (c === '+') min = 1;
  else if (c === '?') max = 1;
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
    if (!m) return null; // a literal '{' in JavaScript's non-unicode syntax
    min = Number(m[1]);
    max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
    end = i + m[0].length;
  } else return null;
  if (src[end] === '?') end++; // lazy
  return { min, max, end };
}

const verdicts = new Map<string, PatternProblem | null>();

/** Returns the first problem of `source`, or null when it is safe to run. */
export function checkPattern(source: string): PatternProblem | null {
  if (verdicts.has(source)) return verdicts.get(source)!;
  const verdict = analyze(source);
  if (verdicts.size > 500) verdicts.clear();
  verdicts.set(source, verdict);
  return verdict;
}

function analyze(source: string): PatternProblem | null {
  if (source.length > MAX_PATTERN_LENGTH) return { kind: 'tooLong', max: MAX_PATTERN_LENGTH };
  try {
    new RegExp(source);
  } catch (error) {
    return { kind: 'syntax', detail: (error as Error).message.replace(/^Invalid regular expression: /, '') };
  }
  const stack: Frame[] = [newFrame(0)];
  // What the previous atom was: a group (with its frame) or a plain atom.
  let last: { group?: Frame; text: string } | null = null;
  let i = 0;
  while (i < source.length) {
    const frame = stack[stack.length - 1]!;
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next) || (next === 'k' && source[i + 2] === '<')) return { kind: 'backreference' };
      let end = i + 2;
      if (next === 'u' && /^[0-9a-fA-F]{4}/.test(source.slice(i + 2))) end = i + 6;
      else if (next === 'x' && /^[0-9a-fA-F]{2}/.test(source.slice(i + 2))) end = i + 4;
      else if (next === 'c' && /[a-zA-Z]/.test(source[i + 2] ?? '')) end = i + 3;
      const isClass = /[dDwWsSbB]/.test(next);
      if (isClass) frame.literal = false;
      else frame.current += source.slice(i, end);
      last = { text: source.slice(i, end) };
      i = end;
    } else if (c === '[') {
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      frame.literal = false;
      last = { text: source.slice(i, j + 1) };
      i = j + 1;
    } else if (c === '(') {
      if (/^\(\?(=|!|<=|<!)/.test(source.slice(i))) return { kind: 'lookaround' };
      const header = /^\((\?:|\?<[A-Za-z_$][\w$]*>)?/.exec(source.slice(i))![0];
      stack.push(newFrame(i));
      last = null;
      i += header.length;
    } else if (c === ')') {
      const group = stack.pop()!;
      group.alternatives.push(group.literal ? group.current : '\u0000');
      const parent = stack[stack.length - 1]!;
      parent.literal = false;
      if (group.quantified) parent.quantified = true;
      last = { group, text: source.slice(group.start, i + 1) };
      i++;
    } else if (c === '|') {
      frame.alternation = true;
      frame.alternatives.push(frame.literal ? frame.current : '\u0000');
      frame.literal = true;
      frame.current = '';
      last = null;
      i++;
    } else {
      const q = readQuantifier(source, i);
      if (q) {
        if (q.min > MAX_REPEAT || (q.max !== Number.POSITIVE_INFINITY && q.max > MAX_REPEAT)) {
          return { kind: 'bigRepeat', max: MAX_REPEAT };
        }
        const group = last?.group;
        if (group && q.max > 1) {
          if (group.quantified) return { kind: 'nested', group: last!.text };
          if (group.alternation && !distinctLiterals(group.alternatives)) {
            return { kind: 'alternation', group: last!.text };
          }
        }
        frame.quantified = true;
        frame.literal = false;
        last = null;
        i = q.end;
      } else {
        if (c === '.' || c === '^' || c === '$') frame.literal = false;
        else frame.current += c;
        last = { text: c };
        i++;
      }
    }
  }
  return null;
}

/** Alternatives that are plain literals starting with different characters cannot overlap. */
function distinctLiterals(alternatives: string[]): boolean {
  const firsts = new Set<string>();
  for (const alt of alternatives) {
    if (alt === '' || alt.includes('\u0000')) return false;
    const first = alt.startsWith('\\') ? alt.slice(0, 2) : alt[0]!;
    if (firsts.has(first)) return false;
    firsts.add(first);
  }
  return true;
}
