// `formrequest question` in a real terminal (tmux): keys, exact bytes, bracketed paste, resize.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';
import { killServer, Pane, startServer } from '../../../testing/tmux.ts';
import { displayWidth, truncateToWidth } from '../src/width.js';

const socket = `formrequest-question-${process.pid}`;
startServer(socket);
after(() => killServer(socket));
const example = (name: string) => join(repoRoot, 'examples/questions', name);

function start(file: string, opts: Parameters<typeof Pane.start>[2] = {}, extra: string[] = []): Pane {
  return Pane.start(socket, ['question', file, ...extra], { stdoutToFile: true, ...opts });
}

const HINT = '↑↓/jk 移動 · / 絞り込み · Enter 確定 · Tab 確認 · Esc キャンセル';
const FIRST_FRAME = [
  '[ファイル選択]',
  'どのファイルを編集しますか？',
  '',
  '> 1. main.ts',
  '     エントリーポイント',
  '  2. utils.ts',
  '     ユーティリティ関数',
  '  3. config.ts',
  '     設定ファイル',
  '  4. その他（自由記述）',
  '',
  HINT,
].join('\n');

test('navigation: one Enter answers a single question; j/k and Ctrl+N/P move; letters never filter', async () => {
  const pane = start(example('single.json'));
  assert.equal(await pane.waitFor(/Esc キャンセル/), FIRST_FRAME);
  pane.literal('j');
  await pane.waitFor(/> 2\. utils\.ts/);
  pane.literal('jk');
  pane.keys('C-n', 'C-n', 'C-p');
  const moved = await pane.waitFor(/> 3\. config\.ts/);
  assert.doesNotMatch(moved, /絞り込み:/);
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.code, 0);
  assert.equal(r.stdout, 'ユーザーの回答: "どのファイルを編集しますか？"="config.ts"\n');
  pane.kill();
});

test('navigation: Tab opens the review of a single question, Enter submits', async () => {
  const pane = start(example('single.json'));
  assert.equal(await pane.waitFor(/Esc キャンセル/), FIRST_FRAME);
  pane.keys('Down', 'Down', 'Up', 'Down');
  await pane.waitFor(/> 3\. config\.ts/);
  pane.keys('Tab');
  const confirm = await pane.waitFor(/回答の確認/);
  assert.equal(
    confirm,
    [
      '回答の確認',
      '',
      '> 1. [ファイル選択] どのファイルを編集しますか？',
      '     → config.ts',
      '',
      '  送信する',
      '',
      '↑↓/jk 移動 · Enter 修正/送信 · Esc キャンセル',
    ]
      .join('\n')
      .replace('> 1.', '  1.')
      .replace('  送信する', '> 送信する'),
  );
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.code, 0);
  assert.equal(r.stdout, 'ユーザーの回答: "どのファイルを編集しますか？"="config.ts"\n');
  // The terminal is back to normal: main screen, cursor visible.
  assert.equal(pane.format('#{alternate_on}'), '0');
  assert.equal(pane.format('#{cursor_flag}'), '1');
  pane.kill();
});

test('multi-select, several questions, and revising an answer on the confirmation screen', async () => {
  const pane = start(example('several.json'), {}, ['--json']);
  await pane.waitFor(/1\/2/);
  pane.keys('Enter');
  await pane.waitFor(/\[ \] A/);
  pane.keys('Space', 'Down', 'Down', 'Space');
  await pane.waitFor(/\[x\] C/);
  assert.match(pane.screen(), /> 3\. \[x\] C[\s\S]*2件選択中/);
  pane.keys('Enter');
  await pane.waitFor(/→ A, C/);
  pane.keys('Up', 'Up', 'Enter'); // from 送信する up to question 1
  await pane.waitFor(/1\/2/);
  pane.keys('Down', 'Enter');
  const confirm = await pane.waitFor(/→ utils\.ts/);
  assert.match(confirm, /→ utils\.ts\n[\s\S]*→ A, C\n\n> 送信する/);
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.code, 0);
  const result = JSON.parse(r.stdout);
  assert.deepEqual(result.details, { answers: [['utils.ts'], ['A', 'C']] });
  assert.equal(
    result.content[0].text,
    'ユーザーの回答: "どのファイルを編集しますか？"="utils.ts", "どの拡張機能を使用しますか？（複数可）"="A, C"',
  );
  pane.kill();
});

