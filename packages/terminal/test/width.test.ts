import assert from 'node:assert/strict';
import { test } from 'node:test';
import stringWidth from 'string-width';
import {
  displayWidth,
  isSimpleText,
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

test('every character counted without string-width is as wide as string-width says', () => {
  const differ: string[] = [];
  let simple = 0;
  for (let cp = 0; cp <= 0xffff; cp++) {
    const ch = String.fromCodePoint(cp);
    if (!isSimpleText(ch)) continue;
    simple++;
    if (displayWidth(ch) !== stringWidth(ch)) differ.push(`U+${cp.toString(16)}`);
  }
  assert.deepEqual(differ, []);
  assert.ok(simple > 20_000, `${simple} characters`);
  // The symbols the screens draw: a section rule, the range bar, a spinner frame, a check mark.
  assert.ok(isSimpleText('── 基本情報 █░ ⠋ ✔ ✕ – ≤ ≥'));
  assert.equal(displayWidth('── 基本情報'), 3 + 8);
  // With a variation selector a check mark is an emoji: measured per grapheme, 2 columns.
  assert.equal(displayWidth('✔\ufe0f'), 2);
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
