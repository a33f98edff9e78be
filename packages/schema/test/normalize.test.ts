// What the checker forgives (read as clearly meant, with a note) and what it refuses (with the fix),
// each in Japanese and in English, and the form every surface then reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type Issue,
  readFormArgument,
  readFormSchema,
  validateFormSchema,
  validateQuestionInput,
} from '@formrequest/schema';

const NOW = new Date('2026-03-10T12:00:00Z');
const form = (...fields: unknown[]) => ({ title: 'フォーム', fields });
const check = (input: unknown, locale: 'ja' | 'en') => validateFormSchema(input, { locale, now: NOW });

interface Case {
  name: string;
  fields: unknown[];
  code: string;
  index?: number;
  property?: string;
  /** Each language's sentence holds its text. */
  ja: string;
  en: string;
  /** For a normalisation: the field as read (a subset of its properties). */
  read?: Record<string, unknown>;
}

const sel = { name: 's', label: '言語', options: [{ value: 'py', label: 'Python' }] };
const remote = { name: 'u', label: '担当者', displayField: 'name', valueField: 'id' };

const NORMALIZED: Case[] = [
  {
    name: 'options as plain strings',
    fields: [{ name: 's', type: 'select', label: '言語', options: ['Python', 'Go'] }],
    code: 'optionsShape',
    property: 'options',
    ja: `のoptionsを {"value", "label"} の組として読みました（'Python' を {"value":"Python","label":"Python"} として）。`,
    en: `: options were read as {"value", "label"} pairs: 'Python' as {"value":"Python","label":"Python"}. Write them so next time.`,
    read: {
      options: [
        { value: 'Python', label: 'Python' },
        { value: 'Go', label: 'Go' },
      ],
    },
  },
  {
    name: 'options with a value or a label missing, and a number value',
    fields: [
      {
        name: 'r',
        type: 'radio',
        label: '優先度',
        options: [{ value: 'high' }, { label: '中' }, { value: 3, label: '低' }],
      },
    ],
    code: 'optionsShape',
    property: 'options',
    ja: `{"value":"high"} を {"value":"high","label":"high"} として`,
    en: `{"value":"high"} as {"value":"high","label":"high"}`,
    read: {
      options: [
        { value: 'high', label: 'high' },
        { value: '中', label: '中' },
        { value: '3', label: '低' },
      ],
    },
  },
  {
    name: 'options as a value -> label map',
    fields: [{ name: 's', type: 'select', label: '言語', options: { py: 'Python', go: 'Go' } }],
    code: 'optionsShape',
    property: 'options',
    ja: `{"py":"Python"} を {"value":"py","label":"Python"} として`,
    en: `{"py":"Python"} as {"value":"py","label":"Python"}`,
    read: {
      options: [
        { value: 'py', label: 'Python' },
        { value: 'go', label: 'Go' },
      ],
    },
  },
  {
    name: 'minDate "tomorrow"',
    fields: [{ name: 'd', type: 'date', label: '期限', minDate: 'tomorrow' }],
    code: 'dateExpr',
    property: 'minDate',
    ja: `のminDate 'tomorrow' を '+1days' として読みました。`,
    en: `: minDate 'tomorrow' was read as '+1days'.`,
    read: { minDate: '+1days' },
  },
  {
    name: 'maxDate "+2 weeks" and "7d"',
    fields: [{ name: 'd', type: 'date', label: '期限', maxDate: '+2 weeks', minDate: '7d' }],
    code: 'dateExpr',
    property: 'maxDate',
    ja: `のmaxDate '+2 weeks' を '+14days' として読みました。`,
    en: `: maxDate '+2 weeks' was read as '+14days'.`,
    read: { maxDate: '+14days', minDate: '+7days' },
  },
  {
    name: 'a date-time with Z as a date bound',
    fields: [{ name: 'd', type: 'date', label: '期限', maxDate: '2026-12-31T00:00:00Z' }],
    code: 'dateExpr',
    property: 'maxDate',
    ja: `のmaxDate '2026-12-31T00:00:00Z' を '2026-12-31' として読みました。`,
    en: `: maxDate '2026-12-31T00:00:00Z' was read as '2026-12-31'.`,
    read: { maxDate: '2026-12-31' },
  },
  {
    name: 'maxSize "10MB"',
    fields: [{ name: 'f', type: 'file', label: '添付', maxSize: '10MB' }],
    code: 'sizeFromUnits',
    property: 'maxSize',
    ja: `のmaxSize '10MB' を 10485760 として読みました。`,
    en: `: maxSize '10MB' was read as 10485760.`,
    read: { maxSize: 10485760 },
  },
  {
    name: 'a number written as a string',
    fields: [{ name: 'n', type: 'number', label: '数量', min: '1', max: '10' }],
    code: 'numberFromString',
    property: 'min',
    ja: `のmin '1' を 1 として読みました。`,
    en: `: min '1' was read as 1.`,
    read: { min: 1, max: 10 },
  },
  {
    name: 'a boolean written as a string',
    fields: [{ name: 'c', type: 'checkbox', label: '同意する', required: 'true' }],
    code: 'booleanFromString',
    property: 'required',
    ja: `のrequired 'true' を true として読みました。`,
    en: `: required 'true' was read as true.`,
    read: { required: true },
  },
  {
    name: 'suggestions as one string',
    fields: [{ name: 't', type: 'text', label: '名前', suggestions: 'my-app' }],
    code: 'listFromString',
    property: 'suggestions',
    ja: `のsuggestions 'my-app' を ["my-app"] として読みました。`,
    en: `: suggestions 'my-app' was read as ["my-app"].`,
    read: { suggestions: ['my-app'] },
  },
  {
    name: 'rows: 100 held to 50',
    fields: [{ name: 't', type: 'textarea', label: '説明', rows: 100 }],
    code: 'clamped',
    property: 'rows',
    ja: 'のrows 100 は範囲外のため 50 にしました。',
    en: ': rows 100 is out of range, so 50 is used.',
    read: { rows: 50 },
  },
  {
    name: 'heading level 6 held to 4',
    fields: [{ type: 'heading', text: '見出し', level: 6 }],
    code: 'clamped',
    property: 'level',
    ja: 'のlevel 6 は範囲外のため 4 にしました。',
    en: ': level 6 is out of range, so 4 is used.',
    read: { level: 4 },
  },
  {
    name: 'a type spelt another way',
    fields: [{ name: 'd', type: 'Date-Time', label: '日時' }],
    code: 'typeSpelling',
    property: 'type',
    ja: `フィールド[0]のtype 'Date-Time' を 'datetime' として読みました。`,
    en: `field[0]: type 'Date-Time' was read as 'datetime'.`,
    read: { type: 'datetime' },
  },
  {
    name: 'select with multiple: true',
    fields: [{ ...sel, type: 'select', multiple: true, default: 'py' }],
    code: 'multipleToType',
    property: 'type',
    ja: `に "multiple": true があるため 'multiselect' として表示します。複数選択でき、回答は配列になります。`,
    en: `has "multiple": true, so it is shown as 'multiselect': the person may choose several and the answer is an array.`,
    read: { type: 'multiselect', default: ['py'], multiple: undefined },
  },
  {
    name: 'autocomplete with multiple: true',
    fields: [{ ...remote, type: 'autocomplete', searchUrl: '/api/users', multiple: true }],
    code: 'multipleToType',
    property: 'type',
    ja: `'multi-autocomplete' として表示します。`,
    en: `shown as 'multi-autocomplete'`,
    read: { type: 'multi-autocomplete' },
  },
  {
    name: 'a property spelt another way',
    fields: [{ name: 't', type: 'text', label: '名前', max_length: 20 }],
    code: 'renamed',
    property: 'maxLength',
    ja: `のプロパティ 'max_length' を 'maxLength' として読みました。次回は 'maxLength' と書いてください。`,
    en: `: property 'max_length' was read as 'maxLength'. Write 'maxLength' next time.`,
    read: { maxLength: 20 },
  },
  {
    name: 'choices for options',
    fields: [{ name: 's', type: 'radio', label: '色', choices: [{ value: 'r', label: '赤' }] }],
    code: 'renamed',
    property: 'options',
    ja: `'choices' を 'options' として読みました。`,
    en: `'choices' was read as 'options'.`,
    read: { options: [{ value: 'r', label: '赤' }] },
  },
  {
    name: 'url for searchUrl',
    fields: [{ ...remote, type: 'autocomplete', url: '/api/users' }],
    code: 'renamed',
    property: 'searchUrl',
    ja: `'url' を 'searchUrl' として読みました。`,
    en: `'url' was read as 'searchUrl'.`,
    read: { searchUrl: '/api/users' },
  },
  {
    name: 'url for loadUrl',
    fields: [{ ...remote, type: 'async-select', url: '/api/categories' }],
    code: 'renamed',
    property: 'loadUrl',
    ja: `'url' を 'loadUrl' として読みました。`,
    en: `'url' was read as 'loadUrl'.`,
    read: { loadUrl: '/api/categories' },
  },
  {
    name: 'min on a date',
    fields: [{ name: 'd', type: 'date', label: '期限', min: 'today' }],
    code: 'renamed',
    property: 'minDate',
    ja: `'min' を 'minDate' として読みました。`,
    en: `'min' was read as 'minDate'.`,
    read: { minDate: 'today' },
  },
  {
    name: 'label on a heading',
    fields: [{ type: 'heading', label: '基本情報' }],
    code: 'renamed',
    property: 'text',
    ja: `'label' を 'text' として読みました。`,
    en: `'label' was read as 'text'.`,
    read: { text: '基本情報' },
  },
  {
    name: 'default on a hidden field',
    fields: [{ name: 'v', type: 'hidden', default: '1.0' }],
    code: 'renamed',
    property: 'value',
    ja: `'default' を 'value' として読みました。`,
    en: `'default' was read as 'value'.`,
    read: { value: '1.0' },
  },
  {
    name: 'a typo one edit away',
    fields: [{ name: 't', type: 'text', label: '名前', requried: true }],
    code: 'renamed',
    property: 'required',
    ja: `'requried' を 'required' として読みました。`,
    en: `'requried' was read as 'required'.`,
    read: { required: true },
  },
  {
    name: 'a regex literal without flags',
    fields: [{ name: 't', type: 'text', label: '名前', pattern: '/^[a-z]+$/' }],
    code: 'patternSlashes',
    property: 'pattern',
    ja: `のpattern '/^[a-z]+$/' を '^[a-z]+$' として読みました。`,
    en: `: pattern '/^[a-z]+$/' was read as '^[a-z]+$'.`,
    read: { pattern: '^[a-z]+$' },
  },
  {
    name: 'accept as a list, with a glob',
    fields: [{ name: 'f', type: 'file', label: '添付', accept: ['*.pdf', '.docx', 'image/*'] }],
    code: 'acceptShape',
    property: 'accept',
    ja: `を '.pdf,.docx,image/*' として読みました。`,
    en: `was read as '.pdf,.docx,image/*'.`,
    read: { accept: '.pdf,.docx,image/*' },
  },
  {
    name: '{query} in the query string of searchUrl',
    fields: [{ ...remote, type: 'autocomplete', searchUrl: '/api/users?q={query}&limit=10' }],
    code: 'queryInUrl',
    property: 'searchUrl',
    ja: `の {query} のパラメータを searchParams {"q":"{query}"} に移し、searchUrl は '/api/users?limit=10' にしました。`,
    en: `its {query} parameter was moved to searchParams {"q":"{query}"}; searchUrl is now '/api/users?limit=10'.`,
    read: { searchUrl: '/api/users?limit=10', searchParams: { q: '{query}' } },
  },
  {
    name: "a choice's default written as its label",
    fields: [{ ...sel, type: 'select', default: 'Python' }],
    code: 'defaultFromLabel',
    property: 'default',
    ja: `のdefault 'Python' を 'py' として読みました。`,
    en: `: default 'Python' was read as 'py'.`,
    read: { default: 'py' },
  },
];

