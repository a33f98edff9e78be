// The pattern engine: the syntax the checker admits means what V8's RegExp means (a differential
// property test), whatever it cannot mean the same is refused with a reason and a position, sizes
// bound the work, and matching is linear in the text whatever the pattern.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  checkPattern,
  compilePattern,
  fieldJsonSchemas,
  formInputJsonSchema,
  formJsonSchema,
  PATTERN_SYNTAX,
  validateAnswers,
  validateFormSchema,
} from '@formrequest/schema';
import {
  MAX_FORM_PATTERN_LENGTH,
  MAX_FORM_PATTERN_SIZE,
  MAX_PATTERN_LENGTH,
  MAX_PATTERN_SIZE,
  PATTERN_SYNTAX_BRIEF,
  patternSize,
} from '@formrequest/schema/pattern';
import fc from 'fast-check';
import {
  ADMITTED,
  HOSTILE_PATTERNS,
  hostileTexts,
  LONG,
  patternForm,
  worstAdmitted,
} from '../../../testing/hostile-patterns.ts';
import { MAX_FORM_MATCH_WORK } from '../src/pattern/budget.js';
import { compile, lastSteps, run } from '../src/pattern/nfa.js';
import { type Node, parsePattern } from '../src/pattern/syntax.js';
import { walk } from './pattern-walk.ts';

const matches = (pattern: string, text: string) => compilePattern(pattern).test(text);

test('patterns match as seed 000 runs them: new RegExp(pattern).test(text)', () => {
  const cases: [string, string, boolean][] = [
    ['^[a-z0-9-]+$', 'my-app', true],
    ['^[a-z0-9-]+$', 'My App', false],
    ['^\\d{3}-\\d{4}$', '123-4567', true],
    ['^\\d{3}-\\d{4}$', '123-45678', false],
    ['\\u3042', 'あいう', true],
    ['^[ぁ-んー]+$', 'ひらがなー', true],
    ['^[ぁ-んー]+$', 'カタカナ', false],
    ['^\\S+\\s\\S+$', '山田\u3000太郎', true], // \s includes the ideographic space
    ['^.+$', 'a\rb', false], // . stops at line terminators
    ['^.$', '😀', false], // UTF-16 units, as without the u flag
    ['^..$', '😀', true],
    ['[^]', '\n', true],
    ['[]', 'anything', false],
    ['\\bcat\\b', 'a cat!', true],
    ['\\bcat\\b', 'concat', false],
    ['\\Bcat', 'concat', true],
    ['^a{2,3}$', 'aaaa', false],
    ['^a{2,}$', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', true],
    ['^(?<year>\\d{4})-(?:0[1-9]|1[0-2])$', '2026-11', true],
    ['x*', '', true],
    ['^$', '', true],
    ['{', 'a{b', true], // a brace that starts no count is itself
    ['a{,5}', 'a{,5}', true],
    ['^\\cJ$', '\n', true],
    ['^[\\b]$', '\b', true],
  ];
  for (const [pattern, text, expected] of cases) {
    assert.equal(matches(pattern, text), expected, `${pattern} on ${JSON.stringify(text)}`);
    assert.equal(new RegExp(pattern).test(text), expected, `V8 agrees on ${pattern}`);
  }
});

// Pieces of patterns, including pieces that are only legal in some places, so random joins produce
// valid and invalid patterns alike.
const PIECES = [
  'a',
  'b',
  'c',
  'あ',
  ' ',
  '-',
  '.',
  '\\d',
  '\\D',
  '\\w',
  '\\W',
  '\\s',
  '\\S',
  '\\b',
  '\\B',
  '^',
  '$',
  '[ab]',
  '[^a]',
  '[a-c]',
  '[\\s\\d]',
  '[^]',
  '[]',
  '[a-]',
  '[-a]',
  '[\\w-]',
  '[\\b]',
  '[ぁ-ん]',
  '(',
  ')',
  '(?:',
  '(?<n>',
  '|',
  '*',
  '+',
  '?',
  '*?',
  '+?',
  '??',
  '{2}',
  '{1,3}',
  '{0,}',
  '{31}',
  '{33}',
  '{2,40}',
  '{,2}',
  '{2,',
  '}',
  ']',
  '{',
  '\\.',
  '\\-',
  '\\/',
  '/',
  '\\\\',
  '\\u3042',
  '\\x41',
  '\\0',
  '\\cJ',
  '\\t',
  '\\n',
  '\u3000',
  '\\1',
  '\\k<n>',
  '(?=',
  '(?!',
  '(?<=',
  '\\p{L}',
  '\\u{41}',
  '\\x4',
  '\\8',
];
const TEXT_UNITS = [
  'a',
  'b',
  'c',
  'A',
  '1',
  '0',
  ' ',
  '\n',
  '\r',
  '\u3000',
  'あ',
  'ん',
  '-',
  '.',
  '_',
  '{',
  '}',
  '\b',
  '\t',
];

test('differential: what the checker admits, V8 accepts, and both give the same verdict', () => {
  let admitted = 0;
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((p) => p.join('')),
      fc.array(
        fc.array(fc.constantFrom(...TEXT_UNITS), { maxLength: 50 }).map((t) => t.join('')),
        {
          minLength: 4,
          maxLength: 4,
        },
      ),
      (pattern, texts) => {
        if (checkPattern(pattern)) return;
        admitted++;
        const re = new RegExp(pattern); // throws if we admitted what V8 refuses
        for (const text of texts)
          assert.equal(matches(pattern, text), re.test(text), `${pattern} on ${JSON.stringify(text)}`);
      },
    ),
    { numRuns: 6000 },
  );
  assert.ok(admitted > 1000, `enough admitted patterns were compared (${admitted})`);
});

