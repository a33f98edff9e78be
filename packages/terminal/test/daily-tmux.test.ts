// What a daily user of clack, inquirer or gum notices first (issue 28), each in a real terminal (tmux):
// messages that are no longer true go away, every wait shows a spinner with its time and ends with
// the real cause, revising never drops typed text without asking, stacked section markers, resize,
// TERM=dumb, 20,000 search results, the seed's wording and input checks.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { killServer, Pane, startServer } from '../../../testing/tmux.ts';

const socket = `formrequest-daily-${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'formrequest-daily-'));
let server: Server;
let baseUrl = '';
let closedPort = 0;
const hung: import('node:http').ServerResponse[] = [];
let loadTimeout: Promise<void>;

before(async () => {
  startServer(socket);
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    if (url.pathname === '/hang') {
      hung.push(res); // never answered
      return;
    }
    if (url.pathname === '/busy') {
      res.writeHead(503, { 'content-type': 'text/plain' });
      return res.end('busy');
    }
    if (url.pathname === '/many') {
      const q = url.searchParams.get('q') ?? '';
      const items = Array.from({ length: 20_000 }, (_, i) => ({ id: `u${i}`, name: `${q}-user-${i}` }));
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(items));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: a load there is refused.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  // Started here, once the servers are up; reported by its test (the last), not as an unhandled rejection.
  loadTimeout = loadTimesOut();
  loadTimeout.catch(() => {});
});
after(() => {
  killServer(socket);
  for (const res of hung) res.destroy();
  server.close();
});

/** Esc, then "y" once the cancel question is on screen (sent together they read as Alt+y). */
async function cancel(pane: Pane): Promise<void> {
  pane.keys('Escape');
  await pane.waitFor(/キャンセルしますか/);
  pane.literal('y');
  await pane.exit();
}

function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

function ask(form: unknown, opts: Parameters<typeof Pane.start>[2] = {}): Pane {
  const path = file(`form-${Math.random().toString(36).slice(2)}.json`, {
    locale: 'ja',
    ...(form as object),
  });
  return Pane.start(socket, ['ask', path, '--base-url', baseUrl], {
    stdoutToFile: true,
    height: 24,
    ...opts,
  });
}

function question(questions: unknown[], opts: Parameters<typeof Pane.start>[2] = {}): Pane {
  const path = file(`q-${Math.random().toString(36).slice(2)}.json`, { questions });
  return Pane.start(socket, ['question', path], { stdoutToFile: true, height: 24, ...opts });
}

const single = {
  question: 'どのファイル？',
  header: 'ファイル',
  options: [{ label: 'main.ts' }, { label: 'utils.ts' }],
};
const multi = {
  question: 'どれ？',
  header: '拡張',
  options: [{ label: 'A' }, { label: 'B' }],
  multiple: true,
  custom: false,
};

test('a number message is checked again on every edit: 11 then abc never still says "10以下"', async () => {
  const pane = ask({
    title: 'T',
    fields: [{ name: 'n', type: 'number', label: '数量', max: 10, required: true }],
  });
  await pane.waitFor(/数量 \*/);
  pane.literal('11');
  pane.keys('Enter');
  await pane.waitFor(/数量は10以下で入力してください/);
  pane.literal('abc');
  const screen = await pane.waitFor(/数量は数値で入力してください/);
  assert.doesNotMatch(screen, /10以下で入力/);
  pane.keys('C-u');
  await pane.waitFor(/数量は必須です/);
  pane.literal('5');
  await pane.waitFor((s) => !/数量は/.test(s));
  await cancel(pane);
  pane.kill();
});

test('a file message goes when the path changes: a new path never still says "ディレクトリです: /tmp"', async () => {
  const pane = ask({ title: 'T', fields: [{ name: 'f', type: 'file', label: 'ファイル' }] });
  await pane.waitFor(/ファイル \(1\/1\)/);
  pane.literal('/tmp');
  pane.keys('Enter');
  await pane.waitFor(/ディレクトリです.*: \/tmp/);
  pane.literal('/x');
  await pane.waitFor((s) => !/ディレクトリです/.test(s) && /\/tmp\/x/.test(s));
  await cancel(pane);
  pane.kill();
});

// The load that times out waits on the product's own 10 s clock: it starts with the file (after the
// servers) and runs in a pane of its own beside the other tests; its test, the last one, takes its result.
async function loadTimesOut(): Promise<void> {
  const pane = ask({
    title: 'T',
    fields: [
      {
        name: 'a',
        type: 'async-select',
        label: '担当',
        loadUrl: '/hang',
        displayField: 'name',
        valueField: 'id',
      },
    ],
  });
  const first = await pane.waitFor(/読み込み中… \d+\.\d秒/);
  assert.match(first, /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] 読み込み中… \d+\.\d秒 · Ctrl\+R 再試行/);
  const t1 = /(\d+\.\d)秒/.exec(first)![1];
  await pane.waitFor((s) => /(\d+\.\d)秒/.exec(s)?.[1] !== t1); // the time moves
  const end = await pane.waitFor(/タイムアウト/, 15_000);
  assert.match(end, /から10秒以内に応答がありません（タイムアウト）/);
  assert.doesNotMatch(end, /UND_ERR/);
  pane.keys('Escape');
  await pane.exit();
  pane.kill();
}

test('the real cause: refused and the HTTP status; the retry notice goes when the retry fails', async () => {
  const pane = ask({
    title: 'T',
    fields: [
      {
        name: 'a',
        type: 'async-select',
        label: '担当',
        loadUrl: `http://127.0.0.1:${closedPort}/x`,
        displayField: 'name',
        valueField: 'id',
      },
      {
        name: 'b',
        type: 'async-select',
        label: '部署',
        loadUrl: '/busy',
        displayField: 'name',
        valueField: 'id',
      },
    ],
  });
  await pane.waitFor(/接続できません（接続を拒否されました）/);
  pane.keys('C-r');
  // The retry fails again at once: its notice goes with it, without any other key.
  await pane.settle(300);
  assert.doesNotMatch(pane.screen(), /再読み込みしています/);
  assert.match(pane.screen(), /接続を拒否されました/);
  pane.keys('Enter');
  await pane.waitFor(/サーバーがエラーを返しました（HTTP 503）/);
  await cancel(pane);
  pane.kill();
});

