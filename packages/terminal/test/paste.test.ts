import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASTE_MAX_CHARS, sanitizePaste } from '../src/paste.js';

test('strips every kind of escape sequence and control character', () => {
  const raw =
    'a\x1b[31mred\x1b[0m' + // CSI SGR
    '\x1b]0;title\x07' + // OSC with BEL
    '\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\' + // OSC 8 hyperlink with ST
    '\x1bP1$r0m\x1b\\' + // DCS
    '\x1b_apc\x1b\\\x1b^pm\x1b\\\x1bXsos\x1b\\' + // APC, PM, SOS
    '\x1bOA\x1b(B\x1b7\x1b8\x1bc' + // SS3, charset, save/restore, reset
    '\x9b2J\u0007\u0000\u007f' + // 8-bit CSI, BEL, NUL, DEL
    'b';
  const r = sanitizePaste(raw, { multiline: true });
  assert.equal(r.text, 'aredlinkb');
  assert.equal(r.stripped, true);
  assert.equal(r.truncated, false);
});

test('keeps newlines in multi-line input, normalising CR LF and CR; tabs become spaces', () => {
  assert.equal(
    sanitizePaste('one\r\ntwo\rthree\n\tfour', { multiline: true }).text,
    'one\ntwo\nthree\n  four',
  );
  assert.equal(sanitizePaste('one\ntwo', { multiline: false }).text, 'one two');
  assert.equal(sanitizePaste('plain 日本語 😀').stripped, false);
});

test(`caps at ${PASTE_MAX_CHARS} characters without splitting a surrogate pair`, () => {
  const r = sanitizePaste('😀'.repeat(PASTE_MAX_CHARS + 5));
  assert.equal(r.truncated, true);
  assert.equal(Array.from(r.text).length, PASTE_MAX_CHARS);
  assert.equal(sanitizePaste('x'.repeat(PASTE_MAX_CHARS)).truncated, false);
});
