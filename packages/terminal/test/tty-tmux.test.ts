// The terminal around the prompt, in tmux: output captured with $(…) (the prompt uses /dev/tty), the
// input file on stdin, no controlling terminal (NO_UI), Ctrl+Z and fg in a shell with job control, the
// transcript an inline run leaves in the scrollback, resizing an inline prompt, and a step that
// outgrows the terminal moving to the alternate screen and back.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { repoRoot } from '../../../testing/cli.ts';
import { isRunning } from '../../../testing/processes.ts';
import { killServer, Pane, startServer } from '../../../testing/tmux.ts';

const socket = `formrequest-tty-${process.pid}`;
startServer(socket);
after(() => killServer(socket));
const dir = mkdtempSync(join(tmpdir(), 'formrequest-tty-'));
const example = (name: string) => join(repoRoot, 'examples/questions', name);
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

test('x=$(formrequest question f.json 2>/dev/null): the prompt uses /dev/tty, the variable gets only the answer', async () => {
  const captured = join(dir, 'captured.txt');
  const pane = Pane.start(socket, ['question', example('single.json')], {
    wrap: (cmd) => `x=$(${cmd} 2>/dev/null); printf '%s' "$x" >${q(captured)}`,
  });
  await pane.waitFor(/Esc キャンセル/);
  // The size of /dev/tty is followed too (SIGWINCH reaches a terminal stream of our own).
  pane.resize(30, 20);
  await pane.waitFor(/…$/);
  pane.resize(80, 20);
  await pane.waitFor(/Esc キャンセル$/);
  pane.keys('Down', 'Enter');
  await pane.exit();
  assert.equal(readFileSync(captured, 'utf8'), 'ユーザーの回答: "どのファイルを編集しますか？"="utils.ts"');
  // The transcript went to the terminal, not into the variable.
  assert.match(pane.screen(), /✔ \[ファイル選択\] どのファイルを編集しますか？\n {2}→ utils\.ts/);
  pane.kill();
});

test('the input file on stdin (-): keys come from /dev/tty; ask works the same with its output captured', async () => {
  const captured = join(dir, 'answers.json');
  const form = join(dir, 'form.json');
  writeFileSync(
    form,
    JSON.stringify({ title: 'T', locale: 'ja', fields: [{ name: 'n', type: 'text', label: 'Name' }] }),
  );
  const pane = Pane.start(socket, ['ask', '-'], {
    wrap: (cmd) => `cat ${q(form)} | ${cmd} >${q(captured)}`,
  });
  await pane.waitFor(/Name \(1\/1\)/);
  pane.literal('山田');
  pane.keys('Enter');
  await pane.waitFor(/> 送信/);
  pane.keys('Enter');
  assert.equal((await pane.exit()).code, 0);
  assert.deepEqual(JSON.parse(readFileSync(captured, 'utf8')), { n: '山田' });
  assert.match(pane.screen(), /✔ T\n {2}Name: 山田/);
  pane.kill();
});

test('no controlling terminal (setsid, stdin from /dev/null): NO_UI, exit 4', async () => {
  const pane = Pane.start(socket, ['question', example('single.json')], {
    wrap: (cmd) => `setsid -w ${cmd} </dev/null`,
  });
  const r = await pane.exit();
  assert.equal(r.code, 4);
  assert.match(r.terminal, /^エラー \[NO_UI\]: 対話型UIが利用できません/);
  pane.kill();
});

test('Ctrl+Z in a shell with job control: the terminal is restored and the job stops; fg redraws and goes on', async () => {
  for (const display of ['inline', 'fullscreen']) {
    const pane = Pane.shell(socket, { height: 24 });
    await pane.waitFor(/^\$$/m);
    const out = join(dir, `suspend-${display}.txt`);
    const flags = display === 'fullscreen' ? ' --fullscreen' : '';
    const command = `${Pane.commandLine('question', example('single.json'))}${flags} >${q(out)}`;
    // Inline runs under a parent of its own in the job (as `npx formrequest` does): the job stops whole.
    pane.literal(display === 'inline' ? `sh -c ${q(command)}` : command);
    pane.keys('Enter');
    await pane.waitFor(/Esc キャンセル/);
    pane.keys('Down');
    await pane.waitFor(/> 2\. utils\.ts/);
    pane.keys('C-z');
    const stopped = await pane.waitFor(/Stopped/);
    assert.equal(pane.format('#{alternate_on}'), '0');
    assert.equal(pane.format('#{cursor_flag}'), '1');
    // Inline: the prompt's rows were taken away before stopping; the shell is usable.
    assert.doesNotMatch(stopped, /Esc キャンセル/);
    pane.literal('echo still-here');
    pane.keys('Enter');
    await pane.waitFor(/^still-here$/m);
    pane.literal('fg');
    pane.keys('Enter');
    // The same state as before: the second option still highlighted.
    await pane.waitFor(/> 2\. utils\.ts[\s\S]*Esc キャンセル/);
    assert.equal(pane.format('#{alternate_on}'), display === 'fullscreen' ? '1' : '0');
    pane.keys('Enter');
    await pane.waitFor(/^\$$/m);
    assert.equal(readFileSync(out, 'utf8'), 'ユーザーの回答: "どのファイルを編集しますか？"="utils.ts"\n');
    pane.kill();
  }
});

test('Ctrl+Z where nothing could resume the process: a notice, and the prompt goes on', async () => {
  const pane = Pane.start(socket, ['question', example('single.json')], { stdoutToFile: true });
  await pane.waitFor(/Esc キャンセル/);
  pane.keys('C-z');
  await pane.waitFor(/ジョブ制御が使えないため Ctrl\+Z は無効です/);
  pane.keys('Enter');
  assert.equal((await pane.exit()).code, 0);
  pane.kill();
});

