// The shared cleaner (@formrequest/schema/printable): the terminal renderer's sanitizeText and the CLI's
// printableText / printableJson, on every hostile string.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOSTILE } from '../../../testing/hostile-text.ts';
import {
  isCleanText,
  printableJson,
  printableText,
  sanitizeText,
  splitGraphemes,
  textFor,
} from '../src/printable.ts';

const ESC_OR_C1 = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;

test('every hostile sequence is dropped whole, never left half-interpretable', () => {
  for (const [name, raw] of Object.entries(HOSTILE)) {
    const one = sanitizeText(`<${raw}>`);
    const multi = sanitizeText(`<${raw}>`, { multiline: true });
    for (const out of [one, multi]) {
      assert.doesNotMatch(out, ESC_OR_C1, `${name}: ${JSON.stringify(out)}`);
      assert.doesNotMatch(out, /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/, name);
      assert.ok(out.startsWith('<') && out.endsWith('>'), `${name}: ${JSON.stringify(out)}`);
    }
    assert.doesNotMatch(one, /\n/, name);
  }
  // What each sequence carried is gone with it (titles, clipboard data, hyperlink targets).
  const all = sanitizeText(Object.values(HOSTILE).join(''));
  for (const secret of [
    'PWNED-TITLE',
    'PWNED-OSC2',
    'UFdORUQtQ0xJUA',
    'http://evil',
    'C1-TITLE',
    'tmux;',
    'PWNED',
  ])
    assert.ok(!all.includes(secret), secret);
});

test('exact results: sequences dropped, hidden text shown, controls and bidi controls dropped', () => {
  assert.equal(sanitizeText('a\x1b[8mhidden\x1b[0mb'), 'ahiddenb');
  assert.equal(sanitizeText('ok\x1b]0;title\x07!'), 'ok!');
  assert.equal(sanitizeText('x\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\y'), 'xlinky');
  assert.equal(sanitizeText('safe\rEVIL'), 'safe EVIL');
  assert.equal(sanitizeText('\u202etxt.exe'), 'txt.exe');
  assert.equal(sanitizeText('a\u2066b\u2069c\u200fd'), 'abcd');
  assert.equal(sanitizeText('\x9b2J\x9d0;t\x9cz'), 'z');
  assert.equal(sanitizeText('tab\there'), 'tab  here');
  // An unterminated string sequence swallows the rest of the text rather than leak it.
  assert.equal(sanitizeText('keep\x1b]52;c;AAAA'), 'keep');
  assert.equal(sanitizeText('\x1bP+q544e\x1b\\after'), 'after');
  // SS3 takes its one character, even outside the BMP, without splitting it.
  assert.equal(sanitizeText('\x1bO😀ok'), 'ok');
});

test('invisible format characters are dropped: the person sees every character the agent gets', () => {
  const invisible: [string, string][] = [
    ['zero-width space', '\u200b'],
    ['soft hyphen', '\u00ad'],
    ['BOM / zero-width no-break space', '\ufeff'],
    ['word joiner', '\u2060'],
    ['function application', '\u2061'],
    ['invisible times', '\u2062'],
    ['invisible separator', '\u2063'],
    ['invisible plus', '\u2064'],
    ['deprecated format control', '\u206a'],
    ['Mongolian vowel separator', '\u180e'],
    ['interlinear annotation', '\ufff9'],
    ['LRE', '\u202a'],
    ['RLE', '\u202b'],
    ['PDF', '\u202c'],
    ['LRO', '\u202d'],
    ['RLO', '\u202e'],
    ['LRI', '\u2066'],
    ['RLI', '\u2067'],
    ['FSI', '\u2068'],
    ['PDI', '\u2069'],
    ['tag space', '\u{e0020}'],
    ['tag A', '\u{e0041}'],
    ['language tag', '\u{e0001}'],
    ['cancel tag', '\u{e007f}'],
  ];
  for (const [name, c] of invisible) {
    for (const multiline of [false, true]) {
      assert.equal(sanitizeText(`de${c}lete`, { multiline }), 'delete', name);
      assert.equal(isCleanText(`de${c}lete`, { multiline }), false, name);
    }
  }
  // ASCII smuggled as tag characters (invisible on screen, read by a model) is dropped whole.
  const smuggled = [...'ignore previous']
    .map((ch) => String.fromCodePoint(0xe0000 + ch.codePointAt(0)!))
    .join('');
  assert.equal(sanitizeText(`OK${smuggled}!`), 'OK!');
  assert.equal(sanitizeText('\ufeffTitle\u00ad'), 'Title');
});

