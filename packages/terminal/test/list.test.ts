// The shared list: keys (j/k, Ctrl+N/P, '/' to filter) and what a draw costs on a long list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FrameBuilder } from '../src/frame.js';
import type { InputEvent } from '../src/keys.js';
import { createList, drawList, listUpdate } from '../src/list.js';

const items = Array.from({ length: 20_000 }, (_, i) => ({ label: `item ${i}` }));
const opts = { page: 8, filterable: true };
const t = (text: string): InputEvent => ({ type: 'text', text });

test('j/k and Ctrl+N/P move; letters do nothing until / starts the filter', () => {
  const l = createList();
  assert.equal(listUpdate(l, items, t('j'), opts), 'moved');
  assert.equal(listUpdate(l, items, { type: 'key', name: 'n', ctrl: true }, opts), 'moved');
  assert.equal(l.cursor, 2);
  listUpdate(l, items, t('k'), opts);
  assert.equal(l.cursor, 1);
  assert.equal(listUpdate(l, items, t('x'), opts), 'unhandled');
  assert.equal(l.filter, '');
  listUpdate(l, items, t('/199'), opts);
  assert.equal(l.filtering, true);
  assert.equal(l.filter, '199');
  listUpdate(l, items, t('j'), opts);
  assert.equal(l.filter, '199j', 'j is text while filtering');
});

test('a draw of 20,000 items draws only the items near the window', () => {
  for (const cursor of [0, 10_000, 19_999]) {
    const l = createList(cursor);
    let drawn = 0;
    const fb = new FrameBuilder(60);
    drawList(fb, l, items, {
      rows: 10,
      locale: 'ja',
      item(row, i, here) {
        drawn++;
        row.line([{ text: `${here ? '>' : ' '} ${items[i]!.label}` }]);
      },
    });
    assert.ok(drawn <= 21, `${drawn} items drawn for a 10-row window`);
    const text = fb.rows.map((r) => r.map((s) => s.text).join('')).join('\n');
    assert.match(text, new RegExp(`> item ${cursor}\\b`));
    if (cursor > 0) assert.match(text, /↑ 他[\d,]+件/);
    if (cursor < 19_999) assert.match(text, /↓ 他[\d,]+件/);
  }
});