const REFUSED: Case[] = [
  {
    name: '{query} in the path of searchUrl',
    fields: [{ ...remote, type: 'autocomplete', searchUrl: 'https://api.example.com/users/{query}' }],
    code: 'placeholderInUrl',
    property: 'searchUrl',
    ja: 'URLからは外し、入力内容はクエリパラメータで渡してください: "searchParams": {"q": "{query}"}。',
    en: 'Write the URL without it and put the typed text in a query parameter: "searchParams": {"q": "{query}"}.',
  },
  {
    name: 'a placeholder in a cascading-select URL',
    fields: [
      { name: 'country', type: 'text', label: '国' },
      {
        ...remote,
        type: 'cascading-select',
        searchUrl: '/api/prefectures/{country}',
        dependsOn: 'country',
        dependsOnParam: 'country_code',
      },
    ],
    index: 1,
    code: 'placeholderInUrl',
    property: 'searchUrl',
    ja: '親フィールドの値は ?<dependsOnParam>=<値> として送られます。',
    en: "the parent's value is sent as ?<dependsOnParam>=<value>.",
  },
  {
    name: 'a placeholder in loadUrl, percent-encoded',
    fields: [{ ...remote, type: 'async-select', loadUrl: '/api/%7Bkind%7D/items' }],
    code: 'placeholderInUrl',
    property: 'loadUrl',
    ja: 'loadUrl は書かれたとおりに一度だけ読み込まれます。',
    en: 'loadUrl is fetched once, as written.',
  },
  {
    name: 'accept entries with no dot or slash',
    fields: [{ name: 'f', type: 'file', label: '添付', accept: 'pdf,docx,images' }],
    code: 'badAccept',
    property: 'accept',
    ja: '".pdf,.docx,image/*" と書いてください',
    en: 'Write ".pdf,.docx,image/*"',
  },
  {
    name: 'a regex literal with flags',
    fields: [{ name: 't', type: 'text', label: '名前', pattern: '/^[a-z]+$/i' }],
    code: 'regexLiteral',
    property: 'pattern',
    ja: `"^[a-z]+$" と書いてください（大文字小文字を区別しない箇所は [A-Za-z] のように両方書く）。`,
    en: `Write "^[a-z]+$" and spell out both cases where it matters ([A-Za-z]).`,
  },
  {
    name: 'maxSize: 10 (bytes)',
    fields: [{ name: 'f', type: 'file', label: '添付', maxSize: 10 }],
    code: 'outOfRange',
    property: 'maxSize',
    ja: 'の単位はバイトです。10 バイトはどんなファイルより小さい上限です（1024 以上）。10 MB なら 10485760 と書いてください。',
    en: ' is in bytes: 10 bytes is smaller than any real file (at least 1024). For 10 MB write 10485760.',
  },
  {
    name: 'maxSize above 2 GiB',
    fields: [{ name: 'f', type: 'file', label: '添付', maxSize: 1e12 }],
    code: 'outOfRange',
    property: 'maxSize',
    ja: 'は上限 2147483648 バイト（2 GiB）を超えています。',
    en: ' is above 2147483648 bytes (2 GiB)',
  },
  {
    name: 'a type models use for another: did you mean',
    fields: [{ name: 's', type: 'dropdown', label: '言語' }],
    code: 'invalidType',
    property: 'type',
    ja: "の無効なtype: 'dropdown'。'select' の誤りではありませんか？有効なタイプ: async-select,",
    en: "has an invalid type: 'dropdown'. Did you mean 'select'? Valid types: async-select,",
  },
  {
    name: 'a misspelt type: did you mean',
    fields: [{ name: 's', type: 'textare', label: '説明' }],
    code: 'invalidType',
    property: 'type',
    ja: "'textarea' の誤りではありませんか？",
    en: "Did you mean 'textarea'?",
  },
  {
    name: 'a missing searchUrl: no invented URL in the fix',
    fields: [{ ...remote, type: 'autocomplete' }],
    code: 'missingProperty',
    property: 'searchUrl',
    ja: '使えるのはツール説明のエンドポイント表、ユーザー、システムプロンプトが示したURLだけです。',
    en: "only a URL from the tool description's endpoints table, the user or the system prompt.",
  },
];

