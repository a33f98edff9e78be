// Every verb that prints text from a schema or a catalog (check, check --json, ask, spec, skill
// --stdout, question --json) prints no escape sequence and no bidi control, on stdout or stderr: run
// in tmux with set-clipboard, allow-rename and allow-passthrough on, the pane title, the window name,
// the paste buffers and the screen stay as they were, and the bytes written hold no ESC, C1 or bidi
// control. A control run writes the same strings raw and does take over tmux.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { killServer, Pane, startServer } from '../../../testing/tmux.ts';

const socket = `formrequest-cli-output-${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'formrequest-cli-output-'));
const BEFORE = 'BEFORE-THE-COMMAND';
const clip = Buffer.from('PWNED-CLIP').toString('base64');
/** OSC 52 (clipboard), OSC 0 (title), CSI 2J (clear), U+202E (bidi override), ESC k (window name). */
const HOSTILE = `X\x1b]52;c;${clip}\x07\x1b]0;PWNED-TITLE\x07\x1b[2J\x1b[H\u202eY\x1bkPWNED-NAME\x1b\\Z\x9b2J`;
const ESCAPES = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};
const form = file('form.json', {
  title: `T${HOSTILE}`,
  fields: [
    { name: 'a', type: 'text', label: `L${HOSTILE}`, pattern: `(?=${HOSTILE})` },
    {
      name: 'b',
      type: 'select',
      label: 'S',
      options: [{ value: `v${HOSTILE}`, label: 'O' }],
      default: `n${HOSTILE}`,
    },
    { name: 'c', type: `tex${HOSTILE}` },
  ],
});
const tool = (name: string) => ({
  name,
  description: `TD${HOSTILE}`,
  inputSchema: {
    type: 'object',
    properties: {
      p: { type: 'string', description: `P${HOSTILE}`, enum: [`e${HOSTILE}`], pattern: HOSTILE },
    },
  },
});
const catalog = file('catalog.json', {
  servers: [
    { id: 'srv', status: 'online', description: `D${HOSTILE}`, tools: [tool('good'), tool(`t${HOSTILE}`)] },
    { id: 'broken', status: 'online', tools: [{ name: 'x', inputSchema: { type: `objec${HOSTILE}` } }] },
    { id: `bad${HOSTILE}`, status: `offline${HOSTILE}` },
  ],
});
const questions = file('questions.json', {
  questions: [{ question: `Q${HOSTILE}`, header: `H${HOSTILE}`, options: [], custom: false }],
});

before(() => startServer(socket, { setClipboard: true, passthrough: true }));
after(() => killServer(socket));

function assertUntouched(pane: Pane, title: string, where: string): void {
  assert.equal(pane.format('#{pane_title}'), title, `${where}: the pane title changed`);
  // (tmux's automatic rename follows the running command: only a name from the output counts.)
  assert.ok(!pane.format('#{window_name}').includes('PWNED'), `${where}: the window was renamed`);
  assert.deepEqual(pane.buffers(), [], `${where}: a paste buffer appeared (OSC 52)`);
  const history = pane.history();
  assert.equal(history.split('\n')[0], BEFORE, `${where}: the screen was cleared:\n${history}`);
}

test('control: the same string written raw does take over tmux', async () => {
  const raw = file('raw.txt', HOSTILE);
  const pane = Pane.start(socket, ['--version'], {
    before: `echo ${BEFORE}; sleep 0.3; cat '${raw}'; sleep 0.3`,
  });
  const title = pane.format('#{pane_title}');
  await pane.exit();
  assert.notEqual(pane.format('#{pane_title}'), title);
  assert.match(pane.format('#{window_name}'), /PWNED-NAME/);
  assert.ok(pane.buffers().length > 0, 'OSC 52 made a paste buffer');
  for (const b of pane.buffers()) pane.tmux('delete-buffer', '-b', b);
  pane.kill();
});

const runs: { args: string[]; code: number; outside: RegExp }[] = [
  { args: ['check', form], code: 1, outside: /lookahead/ },
  { args: ['check', '--json', form], code: 1, outside: /"unsafePattern"/ },
  { args: ['ask', form], code: 2, outside: /lookahead/ },
  { args: ['spec', catalog], code: 1, outside: /skipped server/ },
  { args: ['skill', '--stdout', catalog], code: 1, outside: /skipped server/ },
  { args: ['question', '--json', questions], code: 2, outside: /NO_OPTIONS/ },
  { args: ['question', questions], code: 2, outside: /NO_OPTIONS/ },
];

for (const { args, code, outside } of runs) {
  test(`formrequest ${args.slice(0, -1).join(' ')}: no escape byte or bidi control on stdout or stderr`, async () => {
    // Written to the terminal: nothing happens to tmux.
    const pane = Pane.start(socket, args, { before: `echo ${BEFORE}`, width: 120, height: 50 });
    const title = pane.format('#{pane_title}');
    const r = await pane.exit();
    assert.equal(r.code, code, r.terminal);
    assert.match(pane.history(), outside);
    assertUntouched(pane, title, args.join(' '));
    pane.kill();
    // Written to files: the bytes themselves.
    const out = join(dir, 'out');
    const err = join(dir, 'err');
    const captured = Pane.start(socket, args, { wrap: (c) => `${c} >'${out}' 2>'${err}'` });
    assert.equal((await captured.exit()).code, code);
    captured.kill();
    const bytes = readFileSync(out, 'utf8') + readFileSync(err, 'utf8');
    assert.match(bytes, outside);
    assert.ok(
      !ESCAPES.test(bytes.replace(/[\n\t]/g, '')),
      `an escape byte was printed:\n${JSON.stringify(bytes)}`,
    );
    assert.ok(!BIDI.test(bytes), `a bidi control was printed:\n${JSON.stringify(bytes)}`);
    // What the input held is shown, as escapes.
    assert.match(bytes, /\\u001b\]52;c;/);
    if (args.includes('--json')) JSON.parse(readFileSync(out, 'utf8'));
  });
}