test('custom text: Japanese, Shift+Enter (CSI-u and modifyOtherKeys), the Ctrl+J fallback, cursor at the insertion point', async () => {
  const pane = start(example('free-text.json'));
  // A question without options opens its free-text input at once, the cursor in it.
  assert.equal(
    await pane.waitFor(/Shift\+Enter/),
    '[説明]\nプロジェクトの説明を書いてください（複数行可）\n\n> 1. その他:\n     >\n\nEnter 確定 · Shift+Enter/Ctrl+J 改行 · Esc 戻る',
  );
  assert.deepEqual(pane.cursor(), { x: 7, y: 4 });
  pane.literal('日本語の入力');
  pane.literal('\x1b[13;2u'); // kitty / CSI-u Shift+Enter
  pane.literal('二行目');
  pane.literal('\x1b[27;2;13~'); // xterm modifyOtherKeys Shift+Enter
  pane.literal('三行目');
  pane.keys('C-j'); // the fallback
  pane.literal('四');
  const screen = await pane.waitFor(/四/);
  assert.match(screen, /1\. その他:\n {5}> 日本語の入力\n {7}二行目\n {7}三行目\n {7}四/);
  // The real cursor sits right after "四" (7 columns of indent + 2 for the wide character).
  const row = screen.split('\n').findIndex((l) => l.endsWith('四'));
  assert.deepEqual(pane.cursor(), { x: 9, y: row });
  pane.keys('Left');
  await pane.settle();
  assert.deepEqual(pane.cursor(), { x: 7, y: row });
  pane.keys('Up', 'End');
  await pane.settle();
  assert.deepEqual(pane.cursor(), { x: 7 + displayWidth('三行目'), y: row - 1 });
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.code, 0);
  assert.equal(
    r.stdout,
    'ユーザーの回答: "プロジェクトの説明を書いてください（複数行可）"="日本語の入力\n二行目\n三行目\n四"\n',
  );
  pane.kill();
});

test('paste: escape sequences stripped, newlines kept, over 10,000 characters cut with a notice', async () => {
  const pane = start(example('free-text.json'));
  await pane.waitFor(/Shift\+Enter/);
  pane.paste('赤\x1b[31m字\x1b[0m\n\x1b]0;title\x07行2\x1b[2J\x1b[H');
  const screen = await pane.waitFor(/制御文字/);
  assert.match(screen, /> 赤字\n\s+行2/);
  assert.doesNotMatch(screen, /title/);
  pane.keys('C-u', 'BSpace', 'C-u'); // clear both lines
  await pane.waitFor((s) => !/赤字/.test(s));
  pane.paste('x'.repeat(10_050));
  await pane.waitFor(/10,000文字/);
  pane.keys('Enter');
  const r = await pane.exit();
  const answer = /="(x*)"\n$/.exec(r.stdout);
  assert.ok(answer, r.stdout.slice(0, 200));
  assert.equal(answer[1]!.length, 10_000);
  pane.kill();
});

test('resize: rewraps to 30 columns without stale rows and back to 80 exactly', async () => {
  const pane = start(example('single.json'));
  assert.equal(await pane.waitFor(/Esc キャンセル/), FIRST_FRAME);
  pane.resize(30, 20);
  await pane.waitFor((sc) => sc.endsWith(truncateToWidth(HINT, 30)));
  const narrow = await pane.settle();
  // The same frame, its footer shortened to the narrower width.
  assert.equal(narrow, FIRST_FRAME.replace(HINT, truncateToWidth(HINT, 30)));
  for (const line of narrow.split('\n')) assert.ok(displayWidth(line) <= 30, line);
  pane.resize(80, 20);
  await pane.waitFor(/Esc キャンセル$/);
  assert.equal(await pane.settle(), FIRST_FRAME);
  pane.keys('Escape');
  assert.equal((await pane.exit()).code, 3);
  pane.kill();
});

test('a 30-column terminal: long question, header and labels wrap or shorten within 30 columns', async () => {
  const file = join(spawnSync('mktemp', ['-d']).stdout.toString().trim(), 'long.json');
  writeFileSync(
    file,
    JSON.stringify({
      questions: [
        {
          question: 'このプロジェクトで使うデータベースを選んでください。後から変更できます。',
          header: 'データベースの選択（とても長いヘッダーのテキストです）',
          options: [
            { label: 'PostgreSQL（推奨、本番向け）', description: 'リレーショナルで拡張性が高い' },
            { label: 'SQLite' },
          ],
        },
      ],
    }),
  );
  const pane = start(file, { width: 30 });
  const screen = await pane.waitFor(/↑↓\/jk/);
  assert.equal(
    screen,
    [
      '[データベースの選択（とても長',
      'いヘッダーのテキストです）]',
      'このプロジェクトで使うデータベ',
      'ースを選んでください。後から変',
      '更できます。',
      '',
      '> 1. PostgreSQL（推奨、本番向',
      '     け）',
      '     リレーショナルで拡張性が',
      '     高い',
      '  2. SQLite',
      '  3. その他（自由記述）',
      '',
      truncateToWidth(HINT, 30),
    ].join('\n'),
  );
  pane.keys('Down');
  await pane.waitFor(/> 2\. SQLite/);
  assert.match(pane.screen(), / {2}1\. PostgreSQL（推奨、本番向…\n {5}リレーショナルで拡張性が…/); // one row each when not highlighted
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.code, 0);
  assert.match(r.stdout, /="SQLite"\n$/);
  pane.kill();
});

