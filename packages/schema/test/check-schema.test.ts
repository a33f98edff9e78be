import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { formatIssues, validateFormSchema } from '@formrequest/schema';

const form = (...fields: unknown[]) => ({ title: 'テスト', fields });
const messages = (input: unknown, locale?: 'en') =>
  validateFormSchema(input, { locale }).errors.map((e) => e.message);
const codes = (input: unknown) => validateFormSchema(input).errors.map((e) => e.code);

test('the examples of seed 000 are valid forms', () => {
  for (const name of ['example1-project', 'example2-assign', 'example3-address', 'all-types']) {
    const schema = JSON.parse(
      readFileSync(new URL(`../../../examples/forms/${name}.json`, import.meta.url), 'utf8'),
    );
    const result = validateFormSchema(schema);
    assert.equal(result.ok, true, `${name}: ${formatIssues(result.errors)}`);
    assert.deepEqual(result.warnings, []);
    assert.equal(result.schema, schema);
  }
});

test('missing name: the exact message of seed 000', () => {
  const input = form({ name: 'a', type: 'text' }, { name: 'b', type: 'text' }, { type: 'text', label: 'x' });
  assert.deepEqual(messages(input), ['エラー: フィールド[2]（type: text）にnameが指定されていません。']);
  assert.deepEqual(messages(input, 'en'), ['Error: field[2] (type: text) has no name.']);
});

test('invalid type: the exact message of seed 000 with the 18 types in alphabetical order', () => {
  assert.deepEqual(messages(form({ name: 'a', type: 'invalid_type' })), [
    "エラー: フィールド[0]の無効なtype: 'invalid_type'。有効なタイプ: async-select, autocomplete, cascading-select, checkbox, date, datetime, divider, file, heading, hidden, multi-autocomplete, multiselect, number, radio, range, select, text, textarea",
  ]);
});

test('a huge value the model wrote is quoted cut short, so the error stays readable', () => {
  const long = 'x'.repeat(5000);
  const [typeError] = messages(form({ name: 'a', type: long }));
  assert.match(typeError!, /無効なtype: 'x{57}\.\.\.'。/);
  const [urlError] = messages(
    form({ name: 'a', type: 'async-select', loadUrl: `ftp:${long}`, displayField: 'n', valueField: 'v' }),
  );
  assert.ok(urlError!.length < 300, urlError);
  assert.match(urlError!, /'ftp:x{53}\.\.\.'/);
});

test('form-level defects: not an object, no title, fields missing / not an array / empty', () => {
  assert.match(messages(null)[0]!, /^エラー: form_schemaがオブジェクトではありません（指定値: null）。/);
  assert.match(messages('{"title":1}')[0]!, /form_schemaがオブジェクトではありません/);
  assert.deepEqual(codes({ fields: [{ name: 'a', type: 'text' }] }), ['missingTitle']);
  assert.deepEqual(codes({ title: '', fields: [{ name: 'a', type: 'text' }] }), ['missingTitle']);
  assert.deepEqual(codes({ title: 5, fields: [{ name: 'a', type: 'text' }] }), ['wrongKind']);
  assert.deepEqual(codes({ title: 't' }), ['missingFields']);
  assert.deepEqual(codes({ title: 't', fields: {} }), ['fieldsNotArray']);
  assert.deepEqual(codes({ title: 't', fields: [] }), ['fieldsEmpty']);
  assert.deepEqual(codes({ title: 't', fields: [null, 'x'] }), ['fieldNotObject', 'fieldNotObject']);
  assert.deepEqual(codes(form({ name: 'a' })), ['missingType']);
  assert.deepEqual(codes({ ...form({ name: 'a', type: 'text' }), locale: 'fr' }), ['badLocale']);
});