function findIssue(issues: Issue[], c: Case): Issue {
  const index = c.index ?? 0;
  const found = issues.find((i) => i.code === c.code && i.index === index && i.property === c.property);
  assert.ok(found, `${c.name}: no ${c.code} at fields[${index}].${c.property} in ${JSON.stringify(issues)}`);
  return found;
}

for (const c of NORMALIZED) {
  test(`forgiven, with a note in both languages: ${c.name}`, () => {
    for (const locale of ['ja', 'en'] as const) {
      const result = check(form(...c.fields), locale);
      assert.deepEqual(result.errors, [], `${c.name} (${locale}): ${result.errors.map((e) => e.message)}`);
      const issue = findIssue(result.warnings, c);
      assert.equal(issue.severity, 'normalized');
      assert.ok(issue.message.startsWith(locale === 'ja' ? '補足: ' : 'Note: '), issue.message);
      assert.ok(issue.message.includes(c[locale]), `${locale}: ${issue.message}`);
      const field = result.schema!.fields[c.index ?? 0] as Record<string, unknown>;
      for (const [key, value] of Object.entries(c.read!))
        assert.deepEqual(field[key], value, `${c.name}: ${key}`);
    }
  });
}

for (const c of REFUSED) {
  test(`refused, with the fix in both languages: ${c.name}`, () => {
    for (const locale of ['ja', 'en'] as const) {
      const result = check(form(...c.fields), locale);
      assert.equal(result.ok, false);
      const issue = findIssue(result.errors, c);
      assert.ok(issue.message.startsWith(locale === 'ja' ? 'エラー: ' : 'Error: '), issue.message);
      assert.ok(issue.message.includes(c[locale]), `${locale}: ${issue.message}`);
      assert.ok(
        !/api\.example\.com/.test(issue.message) || JSON.stringify(c.fields).includes('api.example.com'),
      );
    }
  });
}

