// `formrequest ask` end to end in a real terminal (tmux) against a small local search server.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';
import { killServer, Pane, startServer } from '../../../testing/tmux.ts';

const socket = `formrequest-ask-${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'formrequest-ask-'));
const requests: string[] = [];
let server: Server;
let baseUrl = '';

const users = [
  { id: 'u1', name: '田中 太郎', department: '開発部' },
  { id: 'u2', name: '田村 花子', department: '営業部' },
  { id: 'u3', name: 'Smith', department: 'Sales' },
];
const data: Record<string, unknown> = {
  '/countries': [
    { code: 'JP', name: '日本' },
    { code: 'US', name: 'アメリカ' },
  ],
  '/prefectures?country_code=JP': [
    { code: '13', name: '東京都' },
    { code: '27', name: '大阪府' },
  ],
  '/prefectures?country_code=US': [{ code: 'CA', name: 'California' }],
  '/cities?prefecture_code=27': { items: [{ code: 'osaka', name: '大阪市' }] },
};

before(async () => {
  startServer(socket);
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    requests.push(decodeURIComponent(url.pathname + url.search));
    let body: unknown = data[url.pathname + url.search];
    if (url.pathname === '/users/search') {
      const q = url.searchParams.get('q') ?? '';
      body = users.filter((u) => u.name.includes(q)).slice(0, Number(url.searchParams.get('limit') ?? 10));
    }
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  killServer(socket);
  server.close();
});

const form = {
  title: 'タスク登録',
  fields: [
    { type: 'heading', text: '基本情報', description: 'まずは名前から' },
    {
      name: 'name',
      type: 'text',
      label: '名前',
      required: true,
      pattern: '^[a-z-]+$',
      patternError: '小文字とハイフンのみ',
    },
    { name: 'count', type: 'number', label: '数量', min: 1, max: 10 },
    { name: 'notes', type: 'textarea', label: 'メモ' },
    { name: 'agree', type: 'checkbox', label: '同意する', required: true },
    { type: 'divider', label: '担当' },
    {
      name: 'assignee',
      type: 'autocomplete',
      label: '担当者',
      searchUrl: '/users/search',
      searchParams: { q: '{query}', limit: 5 },
      displayField: 'name',
      valueField: 'id',
      renderTemplate: '{name} ({department})',
      debounceMs: 250,
      required: true,
    },
    {
      name: 'country',
      type: 'async-select',
      label: '国',
      loadUrl: '/countries',
      displayField: 'name',
      valueField: 'code',
      default: 'JP',
    },
    {
      name: 'prefecture',
      type: 'cascading-select',
      label: '都道府県',
      searchUrl: '/prefectures',
      dependsOn: 'country',
      dependsOnParam: 'country_code',
      displayField: 'name',
      valueField: 'code',
    },
    {
      name: 'city',
      type: 'cascading-select',
      label: '市区町村',
      searchUrl: '/cities',
      dependsOn: 'prefecture',
      dependsOnParam: 'prefecture_code',
      displayField: 'name',
      valueField: 'code',
    },
    { name: 'doc', type: 'file', label: '添付', accept: '.txt', maxSize: 1024 },
    { name: 'version', type: 'hidden', value: '1.0' },
  ],
};

test('ask: every widget family, inline messages, debounced search, the cascade, file checks, review and revise', async () => {
  const file = join(dir, 'form.json');
  writeFileSync(file, JSON.stringify(form));
  writeFileSync(join(dir, 'big.txt'), 'x'.repeat(2000));
  writeFileSync(join(dir, 'note.txt'), 'hello');
  writeFileSync(join(dir, 'note.pdf'), 'pdf');
  const pane = Pane.start(socket, ['ask', file, '--base-url', baseUrl], {
    stdoutToFile: true,
    width: 80,
    height: 24,
  });
  let screen = await pane.waitFor(/名前 \* \(1\/9\)/);
  assert.equal(
    screen,
    'タスク登録\n\n── 基本情報\nまずは名前から\n名前 * (1/9)\n>\nEnter 次へ · Esc キャンセル',
  );
  pane.literal('Bad Name');
  pane.keys('Enter');
  await pane.waitFor(/小文字とハイフンのみ/);
  pane.keys('C-u');
  pane.literal('my-task');
  pane.keys('Enter');
  await pane.waitFor(/数量 \(2\/9\)/);
  pane.literal('abc');
  pane.keys('Enter');
  await pane.waitFor(/数量は数値で入力してください/);
  pane.keys('C-u');
  pane.literal('50');
  pane.keys('Enter');
  await pane.waitFor(/数量は10以下で入力してください/);
  pane.keys('BSpace');
  pane.keys('Enter');
  await pane.waitFor(/メモ \(3\/9\)/);
  pane.literal('一行目');
  pane.literal('\x1b[13;2u');
  pane.literal('二行目');
  pane.keys('Enter');
  await pane.waitFor(/同意する \* \(4\/9\)/);
  pane.keys('Enter');
  await pane.waitFor(/「同意する」にチェックを入れてください/);
  pane.keys('Space', 'Enter');
  screen = await pane.waitFor(/担当者 \* \(5\/9\)/);
  assert.match(screen, /── 担当/);
  const before = requests.length;
  pane.literal('田');
  pane.literal('中');
  screen = await pane.waitFor(/田中 太郎 \(開発部\)/);
  // Debounced: one search for the whole query, not one per character.
  assert.deepEqual(requests.slice(before), ['/users/search?q=田中&limit=5']);
  pane.keys('Enter');
  screen = await pane.waitFor(/国 \(6\/9\)/);
  await pane.waitFor(/\(\*\) 日本/); // the default, once loaded
  pane.keys('Enter');
  await pane.waitFor(/都道府県 \(7\/9\)/);
  await pane.waitFor(/大阪府/);
  pane.keys('Down', 'Enter');
  await pane.waitFor(/市区町村 \(8\/9\)/);
  await pane.waitFor(/大阪市/);
  assert.ok(
    requests.includes('/prefectures?country_code=JP') && requests.includes('/cities?prefecture_code=27'),
  );
  pane.keys('Enter');
  await pane.waitFor(/添付 \(9\/9\)/);
  pane.literal(join(dir, 'missing.txt'));
  pane.keys('Enter');
  await pane.waitFor(/ファイルが見つかりません/);
  pane.keys('C-u');
  pane.literal(join(dir, 'big.txt'));
  pane.keys('Enter');
  await pane.waitFor(/添付のファイルサイズは/);
  pane.keys('C-u');
  pane.literal(join(dir, 'note.pdf'));
  pane.keys('Enter');
  await pane.waitFor(/添付のファイル形式が許可されていません/);
  pane.keys('C-u');
  pane.literal(join(dir, 'note.txt'));
  pane.keys('Enter');
  screen = await pane.waitFor(/> 送信\n/);
  assert.match(screen, /担当者:\n\s+田中 太郎 \(開発部\)/);
  assert.match(screen, /都道府県:\n\s+大阪府/);
  // Revise the country: its cascade (prefecture, city) is cleared.
  pane.keys('Up', 'Up', 'Up', 'Up', 'Enter'); // from 送信 up to 国
  await pane.waitFor(/国 \(6\/9\)/);
  await pane.waitFor(/アメリカ/);
  pane.keys('Down', 'Enter');
  screen = await pane.waitFor(/> 送信\n/);
  assert.match(screen, /国:\n\s+アメリカ\n.*都道府県:\n\s+（未入力）\n.*市区町村:\n\s+（未入力）/s);
  pane.keys('Enter'); // the cursor is back on 送信
  const r = await pane.exit();
  assert.equal(r.code, 0, r.terminal);
  assert.deepEqual(JSON.parse(r.stdout), {
    name: 'my-task',
    count: 5,
    notes: '一行目\n二行目',
    agree: true,
    assignee: 'u1',
    country: 'US',
    doc: {
      name: 'note.txt',
      type: 'text/plain',
      size: 5,
      data: `data:text/plain;base64,${Buffer.from('hello').toString('base64')}`,
    },
    version: '1.0',
  });
  pane.kill();
});

test('ask: Escape cancels with exit 3 and the cancel message; the schema warning shows on stderr after', async () => {
  const file = join(dir, 'warned.json');
  // An unknown form property: shown all the same, warned about for whoever wrote the form.
  writeFileSync(
    file,
    JSON.stringify({ title: 'T', colour: 'red', fields: [{ name: 'a', type: 'text', label: 'A' }] }),
  );
  const pane = Pane.start(socket, ['ask', file], { stdoutToFile: true });
  const screen = await pane.waitFor(/A \(1\/1\)/);
  assert.doesNotMatch(screen, /colour/, 'no warning while the form is up');
  pane.keys('Escape');
  const r = await pane.exit();
  assert.equal(r.code, 3);
  assert.equal(r.stdout, 'フォーム入力をキャンセルしました。\n');
  assert.equal(pane.format('#{alternate_on}'), '0');
  // The transcript's last line, then the warning (stderr shares the terminal).
  assert.ok(r.terminal.endsWith("\n警告: 不明なプロパティ 'colour' は無視されます。"), r.terminal);
  pane.kill();
});

test('ask: an invalid schema prints the tool messages (exit 2); no terminal exits 4 with NO_UI', () => {
  const bad = join(dir, 'bad.json');
  writeFileSync(
    bad,
    JSON.stringify({
      title: 'T',
      fields: [
        { type: 'text', label: 'x' },
        { name: 'b', type: 'invalid_type' },
      ],
    }),
  );
  const [cmd, args] = cliCommand('ask', bad);
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^エラー: フィールド\[0\]（type: text）にnameが指定されていません。/);
  assert.match(
    r.stderr,
    /エラー: フィールド\[1\]の無効なtype: 'invalid_type'。有効なタイプ: async-select, autocomplete/,
  );
  const good = join(dir, 'small.json');
  writeFileSync(good, JSON.stringify({ title: 'T', fields: [{ name: 'a', type: 'text', label: 'A' }] }));
  const [cmd2, args2] = cliCommand('ask', good);
  const n = spawnSync(cmd2, args2, { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  assert.equal(n.status, 4);
  assert.match(n.stderr, /^エラー \[NO_UI\]: /);
});

test('ask: the file field as people give paths: ~, Tab completion, a dropped quoted path, an escaped one', async () => {
  const home = mkdtempSync(join(tmpdir(), 'formrequest-home-'));
  const docs = join(home, 'my docs');
  spawnSync('mkdir', ['-p', docs]);
  writeFileSync(join(docs, 'report 2026.txt'), 'hello');
  writeFileSync(join(docs, 'résumé.txt'), 'ok');
  writeFileSync(join(home, 'big.txt'), 'x'.repeat(3 * 1024 * 1024));
  const file = join(dir, 'files.json');
  writeFileSync(
    file,
    JSON.stringify({
      title: 'ファイル',
      fields: [
        { name: 'a', type: 'file', label: '一つ目', accept: '.txt', maxSize: 2 * 1024 * 1024 },
        { name: 'b', type: 'file', label: '二つ目', multiple: true },
      ],
    }),
  );
  const pane = Pane.start(socket, ['ask', file], { stdoutToFile: true, env: { HOME: home }, width: 100 });
  await pane.waitFor(/一つ目 \(1\/2\)/);
  assert.match(pane.screen(), /形式 \.txt · 最大 2 MB/); // not "≤ 2097152 B"
  pane.literal('~/big.txt');
  pane.keys('Enter');
  await pane.waitFor(/一つ目のファイルサイズは2 MB以下にしてください/);
  pane.keys('C-u');
  pane.literal('~/my');
  pane.keys('Tab');
  await pane.waitFor(/> ~\/my\\ docs\//);
  pane.literal('r');
  pane.keys('Tab');
  await pane.waitFor(/候補 2件: report 2026\.txt {2}résumé\.txt/);
  pane.literal('ep');
  pane.keys('Tab');
  await pane.waitFor(/> ~\/my\\ docs\/report\\ 2026\.txt/);
  pane.keys('Enter');
  await pane.waitFor(/二つ目 \(2\/2\)/);
  // Dropped onto the window: GNOME Terminal quotes, iTerm2 escapes (both arrive as a bracketed paste).
  pane.paste(`'${join(docs, 'report 2026.txt')}' `);
  pane.keys('C-j');
  pane.paste(`${join(docs, 'résumé.txt').replace(/ /g, '\\ ')} `);
  pane.keys('Enter');
  const review = await pane.waitFor(/> 送信\n/);
  assert.match(review, /一つ目:\n\s+report 2026\.txt \(5 B\)/);
  assert.match(review, /二つ目:\n\s+report 2026\.txt \(5 B\), résumé\.txt \(2 B\)/);
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.code, 0, r.terminal);
  const answers = JSON.parse(r.stdout);
  assert.equal(answers.a.name, 'report 2026.txt');
  assert.deepEqual(
    answers.b.map((f: { name: string }) => f.name),
    ['report 2026.txt', 'résumé.txt'],
  );
  pane.kill();
});

test('ask: Esc steps back one level and never loses what was typed without asking', async () => {
  const file = join(dir, 'esc.json');
  writeFileSync(
    file,
    JSON.stringify({
      title: 'Esc の確認',
      fields: [
        { name: 'a', type: 'text', label: 'A' },
        { name: 'b', type: 'text', label: 'B' },
      ],
    }),
  );
  // Nothing entered: Esc cancels at once.
  const fresh = Pane.start(socket, ['ask', file], { stdoutToFile: true });
  await fresh.waitFor(/A \(1\/2\)/);
  fresh.keys('Escape');
  assert.equal((await fresh.exit()).code, 3);
  fresh.kill();

  const pane = Pane.start(socket, ['ask', file], { stdoutToFile: true });
  await pane.waitFor(/A \(1\/2\)/);
  pane.literal('first');
  pane.keys('Escape'); // typed text: asks
  await pane.waitFor(/フォームをキャンセルしますか？/);
  pane.keys('Escape'); // Esc in the question is "no"
  await pane.waitFor((s) => !/キャンセルしますか/.test(s) && /> first/.test(s));
  pane.keys('Enter');
  await pane.waitFor(/B \(2\/2\)/);
  pane.literal('second');
  pane.keys('Enter');
  await pane.waitFor(/> 送信\n/);
  // Revising: unchanged, Esc goes straight back; changed, it asks before throwing the change away.
  pane.keys('Up', 'Up', 'Enter');
  await pane.waitFor(/A \(1\/2\)/);
  pane.keys('Escape');
  await pane.waitFor(/入力内容の確認/);
  pane.keys('Enter');
  await pane.waitFor(/A \(1\/2\)/);
  pane.literal(' edited');
  pane.keys('Escape');
  await pane.waitFor(/この項目の変更を破棄して確認画面に戻りますか？/);
  pane.literal('n');
  await pane.waitFor((s) => /> first edited/.test(s) && !/破棄/.test(s));
  pane.keys('Escape');
  await pane.waitFor(/破棄して戻る/);
  pane.literal('y');
  const review = await pane.waitFor(/入力内容の確認/);
  assert.match(review, /A:\n\s+first\n/);
  // The review's Esc: answers exist, so it asks; "y" cancels.
  pane.keys('Escape');
  await pane.waitFor(/フォームをキャンセルしますか？/);
  pane.literal('y');
  const r = await pane.exit();
  assert.equal(r.code, 3);
  assert.equal(r.stdout, 'フォーム入力をキャンセルしました。\n');
  pane.kill();
});

test('ask: a select of the 47 prefectures: markers, PageDown, / to filter', async () => {
  const pane = Pane.start(socket, ['ask', join(repoRoot, 'examples/forms/prefecture.json')], {
    stdoutToFile: true,
    height: 16,
  });
  let screen = await pane.waitFor(/都道府県 \* \(1\/1\)/);
  assert.match(screen, /> \( \) 北海道/);
  assert.match(screen, /↓ 他\d+件/);
  assert.ok(screen.split('\n').length <= 16);
  pane.keys('PageDown');
  screen = await pane.waitFor(/↑ 他\d+件/);
  pane.literal('/kyo');
  screen = await pane.waitFor(/絞り込み: kyo \(2\/47\)/);
  assert.match(screen, /> \( \) 東京都\n {2}\( \) 京都府/);
  pane.keys('Down', 'Enter');
  await pane.waitFor(/> 送信/);
  pane.keys('Enter');
  const r = await pane.exit();
  assert.deepEqual(JSON.parse(r.stdout), { prefecture: 'kyoto' });
  pane.kill();
});

test('ask: a server that cannot be reached says which and why; Ctrl+R tries again, an optional field moves on', async () => {
  // A port that was free a moment ago: nothing listens there now.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  const file = join(dir, 'unreachable.json');
  writeFileSync(
    file,
    JSON.stringify({
      title: 'T',
      fields: [
        {
          name: 'c',
          type: 'async-select',
          label: 'C',
          loadUrl: `http://127.0.0.1:${port}/c`,
          displayField: 'n',
          valueField: 'v',
        },
      ],
    }),
  );
  const pane = Pane.start(socket, ['ask', file], { stdoutToFile: true });
  await pane.waitFor(
    new RegExp(
      `選択肢を読み込めませんでした。 \\(127\\.0\\.0\\.1:${port}\\s*に接続できません（接続を拒否されました）\\)`,
    ),
  );
  assert.match(pane.screen(), /Ctrl\+R 再試行/);
  pane.keys('C-r');
  // Tried again: refused again at once, and the retry notice goes with it.
  await pane.settle(300);
  assert.match(pane.screen(), /接続を拒否されました/);
  assert.doesNotMatch(pane.screen(), /再読み込みしています/);
  pane.keys('Enter'); // optional: goes on without it
  await pane.waitFor(/> 送信/);
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.code, 0);
  assert.deepEqual(JSON.parse(r.stdout), {});
  pane.kill();
});