test('every missing required property names the field, the type, the property and the fix', () => {
  const cases: [unknown, string, RegExp][] = [
    [
      { name: 's', type: 'select' },
      'options',
      /\{"value": "\.\.\.", "label": "\.\.\."\} の配列を指定してください。$/,
    ],
    [
      { name: 'a', type: 'autocomplete', displayField: 'n', valueField: 'v' },
      'searchUrl',
      /検索APIのURLを指定してください/,
    ],
    [
      { name: 'a', type: 'async-select', displayField: 'n', valueField: 'v' },
      'loadUrl',
      /選択肢を返すAPIのURL/,
    ],
    [{ name: 'a', type: 'autocomplete', searchUrl: '/s', valueField: 'v' }, 'displayField', /表示に使うキー/],
    [
      { name: 'a', type: 'autocomplete', searchUrl: '/s', displayField: 'n' },
      'valueField',
      /値として送るキー/,
    ],
    [{ type: 'heading' }, 'text', /見出しの文字列/],
    [{ name: 'h', type: 'hidden' }, 'value', /固定値を指定してください/],
    [{ name: 'c', type: 'checkbox' }, 'label', /チェックボックスの横に表示する文言/],
  ];
  for (const [field, prop, fix] of cases) {
    const [message] = messages(form(field));
    const type = (field as { type: string }).type;
    assert.ok(
      message!.startsWith(`エラー: フィールド[0]（type: ${type}）に${prop}が指定されていません。`),
      message,
    );
    assert.match(message!, fix);
  }
  const cascade = messages(
    form(
      { name: 'p', type: 'text' },
      { name: 'c', type: 'cascading-select', searchUrl: '/c', displayField: 'n', valueField: 'v' },
    ),
  );
  assert.equal(cascade.length, 2);
  assert.ok(
    cascade[0]!.startsWith(
      'エラー: フィールド[1]（type: cascading-select）にdependsOnが指定されていません。連動元となる',
    ),
  );
  assert.ok(
    cascade[1]!.startsWith(
      'エラー: フィールド[1]（type: cascading-select）にdependsOnParamが指定されていません。親フィールド',
    ),
  );
});

test('options that are not {value, label}, empty, or repeated', () => {
  assert.deepEqual(codes(form({ name: 's', type: 'select', options: [] })), ['emptyOptions']);
  const bad = messages(
    form({
      name: 's',
      type: 'radio',
      options: [
        { value: 'a', label: 'A' },
        null,
        { value: { x: 1 }, label: 'x' },
        { value: 'a', label: 'A2' },
      ],
    }),
  );
  assert.equal(bad.length, 3);
  assert.match(
    bad[0]!,
    /^エラー: フィールド\[0\]（type: radio）のoptions\[1\]が正しくありません（指定値: null）。/,
  );
  assert.match(bad[1]!, /options\[2\]が正しくありません/);
  assert.match(bad[2]!, /options\[3\]のvalue 'a' はoptions\[0\]と重複しています。/);
  assert.deepEqual(codes(form({ name: 's', type: 'select', options: 'a,b' })), ['wrongKind']);
  // An option with neither value nor label means nothing: refused, and the others are left as written.
  assert.deepEqual(codes(form({ name: 's', type: 'select', options: ['a', { colour: 'b' }] })), [
    'badOption',
  ]);
});

test('duplicate and reserved names', () => {
  assert.deepEqual(
    messages(form({ name: 'email', type: 'text' }, { type: 'divider' }, { name: 'email', type: 'textarea' })),
    [
      "エラー: フィールド[2]（type: textarea）のname 'email' はフィールド[0]と重複しています。別のnameを指定してください。",
    ],
  );
  assert.deepEqual(codes(form({ name: '__proto__', type: 'text' })), ['reservedName']);
});

test('dependsOn must name an earlier field', () => {
  const cascade = (dependsOn: string) => ({
    name: 'pref',
    type: 'cascading-select',
    searchUrl: '/p',
    dependsOn,
    dependsOnParam: 'c',
    displayField: 'n',
    valueField: 'v',
  });
  assert.deepEqual(codes(form({ name: 'country', type: 'text' }, cascade('country'))), []);
  assert.match(
    messages(form(cascade('country')))[0]!,
    /dependsOn 'country' に該当するフィールドがありません。このフィールドより前/,
  );
  assert.match(
    messages(form(cascade('city'), { name: 'city', type: 'text' }))[0]!,
    /dependsOn 'city' はフィールド\[1\]を指しています。親フィールドはこのフィールドより前に置いてください。/,
  );
  assert.deepEqual(codes(form(cascade('pref'))), ['dependsOnLater']);
});