test('20,000 search results: the first 100, with "refine your search"; typing stays live', async () => {
  const pane = ask({
    title: 'T',
    fields: [
      {
        name: 'u',
        type: 'autocomplete',
        label: '人',
        searchUrl: '/many',
        displayField: 'name',
        valueField: 'id',
        debounceMs: 0,
      },
    ],
  });
  await pane.waitFor(/人 \(1\/1\)/);
  pane.literal('ab');
  let screen = await pane.waitFor(/ほかに19,900件あります: 検索語を絞り込んでください/);
  assert.match(screen, /ab-user-0/);
  pane.literal('c');
  screen = await pane.waitFor(/abc-user-0/);
  assert.match(screen, /ほかに19,900件あります/);
  pane.keys('Down', 'Enter');
  await pane.waitFor(/入力内容の確認/);
  pane.keys('Enter');
  const r = await pane.exit();
  assert.deepEqual(JSON.parse(r.stdout), { u: 'u1' });
  pane.kill();
});

test('a multiple choice can be sent empty after revising it', async () => {
  const pane = question([single, multi]);
  await pane.waitFor(/1\/2/);
  pane.keys('Enter');
  await pane.waitFor(/\[ \] A/);
  pane.keys('Space', 'Enter');
  await pane.waitFor(/→ A/);
  pane.keys('Up', 'Enter'); // question 2 again
  await pane.waitFor(/\[x\] A/);
  pane.keys('Space', 'Enter'); // deselect: nothing chosen
  await pane.waitFor(/回答の確認/);
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.code, 0);
  assert.equal(r.stdout, 'ユーザーの回答: "どのファイル？"="main.ts", "どれ？"=""\n');
  pane.kill();
});

test('Esc while revising その他 asks before dropping the typed change', async () => {
  const pane = question([single, { question: '名前は？', header: '名前', options: [] }]);
  await pane.waitFor(/1\/2/);
  pane.keys('Enter');
  await pane.waitFor(/名前は？/);
  pane.literal('山田');
  pane.keys('Enter');
  await pane.waitFor(/回答の確認/);
  pane.keys('Up', 'Enter');
  await pane.waitFor(/> 山田/);
  pane.literal('太郎');
  pane.keys('Escape');
  await pane.waitFor(/この項目の変更を破棄して確認画面に戻りますか？/);
  pane.literal('n');
  await pane.waitFor((s) => /山田太郎/.test(s) && !/破棄して/.test(s));
  pane.keys('Enter');
  await pane.waitFor(/→ 山田太郎/);
  pane.keys('Enter');
  const r = await pane.exit();
  assert.match(r.stdout, /"名前は？"="山田太郎"/);
  pane.kill();
});

test('a heading followed by a divider: both markers shown', async () => {
  const pane = ask({
    title: 'T',
    fields: [
      { type: 'heading', text: '基本情報' },
      { type: 'divider', label: '連絡先' },
      { name: 'a', type: 'text', label: '名前' },
    ],
  });
  const screen = await pane.waitFor(/名前 \(1\/1\)/);
  assert.match(screen, /── 基本情報\n── 連絡先\n名前 \(1\/1\)/);
  pane.keys('Escape');
  await pane.exit();
  pane.kill();
});

