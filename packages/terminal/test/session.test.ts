// The terminal is restored on every way out: done, abort signal, a thrown error; modes switched on
// and off; resize redraws. Fake streams stand in for the TTY here (tmux tests cover the real one).
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { askQuestions } from '../src/ask-questions.js';
import { FrameBuilder } from '../src/frame.js';
import { type Machine, runSession } from '../src/session.js';

class FakeInput extends EventEmitter {
  isTTY = true;
  isRaw = false;
  rawCalls: boolean[] = [];
  paused = true;
  setRawMode(mode: boolean) {
    this.isRaw = mode;
    this.rawCalls.push(mode);
  }
  resume() {
    this.paused = false;
  }
  pause() {
    this.paused = true;
  }
}
class FakeOutput extends EventEmitter {
  isTTY = true;
  columns = 40;
  rows = 10;
  written = '';
  write(data: string) {
    this.written += data;
    return true;
  }
}

function machine(opts: { throwOn?: string } = {}): Machine & { keys: string[] } {
  const keys: string[] = [];
  let status: 'active' | 'submitted' | 'cancelled' = 'active';
  return {
    keys,
    update(e) {
      if (e.type === 'text' && e.text === opts.throwOn) throw new Error('boom');
      if (e.type === 'key' && e.name === 'enter') status = 'submitted';
      if (e.type === 'text') keys.push(e.text);
    },
    view(width) {
      const fb = new FrameBuilder(width);
      fb.text(`w=${width} ${keys.join('')}`);
      return fb.frame();
    },
    status: () => status,
  };
}

const KEY_MODES_ON = ['\x1b[?2004h', '\x1b[>1u', '\x1b[>4;1m'];
const KEY_MODES_OFF = ['\x1b[?2004l', '\x1b[<u', '\x1b[>4m', '\x1b[?25h'];

function assertRestored(input: FakeInput, output: FakeOutput, display: 'inline' | 'fullscreen' = 'inline') {
  for (const m of [...KEY_MODES_ON, ...KEY_MODES_OFF])
    assert.ok(output.written.includes(m), JSON.stringify(m));
  assert.ok(output.written.lastIndexOf('\x1b[?2004l') > output.written.lastIndexOf('\x1b[?2004h'));
  if (display === 'fullscreen') {
    assert.ok(output.written.indexOf('\x1b[?1049h') >= 0);
    assert.ok(output.written.lastIndexOf('\x1b[?1049l') > output.written.lastIndexOf('\x1b[?1049h'));
  } else assert.ok(!output.written.includes('\x1b[?1049h'), 'inline never takes the alternate screen');
  // The cursor is visible again as the very last thing.
  assert.ok(output.written.endsWith('\x1b[?25h'), JSON.stringify(output.written.slice(-40)));
  assert.deepEqual(input.rawCalls, [true, false]);
  assert.equal(input.paused, true);
  assert.equal(input.listenerCount('data'), 0);
  assert.equal(output.listenerCount('resize'), 0);
  for (const sig of ['SIGTSTP', 'SIGCONT', 'SIGTERM'] as const)
    assert.equal(process.listenerCount(sig), 0, sig);
}

for (const display of ['inline', 'fullscreen'] as const) {
  test(`${display}: modes on, frame drawn, modes off, raw mode restored`, async () => {
    const input = new FakeInput();
    const output = new FakeOutput();
    const m = machine();
    const done = runSession({ input, output, color: false, display }, m);
    input.emit('data', Buffer.from('ab'));
    output.columns = 30;
    output.emit('resize');
    assert.match(output.written, /w=30 ab/);
    input.emit('data', Buffer.from('\r'));
    assert.equal(await done, 'submitted');
    assertRestored(input, output, display);
  });

  test(`${display}: a thrown error restores the terminal and rejects`, async () => {
    const input = new FakeInput();
    const output = new FakeOutput();
    const done = runSession({ input, output, display }, machine({ throwOn: 'x' }));
    input.emit('data', 'x');
    await assert.rejects(done, /boom/);
    assertRestored(input, output, display);
  });

  test(`${display}: an abort signal ends the session; askQuestions answers CANCELLED`, async () => {
    const input = new FakeInput();
    const output = new FakeOutput();
    const ac = new AbortController();
    const pending = askQuestions(
      { questions: [{ question: 'Q?', header: 'H', options: [{ label: 'A' }] }] },
      { input, output, signal: ac.signal, display },
    );
    ac.abort();
    const result = await pending;
    assert.equal(result.details.error?.code, 'CANCELLED');
    assert.deepEqual(result.details.error?.details, { reason: 'aborted' });
    assertRestored(input, output, display);
  });
}

