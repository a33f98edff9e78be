import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  acceptsFile,
  answerValues,
  cancelMessage,
  type FormSchema,
  formatBytes,
  formRequestText,
  initialValues,
  parseDecimal,
  submitMessage,
  validateAnswers,
  validateField,
} from '@formrequest/schema';

const now = new Date(2026, 10, 23, 10, 0); // 2026-11-23, local
const f = (field: Record<string, unknown>) => field as any;

test('the renderer guide messages of seed 000, Japanese by default', () => {
  const name = f({
    name: 'project_name',
    type: 'text',
    label: 'プロジェクト名',
    required: true,
    minLength: 3,
    maxLength: 5,
    pattern: '^[a-z]+$',
  });
  assert.equal(validateField(name, ''), 'プロジェクト名は必須です');
  assert.equal(validateField(name, 'ab'), 'プロジェクト名は3文字以上で入力してください');
  assert.equal(validateField(name, 'abcdef'), 'プロジェクト名は5文字以下で入力してください');
  assert.equal(validateField(name, 'ABC'), 'プロジェクト名の形式が正しくありません');
  assert.equal(validateField({ ...name, patternError: '小文字のみ' }, 'ABC'), '小文字のみ');
  assert.equal(validateField(name, 'abc'), null);
  const qty = f({ name: 'q', type: 'number', label: '数量', min: 1, max: 100, step: 1 });
  assert.equal(validateField(qty, 0), '数量は1以上で入力してください');
  assert.equal(validateField(qty, 101), '数量は100以下で入力してください');
  assert.equal(validateField(qty, 1.5), '数量は整数で入力してください');
  assert.equal(validateField(qty, 'abc'), '数量は数値で入力してください');
  assert.equal(validateField(qty, '42'), null);
  const features = f({
    name: 'f',
    type: 'multiselect',
    label: '機能',
    options: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
      { value: 'c', label: 'C' },
    ],
    minSelect: 1,
    maxSelect: 2,
  });
  assert.equal(validateField(features, []), '機能は1個以上選択してください');
  assert.equal(validateField(features, ['a', 'b', 'c']), '機能は2個以下で選択してください');
  assert.equal(validateField(features, ['a', 'x']), '機能は選択肢の中から選んでください');
  assert.equal(validateField(features, ['a', 'a']), '機能に同じ項目が重複しています');
});

test('English messages with locale en; label falls back to the name', () => {
  const field = f({ name: 'title', type: 'text', required: true, minLength: 3 });
  assert.equal(validateField(field, '', { locale: 'en' }), 'title is required');
  assert.equal(validateField(field, 'ab', { locale: 'en' }), 'title must be at least 3 characters');
});

test('lengths count characters, not UTF-16 units', () => {
  const field = f({ name: 't', type: 'text', label: 'T', maxLength: 3 });
  assert.equal(validateField(field, '日本語'), null);
  assert.equal(validateField(field, '😀😀😀'), null);
  assert.equal(validateField(field, '😀😀😀😀'), 'Tは3文字以下で入力してください');
});

test('range uses the catalog defaults 0..100 step 1', () => {
  const range = f({ name: 'r', type: 'range', label: 'R' });
  assert.equal(validateField(range, 100), null);
  assert.equal(validateField(range, 101), 'Rは100以下で入力してください');
  assert.equal(validateField(f({ ...range, min: 10, step: 5 }), 17), 'Rは5刻みで入力してください');
  assert.equal(validateField(f({ ...range, min: 10, step: 5 }), 20), null);
});

test('checkbox: required means checked; select/radio: option membership', () => {
  const agree = f({ name: 'agree', type: 'checkbox', label: '同意', required: true });
  assert.equal(validateField(agree, false), '「同意」にチェックを入れてください');
  assert.equal(validateField(agree, false, { locale: 'en' }), 'Please check "同意"');
  assert.equal(validateField(agree, true), null);
  assert.equal(validateField(agree, 'yes'), '同意の値が正しくありません');
  const radio = f({ name: 'p', type: 'radio', label: '優先度', options: [{ value: 'high', label: '高' }] });
  assert.equal(validateField(radio, 'low'), '優先度は選択肢の中から選んでください');
  assert.equal(validateField(radio, undefined), null);
});

