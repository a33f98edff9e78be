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

const ENTER_MODES = ['\x1b[?1049h', '\x1b[?2004h'];
const LEAVE_MODES = ['\x1b[?2004l', '\x1b[?1049l', '\x1b[?25h'];

function assertRestored(input: FakeInput, output: FakeOutput) {
  for (const m of [...ENTER_MODES, ...LEAVE_MODES]) assert.ok(output.written.includes(m), JSON.stringify(m));
  assert.ok(output.written.lastIndexOf('\x1b[?2004l') > output.written.lastIndexOf('\x1b[?2004h'));
  assert.deepEqual(input.rawCalls, [true, false]);
  assert.equal(input.paused, true);
  assert.equal(input.listenerCount('data'), 0);
  assert.equal(output.listenerCount('resize'), 0);
}

test('done: modes on, frame drawn, modes off, raw mode restored', async () => {
  const input = new FakeInput();
  const output = new FakeOutput();
  const m = machine();
  const done = runSession({ input, output, color: false }, m);
  input.emit('data', Buffer.from('ab'));
  output.columns = 30;
  output.emit('resize');
  assert.match(output.written, /w=30 ab/);
  input.emit('data', Buffer.from('\r'));
  assert.equal(await done, 'submitted');
  assertRestored(input, output);
});

test('a thrown error restores the terminal and rejects', async () => {
  const input = new FakeInput();
  const output = new FakeOutput();
  const done = runSession({ input, output }, machine({ throwOn: 'x' }));
  input.emit('data', 'x');
  await assert.rejects(done, /boom/);
  assertRestored(input, output);
});

test('an abort signal ends the session; askQuestions answers CANCELLED', async () => {
  const input = new FakeInput();
  const output = new FakeOutput();
  const ac = new AbortController();
  const pending = askQuestions(
    { questions: [{ question: 'Q?', header: 'H', options: [{ label: 'A' }] }] },
    { input, output, signal: ac.signal },
  );
  ac.abort();
  const result = await pending;
  assert.equal(result.details.error?.code, 'CANCELLED');
  assert.deepEqual(result.details.error?.details, { reason: 'aborted' });
  assertRestored(input, output);
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
