import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createEditor, type EditorState, editorUpdate, isNewlineKey } from '../src/editor.js';
import { drawEditor } from '../src/editor-view.js';
import { FrameBuilder } from '../src/frame.js';
import type { InputEvent } from '../src/keys.js';

const k = (name: string, mods: object = {}): InputEvent => ({ type: 'key', name, ...mods });
const t = (text: string): InputEvent => ({ type: 'text', text });

function run(events: InputEvent[], start: EditorState = createEditor(), multiline = true): EditorState {
  let s = start;
  for (const e of events) {
    const a = editorUpdate(s, e, { multiline });
    if (a.kind === 'edit') s = a.state;
  }
  return s;
}

test('typing Japanese, moving by graphemes, Backspace and Delete', () => {
  let s = run([t('日本語👨‍👩‍👧e\u0301'), k('left'), k('left'), k('backspace')]);
  assert.equal(s.text, '日本👨‍👩‍👧e\u0301');
  s = run([k('delete')], s);
  assert.equal(s.text, '日本e\u0301');
  s = run([k('home'), k('delete')], s);
  assert.equal(s.text, '本e\u0301');
  assert.equal(s.cursor, 0);
  s = run([k('end'), k('backspace'), t('!')], s);
  assert.equal(s.text, '本!');
});

test('Shift+Enter (both encodings), Alt+Enter and Ctrl+J insert a line break; Enter submits', () => {
  for (const e of [
    k('enter', { shift: true }),
    k('enter', { alt: true }),
    k('linefeed'),
    k('j', { ctrl: true }),
  ]) {
    assert.ok(isNewlineKey(e));
    assert.equal(run([t('a'), e, t('b')]).text, 'a\nb');
  }
  assert.deepEqual(editorUpdate(createEditor('x'), k('enter'), { multiline: true }), { kind: 'submit' });
  assert.deepEqual(editorUpdate(createEditor('x'), k('escape'), { multiline: true }), { kind: 'escape' });
});

test('up and down move between lines keeping the display column; Home/End stay on the line', () => {
  let s = run([t('あいう'), k('linefeed'), t('ab'), k('linefeed'), t('abcdef')]);
  s = run([k('left'), k('left'), k('up')], s); // column 4 -> line "ab" has width 2: end of it
  assert.equal(s.cursor, 'あいう\nab'.length);
  s = run([k('up')], s); // goal column 4 -> after "あい"
  assert.equal(s.cursor, 2);
  s = run([k('down'), k('down')], s);
  assert.equal(s.cursor, 'あいう\nab\nabcd'.length);
  s = run([k('home')], s);
  assert.equal(s.cursor, 'あいう\nab\n'.length);
  s = run([k('end')], s);
  assert.equal(s.cursor, s.text.length);
});

test('a paste keeps its newlines, is cleaned and capped, and says so', () => {
  const a = editorUpdate(
    createEditor(),
    { type: 'paste', text: 'x\x1b[2Jy\r\nz', overflow: false },
    { multiline: true },
  );
  assert.ok(a.kind === 'edit');
  assert.equal(a.state.text, 'xy\nz');
  assert.equal(a.notice, 'pasteStripped');
  const big = editorUpdate(
    createEditor(),
    { type: 'paste', text: 'a'.repeat(12_000), overflow: false },
    { multiline: true },
  );
  assert.ok(big.kind === 'edit' && big.state.text.length === 10_000 && big.notice === 'pasteTruncated');
});

test('single-line editors turn newlines into spaces and ignore Shift+Enter', () => {
  const s = run(
    [t('a'), k('enter', { shift: true }), { type: 'paste', text: 'b\nc', overflow: false }],
    createEditor(),
    false,
  );
  assert.equal(s.text, 'ab c');
});

test('the view wraps at the width and puts the cursor at the insertion point', () => {
  const fb = new FrameBuilder(10);
  const s = { text: 'あいうえおか\nxy', cursor: 'あいうえ'.length };
  drawEditor(fb, s, [{ text: '> ' }]);
  const rows = fb.rows.map((r) => r.map((x) => x.text).join(''));
  assert.deepEqual(rows, ['> あいうえ', '  おか', '> '.replace('>', ' ') + 'xy']);
  assert.deepEqual(fb.cursor, { row: 1, col: 2 });
  const end = new FrameBuilder(10);
  drawEditor(end, { text: 'abcdefgh', cursor: 8 }, [{ text: '> ' }]);
  assert.deepEqual(end.cursor, { row: 1, col: 2 }); // a full row: the cursor goes to the next one
});