test('cancel: Escape and Ctrl+C exit 3 with CANCELLED and restore the terminal (inline and full-screen)', async () => {
  for (const [key, extra] of [
    ['Escape', []],
    ['C-c', []],
    ['Escape', ['--fullscreen']],
  ] as const) {
    const pane = start(example('single.json'), {}, [...extra]);
    await pane.waitFor(/Esc キャンセル/);
    assert.equal(pane.format('#{alternate_on}'), extra.length ? '1' : '0');
    pane.keys(key);
    const r = await pane.exit();
    assert.equal(r.code, 3, key);
    // Inline leaves what was asked in the scrollback; full-screen leaves nothing.
    const transcript = extra.length
      ? ''
      : '✕ [ファイル選択] どのファイルを編集しますか？\n  キャンセルしました\n';
    assert.ok(
      r.terminal.startsWith(
        `${transcript}エラー [CANCELLED]: ユーザーが質問への回答をキャンセルしました\n\n回復方法:\n1. `,
      ),
      r.terminal,
    );
    assert.equal(pane.format('#{alternate_on}'), '0');
    assert.equal(pane.format('#{cursor_flag}'), '1');
    pane.kill();
  }
});

test('a signal (SIGTERM) restores the terminal before the process ends (inline and full-screen)', async () => {
  for (const extra of [[], ['--fullscreen']]) {
    const pane = start(example('single.json'), { before: 'echo above' }, extra);
    await pane.waitFor(/Esc キャンセル/);
    assert.equal(pane.format('#{alternate_on}'), extra.length ? '1' : '0');
    process.kill(pane.pid(), 'SIGTERM');
    const r = await pane.exit();
    assert.equal(r.code, 143);
    assert.equal(pane.format('#{alternate_on}'), '0');
    assert.equal(pane.format('#{cursor_flag}'), '1');
    // What was above stays; inline replaces the prompt by the transcript of the cancel (then the
    // shell's own "Terminated").
    const transcript = extra.length
      ? ''
      : '✕ [ファイル選択] どのファイルを編集しますか？\n  キャンセルしました\n';
    assert.equal(r.terminal, `above\n${transcript}Terminated`);
    pane.kill();
  }
});

test('NO_OPTIONS in the terminal: the seed message, exit 2, no prompt', async () => {
  const pane = start(example('no-options.json'));
  const r = await pane.exit();
  assert.equal(r.code, 2);
  assert.equal(
    r.terminal,
    'エラー [NO_OPTIONS]: 質問 1 (ファイル選択) に選択肢がなく、自由記述も無効です\n\n回復方法:\n' +
      '1. options に少なくとも1つの選択肢を追加してください: options: [{ label: "はい" }]\n' +
      '2. または custom: true を設定して自由記述を許可してください',
  );
  pane.kill();
});

test('NO_QUESTIONS, VALIDATION_ERROR (exit 2) and NO_UI (stdin not a terminal, exit 4) in the terminal', async () => {
  const dir = spawnSync('mktemp', ['-d']).stdout.toString().trim();
  writeFileSync(join(dir, 'empty.json'), '{"questions": []}');
  writeFileSync(
    join(dir, 'bad.json'),
    '{"questions": [{"question": "Q", "header": "H", "options": [{"label": ""}]}]}',
  );
  const cases: [string, Parameters<typeof Pane.start>[2], number, RegExp][] = [
    [
      join(dir, 'empty.json'),
      {},
      2,
      /^エラー \[NO_QUESTIONS\]: 質問が指定されていません（questions が空です）\n\n回復方法:\n1\. questions 配列に/,
    ],
    [
      join(dir, 'bad.json'),
      {},
      2,
      /^エラー \[VALIDATION_ERROR\]: 質問 1 \(H\) の options\[0\]\.label は空でない文字列である必要があります（受け取った型: string）\n\n回復方法:\n1\. /,
    ],
    [
      example('single.json'),
      { noStdin: true },
      4,
      /^エラー \[NO_UI\]: 対話型UIが利用できません（非対話モードで実行中です）\n\n回復方法:\n1\. 対話モード/,
    ],
  ];
  for (const [file, opts, code, message] of cases) {
    const pane = start(file, opts);
    const r = await pane.exit();
    assert.equal(r.code, code, file);
    assert.match(r.terminal, message);
    pane.kill();
  }
});