test('differential on raw character soup: anything admitted is valid JavaScript with the same meaning', () => {
  const soup = fc.string({
    unit: fc.constantFrom(...'ab()[]{}|*+?^$.\\-,0123dwsbBkcux<>=!:'),
    maxLength: 14,
  });
  fc.assert(
    fc.property(soup, (pattern) => {
      if (checkPattern(pattern)) return;
      const re = new RegExp(pattern);
      for (const text of ['', 'a', 'ab', 'ba', 'aab', '{', '}', 'a{2}', 'x', '0', 'abab', ' ', '-'])
        assert.equal(matches(pattern, text), re.test(text), `${pattern} on ${JSON.stringify(text)}`);
    }),
    { numRuns: 6000 },
  );
});

test('counted repeats across word boundaries of their counts agree with V8', () => {
  const atoms = ['a', '[ab]', '.', '(?:ab)', '(?:a|b)', '\\w', 'あ'];
  const counts = [
    '{31}',
    '{32}',
    '{33}',
    '{30,40}',
    '{31,}',
    '{32,}',
    '{63,64}',
    '{0,65}',
    '{5,70}',
    '+',
    '*',
    '?',
  ];
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(fc.constantFrom(...atoms), fc.constantFrom(...counts), fc.constantFrom('', '|', '$', '\\b')),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
      fc.array(
        fc.array(fc.constantFrom('a', 'b', ' ', 'あ'), { maxLength: 140 }).map((t) => t.join('')),
        {
          minLength: 3,
          maxLength: 3,
        },
      ),
      (parts, texts) => {
        const pattern = parts.map((p) => p.join('')).join('');
        if (checkPattern(pattern)) return;
        const re = new RegExp(pattern);
        for (const text of texts)
          assert.equal(matches(pattern, text), re.test(text), `${pattern} on ${text}`);
      },
    ),
    { numRuns: 1500 },
  );
});

