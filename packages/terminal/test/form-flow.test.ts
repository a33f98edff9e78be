import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type FormSchema, validateFormSchema } from '@formrequest/schema';
import { createForm, type FormOptions, type FormState, formUpdate, mimeType } from '../src/form-flow.js';
import { displayValue, formView } from '../src/form-view.js';
import type { InputEvent } from '../src/keys.js';

const k = (name: string, mods: object = {}): InputEvent => ({ type: 'key', name, ...mods });
const t = (text: string): InputEvent => ({ type: 'text', text });
const now = new Date('2026-11-23T09:00:00Z');

function form(fields: unknown[], extra: Partial<FormOptions> = {}): FormState {
  const check = validateFormSchema({ title: 'T', fields });
  assert.ok(check.ok, JSON.stringify(check.errors));
  return createForm(check.schema as FormSchema, {
    now,
    load: async () => [],
    files: { stat: () => null, read: () => Buffer.from('') },
    ...extra,
  });
}
function send(s: FormState, ...events: InputEvent[]): FormState {
  for (const e of events) formUpdate(s, e);
  return s;
}
const screen = (s: FormState) =>
  formView(s, 60)
    .rows.map((r) => r.map((x) => x.text).join(''))
    .join('\n');

test('text: inline validation keeps the field, a fix moves on; headings, dividers and hidden are not steps', () => {
  const s = form([
    { type: 'heading', text: 'H' },
    { name: 'a', type: 'text', label: 'A', required: true, minLength: 3 },
    { type: 'divider' },
    { name: 'h', type: 'hidden', value: 7 },
  ]);
  assert.equal(s.steps.length, 1);
  send(s, k('enter'));
  assert.equal(s.error, 'Aは必須です');
  send(s, t('ab'), k('enter'));
  assert.equal(s.error, 'Aは3文字以上で入力してください');
  send(s, t('c'), k('enter'));
  assert.equal(s.step, 1); // review
  send(s, k('enter'));
  assert.equal(s.status, 'submitted');
  assert.deepEqual(s.result, { a: 'abc', h: 7 });
});

test('suggestions: Tab cycles them into the input', () => {
  const s = form([{ name: 'a', type: 'text', label: 'A', suggestions: ['one', 'two'] }]);
  send(s, k('tab'));
  assert.equal(s.widget!.editor.text, 'one');
  send(s, k('tab'), k('enter'), k('enter'));
  assert.deepEqual(s.result, { a: 'two' });
});

test('number, range, checkbox, date with bounds and ↑/↓', () => {
  const s = form([
    { name: 'n', type: 'number', label: 'N', step: 2 },
    { name: 'r', type: 'range', label: 'R', min: 0, max: 10, step: 5 },
    { name: 'c', type: 'checkbox', label: 'C' },
    { name: 'd', type: 'date', label: 'D', minDate: 'today', maxDate: '+7days' },
  ]);
  send(s, t('3'), k('enter'));
  assert.equal(s.error, 'Nは2刻みで入力してください');
  send(s, k('backspace'), t('4'), k('enter'));
  send(s, k('right'), k('right'), k('right'), k('left'), k('enter'));
  send(s, t(' '), k('enter'));
  send(s, t('2026-12-31'), k('enter'));
  assert.equal(s.error, 'Dは2026-11-30以前の日付を入力してください');
  send(s, k('u', { ctrl: true }), k('up'), k('up'));
  assert.equal(s.widget!.editor.text, '2026-11-24');
  send(s, k('enter'), k('enter'));
  assert.deepEqual(s.result, { n: 4, r: 5, c: true, d: '2026-11-24' });
});

test('select with an optional "none" row, multiselect with maxSelect, Shift+Tab goes back', () => {
  const options = [
    { value: 'a', label: 'Alpha' },
    { value: 'b', label: 'Beta' },
    { value: 'c', label: 'Gamma' },
  ];
  const s = form([
    { name: 's', type: 'select', label: 'S', options },
    { name: 'm', type: 'multiselect', label: 'M', options, maxSelect: 2 },
  ]);
  send(s, k('up'), k('enter')); // "none"
  assert.equal(s.step, 1);
  send(s, k('tab', { shift: true }));
  assert.equal(s.step, 0);
  send(s, k('down'), k('enter'));
  send(s, t(' '), k('down'), t(' '), k('down'), t(' '), k('enter'));
  assert.equal(s.error, 'Mは2個以下で選択してください');
  send(s, t(' '), k('enter'));
  assert.match(screen(s), /M:\n\s+Alpha, Beta/);
  send(s, k('enter'));
  assert.deepEqual(s.result, { s: 'b', m: ['a', 'b'] });
});