test('the input is never changed: what was read differently is a copy; a sound form is returned as is', () => {
  const input = form({ name: 's', type: 'Select', label: '言語', options: ['a'] });
  const before = structuredClone(input);
  const result = validateFormSchema(input);
  assert.deepEqual(input, before);
  assert.notEqual(result.schema, input);
  const sound = form({ name: 's', type: 'select', label: '言語', options: [{ value: 'a', label: 'A' }] });
  assert.equal(validateFormSchema(sound).schema, sound);
  assert.equal(readFormSchema(sound), sound);
  assert.deepEqual(readFormSchema(input), result.schema);
});

test('what is not clear is not guessed: left as written, warned or refused', () => {
  const codes = (field: unknown) => {
    const r = validateFormSchema(form(field));
    return [...r.errors, ...r.warnings].map((i) => i.code);
  };
  // A property the type lacks whose name belongs to another type is not a typo.
  assert.deepEqual(codes({ name: 't', type: 'text', label: '名前', min: 3 }), ['unknownProperty']);
  // A rename never overwrites what is there.
  assert.deepEqual(
    codes({ name: 't', type: 'radio', label: '色', choices: ['x'], options: [{ value: 'a', label: 'A' }] }),
    ['unknownProperty'],
  );
  // A slash pattern that could be meant literally stays as written.
  assert.deepEqual(codes({ name: 't', type: 'text', label: 'パス', pattern: '/[a-z]+/' }), []);
  // An ISO date-time default of a datetime field is no date bound: its zone would be a guess.
  assert.deepEqual(codes({ name: 'd', type: 'datetime', label: '日時', default: '2026-03-10T09:00:00Z' }), [
    'badDefault',
  ]);
  // Two options with the same label: the default's label names neither clearly.
  const twins = [
    { value: 'a', label: 'X' },
    { value: 'b', label: 'X' },
  ];
  assert.deepEqual(codes({ name: 's', type: 'select', label: 'L', options: twins, default: 'X' }), [
    'badDefault',
  ]);
  // An option that is neither a string nor a {value, label} pair is refused, not guessed.
  assert.deepEqual(codes({ name: 's', type: 'select', label: 'L', options: [['a']] }), ['badOption']);
});

