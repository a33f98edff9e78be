import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { type FormSchema, validateFormSchema } from '@formrequest/schema';
import { repoRoot } from '../../../testing/cli.ts';
import { mimeType } from '../src/fields/file.js';
import type { FileSystem } from '../src/fields/index.js';
import {
  createForm,
  type FormOptions,
  type FormState,
  formLayout,
  formUpdate,
  widgetState,
} from '../src/form-flow.js';
import { displayValue, formView } from '../src/form-view.js';
import type { InputEvent } from '../src/keys.js';

const k = (name: string, mods: object = {}): InputEvent => ({ type: 'key', name, ...mods });
const t = (text: string): InputEvent => ({ type: 'text', text });
const now = new Date(2026, 10, 23, 9, 0);

const noFiles: FileSystem = { stat: () => null, read: () => Buffer.from(''), list: () => [] };

function form(fields: unknown[], extra: Partial<FormOptions> = {}): FormState {
  const check = validateFormSchema({ title: 'T', fields });
  assert.ok(check.ok, JSON.stringify(check.errors));
  return createForm(check.schema as FormSchema, {
    now,
    load: async () => [],
    files: noFiles,
    home: '/home/me',
    cwd: '/work',
    ...extra,
  });
}
function send(s: FormState, ...events: InputEvent[]): FormState {
  for (const e of events) formUpdate(s, e);
  return s;
}
/** Draws as the runner does: the rows and the list's page go back to the machine. */
const screen = (s: FormState, width = 60, height = 24) => {
  formLayout(s, height);
  const frame = formView(s, width, height);
  formLayout(s, height, frame.page);
  return [...frame.rows, ...(frame.footer ?? [])]
    .map((r) =>
      r
        .map((x) => x.text)
        .join('')
        .trimEnd(),
    )
    .join('\n');
};
const widget = (s: FormState) => widgetState(s) as any;
const tick = () => new Promise((r) => setImmediate(r));

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
  assert.equal(widget(s).editor.text, 'one');
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
  assert.equal(widget(s).editor.text, '2026-11-24');
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
  assert.equal(displayValue(s, 0), 'Ann <ann@x>');
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

/** A small file system: files with sizes, directories, and what each directory lists. */
function fakeFiles(files: Record<string, number>, reads: string[] = []): FileSystem {
  const dirs = new Set<string>();
  for (const path of Object.keys(files)) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/') || '/');
  }
  return {
    stat: (p) => (p in files ? { size: files[p]! } : dirs.has(p) ? 'dir' : null),
    read(p) {
      reads.push(p);
      return Buffer.from('hi');
    },
    list(dir) {
      const names = new Map<string, boolean>();
      const prefix = dir.endsWith('/') ? dir : `${dir}/`;
      for (const p of [...Object.keys(files), ...dirs]) {
        if (!p.startsWith(prefix) || p === dir) continue;
        const rest = p.slice(prefix.length);
        const name = rest.split('/')[0]!;
        if (name) names.set(name, rest.includes('/') || dirs.has(prefix + name));
      }
      return [...names].map(([name, d]) => ({ name, dir: d }));
    },
  };
}

test('file: ~, quoted, escaped and file:// paths; size and type checked before reading; KB / MB on screen', () => {
  const reads: string[] = [];
  const files = fakeFiles(
    { '/home/me/docs/my report.txt': 2, '/work/big.txt': 50_000, '/work/a.txt': 2, '/work/b.pdf': 3 },
    reads,
  );
  const s = form([{ name: 'f', type: 'file', label: 'F', accept: '.txt', maxSize: 10_240 }], { files });
  assert.match(screen(s, 120), /形式 \.txt · 最大 10 KB/);
  assert.doesNotMatch(screen(s), /10240/);
  send(s, t('nope.txt'), k('enter'));
  assert.equal(s.error, 'ファイルが見つかりません: /work/nope.txt');
  send(s, k('u', { ctrl: true }), t('big.txt'), k('enter'));
  assert.match(s.error!, /Fのファイルサイズは10 KB以下にしてください/);
  send(s, k('u', { ctrl: true }), t('b.pdf'), k('enter'));
  assert.match(s.error!, /ファイル形式が許可されていません/);
  send(s, k('u', { ctrl: true }), t('/home'), k('enter'));
  assert.equal(s.error, 'ディレクトリです（ファイルを指定してください）: /home');
  send(s, k('u', { ctrl: true }), t('a.txt b.txt'), k('enter'));
  assert.equal(s.error, 'ファイルは1つだけ指定してください（2個のパスがあります）');
  send(s, k('u', { ctrl: true }), t("'unclosed"), k('enter'));
  assert.equal(s.error, '引用符が閉じていません');
  assert.deepEqual(reads, [], 'nothing read while the checks fail');
  // The ways people give one path: typed with ~, dropped quoted, dropped escaped, a file:// URL, pasted.
  for (const given of [
    '~/docs/my report.txt',
    "'/home/me/docs/my report.txt' ",
    '/home/me/docs/my\\ report.txt',
    'file:///home/me/docs/my%20report.txt',
    '"~/docs/my report.txt"', // quoted: ~ is literal, so this one is not found
  ]) {
    const f = form([{ name: 'f', type: 'file', label: 'F' }], { files });
    send(f, { type: 'paste', text: given, overflow: false }, k('enter'));
    if (given.startsWith('"~')) {
      assert.equal(f.error, 'ファイルが見つかりません: /work/~/docs/my report.txt');
      continue;
    }
    assert.equal(f.error, null, given);
    assert.equal(displayValue(f, 0), 'my report.txt (2 B)');
    send(f, k('enter'));
    assert.deepEqual(f.result, {
      f: { name: 'my report.txt', type: 'text/plain', size: 2, data: 'data:text/plain;base64,aGk=' },
    });
  }
  assert.equal(mimeType('x.PDF'), 'application/pdf');
});

