// Choosing the terminal (stdin/stdout, /dev/tty, or none) and the inline painter's arithmetic, on fake
// streams; tty-tmux.test.ts runs the real thing.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { FrameBuilder } from '../src/frame.js';
import { InlineScreen } from '../src/inline-screen.js';
import { findTerminal } from '../src/tty.js';

class Stream extends EventEmitter {
  written = '';
  readonly isTTY: boolean;
  public columns: number;
  public rows: number;
  constructor(isTTY: boolean, columns = 80, rows = 24) {
    super();
    this.isTTY = isTTY;
    this.columns = columns;
    this.rows = rows;
  }
  write(d: string) {
    this.written += d;
    return true;
  }
  setRawMode() {}
  resume() {}
  pause() {}
}

test('findTerminal: stdio when both are terminals; /dev/tty for the side that is not; none without a terminal', () => {
  const tty = new Stream(true);
  const pipe = new Stream(false);
  const opened: { keys: boolean; draw: boolean }[] = [];
  const devTty = (need: { keys: boolean; draw: boolean }) => {
    opened.push(need);
    return { input: new Stream(true), output: new Stream(true), close() {} };
  };
  const noTty = () => null;
  assert.equal(findTerminal({ stdin: tty, stdout: tty, stderr: tty, openTty: devTty })?.via, 'stdio');
  // $(…): stdout captured: draw on /dev/tty, keys from stdin.
  const captured = findTerminal({ stdin: tty, stdout: pipe, stderr: pipe, openTty: devTty })!;
  assert.equal(captured.via, 'dev-tty');
  assert.equal(captured.input, tty);
  assert.notEqual(captured.output, pipe);
  // The input file on stdin: keys from /dev/tty.
  const piped = findTerminal({ stdin: pipe, stdout: tty, stderr: tty, stdinIsData: true, openTty: devTty })!;
  assert.equal(piped.output, tty);
  assert.notEqual(piped.input, pipe);
  assert.deepEqual(opened, [
    { keys: false, draw: true },
    { keys: true, draw: false },
  ]);
  // stdin that is not the terminal and not the input (an agent's pipe): no UI, /dev/tty not touched.
  assert.equal(findTerminal({ stdin: pipe, stdout: tty, stderr: tty, openTty: devTty }), null);
  assert.equal(opened.length, 2);
  // No controlling terminal: stderr when it is one, else none.
  assert.equal(findTerminal({ stdin: tty, stdout: pipe, stderr: tty, openTty: noTty })?.output, tty);
  assert.equal(findTerminal({ stdin: tty, stdout: pipe, stderr: pipe, openTty: noTty }), null);
});

function frame(width: number, ...rows: string[]) {
  const fb = new FrameBuilder(width);
  for (const r of rows) fb.line([{ text: r }]);
  return fb.frame();
}

test('inline: moves back up by the rows it drew; after a narrowing resize, by the rows they reflowed into', () => {
  const out = new Stream(true, 40, 10);
  const screen = new InlineScreen(out, false);
  screen.enter();
  screen.draw(frame(40, 'short', 'x'.repeat(35), 'end'));
  assert.doesNotMatch(out.written, /\x1b\[\d+A/); // the first frame starts where the cursor is
  out.written = '';
  screen.draw(frame(40, 'short', 'x'.repeat(35), 'end'));
  assert.match(out.written, /^\x1b\[\?25l\r\x1b\[2A\x1b\[2Kshort/);
  // Narrowed to 20: the 35-column row now takes 2 rows, so the top is 3 rows up, not 2.
  out.columns = 20;
  screen.invalidate();
  out.written = '';
  screen.draw(frame(20, 'short', 'x'.repeat(19), 'end'));
  assert.match(out.written, /^\x1b\[\?25l\r\x1b\[3A/);
  // Everything below the new frame is cleared (rows the reflow added).
  assert.match(out.written, /end\x1b\[J$/);
  // Never taller than the terminal less one row: the top stays reachable.
  out.written = '';
  screen.draw(frame(20, ...Array.from({ length: 30 }, (_, i) => `row ${i}`)));
  assert.equal(out.written.split('\r\n').length, 9);
});

test('inline: the cursor is left at the insertion point and found again from there', () => {
  const out = new Stream(true, 40, 10);
  const screen = new InlineScreen(out, false);
  screen.enter();
  const fb = new FrameBuilder(40);
  fb.line([{ text: 'title' }]);
  fb.line([{ text: '> abc' }]);
  fb.cursor = { row: 1, col: 5 };
  fb.line([{ text: 'hint' }]);
  screen.draw(fb.frame());
  assert.match(out.written, /hint\x1b\[J\x1b\[1A\r\x1b\[5C\x1b\[\?25h$/);
  out.written = '';
  screen.draw(fb.frame());
  assert.match(out.written, /^\x1b\[\?25l\r\x1b\[1A\x1b\[2Ktitle/);
  out.written = '';
  screen.finish([[{ text: '✔ done' }]]);
  assert.equal(out.written, '\r\x1b[1A\r\x1b[J✔ done\x1b[0m\r\n\x1b[?25h');
});