test('dates: format and relative bounds with a fixed clock', () => {
  const due = f({ name: 'due', type: 'date', label: '期限', minDate: 'today', maxDate: '+30days' });
  assert.equal(validateField(due, '2026-11-22', { now }), '期限は2026-11-23以降の日付を入力してください');
  assert.equal(validateField(due, '2026-12-24', { now }), '期限は2026-12-23以前の日付を入力してください');
  assert.equal(validateField(due, '2026-12-23', { now }), null);
  assert.equal(validateField(due, '2026/12/01', { now }), '期限はYYYY-MM-DDの形式で入力してください');
  assert.equal(validateField(due, '2026-02-30', { now }), '期限はYYYY-MM-DDの形式で入力してください');
  const meet = f({ name: 'm', type: 'datetime', label: '日時', minDate: 'today' });
  assert.equal(validateField(meet, '2026-11-23T09:30', { now }), null);
  assert.equal(
    validateField(meet, '2026-11-22T23:59', { now }),
    '日時は2026-11-23以降の日付を入力してください',
  );
  assert.equal(
    validateField(meet, '2026-11-23 09:30', { now }),
    '日時はYYYY-MM-DDTHH:mmの形式で入力してください',
  );
});

test('files: real payload size, accept list, single vs multiple', () => {
  const file = f({ name: 'a', type: 'file', label: '添付', accept: '.pdf,image/*', maxSize: 10 });
  const data = (bytes: number) => `data:application/pdf;base64,${Buffer.alloc(bytes).toString('base64')}`;
  assert.equal(validateField(file, { name: 'x.pdf', type: 'application/pdf', size: 5, data: data(5) }), null);
  // A client that lies about `size` is caught by the payload.
  assert.equal(
    validateField(file, { name: 'x.pdf', type: 'application/pdf', size: 1, data: data(11) }),
    '添付のファイルサイズは10 B以下にしてください',
  );
  // Nor can it slip past maxSize with a percent-encoded (not base64) data URL.
  assert.equal(
    validateField(file, { name: 'x.pdf', type: 'application/pdf', size: 1, data: 'data:,%41BCDEFGHIJK' }),
    '添付のファイルサイズは10 B以下にしてください',
  );
  assert.equal(
    validateField(file, { name: 'x.pdf', type: 'application/pdf', size: 1, data: 'data:,%41BCDEFGHIJ' }),
    null,
  );
  assert.equal(
    validateField(file, { name: 'x.exe', type: 'application/x-msdownload', size: 1, data: data(1) }),
    '添付のファイル形式が許可されていません（許可: .pdf,image/*）',
  );
  assert.equal(validateField(file, { name: 'p.PNG', type: 'image/png', size: 1, data: data(1) }), null);
  assert.equal(
    validateField(file, [
      { name: 'a.pdf', type: '', size: 1, url: '/files/1' },
      { name: 'b.pdf', type: '', size: 1, url: '/files/2' },
    ]),
    '添付はファイルを1つだけ選択してください',
  );
  assert.equal(
    validateField({ ...file, multiple: true }, [{ name: 'a.pdf', type: '', size: 1, url: '/files/1' }]),
    null,
  );
  assert.equal(validateField(file, { name: 'a.pdf' }), '添付の値が正しくありません');
  assert.equal(formatBytes(10485760), '10 MB');
  assert.equal(formatBytes(1536), '1.5 KB');
  assert.equal(acceptsFile('.PDF', { name: 'a.pdf', type: '' }), true);
  assert.equal(acceptsFile('*/*', { name: 'notes', type: '' }), true, 'the browser meaning of */*');
  assert.equal(acceptsFile('image/*', { name: 'notes', type: 'text/plain' }), false);
});

const schema: FormSchema = {
  title: 'T',
  fields: [
    { type: 'heading', text: 'H' },
    { name: 'name', type: 'text', required: true },
    { name: 'count', type: 'number' },
    { name: 'ok', type: 'checkbox', label: 'OK' },
    { type: 'divider' },
    { name: 'tags', type: 'multiselect', options: [{ value: 'a', label: 'A' }] },
    { name: 'who', type: 'autocomplete', searchUrl: '/u', displayField: 'name', valueField: 'id' },
    { name: 'version', type: 'hidden', value: '1.0' },
  ],
};

