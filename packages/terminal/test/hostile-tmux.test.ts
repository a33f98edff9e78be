// Nothing a form, a question or a search endpoint says can control the terminal (tmux, with
// set-clipboard on so OSC 52 would reach a paste buffer). In every slot and at every step: the pane
// title stays, no paste buffer appears, no concealed or blinking text, the screen outside the form is
// unchanged, and the answers still carry the exact data.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { HOSTILE, hostileText } from '../../../testing/hostile-text.ts';
import { killServer, Pane, startServer } from '../../../testing/tmux.ts';

const socket = `formrequest-hostile-${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'formrequest-hostile-'));
const BEFORE = 'BEFORE-THE-FORM';
let server: Server;
let baseUrl = '';

before(async () => {
  startServer(socket, { setClipboard: true });
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    if (url.pathname === '/broken') {
      // Not JSON: the parse error quotes the body, escapes and all.
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(`${HOSTILE.oscTitle}${HOSTILE.osc52Clipboard}not json`);
    }
    if (url.pathname === '/fail') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end(hostileText('F'));
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([{ id: 'r1', name: hostileText('R'), note: HOSTILE.osc52Clipboard }]));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  killServer(socket);
  server.close();
});

/** The same invariants at every step. */
function assertUntouched(pane: Pane, title: string, where: string, secrets = true): void {
  assert.equal(pane.format('#{pane_title}'), title, `${where}: the pane title changed`);
  assert.deepEqual(pane.buffers(), [], `${where}: a paste buffer appeared (OSC 52)`);
  const sgr = pane.sgrParams();
  for (const p of ['5', '6', '7', '8']) assert.ok(!sgr.has(p), `${where}: SGR ${p} on screen`);
  const screen = pane.screen();
  if (secrets)
    for (const secret of ['PWNED', 'C1-TITLE', 'UFdORUQtQ0xJUA', 'evil.example'])
      assert.ok(!screen.includes(secret), `${where}: '${secret}' on screen:\n${screen}`);
}

test('control: the same strings written raw do take over tmux (so the checks below can fail)', async () => {
  const file = join(dir, 'raw.txt');
  writeFileSync(file, Object.values(HOSTILE).join(''));
  const pane = Pane.start(socket, ['--version'], { before: `sleep 0.3; cat '${file}'; sleep 0.3` });
  const title = pane.format('#{pane_title}');
  await pane.exit();
  assert.notEqual(pane.format('#{pane_title}'), title);
  assert.ok(pane.buffers().length > 0, 'OSC 52 made a paste buffer');
  for (const name of pane.buffers()) pane.tmux('delete-buffer', '-b', name);
  assert.deepEqual(pane.buffers(), []);
  pane.kill();
});

test('question: hostile question, header, labels and descriptions; the exact label comes back', async () => {
  const file = join(dir, 'question.json');
  const label = `L${HOSTILE.osc52Clipboard}${HOSTILE.hiddenText}`;
  writeFileSync(
    file,
    JSON.stringify({
      questions: [
        {
          question: hostileText('Q'),
          header: hostileText('H'),
          options: [
            { label, description: hostileText('D') },
            { label: hostileText('O'), description: HOSTILE.clearScreen },
          ],
        },
      ],
    }),
  );
  for (const stdoutToFile of [true, false]) {
    const pane = Pane.start(socket, ['question', file], { stdoutToFile, before: `echo ${BEFORE}` });
    const title = pane.format('#{pane_title}');
    let screen = await pane.waitFor(/Esc/);
    assertUntouched(pane, title, 'options');
    assert.match(screen, /HIDDEN/); // concealed text shown as plain text
    assert.match(screen, /Q0/);
    pane.keys('Down');
    screen = await pane.waitFor(/> 2\./);
    assertUntouched(pane, title, 'second option highlighted (whole label)');
    pane.keys('Up', 'Tab');
    await pane.waitFor(/回答の確認/);
    assertUntouched(pane, title, 'confirmation screen');
    pane.keys('Enter');
    const r = await pane.exit();
    assert.equal(r.code, 0);
    // The warnings on stderr quote the labels with their escapes shown as text (\u001b]0;PWNED…).
    assertUntouched(pane, title, 'after exit', false);
    assert.match(pane.history(), /\\u001b\]0;PWNED-TITLE\\u0007/);
    // What was on the screen before is still there, above the transcript (in the scrollback if the
    // transcript pushed it up), and the transcript shows the hidden text as text.
    const history = pane.history();
    assert.equal(history.split('\n')[0], BEFORE);
    assert.match(history, /✔ \[H0H1/);
    if (stdoutToFile) {
      // Data, not display: the answer is the label exactly as given.
      assert.equal(r.stdout, `ユーザーの回答: "${hostileText('Q')}"="${label}"\n`);
    } else {
      assert.match(r.terminal, /ユーザーの回答: "Q0/);
    }
    pane.kill();
  }
});

test('inline: what was on the screen above the prompt stays, whatever a label tries (clear, reset, cursor moves)', async () => {
  const file = join(dir, 'small.json');
  const attack = `${HOSTILE.clearScreen}${HOSTILE.fullReset}${HOSTILE.cursorMove}${HOSTILE.leaveAltScreen}`;
  writeFileSync(
    file,
    JSON.stringify({
      questions: [
        { question: `Q${attack}`, header: `H${attack}`, options: [{ label: `A${attack}` }, { label: 'B' }] },
      ],
    }),
  );
  const pane = Pane.start(socket, ['question', file], {
    stdoutToFile: true,
    before: `echo ${BEFORE}; echo line-2; echo line-3`,
    height: 24,
  });
  const title = pane.format('#{pane_title}');
  const top = `${BEFORE}\nline-2\nline-3\n`;
  let screen = await pane.waitFor(/Esc キャンセル/);
  assert.ok(screen.startsWith(`${top}[H] 1/1`) || screen.startsWith(`${top}[H]`), screen);
  assertUntouched(pane, title, 'the first frame');
  pane.keys('Down', 'Up', 'Tab');
  screen = await pane.waitFor(/回答の確認/);
  assert.ok(screen.startsWith(top), screen);
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.code, 0);
  // The transcript; no warning about the label's length: what is visible of it is one character.
  assert.equal(r.terminal, `${top}✔ [H] Q\n  → A`);
  assertUntouched(pane, title, 'after exit');
  pane.kill();
});

test('ask: hostile form text in every slot, search results, loaded options and endpoint errors', async () => {
  const h = (tag: string) => hostileText(tag);
  const form = {
    locale: 'ja', // the hostile words are Latin; the messages waited for are Japanese
    title: h('T'),
    description: h('DESC'),
    submitLabel: h('SUB'),
    cancelLabel: h('CAN'),
    fields: [
      { type: 'heading', text: h('HEAD'), description: h('HD') },
      {
        name: 'name',
        type: 'text',
        label: h('LBL'),
        placeholder: h('PH'),
        pattern: '^ok$',
        patternError: h('PE'),
        suggestions: [h('SG')],
      },
      { type: 'divider', label: h('DIV') },
      {
        name: 'pick',
        type: 'select',
        label: h('SEL'),
        options: [{ value: HOSTILE.oscTitle, label: h('OPT') }],
        required: true,
      },
      { name: 'ok', type: 'checkbox', label: h('CHK') },
      {
        name: 'who',
        type: 'autocomplete',
        label: h('AC'),
        searchUrl: '/search',
        displayField: 'name',
        valueField: 'id',
        renderTemplate: '{name} {note}',
        debounceMs: 50,
      },
      {
        name: 'load',
        type: 'async-select',
        label: h('AS'),
        loadUrl: '/load',
        displayField: 'name',
        valueField: 'id',
      },
      {
        name: 'bad',
        type: 'async-select',
        label: 'bad',
        loadUrl: '/broken',
        displayField: 'name',
        valueField: 'id',
      },
      {
        name: 'fail',
        type: 'async-select',
        label: 'fail',
        loadUrl: '/fail',
        displayField: 'name',
        valueField: 'id',
      },
      { name: 'secret', type: 'hidden', value: HOSTILE.c1Osc },
    ],
  };
  const file = join(dir, 'form.json');
  writeFileSync(file, JSON.stringify(form));
  const pane = Pane.start(socket, ['ask', file, '--base-url', baseUrl], {
    before: `echo ${BEFORE}`,
    width: 100,
    height: 40,
  });
  const title = pane.format('#{pane_title}');
  await pane.waitFor(/LBL0/);
  assertUntouched(pane, title, 'text field');
  pane.keys('Tab'); // fills in the suggestion
  pane.keys('Enter'); // fails the pattern: the hostile patternError is shown
  await pane.waitFor(/PE0/);
  assertUntouched(pane, title, 'pattern error');
  pane.keys('C-u');
  pane.literal('ok');
  pane.keys('Enter');
  await pane.waitFor(/OPT0/);
  assertUntouched(pane, title, 'select');
  pane.keys('Enter');
  await pane.waitFor(/CHK0/);
  assertUntouched(pane, title, 'checkbox');
  pane.keys('Space', 'Enter');
  await pane.waitFor(/AC0/);
  pane.literal('a');
  await pane.waitFor(/R0/);
  assertUntouched(pane, title, 'search results');
  pane.keys('Enter');
  await pane.waitFor(/AS0/);
  await pane.waitFor(/R0/);
  assertUntouched(pane, title, 'loaded options');
  pane.keys('Enter');
  await pane.waitFor(/bad \(/);
  await pane.waitFor(/応答がJSONではありません/);
  assertUntouched(pane, title, 'a body that is not JSON');
  pane.keys('Enter');
  await pane.waitFor(/fail \(/);
  await pane.waitFor(/500/);
  assertUntouched(pane, title, 'HTTP 500');
  pane.keys('Enter');
  await pane.waitFor(/SUB0/);
  assertUntouched(pane, title, 'review screen');
  pane.keys('Enter');
  const r = await pane.exit();
  assert.equal(r.code, 0, r.terminal);
  // The answers JSON is on the terminal now: its values are data, shown escaped (\u001b]0;...).
  assertUntouched(pane, title, 'after exit (answers JSON printed on the terminal)', false);
  const history = pane.history();
  assert.equal(history.split('\n')[0], BEFORE);
  const answers = JSON.parse(history.slice(history.indexOf('\n{') + 1));
  assert.equal(answers.who, 'r1');
  assert.equal(answers.load, 'r1');
  assert.equal(answers.name, 'ok');
  pane.kill();
});