test('NO_UI without a terminal (exit 4), NO_QUESTIONS and VALIDATION_ERROR (exit 2), --json shape', () => {
  const run = (file: string, ...flags: string[]) => {
    const [cmd, args] = cliCommand('question', file, ...flags);
    return spawnSync(cmd, args, { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  };
  const noUi = run(example('single.json'), '--json');
  assert.equal(noUi.status, 4);
  const result = JSON.parse(noUi.stdout);
  assert.equal(result.details.error.code, 'NO_UI');
  assert.deepEqual(result.details.answers, []);
  assert.match(result.content[0].text, /^エラー \[NO_UI\]: .+\n\n回復方法:\n1\. 対話モード/);

  const dir = spawnSync('mktemp', ['-d']).stdout.toString().trim();
  writeFileSync(join(dir, 'empty.json'), '{"questions": []}');
  const empty = run(join(dir, 'empty.json'));
  assert.equal(empty.status, 2);
  assert.match(empty.stderr, /^エラー \[NO_QUESTIONS\]: 質問が指定されていません/);

  writeFileSync(join(dir, 'bad.json'), '{"questions": [{"question": "Q", "header": 5, "options": "x"}]}');
  const bad = run(join(dir, 'bad.json'), '--locale', 'en');
  assert.equal(bad.status, 2);
  assert.match(
    bad.stderr,
    /^Error \[VALIDATION_ERROR\]: 2 validation errors: Question 1: header must be a string/,
  );
  assert.match(bad.stderr, /How to recover:\n1\. /);
});

test('Esc: the その他 input keeps its unconfirmed text; cancelling with answers asks first', async () => {
  const pane = start(example('several.json'));
  await pane.waitFor(/1\/2/);
  pane.keys('End', 'Enter');
  await pane.waitFor(/その他:\n\s+>/);
  pane.literal('自分で書いた答え');
  pane.keys('Escape');
  let screen = await pane.waitFor(/その他: 自分で書いた答え（未確定）/);
  assert.match(screen, /> 4\. その他: 自分で書いた答え（未確定）/);
  pane.keys('Escape'); // typed text exists: asks
  await pane.waitFor(/回答をキャンセルしますか？/);
  pane.literal('n');
  await pane.waitFor((s) => !/キャンセルしますか/.test(s));
  pane.keys('Enter'); // reopens with the draft
  screen = await pane.waitFor(/>\s+自分で書いた答え/);
  pane.keys('Enter');
  await pane.waitFor(/2\/2/);
  pane.keys('Enter');
  await pane.waitFor(/回答の確認/);
  pane.keys('C-c'); // answers exist: asks, a second Ctrl+C cancels
  await pane.waitFor(/回答をキャンセルしますか？/);
  pane.keys('C-c');
  const r = await pane.exit();
  assert.equal(r.code, 3);
  pane.kill();
});

test('47 options: the question stays on screen, markers, PageDown, / to filter with the real cursor there', async () => {
  const pane = start(example('prefecture.json'), { height: 18 });
  let screen = await pane.waitFor(/Esc キャンセル/);
  const rows = screen.split('\n');
  assert.deepEqual(rows.slice(0, 2), ['[都道府県]', 'お住まいの都道府県はどこですか？']);
  assert.match(screen, /^> {2}1\. 北海道\n {6}Hokkaido$/m);
  assert.match(screen, /↓ 他\d+件/);
  pane.keys('PageDown', 'PageDown');
  screen = await pane.waitFor(/↑ 他\d+件/);
  assert.deepEqual(screen.split('\n').slice(0, 2), ['[都道府県]', 'お住まいの都道府県はどこですか？']);
  pane.literal('/oki');
  screen = await pane.waitFor(/絞り込み: oki/);
  assert.match(screen, /> 47\. 沖縄県/);
  // The real cursor is in the filter line, right after what was typed (an IME opens there).
  const filterRow = screen.split('\n').findIndex((l) => l.startsWith('絞り込み: oki'));
  assert.deepEqual(pane.cursor(), { x: displayWidth('絞り込み: oki'), y: filterRow });
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.stdout, 'ユーザーの回答: "お住まいの都道府県はどこですか？"="沖縄県"\n');
  pane.kill();
});