test('validateAnswers: cleaned values in schema order, hidden re-applied, unknown keys dropped', () => {
  const result = validateAnswers(schema, {
    version: 'hacked',
    who: 42,
    count: '3',
    name: 'x',
    tags: [],
    extra: 1,
  });
  assert.equal(result.ok, true);
  assert.deepEqual(result.values, { name: 'x', count: 3, ok: false, who: 42, version: '1.0' });
  assert.deepEqual(Object.keys(result.values), ['name', 'count', 'ok', 'who', 'version']);
  assert.deepEqual(result.unknown, ['extra']);
  const bad = validateAnswers(schema, { name: '', who: { id: 1 } });
  assert.equal(bad.ok, false);
  assert.deepEqual(bad.errors, { name: 'nameは必須です', who: 'whoの値が正しくありません' });
  assert.equal(validateAnswers(schema, 'not an object').errors.name, 'nameは必須です');
});

test('submit and cancel messages, and the tool text of seed 000', () => {
  assert.equal(
    submitMessage(schema, { name: 'x', tags: ['a'], version: 'zzz' }),
    JSON.stringify({ name: 'x', ok: false, tags: ['a'], version: '1.0' }, null, 2),
  );
  assert.deepEqual(answerValues(schema, { name: '', count: 0 }), { count: 0, ok: false, version: '1.0' });
  assert.equal(cancelMessage(), 'フォーム入力をキャンセルしました。');
  assert.equal(cancelMessage('en'), 'Form input was cancelled.');
  const text = formRequestText({
    title: '新規プロジェクト作成',
    description: 'プロジェクトの基本情報を入力してください',
    fields: new Array(5).fill({ type: 'divider' }),
  });
  assert.equal(
    text,
    'フォーム入力を待機しています。\n\n【新規プロジェクト作成】\nプロジェクトの基本情報を入力してください\n\nフィールド数: 5\nユーザーがフォームに入力後、次のメッセージとして入力内容が送信されます。',
  );
  assert.equal(
    formRequestText({ title: 'T', fields: [{ type: 'divider' }] }),
    'フォーム入力を待機しています。\n\n【T】\n\nフィールド数: 1\nユーザーがフォームに入力後、次のメッセージとして入力内容が送信されます。',
  );
});

test('initialValues: defaults, checkbox false, range at min, relative date defaults, hidden', () => {
  const values = initialValues(
    {
      title: 'T',
      fields: [
        { name: 'lang', type: 'select', options: [{ value: 'go', label: 'Go' }], default: 'go' },
        { name: 'agree', type: 'checkbox', label: 'A' },
        { name: 'pct', type: 'range', min: 10 },
        { name: 'due', type: 'date', default: '+2days' },
        { name: 'tags', type: 'multiselect', options: [{ value: 'a', label: 'A' }], default: ['a'] },
        { name: 'v', type: 'hidden', value: { x: 1 } },
        { name: 'free', type: 'text' },
      ],
    },
    { now },
  );
  assert.deepEqual(values, {
    lang: 'go',
    agree: false,
    pct: 10,
    due: '2026-11-25',
    tags: ['a'],
    v: { x: 1 },
  });
});

test('numbers are decimal only, as a number input sends them: hex, binary, octal, spaces and full-width refused', () => {
  const qty = f({ name: 'q', type: 'number', label: '数量' });
  for (const text of [
    '0x5',
    '0b101',
    '0o7',
    ' 5 ',
    '5 ',
    '\t5',
    '５',
    '１２',
    'Infinity',
    '-Infinity',
    '1_000',
    '1e',
    '.',
    '+',
    '5px',
    '0x',
  ]) {
    assert.equal(validateField(qty, text), '数量は数値で入力してください', JSON.stringify(text));
  }
  for (const text of ['5', '-5', '+5', '0.5', '.5', '5.', '1e3', '-1.5E-2', '007']) {
    assert.equal(validateField(qty, text), null, JSON.stringify(text));
  }
  assert.equal(parseDecimal('0x5'), Number.NaN);
  assert.equal(parseDecimal('-1.5e2'), -150);
  const result = validateAnswers({ fields: [qty] } as FormSchema, { q: '0b101' });
  assert.deepEqual(result.errors, { q: '数量は数値で入力してください' });
  assert.deepEqual(validateAnswers({ fields: [qty] } as FormSchema, { q: '12' }).values, { q: 12 });
});