test("messages come in the form's language: its locale, else the words of its title and labels", () => {
  const english = { title: 'New project', fields: [{ type: 'text', label: 'Name' }] };
  const result = validateFormSchema(english);
  assert.equal(result.locale, 'en');
  assert.deepEqual(
    result.errors.map((e) => e.message),
    ['Error: field[0] (type: text) has no name.'],
  );
  const japanese = { title: '新規プロジェクト', fields: [{ type: 'text', label: '名前' }] };
  assert.equal(
    validateFormSchema(japanese).errors[0]!.message,
    'エラー: フィールド[0]（type: text）にnameが指定されていません。',
  );
  assert.equal(validateFormSchema({ ...english, locale: 'ja' }).locale, 'ja');
  assert.equal(validateFormSchema(japanese, { locale: 'en' }).locale, 'en');
  // A form that says nothing in words is Japanese, as in seed 000.
  assert.equal(validateFormSchema({ title: 'x', fields: [{ type: 'text' }] }).locale, 'ja');
  // An English form without locale is shown in English by every surface: the form read says so.
  const ok = validateFormSchema({
    title: 'New project',
    fields: [{ name: 'n', type: 'text', label: 'Name' }],
  });
  assert.equal(ok.schema!.locale, 'en');
  assert.deepEqual(ok.warnings, []);
  const jaOk = { title: '新規', fields: [{ name: 'n', type: 'text', label: '名前' }] };
  assert.equal(validateFormSchema(jaOk).schema, jaOk);
  // A locale spelt another way.
  const spelt = validateFormSchema({ ...jaOk, locale: 'en-US' });
  assert.equal(spelt.schema!.locale, 'en');
  assert.equal(spelt.warnings[0]!.code, 'readAs');
});