test('bounds: min > max, minLength > maxLength, minSelect > maxSelect, minDate > maxDate, minSelect above options', () => {
  assert.deepEqual(messages(form({ name: 'n', type: 'number', min: 10, max: 5 })), [
    'エラー: フィールド[0]（type: number）のmin（10）がmax（5）より大きくなっています。min ≤ max になるよう指定してください。',
  ]);
  assert.deepEqual(codes(form({ name: 't', type: 'text', minLength: 5, maxLength: 2 })), ['minAboveMax']);
  const options = [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
  ];
  assert.deepEqual(codes(form({ name: 'm', type: 'multiselect', options, minSelect: 2, maxSelect: 1 })), [
    'minAboveMax',
  ]);
  assert.deepEqual(codes(form({ name: 'm', type: 'multiselect', options, minSelect: 3 })), [
    'minSelectAboveOptions',
  ]);
  assert.deepEqual(codes(form({ name: 'd', type: 'date', minDate: '2026-05-01', maxDate: '2026-04-01' })), [
    'minAboveMax',
  ]);
  assert.deepEqual(codes(form({ name: 'd', type: 'date', minDate: '+10days', maxDate: 'today' })), [
    'minAboveMax',
  ]);
  assert.deepEqual(codes(form({ name: 'r', type: 'range', max: -5 })), ['minAboveMax']);
  // A range's max defaults to 100: min 150 alone would leave no answer the person could give.
  assert.deepEqual(
    validateFormSchema(form({ name: 'r', type: 'range', min: 150 })).errors.map((e) => [e.code, e.path]),
    [['minAboveMax', 'fields[0].min']],
  );
});

test('property values outside their range: heading level, rows, maxSize, debounceMs', () => {
  assert.deepEqual(
    messages(
      form({
        name: 'd',
        type: 'autocomplete',
        searchUrl: '/s',
        displayField: 'n',
        valueField: 'v',
        debounceMs: 20000,
      }),
    ),
    [
      'エラー: フィールド[0]（type: autocomplete）のdebounceMsは0〜10000の整数で指定してください（指定値: 20000）。',
    ],
  );
  assert.deepEqual(codes(form({ type: 'heading', text: 'h', level: 2.5 })), ['wrongKind']);
  assert.deepEqual(codes(form({ name: 'f', type: 'file', maxSize: -1 })), ['outOfRange']);
  // A step of 0 would accept nothing in the browser and freeze the terminal slider.
  assert.deepEqual(messages(form({ name: 'r', type: 'range', step: 0 })), [
    'エラー: フィールド[0]（type: range）のstepは0より大きい数値で指定してください（指定値: 0）。',
  ]);
  assert.deepEqual(codes(form({ name: 'n', type: 'number', step: -0.5 })), ['outOfRange']);
  assert.deepEqual(codes(form({ name: 'n', type: 'number', step: 0.01 })), []);
  assert.deepEqual(codes(form({ name: 'n', type: 'number', min: 'one' })), ['wrongKind']);
  assert.match(
    messages(form({ name: 'n', type: 'number', min: 'one' }))[0]!,
    /のminは数値で指定してください（指定値: "one"）。/,
  );
});

