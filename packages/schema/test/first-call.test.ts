// The model's first call (issue 32): a warning about a property the vocabulary does not take says what
// it offers instead, a date written another way is read (or refused with its ISO forms), and a password
// rule written with lookaheads is split into checks the pattern engine runs, meaning the same.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateFormSchema } from '@formrequest/schema';
import { compilePattern } from '@formrequest/schema/pattern';

const NOW = new Date('2026-03-10T12:00:00Z');
const one = (field: Record<string, unknown>, title = 'New project') =>
  validateFormSchema({ title, fields: [field] }, { now: NOW });
const lines = (r: ReturnType<typeof one>) => [...r.errors, ...r.warnings].map((i) => i.message);

test('an unknown or misplaced property: the warning names what the vocabulary offers for it', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ type: 'text', min: 3 }, 'For the number of characters write "minLength"'],
    [{ type: 'text', maximum: 20 }, '"maxLength"'],
    [{ type: 'text', format: 'email' }, '"pattern": "^[^@\\\\s]+@[^@\\\\s]+\\\\.[^@\\\\s]+$"'],
    [{ type: 'text', format: 'uri' }, '"pattern": "^https?://\\\\S+$"'],
    [{ type: 'text', format: 'date' }, 'Use "type": "date"'],
    [{ type: 'text', inputType: 'number' }, 'Use "type": "number"'],
    [{ type: 'text', 'ui:widget': 'textarea' }, 'Use "type": "textarea"'],
    [{ type: 'text', format: 'password' }, 'Do not ask for passwords'],
    [{ type: 'text', enum: ['a', 'b'] }, '"multiselect" (several) with "options"'],
    [{ type: 'text', multiple: true }, '"type": "multiselect" with options'],
    [{ type: 'text', rows: 4 }, '"rows" belongs to textarea'],
    [{ type: 'date', placeholder: 'YYYY-MM-DD' }, "Type 'date' shows no placeholder"],
    [{ type: 'date', minLength: 1 }, 'Write "minDate".'],
    [{ type: 'number', maxLength: 5 }, 'bounded by "max"'],
    [
      { type: 'select', options: ['a'], maxSelect: 2 },
      '"maxSelect" belongs to multi-autocomplete, multiselect',
    ],
    [{ type: 'select', options: ['a'], hasOther: true }, 'There is no automatic "Other"'],
    [{ type: 'text', visibleIf: '{x} = 1' }, 'cannot be shown conditionally'],
    [{ type: 'number', unit: 'JPY' }, 'Put the unit in the label'],
    [{ type: 'text', readOnly: true }, 'hidden field ("value")'],
    [{ type: 'text', description: 'help' }, 'Fields have no help text'],
    [{ type: 'number', multipleOf: 5 }, 'Write "step"'],
    [{ type: 'number', format: 'integer' }, 'write "step": 1'],
    [{ type: 'number', exclusiveMinimum: 0 }, '"min" and "max" are inclusive'],
    [{ type: 'text', const: 'v1' }, '"hidden" field with "value"'],
    [
      { type: 'select', options: ['a'], choicesByUrl: { url: '/x' } },
      '"type": "async-select" with "loadUrl"',
    ],
    [{ type: 'text', validators: [{ type: 'email' }] }, '"pattern" with "patternError"'],
    [{ type: 'file', size: 1000 }, 'Write "maxSize" in bytes'],
    [{ type: 'text', 'ui:widget': 'password' }, 'Do not ask for passwords'],
    [{ type: 'text', submitLabel: 'Go' }, '"submitLabel" belongs to the form (top level)'],
    [{ type: 'checkbox', multiple: true }, 'several fixed choices are a "multiselect"'],
    [{ type: 'select', options: ['a'], multiple: false }, 'leave "multiple" out'],
    [{ type: 'date', format: 'YYYY/MM/DD' }, 'always answered as YYYY-MM-DD'],
    [{ type: 'textarea', maxRows: 8 }, 'Write "rows"'],
    [{ type: 'file', maxFiles: 3 }, '"multiple": true allows several files'],
    [{ type: 'radio', options: ['a'], inline: true }, 'Layout is the renderer'],
    [{ type: 'number', pattern: '^\\d+$' }, '"min", "max" and "step"'],
    [{ type: 'heading', text: 'H', required: true }, 'A heading shows text only and takes no input.'],
    [
      { type: 'autocomplete', searchUrl: '/api/u', displayField: 'n', valueField: 'i', default: 'u1' },
      "Type 'autocomplete' takes no initial value",
    ],
    [
      { type: 'async-select', loadUrl: '/api/o', displayField: 'n', valueField: 'i', multiple: true },
      'multi-autocomplete',
    ],
  ];
  for (const [field, fix] of cases) {
    const result = one({ name: 'f', label: 'F', ...field });
    assert.ok(result.ok, JSON.stringify(result.errors));
    const prop = Object.keys(field).at(-1)!;
    const line = result.warnings.find((w) => w.code === 'unknownProperty' && w.property === prop);
    assert.ok(line?.message.includes(fix), `${JSON.stringify(field)}: ${line?.message}`);
    assert.match(line!.message, /^Warning: field\[0\]/);
  }
  // The same in Japanese, without a stray space; a form-level JSON Schema habit too.
  const ja = validateFormSchema({
    title: '登録',
    properties: {},
    fields: [{ name: 'a', type: 'text', label: 'メール', min: 3 }],
  });
  assert.ok(ja.ok);
  assert.deepEqual(
    ja.warnings.map((w) => w.message),
    [
      `警告: 不明なプロパティ 'properties' は無視されます。JSON Schema ではありません。"fields": [...] に、"name"・"type"・"label" を持つフィールドを並べてください。`,
      `警告: フィールド[0]（type: text）の不明なプロパティ 'min' は無視されます。文字数なら "minLength"、数値なら "type": "number" と "min" を使ってください。`,
    ],
  );
  // A field's property on the form.
  const top = validateFormSchema({
    title: 'Sign up',
    placeholder: 'x',
    fields: [{ name: 'a', type: 'text', label: 'Name' }],
  });
  assert.match(
    top.warnings[0]!.message,
    /"placeholder" belongs on a field \(inside "fields"\), not on the form\.$/,
  );
  // HTML's checked: the vocabulary's default.
  const checked = one({ name: 'ok', type: 'checkbox', label: 'OK', checked: true });
  assert.match(lines(checked)[0]!, /unknown property 'checked' is ignored\. Write "default": true\.$/);
  // Nothing to offer (a format naming the field's own type is nothing new): the warning stays as it was.
  assert.deepEqual(lines(one({ name: 'f', type: 'text', label: 'F', format: 'string' })), [
    "Warning: field[0] (type: text): unknown property 'format' is ignored.",
  ]);
  assert.deepEqual(lines(one({ name: 'f', type: 'text', label: 'F', colour: 'red' })), [
    "Warning: field[0] (type: text): unknown property 'colour' is ignored.",
  ]);
  // JSON Schema's titled choices, rjsf's ui: prefix and SurveyJS's minValue are read as meant.
  const read = one({
    name: 'n',
    type: 'radio',
    label: 'N',
    oneOf: [
      { const: 'a', title: 'A' },
      { const: 'b', title: 'B' },
    ],
  });
  assert.ok(read.ok, lines(read).join('\n'));
  assert.deepEqual((read.schema!.fields[0] as { options: unknown }).options, [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ]);
  const rjsf = one({ name: 'n', type: 'text', label: 'N', 'ui:placeholder': 'e.g. x' });
  assert.equal((rjsf.schema!.fields[0] as { placeholder: string }).placeholder, 'e.g. x');
  const survey = one({ name: 'n', type: 'number', label: 'N', minValue: 1, maxValue: 9 });
  assert.deepEqual(
    [(survey.schema!.fields[0] as { min: number }).min, (survey.schema!.fields[0] as { max: number }).max],
    [1, 9],
  );
  // `id` where the name should be is the name.
  const id = one({ id: 'email', type: 'text', label: 'Email' });
  assert.ok(id.ok);
  assert.equal((id.schema!.fields[0] as { name: string }).name, 'email');
});

