import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  displayWidth,
  loadWidths,
  shortenGraphemes,
  truncateToWidth,
  wrapLine,
  wrapText,
} from '../src/width.js';

test('before string-width is loaded: simple text exact, other text per grapheme', () => {
  assert.equal(displayWidth('abc 日本語 カナ'), 15);
  assert.equal(displayWidth('↑↓ 移動 · Esc…'), 14);
  assert.equal(displayWidth('e\u0301'), 1);
  assert.equal(displayWidth('👍'), 2);
  assert.equal(displayWidth('한국어'), 6);
  // Per grapheme: an emoji sequence is one emoji, as string-width counts it.
  assert.equal(displayWidth('👍🏽'), 2);
  assert.equal(displayWidth('👨‍👩‍👧'), 2);
  assert.equal(displayWidth('🇯🇵'), 2);
  assert.equal(displayWidth('©'), 1);
  assert.equal(displayWidth('🍣 すし café'), 2 + 1 + 4 + 1 + 4);
});

test('widths: ASCII 1, kana and kanji 2, emoji 2, combining marks 0', async () => {
  await loadWidths();
  assert.equal(displayWidth('abc'), 3);
  assert.equal(displayWidth('ひらがなカタカナ漢字'), 20);
  assert.equal(displayWidth('👍🏽'), 2);
  assert.equal(displayWidth('e\u0301'), 1);
  assert.equal(displayWidth('👨‍👩‍👧'), 2);
});

test('wrapping never exceeds the width and never splits a grapheme', () => {
  const text = 'あいうえおかきくけこ👨‍👩‍👧e\u0301abc def ghi';
  for (let w = 2; w <= 30; w++) {
    const rows = wrapLine(text, w);
    for (const r of rows) assert.ok(displayWidth(r) <= w, `width ${w}: ${r}`);
    assert.equal(rows.join(''), text);
  }
  assert.deepEqual(wrapLine('hello world again', 11), ['hello ', 'world again']);
  assert.deepEqual(wrapText('a\nb', 5), ['a', 'b']);
});

test('truncate and shorten', () => {
  assert.equal(truncateToWidth('日本語テキスト', 7), '日本語…');
  assert.equal(truncateToWidth('short', 10), 'short');
  assert.equal(shortenGraphemes('とても長い選択肢のラベルです', 10), 'とても長い選択肢のラ…');
  assert.equal(shortenGraphemes('0123456789', 10), '0123456789');
});