test('every construct the contract names is admitted, every one it refuses is refused', () => {
  // Each construct PATTERN_SYNTAX lists, with a pattern that uses it.
  const allowed: [string, string][] = [
    ['. ', '^a.c$'],
    ['[a-z]', '^[a-z]$'],
    ['[^...]', '^[^0-9]$'],
    ['\\d', '\\d'],
    ['\\w', '\\w'],
    ['\\s', '\\s'],
    ['\\b', '\\bx'],
    ['\\D', '\\D'],
    ['\\W', '\\W'],
    ['\\S', '\\S'],
    ['\\B', 'x\\B'],
    ['\\t', '\\t'],
    ['\\n', '\\n'],
    ['\\xHH', '\\x41'],
    ['\\uHHHH', '\\u3042'],
    ['escaped punctuation', '\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\\\/\\-'],
    ['(...)', '(ab)'],
    ['(?:...)', '(?:ab)'],
    ['(?<name>...)', '(?<name>ab)'],
    ['|', 'a|b'],
    ['^', '^a'],
    ['$', 'a$'],
    ['* + ?', 'a*b+c?'],
    ['{n} {n,} {n,m}', 'a{2}b{2,}c{2,3}'],
    ['lazy too', 'a*?b+?c??d{2,3}?'],
  ];
  for (const [construct, pattern] of allowed) {
    assert.ok(PATTERN_SYNTAX.includes(construct.trim()), `the contract names ${construct}`);
    assert.equal(checkPattern(pattern), null, `${construct}: ${pattern}`);
  }
  const refused: [string, string, string][] = [
    ['backreferences', '(a)\\1', 'backreference'],
    ['backreferences', '(?<n>a)\\k<n>', 'backreference'],
    ['lookaround', '(?=a)', 'lookaround'],
    ['lookaround', '(?!a)', 'lookaround'],
    ['lookaround', '(?<=a)b', 'lookaround'],
    ['lookaround', '(?<!a)b', 'lookaround'],
    ['\\p{...}', '\\p{L}', 'syntax'],
  ];
  for (const [construct, pattern, kind] of refused) {
    assert.ok(PATTERN_SYNTAX.includes(construct), `the contract names ${construct}`);
    assert.equal(checkPattern(pattern)?.kind, kind, pattern);
  }
  assert.ok(
    PATTERN_SYNTAX.includes(`At most ${MAX_PATTERN_LENGTH} characters and size ${MAX_PATTERN_SIZE} `),
  );
});

test('the strict schema, the advertised inputSchema and the docs carry the contract word for word', () => {
  // The catalog's pattern properties say what a pattern is for; the engine's contract is added to them.
  for (const schema of fieldJsonSchemas()) {
    const props = schema.properties as Record<string, { description?: string }>;
    if (props.pattern) assert.ok(props.pattern.description?.endsWith(PATTERN_SYNTAX), String(schema.title));
  }
  // The compact schema a model reads carries the brief, which names every kind of refusal and the limits.
  const advertised = JSON.stringify(formInputJsonSchema());
  assert.ok(advertised.includes(JSON.stringify(PATTERN_SYNTAX_BRIEF).slice(1, -1)));
  for (const refused of [
    'lookaround',
    'backreferences',
    '\\p{...}',
    '\\u{...}',
    'octal',
    '(?i)',
    '[\\d-z]',
    'flags',
  ])
    assert.ok(PATTERN_SYNTAX_BRIEF.includes(refused), refused);
  assert.ok(
    PATTERN_SYNTAX_BRIEF.includes(`At most ${MAX_PATTERN_LENGTH} characters and size ${MAX_PATTERN_SIZE}.`),
  );
  for (const refused of ['(?=a)', '(?<=a)', '(a)\\1', '\\p{L}', '\\u{41}', '\\012', '(?i)a', '[\\d-z]'])
    assert.ok(checkPattern(refused), `${refused} is refused, as the brief says`);
  assert.ok(JSON.stringify(formJsonSchema()).includes(JSON.stringify(PATTERN_SYNTAX).slice(1, -1)));
  const doc = readFileSync(new URL('../../../docs/form-vocabulary.md', import.meta.url), 'utf8');
  assert.ok(doc.includes(PATTERN_SYNTAX.replace(/^JavaScript/, 'a JavaScript')));
});

