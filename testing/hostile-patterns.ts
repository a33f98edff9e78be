// The hostile patterns every surface is tested with (schema, server over stdio and HTTP, host, browser,
// terminal) and the benchmark measures: the shapes that make backtracking engines explode (nested and
// adjacent overlapping quantifiers, overlapping alternatives), big counted repeats, long literals and
// many patterns in one form. Each is either admitted (and then matched in linear time) or refused up
// front with a message; the texts are the inputs that hurt backtracking engines most.
import { MAX_PATTERN_SIZE } from '@formrequest/schema/pattern';

export interface HostilePattern {
  name: string;
  pattern: string;
  /** Refused by the checker (with `code`), or admitted and run. */
  refused?: 'unsafePattern' | 'badPattern';
}

export const HOSTILE_PATTERNS: HostilePattern[] = [
  { name: 'nested quantifiers', pattern: '^(a+)+$' },
  { name: 'nested groups of words', pattern: '^(\\w+\\s?)*$' },
  { name: 'adjacent overlapping quantifiers', pattern: '[a-z]*[a-z]*@' },
  { name: 'adjacent dots', pattern: '.*.*=.*' },
  { name: 'overlapping alternatives', pattern: '^(a|a)*$' },
  { name: 'overlapping alternatives of lengths', pattern: '^(a|aa)*c$' },
  {
    name: 'the classic email ReDoS',
    pattern: '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+$',
  },
  { name: 'star of a star', pattern: '(x*)*y' },
  { name: 'a big counted repeat of a class', pattern: '^\\s{0,300}x' },
  { name: 'a long literal', pattern: `${'a'.repeat(MAX_PATTERN_SIZE - 2)}b` },
  {
    name: 'counted repeats in one pattern (\\s{0,1000} x 45)',
    pattern: '\\s{0,1000}'.repeat(45),
    refused: 'unsafePattern',
  },
  { name: 'a counted group multiplies', pattern: '(?:ab){100}', refused: 'unsafePattern' },
  { name: 'nested counted groups', pattern: '((a{2}b){30}){30}', refused: 'unsafePattern' },
  { name: 'a literal over the size limit', pattern: 'a'.repeat(300), refused: 'unsafePattern' },
  // Counts weighed by arithmetic, not by building them: refused as fast as a{0,9} is admitted.
  { name: 'a huge counted repeat', pattern: 'a{0,1000000000}', refused: 'unsafePattern' },
  { name: 'a huge count in a repeated group', pattern: '(?:a{0,99999999}){9}', refused: 'unsafePattern' },
  { name: 'a count past any integer', pattern: `a{${'9'.repeat(40)}}`, refused: 'unsafePattern' },
  {
    name: 'huge counts nested',
    pattern: '(((a{0,2000000000}){2000000000}){2000000000}){2000000000}',
    refused: 'unsafePattern',
  },
  { name: 'a backreference', pattern: '^(a+)\\1$', refused: 'unsafePattern' },
  { name: 'lookahead', pattern: '^(?=(a+))\\1b', refused: 'unsafePattern' },
];

export const ADMITTED = HOSTILE_PATTERNS.filter((p) => !p.refused);
export const REFUSED = HOSTILE_PATTERNS.filter((p) => p.refused);

export const LONG = 50_000;

/** The texts each admitted pattern is matched against: long ones that hurt backtracking, short ones. */
export function hostileTexts(length = LONG): string[] {
  return [
    `${'a'.repeat(length - 1)}!`,
    'a'.repeat(length),
    `${'a'.repeat(length - 1)}@`,
    `${'word '.repeat(length / 5 - 1)}word!`,
    ' '.repeat(length),
    `${'x'.repeat(length - 1)}=`,
    'aaac',
    'user.name@example',
    'xxy',
  ];
}

/** A form whose text field carries `pattern` (and `count` fields carrying it when asked). */
export function patternForm(
  pattern: string,
  count = 1,
  type: 'text' | 'textarea' = 'text',
): { title: string; fields: Record<string, unknown>[] } {
  return {
    title: '危険なパターン',
    fields: Array.from({ length: count }, (_, i) => ({
      name: count === 1 ? 'text' : `text${i}`,
      type,
      label: 'テキスト',
      pattern,
    })),
  };
}

/**
 * The costliest shapes the checker admits, each built up to `size` (default: the limit) and paired with
 * the text that keeps every one of its instructions busy at every character: what bounds the slowest
 * match (the benchmark times them; MAX_PATTERN_SIZE is chosen from them).
 */
export function worstAdmitted(size = MAX_PATTERN_SIZE, length = LONG): (HostilePattern & { text: string })[] {
  const times = (unit: string, unitSize: number) => `(?:${unit}){${Math.floor((size - 1) / unitSize)}}x`;
  const shapes: [string, string, string][] = [
    ['a literal as long as the limit', `${'a'.repeat(size - 1)}x`, 'a'],
    ['optional copies', times('a?', 2), 'a'],
    ['overlapping alternatives', times('a|a', 3), 'a'],
    ['counted copies', times('a{0,31}', 3), 'a'],
    ['nested stars', times('(?:a*)*', 3), 'a'],
    ['dots', `${'.'.repeat(size - 1)}x`, 'ab'],
    ['optional kana', times('[ぁ-ん]?', 2), 'あ'],
    ['optional negated classes', times('[^\\s\\d]?', 2), 'あ'],
  ];
  return shapes.map(([name, pattern, unit]) => ({
    name,
    pattern,
    text: unit.repeat(Math.ceil(length / unit.length)).slice(0, length),
  }));
}