test('patterns: syntax errors and unsafe patterns are refused with the fix', () => {
  assert.match(
    messages(form({ name: 't', type: 'text', pattern: '(' }))[0]!,
    /pattern '\(' は使えません: '\(' が閉じていません（1文字目）。文字・文字クラス・グループ・\|・量指定子だけの/,
  );
  for (const [pattern, code] of [
    ['(', 'badPattern'],
    ['(\\w)\\1', 'unsafePattern'],
    ['(?=x)', 'unsafePattern'],
    ['a{1,100000}', 'unsafePattern'],
    ['(?:ab){1000}', 'unsafePattern'],
    ['x'.repeat(501), 'unsafePattern'],
  ]) {
    assert.deepEqual(codes(form({ name: 't', type: 'text', pattern })), [code], pattern);
  }
  // A linear-time engine runs nested and overlapping repeats safely: they are admitted.
  for (const pattern of ['^[a-z0-9-]+$', '^(?:https?|ftp)://\\S+$', '^(a+)+$', '(a|a)*$', '^(\\w+\\s?)*$'])
    assert.deepEqual(codes(form({ name: 't', type: 'text', pattern })), [], pattern);
});

test('date expressions and URLs', () => {
  assert.deepEqual(messages(form({ name: 'd', type: 'date', minDate: 'next friday' })), [
    `エラー: フィールド[0]（type: date）のminDate 'next friday' は解釈できません。"today"、"+30days"、"-7days"、"2025-01-31" のいずれかの形で指定してください。`,
  ]);
  assert.deepEqual(codes(form({ name: 'd', type: 'date', maxDate: '2026-02-30' })), ['badDateExpr']);
  for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x', 'users', '//evil.example/x']) {
    assert.deepEqual(
      codes(form({ name: 'a', type: 'async-select', loadUrl: url, displayField: 'n', valueField: 'v' })),
      ['badUrl'],
      url,
    );
  }
  for (const url of ['https://api.example.com/x', 'http://127.0.0.1:3000/x', '/api/demo/categories']) {
    assert.deepEqual(
      codes(form({ name: 'a', type: 'async-select', loadUrl: url, displayField: 'n', valueField: 'v' })),
      [],
      url,
    );
  }
});

test("a default must pass the field's own rules", () => {
  const options = [{ value: 'a', label: 'A' }];
  assert.deepEqual(messages(form({ name: 's', type: 'select', label: '言語', options, default: 'rust' })), [
    'エラー: フィールド[0]（type: select）のdefault "rust" がフィールドの条件を満たしていません（言語は選択肢の中から選んでください）。条件を満たす値を指定してください。',
  ]);
  assert.deepEqual(codes(form({ name: 'n', type: 'number', min: 1, max: 10, default: 20 })), ['badDefault']);
  assert.deepEqual(codes(form({ name: 't', type: 'text', pattern: '^[a-z]+$', default: 'ABC' })), [
    'badDefault',
  ]);
  assert.deepEqual(codes(form({ name: 't', type: 'text', required: true, minLength: 3, default: '' })), []);
  assert.deepEqual(
    codes(form({ name: 'c', type: 'checkbox', label: 'ok', required: true, default: false })),
    [],
  );
  assert.deepEqual(codes(form({ name: 'd', type: 'date', minDate: 'today', default: '-3days' })), [
    'badDefault',
  ]);
  assert.deepEqual(codes(form({ name: 'm', type: 'multiselect', options, default: ['a', 'z'] })), [
    'badDefault',
  ]);
});

test('a value nested thousands of levels deep gets its message, not a stack overflow', () => {
  const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
  const options = [{ value: deep, label: 'A' }];
  assert.deepEqual(codes(form({ name: 's', type: 'select', label: 'L', options, default: deep })), [
    'tooDeep',
    'tooDeep',
  ]);
  assert.deepEqual(codes(deep), ['notObject']);
});