test('inline: the region is rewritten in place with relative moves, and replaced by the transcript', async () => {
  const input = new FakeInput();
  const output = new FakeOutput();
  const m = machine();
  const done = runSession(
    { input, output, color: false },
    { ...m, transcript: (width) => [[{ text: `done at ${width}` }]] },
  );
  input.emit('data', 'ab');
  input.emit('data', '\r');
  assert.equal(await done, 'submitted');
  // Only relative moves (never an absolute row), and the transcript is the last thing on screen.
  assert.doesNotMatch(output.written, /\x1b\[\d+;\d+H/);
  assert.match(output.written, /\r\x1b\[Jdone at 40\x1b\[0m\r\n\x1b\[\?25h$/);
});

test('Ctrl+Z without job control shows why and keeps the prompt; with it, the terminal is restored before stopping', async () => {
  const input = new FakeInput();
  const output = new FakeOutput();
  const done = runSession({ input, output, color: false, canSuspend: () => false }, machine());
  input.emit('data', '\x1a');
  assert.match(output.written, /ジョブ制御が使えないため Ctrl\+Z は無効です/);
  assert.deepEqual(input.rawCalls, [true]);
  input.emit('data', '\r');
  assert.equal(await done, 'submitted');
});

test('askQuestions without a TTY answers NO_UI and touches nothing', async () => {
  const input = new FakeInput();
  input.isTTY = false;
  const output = new FakeOutput();
  const result = await askQuestions(
    { questions: [{ question: 'Q?', header: 'H', options: [] }] },
    { input, output, locale: 'en' },
  );
  assert.equal(result.details.error?.code, 'NO_UI');
  assert.match(result.content[0]!.text, /^Error \[NO_UI\]: /);
  assert.equal(output.written, '');
});

test('askQuestions end to end on fake streams: keys in, ToolResult out, warnings for long labels', async () => {
  const input = new FakeInput();
  const output = new FakeOutput();
  const pending = askQuestions(
    {
      questions: [
        {
          question: 'Q?',
          header: 'H',
          options: [{ label: 'とても長い選択肢のラベルです' }, { label: 'B' }],
          multiple: true,
        },
      ],
    },
    { input, output },
  );
  input.emit('data', ' \x1b[B \r');
  await new Promise((r) => setTimeout(r, 10));
  input.emit('data', '\r');
  const result = await pending;
  assert.deepEqual(result.details.answers, [['とても長い選択肢のラベルです', 'B']]);
  assert.equal(result.details.warnings?.length, 1);
  assert.equal(result.content[0]!.text, 'ユーザーの回答: "Q?"="とても長い選択肢のラベルです, B"');
});

test('Ctrl+Z when the program around the prompt handles SIGTSTP itself: nothing stops, a notice says why', async () => {
  const theirs = () => {};
  process.on('SIGTSTP', theirs);
  try {
    const input = new FakeInput();
    const output = new FakeOutput();
    const done = runSession({ input, output, color: false, canSuspend: () => true }, machine());
    input.emit('data', '\x1a');
    assert.match(output.written, /Ctrl\+Z は無効です/);
    assert.deepEqual(input.rawCalls, [true], 'the terminal was not given back');
    input.emit('data', '\r');
    assert.equal(await done, 'submitted');
    assert.deepEqual(process.listeners('SIGTSTP'), [theirs]);
  } finally {
    process.off('SIGTSTP', theirs);
  }
});

test('the input ends (the terminal hung up): the session ends cancelled and restored; a program that handles SIGHUP lives on', async () => {
  // With nobody else handling SIGHUP the process would die of it (tty-tmux.test.ts checks that, 129).
  const theirs = () => {};
  process.on('SIGHUP', theirs);
  try {
    for (const isTTY of [true, false]) {
      const input = new FakeInput();
      input.isTTY = isTTY;
      const output = new FakeOutput();
      const done = runSession({ input, output, color: false }, machine());
      input.emit('end');
      assert.equal(await done, 'cancelled', `isTTY ${isTTY}`);
      assertRestored(input, output);
      assert.equal(input.listenerCount('end') + input.listenerCount('error'), 0);
      assert.deepEqual(process.listeners('SIGHUP'), [theirs]);
    }
    // A read error (EIO from a terminal that is gone) is the same hang-up.
    const input = new FakeInput();
    const done = runSession({ input, output: new FakeOutput(), color: false }, machine());
    input.emit('error', Object.assign(new Error('read EIO'), { code: 'EIO' }));
    assert.equal(await done, 'cancelled');
  } finally {
    process.off('SIGHUP', theirs);
  }
});