// A shrink pushes the top rows of the prompt into the scrollback; growing again brings them back
// (tmux): they are cleared, not left above the prompt.
test('resize 80x24 -> 40x10 -> 80x24: no duplicated rows on the screen or in the scrollback', async () => {
  const pane = question(
    [{ ...single, options: Array.from({ length: 12 }, (_, i) => ({ label: `opt${i}` })) }],
    {
      before: 'echo BEFORE',
    },
  );
  const first = await pane.waitFor(/Esc キャンセル/);
  pane.resize(40, 10);
  await pane.waitFor(/…$/);
  const small = await pane.settle();
  assert.equal((small.match(/どのファイル？/g) ?? []).length, 1, small);
  pane.resize(80, 24);
  await pane.waitFor(/Esc キャンセル$/);
  // The same frame (the line above it may have gone up into the scrollback).
  assert.equal((await pane.settle()).replace(/^BEFORE\n/, ''), first.replace(/^BEFORE\n/, ''));
  const history = pane.history();
  assert.equal(history.split('\n').filter((l) => l === '[ファイル]').length, 1, history);
  assert.equal(history.split('\n').filter((l) => l === 'どのファイル？').length, 1, history);
  pane.keys('Escape');
  await pane.exit();
  pane.kill();
});

test('TERM=dumb: plain lines, no colour and no cursor moves; keys still work', async () => {
  const out = join(dir, 'dumb.out');
  const pane = question([single], { env: { TERM: 'dumb' } });
  pane.tmux('pipe-pane', '-t', pane.target, '-o', `cat >> '${out}'`);
  await pane.waitFor(/Esc キャンセル/);
  pane.literal('j');
  await pane.waitFor(/> 2\. utils\.ts/);
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.stdout, 'ユーザーの回答: "どのファイル？"="utils.ts"\n');
  const bytes = readFileSync(out, 'utf8');
  assert.match(bytes, /> 2\. utils\.ts/);
  assert.ok(
    !/\x1b/.test(bytes),
    `escape sequences written to a dumb terminal: ${JSON.stringify(bytes.slice(0, 300))}`,
  );
  pane.kill();
});

test("maxLength is told in the seed's words", async () => {
  const pane = ask({ title: 'T', fields: [{ name: 'a', type: 'text', label: 'コード', maxLength: 5 }] });
  await pane.waitFor(/コード \(1\/1\)/);
  pane.literal('abcdefgh');
  const screen = await pane.waitFor(/コードは5文字以下で入力してください/);
  assert.doesNotMatch(screen, /回答は5文字までです/);
  await cancel(pane);
  pane.kill();
});

test("a file that is not JSON: told in the run's language", async () => {
  const broken = file('broken.json', '{"title": "x",');
  for (const verb of ['ask', 'question']) {
    const pane = Pane.start(socket, [verb, broken]);
    const r = await pane.exit();
    assert.equal(r.code, 2);
    assert.match(
      r.terminal,
      /broken\.json は正しい JSON ではありません: .*引用符・カンマ・括弧を確認してください。/,
    );
    pane.kill();
  }
});

test('seed 004 input checks: missing options, duplicate labels, a label equal to その他', async () => {
  const cases: [unknown, RegExp][] = [
    [{ question: 'Q', header: 'H' }, /質問 1 \(H\) に options がありません/],
    [
      { question: 'Q', header: 'H', options: [{ label: 'A' }, { label: 'A' }] },
      /options\[1\]\.label「A」が options\[0\] と同じです/,
    ],
    [{ question: 'Q', header: 'H', options: [{ label: 'その他' }] }, /「その他」は自由記述の選択肢/],
  ];
  for (const [q, message] of cases) {
    const pane = question([q]);
    const r = await pane.exit();
    assert.equal(r.code, 2);
    assert.match(r.terminal, /エラー \[VALIDATION_ERROR\]/);
    assert.match(r.terminal, message);
    pane.kill();
  }
});

test('the long-label warning is true: the label is shown whole, and counted as shown', async () => {
  const label = 'とても長い選択肢のラベル';
  const pane = question([{ question: 'Q', header: 'H', options: [{ label }, { label: 'B' }] }]);
  const screen = await pane.waitFor(/Esc キャンセル/);
  assert.match(screen, new RegExp(`> 1\\. ${label}`));
  pane.keys('Enter');
  const r = await pane.exit();
  assert.match(r.terminal, /推奨の最大10文字を超えています（画面には全体を表示しました）/);
  assert.doesNotMatch(r.terminal, /短縮して表示/);
  pane.kill();
});

test('a load shows a spinner with its time and Ctrl+R, times out on its own after 10 s, and says so', () =>
  loadTimeout);
