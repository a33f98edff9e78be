import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type InputEvent, KeyDecoder } from '../src/keys.js';

function decode(...chunks: (string | Buffer)[]): InputEvent[] {
  const d = new KeyDecoder();
  const out = chunks.flatMap((c) => d.feed(c));
  return [...out, ...d.flush()];
}
const key = (name: string, mods: object = {}) => ({ type: 'key', name, ...mods });

test('arrows in normal and application mode, with modifiers', () => {
  assert.deepEqual(decode('\x1b[A\x1b[B\x1bOC\x1bOD'), [key('up'), key('down'), key('right'), key('left')]);
  assert.deepEqual(decode('\x1b[1;5A'), [key('up', { ctrl: true })]);
  assert.deepEqual(decode('\x1b[1;2B'), [key('down', { shift: true })]);
});

test('every Home/End variant, Delete, PageUp/Down, Backspace both ways', () => {
  for (const s of ['\x1b[H', '\x1bOH', '\x1b[1~', '\x1b[7~'])
    assert.deepEqual(decode(s), [key('home')], JSON.stringify(s));
  for (const s of ['\x1b[F', '\x1bOF', '\x1b[4~', '\x1b[8~'])
    assert.deepEqual(decode(s), [key('end')], JSON.stringify(s));
  assert.deepEqual(decode('\x1b[3~\x1b[5~\x1b[6~'), [key('delete'), key('pageup'), key('pagedown')]);
  assert.deepEqual(decode('\x7f\x08'), [key('backspace'), key('backspace')]);
});

test('Enter, Ctrl+J, Tab, Shift+Tab, Ctrl+C', () => {
  assert.deepEqual(decode('\r\n\t\x1b[Z\x03'), [
    key('enter'),
    key('linefeed'),
    key('tab'),
    key('tab', { shift: true }),
    key('c', { ctrl: true }),
  ]);
});

test('Shift+Enter as kitty CSI-u and as xterm modifyOtherKeys; Alt+Enter as ESC CR', () => {
  assert.deepEqual(decode('\x1b[13;2u'), [key('enter', { shift: true })]);
  assert.deepEqual(decode('\x1b[27;2;13~'), [key('enter', { shift: true })]);
  assert.deepEqual(decode('\x1b\r'), [key('enter', { alt: true })]);
});

test('kitty protocol keys: Escape, Ctrl+C, plain letters as text', () => {
  assert.deepEqual(decode('\x1b[27u\x1b[99;5u\x1b[97u'), [
    key('escape'),
    key('c', { ctrl: true }),
    { type: 'text', text: 'a' },
  ]);
});

test('a lone ESC waits, then becomes Escape on flush; ESC + letter is Alt', () => {
  const d = new KeyDecoder();
  assert.deepEqual(d.feed('\x1b'), []);
  assert.equal(d.pending(), true);
  assert.deepEqual(d.flush(), [key('escape')]);
  assert.deepEqual(decode('\x1bx'), [key('x', { alt: true })]);
});

test('a sequence split across chunks is joined', () => {
  assert.deepEqual(decode('\x1b', '[', '1;2', 'B'), [key('down', { shift: true })]);
  const d = new KeyDecoder();
  assert.deepEqual(d.feed('\x1b[13;'), []);
  assert.deepEqual(d.feed('2u'), [key('enter', { shift: true })]);
});

test('UTF-8 split inside a character and Japanese text arrive whole', () => {
  const bytes = Buffer.from('日本語', 'utf8');
  assert.deepEqual(decode(bytes.subarray(0, 4), bytes.subarray(4)), [
    { type: 'text', text: '日' },
    { type: 'text', text: '本語' },
  ]);
  assert.deepEqual(decode('こんにちは\r'), [{ type: 'text', text: 'こんにちは' }, key('enter')]);
});

test('bracketed paste: one event with the raw text, escapes and newlines inside kept for cleaning', () => {
  assert.deepEqual(decode('\x1b[200~a\x1b[31mb\r\nc\x1b[201~x'), [
    { type: 'paste', text: 'a\x1b[31mb\r\nc', overflow: false },
    { type: 'text', text: 'x' },
  ]);
});

test('bracketed paste split anywhere, including inside the end marker', () => {
  const whole = '\x1b[200~line1\nline2\x1b[201~';
  for (let cut = 1; cut < whole.length; cut++) {
    assert.deepEqual(
      decode(whole.slice(0, cut), whole.slice(cut)),
      [{ type: 'paste', text: 'line1\nline2', overflow: false }],
      `cut ${cut}`,
    );
  }
});

test('unknown CSI, focus reports and OSC replies are dropped', () => {
  assert.deepEqual(decode('\x1b[I\x1b[O\x1b[?1;2c\x1b]11;rgb:0/0/0\x07z'), [{ type: 'text', text: 'z' }]);
});