test('file: Tab completes names and directories, lists several, keeps ~; revising shows the chosen path', () => {
  const files = fakeFiles({
    '/home/me/docs/report.pdf': 1,
    '/home/me/docs/resume.pdf': 1,
    '/home/me/notes.txt': 2048,
  });
  const s = form([{ name: 'f', type: 'file', label: 'F', multiple: true }], { files });
  send(s, t('~/d'), k('tab'));
  assert.equal(widget(s).editor.text, '~/docs/');
  send(s, t('re'), k('tab'));
  assert.deepEqual(widget(s).candidates, ['report.pdf', 'resume.pdf']);
  assert.match(screen(s), /候補 2件: report\.pdf {2}resume\.pdf/);
  send(s, t('p'), k('tab'));
  assert.equal(widget(s).editor.text, '~/docs/report.pdf');
  send(s, k('linefeed'), t('~/no'), k('tab'));
  assert.equal(widget(s).editor.text, '~/docs/report.pdf\n~/notes.txt');
  send(s, t('x'), k('tab'));
  assert.match(screen(s), /補完できるファイルがありません/);
  send(s, k('backspace'), k('enter'));
  assert.equal(displayValue(s, 0), 'report.pdf (1 B), notes.txt (2 KB)');
  // Revising: the editor holds the paths the answer was made from, so Enter keeps it.
  send(s, k('up'), k('enter'));
  assert.equal(widget(s).editor.text, '/home/me/docs/report.pdf\n/home/me/notes.txt');
  send(s, k('enter'), k('enter'));
  assert.equal((s.result!.f as unknown[]).length, 2);
});

test('number: ↑ / ↓ step by `step` within min / max, PageUp / PageDown by ten steps, from empty at min', () => {
  const s = form([{ name: 'n', type: 'number', label: 'N', min: 0, max: 100, step: 5 }]);
  send(s, k('up'));
  assert.equal(widget(s).editor.text, '0'); // from empty: min
  send(s, k('up'));
  assert.equal(widget(s).editor.text, '5');
  send(s, k('pageup'), k('pageup'));
  assert.equal(widget(s).editor.text, '100'); // clamped at max
  send(s, k('u', { ctrl: true }), t('12'), k('down'));
  assert.equal(widget(s).editor.text, '10'); // off the grid: to the grid point below
  send(s, k('up'));
  assert.equal(widget(s).editor.text, '15');
  const d = form([{ name: 'n', type: 'number', label: 'N', step: 0.1 }]);
  send(d, t('0.2'), k('up'));
  assert.equal(widget(d).editor.text, '0.3');
  assert.match(screen(s), /≥ 0 · ≤ 100 · step 5/);
  assert.match(screen(s), /↑↓ 増減/);
});

test('datetime typed with a space; ↑ / ↓ step a day keeping the time, within the bounds', () => {
  const s = form([
    { name: 'd', type: 'datetime', label: 'D' },
    { name: 'e', type: 'date', label: 'E', maxDate: '+2days' },
  ]);
  assert.match(screen(s), /形式 YYYY-MM-DD HH:mm/);
  send(s, t('2026-12-01 9:30'), k('up'));
  assert.equal(widget(s).editor.text, '2026-12-02 09:30');
  send(s, k('enter'));
  assert.equal(s.values.d, '2026-12-02T09:30');
  send(s, k('up'), k('up'), k('up'), k('up'));
  assert.equal(widget(s).editor.text, '2026-11-25'); // today + 2 at most
  send(s, k('pagedown'));
  assert.equal(widget(s).editor.text, '2026-10-25');
  send(s, k('enter'), k('enter'));
  assert.deepEqual(s.result, { d: '2026-12-02T09:30', e: '2026-10-25' });
});