test('autocomplete: debounced search through the injected timer and loader; the chosen item shows its template', async () => {
  const urls: string[] = [];
  const timers: (() => void)[] = [];
  const s = form(
    [
      {
        name: 'u',
        type: 'autocomplete',
        label: 'U',
        searchUrl: 'http://127.0.0.1:9/users',
        displayField: 'name',
        valueField: 'id',
        renderTemplate: '{name} <{mail}>',
        minChars: 2,
      },
    ],
    {
      load: async (url) => {
        urls.push(url);
        return [{ id: 7, name: 'Ann', mail: 'ann@x' }];
      },
      later: (fn) => {
        timers.push(fn);
        return () => {};
      },
    },
  );
  send(s, t('A'));
  assert.match(screen(s), /2文字以上入力すると検索します/);
  send(s, t('n'));
  assert.equal(timers.length, 1);
  timers[0]!();
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(urls, ['http://127.0.0.1:9/users?q=An']);
  assert.match(screen(s), /Ann <ann@x>/);
  send(s, k('enter'));
  assert.equal(displayValue(s, s.schema.fields[0] as never), 'Ann <ann@x>');
  send(s, k('enter'));
  assert.deepEqual(s.result, { u: 7 });
});

test('cascading-select asks for its parent first, loads by the parent value, and is cleared when the parent changes', async () => {
  const s = form(
    [
      {
        name: 'p',
        type: 'select',
        label: 'P',
        options: [
          { value: 'x', label: 'X' },
          { value: 'y', label: 'Y' },
        ],
        required: true,
      },
      {
        name: 'c',
        type: 'cascading-select',
        label: 'C',
        searchUrl: 'http://127.0.0.1:9/c',
        dependsOn: 'p',
        dependsOnParam: 'pid',
        displayField: 'n',
        valueField: 'v',
      },
    ],
    { load: async (url) => [{ v: `${new URL(url).searchParams.get('pid')}1`, n: 'child' }] },
  );
  send(s, k('tab', { shift: true }), k('enter'));
  await new Promise((r) => setImmediate(r));
  send(s, k('enter'));
  assert.equal(s.values.c, 'x1');
  send(s, k('up'), k('up'), k('enter')); // review: from 送信 back to P
  assert.equal(s.step, 0);
  send(s, k('down'), k('enter'));
  assert.equal(s.values.c, undefined);
  send(s, k('enter'));
  assert.deepEqual(s.result, { p: 'y' });
});

test('file: size and type are checked before reading; the answer is a data URL', () => {
  let reads = 0;
  const s = form([{ name: 'f', type: 'file', label: 'F', accept: '.txt', maxSize: 10 }], {
    files: {
      stat: (p) => (p === 'big.txt' ? { size: 50 } : p === 'a.txt' ? { size: 2 } : null),
      read: () => {
        reads++;
        return Buffer.from('hi');
      },
    },
  });
  send(s, t('nope.txt'), k('enter'));
  assert.match(s.error!, /ファイルが見つかりません: nope\.txt/);
  send(s, k('u', { ctrl: true }), t('big.txt'), k('enter'));
  assert.match(s.error!, /Fのファイルサイズは/);
  assert.equal(reads, 0);
  send(s, k('u', { ctrl: true }), t('a.txt'), k('enter'), k('enter'));
  assert.deepEqual(s.result, {
    f: { name: 'a.txt', type: 'text/plain', size: 2, data: 'data:text/plain;base64,aGk=' },
  });
  assert.equal(mimeType('x.PDF'), 'application/pdf');
});

test('review: submitting with a missing required answer jumps to that field with its message; Escape cancels', () => {
  const s = form([
    { name: 'a', type: 'text', label: 'A' },
    { name: 'b', type: 'text', label: 'B', required: true, default: 'x' },
  ]);
  send(s, k('enter'), k('enter'), k('up'), k('enter'), k('u', { ctrl: true }));
  assert.equal(s.step, 1);
  formUpdate(s, k('enter'));
  assert.equal(s.error, 'Bは必須です');
  send(s, k('escape'));
  assert.equal(s.status, 'cancelled');
});