test('a date written another way: read when it means one day, else both ISO forms in the fix', () => {
  const read = (value: string, prop = 'minDate') => {
    const result = one({ name: 'd', type: 'date', label: 'Due', [prop]: value });
    return { result, field: result.schema?.fields[0] as Record<string, unknown> | undefined };
  };
  for (const [given, iso] of [
    ['2026/12/01', '2026-12-01'],
    ['2026.12.1', '2026-12-01'],
    ['2026-4-5', '2026-04-05'],
    ['2026年12月1日', '2026-12-01'],
    ['12/25/2026', '2026-12-25'],
    ['25/12/2026', '2026-12-25'],
    ['12/12/2026', '2026-12-12'],
    ['Today', 'today'],
    ['今日', 'today'],
    ['明日', '+1days'],
    ['Dec 1, 2026', '2026-12-01'],
    ['1 December 2026', '2026-12-01'],
    ['Sept. 3rd 2026', '2026-09-03'],
  ] as const) {
    const { result, field } = read(given, 'maxDate');
    assert.equal(field?.maxDate, iso, `${given}: ${lines(result)}`);
    assert.ok(
      result.warnings.some((w) => w.code === 'dateExpr' && w.message.includes(`'${iso}'`)),
      `${given}: ${lines(result)}`,
    );
  }
  const defaulted = read('2026/04/01', 'default');
  assert.equal(defaulted.field?.default, '2026-04-01');
  // A datetime's default: the date read the same way, the time kept.
  for (const [given, iso] of [
    ['2026/12/01 10:00', '2026-12-01T10:00'],
    ['2026-12-01 9:30', '2026-12-01T09:30'],
    ['2026年12月1日 18:45:10', '2026-12-01T18:45:10'],
  ] as const) {
    const result = one({ name: 'at', type: 'datetime', label: 'At', default: given });
    assert.equal(
      (result.schema?.fields[0] as { default?: string } | undefined)?.default,
      iso,
      lines(result).join(),
    );
    assert.ok(result.warnings.some((w) => w.message.includes(`'${iso}'`)));
  }
  // Month and day both 12 or under: two meanings, refused with both.
  const ambiguous = read('12/01/2026');
  assert.equal(ambiguous.result.ok, false);
  assert.deepEqual(lines(ambiguous.result), [
    `Error: field[0] (type: date): minDate '12/01/2026' is ambiguous: write "2026-12-01" if it is month/day, or "2026-01-12" if it is day/month (ISO dates, YYYY-MM-DD).`,
  ]);
  // A span in words: refused, with the days it means.
  assert.match(
    lines(read('next week').result)[0]!,
    /Write "today", .* For 'next week' from today, write "\+7days"\.$/,
  );
  // Not a month, or no such day: refused as before.
  assert.equal(read('Mayday 1, 2026').result.ok, false);
  assert.equal(read('2026/02/30').result.ok, false);
  assert.match(lines(read('2026/02/30').result)[0]!, /is not understood/);
});