test('the fix hints say the same in both languages: the same values, names and examples', () => {
  // Every quoted value, number and vocabulary name of a Japanese sentence is in its English one.
  const tokens = (text: string) =>
    new Set(
      [...text.matchAll(/"[^"]*"|'[^']*'|\b\d+\b|[{[][^\]}]*[\]}]/g)]
        .map((m) => m[0])
        .filter((t) => !/[\u3040-\u30ff\u3400-\u9fff]/.test(t)),
    );
  for (const c of [...NORMALIZED, ...REFUSED]) {
    const ja = findIssue(
      [...check(form(...c.fields), 'ja').errors, ...check(form(...c.fields), 'ja').warnings],
      c,
    );
    const en = findIssue(
      [...check(form(...c.fields), 'en').errors, ...check(form(...c.fields), 'en').warnings],
      c,
    );
    assert.deepEqual([...tokens(ja.message)].sort(), [...tokens(en.message)].sort(), c.name);
  }
});

test('the tool argument: the wrapper forgiven, another name forgiven, a double wrapper forgiven; each noted', () => {
  const inner = { title: 'Sign up', fields: [{ name: 'n', type: 'text', label: 'Name' }] };
  const bare = readFormArgument({ ...inner, mode: 'never' });
  assert.equal(bare.ok, true);
  assert.ok(bare.ok && !('mode' in bare.form));
  assert.ok(bare.ok && bare.notes[0]!.message.startsWith('Note: the arguments had no form_schema'));
  const renamed = readFormArgument({ formSchema: inner });
  assert.ok(renamed.ok && renamed.notes[0]!.message.includes("'formSchema' was read as form_schema"));
  const twice = readFormArgument({ form_schema: JSON.stringify({ form_schema: inner }) });
  assert.ok(twice.ok && twice.notes[0]!.code === 'wrappedTwice');
  assert.deepEqual(twice.ok && twice.form, inner);
  const ja = readFormArgument({ title: '登録', fields: [] });
  assert.ok(ja.ok && ja.notes[0]!.message.startsWith('補足: 引数に form_schema がなかったため'));
  // Nothing that could be the form: the seed-style error, in the language of what was sent.
  assert.deepEqual(readFormArgument({}), {
    ok: false,
    locale: 'ja',
    message:
      'エラー: form_schema が指定されていません。引数は {"form_schema": {"title": "...", "fields": [...]}} の形で渡してください。',
  });
  const broken = readFormArgument({ form_schema: '{"title": "Sign up",' });
  assert.ok(
    !broken.ok && broken.message.startsWith('エラー: form_schema の文字列を JSON として解析できません'),
  );
  const notObject = readFormArgument({ form_schema: [inner] });
  assert.ok(!notObject.ok && notObject.message.includes('配列'));
});

test("question: AskUserQuestion's spellings as a model sends them, with a note", () => {
  for (const locale of ['ja', 'en'] as const) {
    const check = validateQuestionInput(
      {
        questions: [
          {
            question: 'どれ？',
            header: '選択',
            options: ['A', { label: 'B', description: 'b' }],
            multiSelect: true,
          },
        ],
      },
      { locale },
    );
    assert.ok(check.ok);
    assert.equal(check.questions[0]!.multiple, true);
    assert.deepEqual(check.questions[0]!.options, [{ label: 'A' }, { label: 'B', description: 'b' }]);
    const [renamed, strings] = check.warnings;
    assert.match(
      renamed!,
      locale === 'ja' ? /multiSelect を multiple として読みました/ : /multiSelect was read as multiple/,
    );
    assert.match(
      strings!,
      locale === 'ja'
        ? /options の文字列を \{ label: "\.\.\." \} として読みました/
        : /strings in options were read as \{ label/,
    );
  }
  const unknown = validateQuestionInput({
    questions: [{ question: 'q', header: 'h', options: [], colour: 'red' }],
  });
  assert.ok(unknown.ok && unknown.warnings[0]!.includes('不明なキー colour は無視されます'));
});