test('outside the syntax: each refusal says why and where', () => {
  const cases: [string, string, number][] = [
    ['(ab', 'unclosedGroup', 0],
    ['ab)', 'unmatchedParen', 2],
    ['[ab', 'unclosedClass', 0],
    ['a**', 'nothingToRepeat', 2],
    ['*a', 'nothingToRepeat', 0],
    ['^*', 'nothingToRepeat', 1],
    ['{2}', 'nothingToRepeat', 0],
    ['a{2}{3}', 'nothingToRepeat', 4],
    ['[z-a]', 'rangeOrder', 1],
    ['a{3,2}', 'countOrder', 1],
    ['[\\d-z]', 'classRange', 1],
    ['\\p{L}', 'badEscape', 0], // without the u flag V8 reads this as "p{L}"
    ['\\u{41}', 'badEscape', 0],
    ['\\x4', 'badEscape', 0],
    ['\\01', 'badEscape', 0], // octal
    ['\\a', 'badEscape', 0],
    ['[\\B]', 'badEscape', 1],
    ['ab\\', 'trailingBackslash', 2],
    ['(?<n>a)(?<n>b)', 'badGroup', 7],
    ['(?i)a', 'badGroup', 0],
  ];
  for (const [pattern, reason, at] of cases)
    assert.deepEqual(checkPattern(pattern), { kind: 'syntax', reason, at }, pattern);
  const [message] = validateFormSchema(patternForm('a**')).errors.map((e) => e.message);
  assert.equal(
    message,
    "エラー: フィールド[0]（type: text）のpattern 'a**' は使えません: 量指定子の前に繰り返す対象がありません（3文字目）。文字・文字クラス・グループ・|・量指定子だけのJavaScript正規表現で書いてください。",
  );
  const [english] = validateFormSchema(patternForm('\\p{L}+'), { locale: 'en' }).errors.map((e) => e.message);
  assert.match(
    english!,
    /^Error: field\[0\] \(type: text\): pattern '\\p\{L\}\+' cannot be used: this escape is not supported .* \(character 1\)\. Write it with plain JavaScript regex syntax/,
  );
});

test('sizes: repeats of groups multiply, a repeated class is a row of counters', () => {
  const sizes: [string, number][] = [
    ['abc', 3],
    ['a|b|c', 5],
    ['(ab){3}', 6],
    ['(ab){0,3}', 9],
    ['(ab)*', 3],
    ['(ab)+', 3],
    ['a?', 2],
    ['a*', 2],
    ['a{2}', 2],
    ['\\d{4}', 3],
    ['[a-z]{1,64}', 9],
    ['\\s{0,300}', 30],
    ['^[a-z0-9-]+$', 4],
  ];
  for (const [pattern, size] of sizes) assert.equal(patternSize(pattern), size, pattern);
  // The compile blow-up: \s{0,1000} is 33 counters, 45 of them far more.
  assert.deepEqual(checkPattern('\\s{0,1000}'), { kind: 'tooBig', size: 99, max: MAX_PATTERN_SIZE });
  assert.deepEqual(checkPattern('\\s{0,1000}'.repeat(45)), {
    kind: 'tooBig',
    size: 45 * 99,
    max: MAX_PATTERN_SIZE,
  });
  assert.deepEqual(checkPattern('(?:ab){100}'), { kind: 'tooBig', size: 200, max: MAX_PATTERN_SIZE });
  assert.equal(checkPattern('a{0,1000000000}')?.kind, 'tooBig');
  assert.equal(checkPattern('x'.repeat(501))?.kind, 'tooLong');
});

test('a pattern over the size limit is refused with the field, the property, its size and the limit', () => {
  const result = validateFormSchema(patternForm('\\s{0,1000}'.repeat(45)));
  assert.equal(result.errors[0]!.code, 'unsafePattern');
  assert.deepEqual([result.errors[0]!.index, result.errors[0]!.property], [0, 'pattern']);
  assert.match(
    result.errors[0]!.message,
    new RegExp(
      `^エラー: フィールド\\[0\\]（type: text）のpattern '.*' は大きすぎて速く照合できません（規模 4455、上限 ${MAX_PATTERN_SIZE}）。`,
    ),
  );
  const en = validateFormSchema(patternForm('(?:ab){100}'), { locale: 'en' }).errors[0]!.message;
  assert.match(en, new RegExp(`too large to match quickly \\(size 200, limit ${MAX_PATTERN_SIZE}\\)`));
});