test('unknown properties are warnings that suggest the intended name', () => {
  const result = validateFormSchema({
    title: 't',
    titel: 'x',
    fields: [{ name: 'a', type: 'text', label: 'A', lable: 'B', colour: 'red', choices: ['x'] }],
  });
  assert.equal(result.ok, true);
  // The intended name is there already, or nothing is meant: ignored with a warning, never renamed.
  assert.deepEqual(
    result.warnings.map((w) => w.message),
    [
      "警告: 不明なプロパティ 'titel' は無視されます。'title' の誤りではありませんか？",
      "警告: フィールド[0]（type: text）の不明なプロパティ 'lable' は無視されます。'label' の誤りではありませんか？",
      "警告: フィールド[0]（type: text）の不明なプロパティ 'colour' は無視されます。",
      `警告: フィールド[0]（type: text）の不明なプロパティ 'choices' は無視されます。決まった選択肢は "type": "select" か "radio"（1つ）、"multiselect"（複数）と "options" で書きます。text の入力例なら "suggestions" です。`,
    ],
  );
  // An English form gets the same suggestion in English (its language from its words, no `locale`).
  const english = validateFormSchema({
    title: 'Sign up',
    titel: 'x',
    fields: [{ name: 'email', type: 'text', label: 'Email', placeholder: 'a', palceholder: 'b' }],
  });
  assert.deepEqual(
    english.warnings.map((w) => w.message),
    [
      "Warning: unknown property 'titel' is ignored. Did you mean 'title'?",
      "Warning: field[0] (type: text): unknown property 'palceholder' is ignored. Did you mean 'placeholder'?",
    ],
  );
  const noQuery = validateFormSchema(
    form({
      name: 'a',
      type: 'autocomplete',
      searchUrl: '/s',
      searchParams: { limit: 5 },
      displayField: 'n',
      valueField: 'v',
    }),
  );
  assert.equal(noQuery.warnings[0]!.code, 'noQueryParam');
});

test('all defects are reported at once, with paths', () => {
  const result = validateFormSchema({
    title: 't',
    fields: [{ type: 'text' }, { name: 'n', type: 'number', min: 'x' }, { type: 'bogus' }],
  });
  assert.deepEqual(
    result.errors.map((e) => [e.code, e.path, e.index, e.fieldType, e.property]),
    [
      ['missingName', 'fields[0].name', 0, 'text', 'name'],
      ['wrongKind', 'fields[1].min', 1, 'number', 'min'],
      ['invalidType', 'fields[2].type', 2, undefined, 'type'],
    ],
  );
  assert.equal(formatIssues(result.errors).split('\n').length, 3);
});

test("too deep: each message names where, and the form's other defects are still reported", () => {
  let deep: unknown = 'x';
  for (let i = 0; i < 5000; i++) deep = [deep];
  const result = validateFormSchema({
    title: 't',
    description: deep,
    fields: [
      { name: 'h', type: 'hidden', value: deep },
      { type: 'text', label: '名前なし' },
      deep,
      { name: 's', type: 'select', options: [{ value: 'a', label: deep }] },
    ],
  });
  assert.deepEqual(
    result.errors.map((e) => [e.code, e.path, e.index, e.property]),
    [
      ['tooDeep', 'description', undefined, 'description'],
      ['tooDeep', 'fields[0].value', 0, 'value'],
      ['tooDeep', 'fields[2]', 2, undefined],
      ['tooDeep', 'fields[3].options', 3, 'options'],
      ['missingName', 'fields[1].name', 1, 'name'],
    ],
  );
  assert.equal(
    result.errors[1]!.message,
    'エラー: フィールド[0]（type: hidden）のvalueの入れ子が深すぎます（form_schemaから数えてオブジェクトと配列が100段を超えています）。フォームはフィールドの配列と、その中の値・選択肢だけで書けます。入れ子を浅くしてください。',
  );
  assert.match(
    validateFormSchema(form({ name: 'h', type: 'hidden', value: deep }), { locale: 'en' }).errors[0]!.message,
    /^Error: field\[0\] \(type: hidden\): value nests objects and arrays too deep \(more than 100 levels from form_schema\)/,
  );
  // 100 levels counted from form_schema: a value may use what the form around it leaves.
  let ok: unknown = 'x';
  for (let i = 0; i < 97; i++) ok = { v: ok }; // the form, fields and the field are three levels
  assert.equal(validateFormSchema(form({ name: 'h', type: 'hidden', value: ok })).ok, true);
  assert.deepEqual(codes(form({ name: 'h', type: 'hidden', value: { v: ok } })), ['tooDeep']);
});