test('Esc: a field with nothing entered cancels at once; with answers or typed text it asks first', () => {
  assert.equal(send(form([{ name: 'a', type: 'text', label: 'A' }]), k('escape')).status, 'cancelled');
  const typed = send(form([{ name: 'a', type: 'text', label: 'A' }]), t('draft'), k('escape'));
  assert.equal(typed.status, 'active');
  assert.equal(typed.dialog?.kind, 'cancelForm');
  assert.match(screen(typed), /フォームをキャンセルしますか？[\s\S]*> 続ける \(n\) {5}キャンセルする \(y\)/);
  send(typed, k('enter')); // the highlighted "keep going"
  assert.equal(typed.dialog, null);
  assert.equal(widget(typed).editor.text, 'draft');
  send(typed, k('c', { ctrl: true }), t('y'));
  assert.equal(typed.status, 'cancelled');
  // Answered fields: the review's Esc and its cancel row ask too.
  const answered = send(form([{ name: 'a', type: 'text', label: 'A' }]), t('x'), k('enter'), k('escape'));
  assert.equal(answered.dialog?.kind, 'cancelForm');
  send(answered, t('n'), k('down'), k('enter'));
  assert.equal(answered.dialog?.kind, 'cancelForm');
  send(answered, k('c', { ctrl: true }));
  assert.equal(answered.status, 'cancelled');
});

test('Esc while revising: back to the review, asking before an edit is thrown away', () => {
  const s = form([
    { name: 'a', type: 'text', label: 'A' },
    { name: 'b', type: 'text', label: 'B', required: true, default: 'x' },
  ]);
  send(s, t('one'), k('enter'), k('enter'));
  send(s, k('up'), k('up'), k('enter')); // revise A
  assert.equal(s.step, 0);
  send(s, k('escape')); // unchanged: straight back, the cursor on the field
  assert.equal(s.step, 2);
  assert.equal(s.reviewCursor, 0);
  send(s, k('enter'), t('!'), k('escape'));
  assert.equal(s.dialog?.kind, 'discardEdit');
  assert.match(screen(s), /この項目の変更を破棄して確認画面に戻りますか？/);
  send(s, t('n'));
  assert.equal(widget(s).editor.text, 'one!');
  send(s, k('escape'), t('y'));
  assert.equal(s.step, 2);
  assert.equal(s.values.a, 'one');
  // Shift+Tab keeps what was typed in the field it leaves.
  const back = form([
    { name: 'a', type: 'text', label: 'A' },
    { name: 'b', type: 'text', label: 'B' },
  ]);
  send(back, t('one'), k('enter'), t('typed'), k('tab', { shift: true }));
  assert.equal(back.step, 0);
  send(back, k('enter'));
  assert.equal(back.step, 1);
  assert.equal(widget(back).editor.text, 'typed');
});

const prefectureForm = JSON.parse(readFileSync(join(repoRoot, 'examples/forms/prefecture.json'), 'utf8'));

test('a select of 47 prefectures: a window with markers, PageDown, / filters on labels and values; j/k move', () => {
  const s = form(prefectureForm.fields);
  let text = screen(s, 60, 16);
  assert.ok(text.split('\n').length <= 16, text);
  assert.match(text, /> \( \) 北海道/);
  assert.match(text, /↓ 他\d+件/);
  send(s, k('pagedown'));
  text = screen(s, 60, 16);
  assert.match(text, /↑ 他\d+件[\s\S]*↓ 他\d+件/);
  const at = widget(s).list.cursor;
  send(s, t('j'), t('j'), t('k'));
  assert.equal(widget(s).list.cursor, at + 1);
  assert.match(screen(s, 60, 16), /\/ 絞り込み/);
  send(s, t('/'), t('tok'));
  text = screen(s, 60, 16);
  assert.match(text, /絞り込み: tok \(2\/47\)\n> \( \) 東京都\n {2}\( \) 徳島県/);
  send(s, k('escape'));
  assert.equal(widget(s).list.filter, '', 'Esc clears the filter first');
  assert.equal(s.status, 'active');
  send(s, t('/'), t('大阪'), k('enter'), k('enter'));
  assert.deepEqual(s.result, { prefecture: 'osaka' });
});