test('many patterns in one form: the totals are bounded, named at the field that passes them', () => {
  const big = `${'a'.repeat(MAX_PATTERN_SIZE - 2)}b`; // size MAX_PATTERN_SIZE - 1
  const count = Math.floor(MAX_FORM_PATTERN_SIZE / patternSize(big)) + 1;
  const result = validateFormSchema(patternForm(big, count + 5));
  assert.deepEqual(
    result.errors.map((e) => [e.code, e.index, e.property]),
    [['patternsTooBig', count - 1, 'pattern']],
  );
  assert.match(
    result.errors[0]!.message,
    new RegExp(`patternの規模の合計が上限 ${MAX_FORM_PATTERN_SIZE} を超えました`),
  );
  // Long patterns of small size: their total length is bounded (parsing them is the cost).
  const long = `[${'abcdefghij'.repeat(49)}]`; // 492 characters, size 1
  const many = validateFormSchema(patternForm(long, 60), { locale: 'en' });
  assert.deepEqual(
    many.errors.map((e) => [e.code, e.index]),
    [['patternsTooBig', Math.floor(MAX_FORM_PATTERN_LENGTH / long.length)]],
  );
  assert.match(
    many.errors[0]!.message,
    new RegExp(`more than the limit of ${MAX_FORM_PATTERN_LENGTH} characters`),
  );
  // Everything else of such a form is still checked.
  const mixed = validateFormSchema({
    ...patternForm(long, 60),
    fields: [...patternForm(long, 60).fields, { type: 'bogus' }],
  });
  assert.deepEqual(
    mixed.errors.map((e) => e.code),
    ['patternsTooBig', 'invalidType'],
  );
});

test('the hostile corpus: admitted patterns match in work linear in the text, refused ones say so', () => {
  // Work, not time: the matcher counts its steps (closure visits, stack pops, list entries), and each
  // instruction can take at most 4 of them per character (nfa.ts), whatever the pattern and text. A
  // backtracking or quadratic matcher breaks this bound deterministically, on any machine, at any load
  // (what it costs in milliseconds is `npm run bench schema`'s business).
  const bounded = (name: string, pattern: string, text: string) => {
    compilePattern(pattern).test(text);
    const bound = (4 * (patternSize(pattern) + 1) + 1) * (text.length + 1);
    assert.ok(lastSteps() <= bound, `${name} on ${text.length} characters: ${lastSteps()} steps > ${bound}`);
    return lastSteps();
  };
  const texts = hostileTexts();
  for (const { name, pattern, refused } of HOSTILE_PATTERNS) {
    const problem = checkPattern(pattern);
    if (refused) {
      assert.ok(problem, `${name} is refused`);
      assert.equal(validateFormSchema(patternForm(pattern)).errors[0]!.code, refused, name);
      continue;
    }
    assert.equal(problem, null, `${name} is admitted`);
    for (const text of texts) bounded(name, pattern, text);
  }
  // The costliest shapes the checker admits, at the size limit, on the texts that keep them busiest:
  // they do take work in proportion to their size (the bound is not loose by orders of magnitude).
  for (const { name, pattern, text } of worstAdmitted()) {
    assert.equal(checkPattern(pattern), null, `${name} is admitted`);
    const steps = bounded(name, pattern, text);
    assert.ok(steps >= text.length, `${name}: ${steps} steps`);
  }
  // Four times the text, four times the work (to within the start): linear, not worse.
  const worst = ADMITTED.find((p) => p.name === 'a long literal')!.pattern;
  const a = bounded('a long literal', worst, 'a'.repeat(LONG));
  const b = bounded('a long literal', worst, 'a'.repeat(LONG * 4));
  assert.ok(Math.abs(b / a - 4) < 0.01, `4x the text took ${(b / a).toFixed(3)}x the work`);
});

test('the bit-set matcher and the reference walk over the program agree (across both words of bits)', () => {
  const cases = [
    ...ADMITTED.map((p) => p.pattern),
    ...worstAdmitted(MAX_PATTERN_SIZE, 300).map((p) => p.pattern),
    `^${'[a-c]'.repeat(MAX_PATTERN_SIZE - 3)}\\b$`,
    `\\Bb${'a?'.repeat(18)}\\d{3,70}$`,
    `(?:x|${'ab'.repeat(18)})+`,
  ];
  const texts = [
    ...hostileTexts(300),
    ...worstAdmitted(MAX_PATTERN_SIZE, 300).map((p) => p.text),
    'abc'.repeat(20),
    `b${'a'.repeat(10)}${'1'.repeat(69)}`,
    `xb${'a'.repeat(10)}${'1'.repeat(3)}`,
    `${'ab'.repeat(18)}x${'ab'.repeat(18)}`,
    '',
  ];
  for (const pattern of cases) {
    const node = parsePattern(pattern);
    assert.ok(!('kind' in node), pattern);
    const program = compile(node as Node);
    for (const text of texts)
      assert.equal(
        run(program, text),
        walk(program, text),
        `${pattern} on ${JSON.stringify(text.slice(0, 40))}`,
      );
  }
  // Both words are in use: the biggest of these programs has more than 32 instructions.
  assert.ok(cases.some((p) => patternSize(p) >= 32));
});

