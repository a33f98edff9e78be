// Display widths and wrapping in terminal columns. Widths come from `string-width` (East Asian wide
// characters count 2, emoji 2, combining marks 0); text is only ever cut between graphemes, so an emoji
// sequence or a letter with its accents is never split.
//
// string-width builds its emoji and segmenter tables when it loads (about 20 ms), so it is loaded a
// moment after the first frame (loadWidthsSoon); no first frame waits for it. Until it is there, text
// outside the simple ranges below is measured per grapheme: 2 for an emoji presentation (a pictograph, a keycap, a
// flag, anything with VS16), else the East Asian width of its characters from get-east-asian-width
// (the table string-width itself uses), combining marks 0.
import { splitGraphemes } from '@formrequest/schema/printable';
import { eastAsianWidth } from 'get-east-asian-width';

let exactWidth: ((text: string) => number) | undefined;
let loading: Promise<void> | undefined;

/** Loads string-width; resolves once displayWidth measures with it. */
export function loadWidths(): Promise<void> {
  loading ??= import('string-width').then((m) => {
    exactWidth = m.default;
  });
  return loading;
}

/**
 * Loads string-width WIDTHS_AFTER_MS after the first frame, not at once: the terminal needs the CPU
 * first to show that frame (on two cores, the load slowed its appearance in tmux by ~5%). The timer
 * does not keep a finished prompt's process alive.
 */
export function loadWidthsSoon(): void {
  setTimeout(() => void loadWidths(), WIDTHS_AFTER_MS).unref();
}

const WIDTHS_AFTER_MS = 100;

/** True when `text` is measured exactly without string-width (ASCII, kana, kanji, full-width forms). */
export function isSimpleText(text: string): boolean {
  return SIMPLE.test(text);
}

const ZERO_WIDTH = /^[\p{M}\p{Cf}]$/u; // combining marks, variation selectors (Mn), ZWJ and other format characters

/** Columns of a grapheme that is not an emoji: its characters' East Asian widths, marks 0. */
function codePointWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    if (ZERO_WIDTH.test(ch)) continue;
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    width += eastAsianWidth(cp);
  }
  return width;
}

/** A grapheme shown as an emoji (two columns), as string-width counts it. */
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\ufe0f|\p{Regional_Indicator}|\u20e3/u;

function graphemeWidth(text: string): number {
  let width = 0;
  for (const g of graphemes(text)) width += EMOJI.test(g) ? 2 : codePointWidth(g);
  return width;
}

export function graphemes(text: string): string[] {
  if (SIMPLE.test(text)) return text.split('');
  return splitGraphemes(text);
}

// Printable ASCII (1 column) and the kana, kanji and full-width forms that are always 2 columns wide
// (East Asian Width W/F, no combining marks): counted directly, so a plain Japanese screen never pays for
// string-width's emoji tables. Anything else goes to string-width.
// The narrow symbols the screens draw themselves are counted directly too (1 column, as string-width
// counts them; East Asian "ambiguous" counts narrow): the hints' arrows, '·', '…', '–', '≤' and '≥', box
// drawing and block elements (a form's '──' section rules, the range bar), the spinner's braille
// patterns, '✔' and '✕'. A form's first frame then measures no text per grapheme. The ideographic
// and Hangul tone marks (U+302A-U+302F) combine with the character before them: not simple.
const SIMPLE =
  /^[\x20-\x7e\u00b7\u2013\u2026\u2190-\u2193\u2264\u2265\u2500-\u259f\u2714\u2715\u2800-\u28ff\u3001-\u3029\u3030-\u303e\u3041-\u3096\u309b-\u30ff\u4e00-\u9fff\uff01-\uff60]*$/;
const NARROW =
  /[\x20-\x7e\u00b7\u2013\u2026\u2190-\u2193\u2264\u2265\u2500-\u259f\u2714\u2715\u2800-\u28ff]/g;

/** Columns a string takes on screen. */
export function displayWidth(text: string): number {
  if (SIMPLE.test(text)) return text.length * 2 - (text.match(NARROW)?.length ?? 0);
  return exactWidth ? exactWidth(text) : graphemeWidth(text);
}

/** Cuts `text` to at most `width` columns, ending in '…' when something was cut. */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let out = '';
  let used = 0;
  for (const g of graphemes(text)) {
    const w = displayWidth(g);
    if (used + w > width - 1) break;
    out += g;
    used += w;
  }
  return `${out}…`;
}

/** Keeps the first `max` graphemes of `text`, adding '…' when it was longer (the on-screen shortening of seed 004). */
export function shortenGraphemes(text: string, max: number): string {
  const gs = graphemes(text);
  return gs.length <= max ? text : `${gs.slice(0, max).join('')}…`;
}

/**
 * Wraps one line of text (no newlines) into rows of at most `width` columns. Breaks after a space when
 * a row has one, otherwise between any two graphemes (CJK text has no spaces). Always returns a row.
 */
export function wrapLine(text: string, width: number): string[] {
  const w = Math.max(1, width);
  if (displayWidth(text) <= w) return [text];
  const rows: string[] = [];
  let row: string[] = [];
  let rowWidth = 0;
  let lastSpace = -1;
  for (const g of graphemes(text)) {
    const gw = displayWidth(g);
    if (rowWidth + gw > w && row.length > 0) {
      if (lastSpace >= 0 && lastSpace < row.length - 1) {
        const rest = row.splice(lastSpace + 1);
        rows.push(row.join(''));
        row = rest;
      } else {
        rows.push(row.join(''));
        row = [];
      }
      rowWidth = displayWidth(row.join(''));
      lastSpace = -1;
    }
    row.push(g);
    rowWidth += gw;
    if (g === ' ') lastSpace = row.length - 1;
  }
  rows.push(row.join(''));
  return rows;
}

/** Wraps text that may hold newlines. */
export function wrapText(text: string, width: number): string[] {
  return text.split('\n').flatMap((line) => wrapLine(line, width));
}