test('inline: the questions and answers stay in the scrollback after the run, under what was there', async () => {
  const pane = Pane.start(socket, ['question', example('several.json')], {
    stdoutToFile: true,
    before: 'for i in $(seq 1 30); do echo "earlier output $i"; done',
  });
  await pane.waitFor(/1\/2/);
  pane.keys('Enter');
  await pane.waitFor(/2\/2/);
  pane.keys('Space', 'Down', 'Down', 'Space', 'Enter');
  await pane.waitFor(/回答の確認/);
  pane.keys('Enter');
  assert.equal((await pane.exit()).code, 0);
  const history = pane.history();
  const lines = history.split('\n');
  // Every earlier line is still there, in order, then the transcript; nothing of the prompt's frames.
  for (let i = 1; i <= 30; i++) assert.equal(lines[i - 1], `earlier output ${i}`);
  assert.deepEqual(lines.slice(30), [
    '✔ [ファイル選択] どのファイルを編集しますか？',
    '  → main.ts',
    '✔ [拡張機能選択] どの拡張機能を使用しますか？（複数可）',
    '  → A, C',
  ]);
  pane.kill();
});

test('inline: a resize rewraps the prompt in place without stale rows', async () => {
  const pane = Pane.start(socket, ['question', example('single.json')], {
    stdoutToFile: true,
    before: 'echo top',
  });
  const first = await pane.waitFor(/Esc キャンセル$/);
  pane.resize(30, 20);
  await pane.waitFor(/…$/);
  const narrow = await pane.settle();
  // One prompt, no rows left over from the wider one (tmux may push "top" into the scrollback to
  // keep the cursor's row when it reflows: it is still above the prompt there).
  assert.equal((narrow.match(/どのファイルを編集しますか？/g) ?? []).length, 1, narrow);
  assert.ok(narrow.endsWith('↑↓/jk 移動 · / 絞り込み · Ent…'), narrow);
  assert.match(pane.history(), /^top\n\[ファイル選択\]/);
  pane.resize(80, 20);
  await pane.waitFor(/Esc キャンセル$/);
  const wide = await pane.settle();
  assert.ok(wide.endsWith(first.slice(first.indexOf('[ファイル選択]'))), wide);
  assert.equal((wide.match(/どのファイルを編集しますか？/g) ?? []).length, 1, wide);
  pane.keys('Escape');
  assert.equal((await pane.exit()).code, 3);
  pane.kill();
});

test('inline: an answer taller than the terminal moves to the alternate screen, and back when it ends', async () => {
  const pane = Pane.start(socket, ['question', example('free-text.json')], {
    stdoutToFile: true,
    before: 'echo top',
    height: 12,
  });
  await pane.waitFor(/Shift\+Enter/);
  assert.equal(pane.format('#{alternate_on}'), '0');
  for (let i = 1; i <= 12; i++) {
    pane.literal(`line ${i}`);
    pane.keys('C-j');
  }
  await pane.waitFor(/line 12/);
  assert.equal(pane.format('#{alternate_on}'), '1');
  // Deleting lines again does not flip back and forth: the step keeps the room it took.
  pane.keys('BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
  await pane.settle();
  assert.equal(pane.format('#{alternate_on}'), '1');
  pane.keys('Enter');
  assert.equal((await pane.exit()).code, 0);
  assert.equal(pane.format('#{alternate_on}'), '0');
  const screen = pane.history();
  assert.match(
    screen,
    /^top\n✔ \[説明\] プロジェクトの説明を書いてください（複数行可）\n {2}→ line 1\n {4}line 2/,
  );
  pane.kill();
});

test('the terminal closed under the prompt (hang-up): the process ends as SIGHUP (129) at once, with nothing on stderr', async () => {
  // The terminal's input ends before the kernel's SIGHUP is handled, and the event loop could run dry
  // first: the process then left with "Detected unsettled top-level await" and exit 3. The shell
  // around it ignores the hang-up so it can write the status down (and exits after).
  const ask = join(repoRoot, 'examples/forms/example1-project.json');
  const cases: Array<[string, string[], (cmd: string) => string, RegExp]> = [
    ['question, inline', ['question', example('single.json')], (cmd) => cmd, /Esc キャンセル/],
    [
      'question --fullscreen',
      ['question', '--fullscreen', example('single.json')],
      (cmd) => cmd,
      /Esc キャンセル/,
    ],
    ['ask, output captured', ['ask', ask], (cmd) => `x=$(${cmd})`, /プロジェクト名/],
    [
      'ask, the form on stdin (keys from /dev/tty)',
      ['ask', '-'],
      (cmd) => `${cmd} <${q(ask)}`,
      /プロジェクト名/,
    ],
  ];
  for (const [name, args, around, ready] of cases) {
    const out = mkdtempSync(join(dir, 'hangup-'));
    const pane = Pane.start(socket, args, {
      wrap: (cmd) =>
        `trap '' HUP; ${around(`${cmd} 2>${q(join(out, 'stderr'))}`)}; echo $? >${q(join(out, 'code'))}; exit 0`,
    });
    await pane.waitFor(ready);
    const pid = pane.pid();
    pane.kill();
    const deadline = Date.now() + 10_000;
    let code = '';
    while (!code.endsWith('\n') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 40));
      try {
        code = readFileSync(join(out, 'code'), 'utf8');
      } catch {
        // not yet
      }
    }
    assert.equal(code, '129\n', `${name}: exit status`);
    assert.equal(readFileSync(join(out, 'stderr'), 'utf8'), '', `${name}: stderr`);
    assert.equal(isRunning(pid), false, `${name}: the process is gone`);
  }
});