/** Strings over the characters a password rule is about, every one of length 0..n. */
function* strings(alphabet: string, n: number): Generator<string> {
  yield '';
  let layer = [''];
  for (let len = 1; len <= n; len++) {
    layer = layer.flatMap((s) => [...alphabet].map((c) => s + c));
    yield* layer;
  }
}

test('a password rule with lookaheads is split into minLength / maxLength and a pattern that mean the same', () => {
  const rules = [
    '^(?=.*\\d)(?=.*[a-z]).{4,}$',
    '^(?=.*[A-Z])(?=.*\\d).{3,5}$',
    '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{3,}$',
    '^(?=\\D*\\d)(?=[^A-Z]*[A-Z]).{4}$',
    '^(?=.*\\d)(?!.*\\s).{2,}$',
    '^(?=.*[A-Z])(?=.*\\d)[A-Za-z\\d]{4,}$',
    '^(?=.*?[a-z])(?=.*?[^A-Za-z0-9]).+$',
    '^(?=.*[0-9])(?=.*[a-zA-Z])([a-zA-Z0-9]+)$',
    '^(?=.*\\d)(?=.*[a-z])\\w{3,}$',
  ];
  for (const rule of rules) {
    const result = one({ name: 'pw', type: 'text', label: 'Password', pattern: rule });
    assert.ok(result.ok, `${rule}: ${lines(result)}`);
    const field = result.schema!.fields[0] as { pattern?: string; minLength?: number; maxLength?: number };
    const note = result.warnings.find((w) => w.code === 'lookaheadSplit');
    assert.ok(note?.message.includes('"pattern": '), `${rule}: ${note?.message}`);
    assert.equal(note!.property, 'pattern');
    const split = compilePattern(field.pattern!);
    const native = new RegExp(rule);
    // Every string up to 6 characters over a mixed alphabet: the split checks accept exactly what the rule does.
    for (const text of strings('aB1 !_', 6)) {
      const ok =
        split.test(text) &&
        text.length >= (field.minLength ?? 0) &&
        text.length <= (field.maxLength ?? Number.POSITIVE_INFINITY);
      assert.equal(ok, native.test(text), `${rule} on ${JSON.stringify(text)} (${JSON.stringify(field)})`);
    }
  }
  // A stricter length already written stays.
  const kept = one({ name: 'pw', type: 'text', label: 'P', minLength: 12, pattern: '^(?=.*\\d).{8,}$' });
  assert.equal((kept.schema!.fields[0] as { minLength: number }).minLength, 12);
  // Four kinds cannot be required by one pattern within the size limit: refused, with the split of three.
  const four = one({
    name: 'pw',
    type: 'text',
    label: 'Password',
    pattern: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{12,}$',
  });
  assert.equal(four.ok, false);
  assert.match(
    lines(four)[0]!,
    /Write the pattern without \(\?=.*requires 4 kinds of character.*Write "minLength": 12, "pattern": "\[a-z\]\.\*\(\?:/,
  );
  // Other lookarounds stay refused, with how to require kinds of character.
  assert.match(
    lines(one({ name: 'u', type: 'text', label: 'User', pattern: '^(?!admin).*$' }))[0]!,
    /Write the pattern without .*list them in every order in one pattern \("\[A-Z\]\.\*\\\\d\|\\\\d\.\*\[A-Z\]"\) and write the length as minLength \/ maxLength\./,
  );
  // A textarea holds several lines, where `.` and the split differ: not split.
  const area = one({ name: 'n', type: 'textarea', label: 'Notes', pattern: '^(?=.*\\d).{8,}$' });
  assert.equal(area.ok, false);
});

test("options in other libraries' shapes ({value, text}, {id, name}) are read as {value, label}; two candidate keys are not", () => {
  const result = one({
    name: 'size',
    type: 'select',
    label: 'Size',
    options: [
      { value: 's', text: 'Small' },
      { id: 'm', name: 'Medium' },
      { key: 'l', title: 'Large', extra: 1 },
    ],
  });
  assert.ok(result.ok, lines(result).join('\n'));
  assert.deepEqual((result.schema!.fields[0] as { options: unknown }).options, [
    { value: 's', label: 'Small' },
    { value: 'm', label: 'Medium' },
    { value: 'l', label: 'Large', extra: 1 },
  ]);
  assert.match(lines(result)[0]!, /\{"value":"s","text":"Small"\} as \{"value":"s","label":"Small"\}/);
  const unclear = one({
    name: 'x',
    type: 'select',
    label: 'X',
    options: [{ id: 'a', text: 'A', name: 'B' }],
  });
  assert.equal(unclear.ok, false);
});

test('an option marked selected (HTML, SurveyJS) is the default', () => {
  const result = one({
    name: 'size',
    type: 'select',
    label: 'Size',
    options: [
      { value: 's', label: 'S' },
      { value: 'm', label: 'M', selected: true },
    ],
  });
  assert.ok(result.ok);
  const field = result.schema!.fields[0] as { default?: unknown; options: unknown };
  assert.equal(field.default, 'm');
  assert.deepEqual(field.options, [
    { value: 's', label: 'S' },
    { value: 'm', label: 'M' },
  ]);
  assert.match(lines(result)[0]!, /the option marked "selected": true was read as "default": "m"/);
  const several = one({
    name: 'f',
    type: 'multiselect',
    label: 'F',
    options: [
      { value: 'a', label: 'A', checked: true },
      { value: 'b', label: 'B', checked: true },
    ],
  });
  assert.deepEqual((several.schema!.fields[0] as { default?: unknown }).default, ['a', 'b']);
});