test('refusing a huge count costs what refusing a small one does: sizes are arithmetic', () => {
  // a{0,1000000000} used to build a node per 31 counts (14 s, 2.9 GB) before its size was weighed.
  const cases: [string, number][] = [
    ['a{0,1000000000}', 3 * Math.ceil(1e9 / 31)],
    ['(?:a{0,99999999}){9}', 9 * 3 * Math.ceil(99999999 / 31)],
    ['(?:ab){1000000000}', 2e9],
    [`a{${'9'.repeat(40)}}`, Number.MAX_SAFE_INTEGER],
    ['(((a{0,2000000000}){2000000000}){2000000000}){2000000000}', Number.MAX_SAFE_INTEGER],
  ];
  for (const [pattern, size] of cases)
    assert.deepEqual(checkPattern(pattern), { kind: 'tooBig', size, max: MAX_PATTERN_SIZE }, pattern);
  // A huge count where no copy is ever made ({0}) weighs nothing and means what V8 says.
  assert.equal(patternSize('b(?:a{0,1000000000}){0}c'), 2);
  assert.equal(matches('b(?:a{0,1000000000}){0}c', 'bc'), /b(?:a{0,1000000000}){0}c/.test('bc'));
  // Counted rows of more than one word still match as V8 does.
  for (const [pattern, text] of [
    ['^a{40,70}$', 'a'.repeat(39)],
    ['^a{40,70}$', 'a'.repeat(40)],
    ['^a{40,70}$', 'a'.repeat(70)],
    ['^a{40,70}$', 'a'.repeat(71)],
    ['^\\d{62,}$', '1'.repeat(61)],
    ['^\\d{62,}$', '1'.repeat(400)],
  ] as const)
    assert.equal(matches(pattern, text), new RegExp(pattern).test(text), `${pattern} on ${text.length}`);
});

test('many patterns in one form: the answers share one matching budget, refused as too long past it', () => {
  // 100 fields of size 39 with 8,000 characters each (800 KB) used to take about a second to judge.
  const big = `${'a'.repeat(MAX_PATTERN_SIZE - 2)}b`;
  const form = patternForm(big, 100);
  assert.deepEqual(validateFormSchema(form).errors, []);
  const text = 'a'.repeat(8000);
  const answers = Object.fromEntries(form.fields.map((f) => [f.name, text]));
  const cost = patternSize(big) * text.length;
  const fit = Math.floor(MAX_FORM_MATCH_WORK / cost);
  const result = validateAnswers(form as never, answers, { locale: 'en' });
  form.fields.forEach((f, i) => {
    // Past the budget no field is promised a length of its own (what fits depends on the others).
    const expected =
      i < fit
        ? 'テキスト is not in the expected format'
        : 'The answers this form checks against patterns are too long together (テキスト has 8000 characters). Shorten テキスト or another of them.';
    assert.equal(result.errors[f.name as string], expected, `field ${i}`);
  });
  // Within the budget nothing changes: the same answers on a form of `fit` fields are all matched.
  const small = patternForm(big, fit);
  const within = validateAnswers(small as never, Object.fromEntries(small.fields.map((f) => [f.name, text])));
  assert.equal(Object.keys(within.errors).length, fit);
  assert.ok(Object.values(within.errors).every((m) => !/長すぎます/.test(m)));
});

test('answers are judged by the same engine, and a refused pattern is never run', () => {
  const form = patternForm('^(a+)+$');
  assert.equal(validateAnswers(form as never, { text: `${'a'.repeat(LONG - 1)}!` }).ok, false);
  assert.equal(validateAnswers(form as never, { text: 'a'.repeat(LONG) }).ok, true);
  assert.throws(() => compilePattern('(a)\\1'), /refused pattern \(backreference\)/);
  const unchecked = validateAnswers(patternForm('(a)\\1') as never, { text: 'x' });
  assert.equal(unchecked.ok, true, 'a refused pattern is not run: validateFormSchema refuses the form');
});