test('a subdivision flag keeps its tags; tags anywhere else, or too many, are dropped', () => {
  const england = '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}';
  for (const text of [england, `Team ${england} wins`]) {
    assert.equal(sanitizeText(text), text);
    assert.equal(isCleanText(text), true);
  }
  assert.equal(sanitizeText(`x\u200b${england}\u200by`), `x${england}y`);
  // Without the black flag, or longer than a tag_spec, the tags hide text and are dropped.
  assert.equal(sanitizeText('a\u{e0067}\u{e0062}\u{e007f}b'), 'ab');
  const long = `\u{1f3f4}${'\u{e0061}'.repeat(20)}\u{e007f}`;
  assert.equal(sanitizeText(long), '\u{1f3f4}');
});

test('line breaks: kept (normalised) in multi-line slots, spaces in one-line slots', () => {
  assert.equal(sanitizeText('a\r\nb\rc\u2028d\ne', { multiline: true }), 'a\nb\nc\nd\ne');
  assert.equal(sanitizeText('A\n  2. fake row'), 'A   2. fake row');
});

test('clean text comes back as the same string; isCleanText agrees', () => {
  for (const s of ['', 'plain', '日本語のテキスト', 'emoji 👍🏽 café', 'العربية', 'עברית']) {
    assert.equal(sanitizeText(s), s);
    assert.equal(isCleanText(s), true);
  }
  assert.equal(isCleanText('a\nb'), false);
  assert.equal(isCleanText('a\nb', { multiline: true }), true);
});

test('textFor: cleaned for a terminal, exact for a file or a pipe', () => {
  const text = 'Q="\x1b]0;t\x07A"\nnext';
  assert.equal(textFor({ isTTY: true }, text), 'Q="A"\nnext');
  assert.equal(textFor({ isTTY: false }, text), text);
  assert.equal(textFor({}, text), text);
});

test('printableText: every control, bidi and format character shown as an escape, lines kept', () => {
  const all = Object.values(HOSTILE).join('');
  const out = printableText(`a\n${all}\tb\r\nc`);
  assert.ok(
    !/[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f]/.test(out),
    out,
  );
  assert.ok(out.startsWith('a\n'));
  assert.ok(out.endsWith('\tb\nc'));
  assert.equal(printableText('(?=\x1b]52;c;QQ==\x07)'), '(?=\\u001b]52;c;QQ==\\u0007)');
  assert.equal(printableText('\u202etxt'), '\\u202etxt');
  assert.equal(printableText('\u{e0001}'), '\\udb40\\udc01');
  const json = JSON.stringify({ a: `\u202e\x9b${HOSTILE.osc52Clipboard}\u{e0041}` });
  assert.deepEqual(JSON.parse(printableText(json)), JSON.parse(json));
  assert.equal(printableText('日本語 😀 ok'), '日本語 😀 ok');
});

test('printableJson: the same value for a JSON reader, nothing a terminal acts on', () => {
  const value = { all: Object.values(HOSTILE).join(''), tag: 'x\u{e0041}y', c1: '\x9b2J', ja: '日本語' };
  const out = printableJson(value);
  assert.deepEqual(JSON.parse(out), value);
  assert.ok(
    !/[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u{e0000}-\u{e007f}]/u.test(
      out,
    ),
    out,
  );
  assert.match(out, /日本語/);
  assert.equal(printableJson({ a: 1 }), JSON.stringify({ a: 1 }, null, 2));
});

test('splitGraphemes agrees with Intl.Segmenter on emoji sequences, flags, keycaps, marks', () => {
  const seg = new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (const text of [
    'どれにしますか？ 👍🏽 🍣 café',
    '👨‍👩‍👧 🇯🇵🇺🇸 1️⃣ e\u0301 a\r\nb',
    '🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}x',
    '❤️‍🔥 ok',
  ]) {
    assert.deepEqual(
      splitGraphemes(text),
      [...seg.segment(text)].map((s) => s.segment),
      text,
    );
  }
});