test('a failed load can be tried again (Ctrl+R or Enter); a relative URL without a base URL says which flag', async () => {
  let fail = true;
  let loads = 0;
  const s = form(
    [
      {
        name: 'c',
        type: 'async-select',
        label: 'C',
        loadUrl: 'http://127.0.0.1:9/c',
        displayField: 'n',
        valueField: 'v',
        required: true,
      },
    ],
    {
      load: async () => {
        loads++;
        if (fail) throw new Error('HTTP 503');
        return [{ v: 1, n: 'one' }];
      },
    },
  );
  await tick();
  assert.match(screen(s), /選択肢を読み込めませんでした。? ?\(HTTP 503\)[\s\S]*Ctrl\+R 再試行/);
  send(s, k('enter')); // a required field: Enter loads again too
  await tick();
  assert.equal(loads, 2);
  fail = false;
  send(s, k('r', { ctrl: true }));
  await tick();
  assert.match(screen(s), /> \( \) one/);
  send(s, k('enter'), k('enter'));
  assert.deepEqual(s.result, { c: 1 });

  const rel = form([
    { name: 'c', type: 'async-select', label: 'C', loadUrl: '/api/c', displayField: 'n', valueField: 'v' },
  ]);
  assert.match(
    screen(rel, 120),
    /相対URL「\/api\/c」には読み込み先のサーバーが必要です。--base-url で指定してください/,
  );
  const relEn = createForm(rel.schema, { ...rel.opts, locale: 'en' });
  assert.match(
    screen(relEn, 120),
    /The relative URL "\/api\/c" needs the server it is on: give it with --base-url/,
  );
});

test("text answers are capped at maxLength (or 10,000) while typing and pasting, with the seed's message", () => {
  const s = form([{ name: 'a', type: 'textarea', label: 'A', maxLength: 5 }]);
  send(s, t('abc'), { type: 'paste', text: 'defgh', overflow: false });
  assert.equal(widget(s).editor.text, 'abcde');
  assert.match(screen(s), /Aは5文字以下で入力してください/); // the seed's maxLength message
  assert.match(screen(s), /5\/5/);
});

test('a failed search says why and Ctrl+R searches again; a relative searchUrl without a base URL names the flag', async () => {
  let fail = true;
  const urls: string[] = [];
  const s = form(
    [
      {
        name: 'u',
        type: 'autocomplete',
        label: 'U',
        searchUrl: 'http://127.0.0.1:9/users',
        displayField: 'name',
        valueField: 'id',
        debounceMs: 0,
      },
    ],
    {
      load: async (url) => {
        urls.push(url);
        if (fail) throw new Error('HTTP 500');
        return [{ id: 1, name: 'Ann' }];
      },
      later: (fn) => {
        fn();
        return () => {};
      },
    },
  );
  send(s, t('A'));
  await tick();
  assert.match(screen(s), /検索できませんでした。もう一度お試しください。 \(HTTP 500\)[\s\S]*Ctrl\+R 再試行/);
  fail = false;
  send(s, k('r', { ctrl: true }));
  await tick();
  assert.equal(urls.length, 2);
  assert.match(screen(s), /> Ann/);
  send(s, k('enter'), k('enter'));
  assert.deepEqual(s.result, { u: 1 });

  const rel = form(
    [
      {
        name: 'u',
        type: 'autocomplete',
        label: 'U',
        searchUrl: '/api/users',
        displayField: 'n',
        valueField: 'v',
      },
    ],
    {
      later: (fn) => {
        fn();
        return () => {};
      },
    },
  );
  send(rel, t('x'));
  assert.match(
    screen(rel, 120),
    /相対URL「\/api\/users」には読み込み先のサーバーが必要です。--base-url で指定してください/,
  );
});

test('a message under a field is checked again on every edit: never one the text no longer is', () => {
  const s = form([{ name: 'n', type: 'number', label: '数量', max: 10, required: true }]);
  send(s, t('11'), k('enter'));
  assert.match(screen(s), /数量は10以下で入力してください/);
  send(s, t('abc'));
  assert.doesNotMatch(screen(s), /10以下/);
  assert.match(screen(s), /数量は数値で入力してください/);
  send(s, k('u', { ctrl: true }), t('5'));
  assert.doesNotMatch(screen(s), /数量は/);
});

test('askForm without a terminal answers no-ui with the NO_UI message, not the cancel message', async () => {
  const { askForm } = await import('../src/ask-form.js');
  const { PassThrough } = await import('node:stream');
  const stream = new PassThrough() as unknown as NodeJS.ReadStream & NodeJS.WriteStream;
  const r = await askForm(
    { title: 'T', fields: [{ name: 'a', type: 'text', label: 'A' }] },
    { input: stream, output: stream },
  );
  assert.equal(r.status, 'no-ui');
  assert.match(r.message, /^エラー \[NO_UI\]: 対話型UIが利用できません/);
  assert.doesNotMatch(r.message, /キャンセル/);
});
