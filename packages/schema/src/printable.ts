// The one cleaner for text that reaches a terminal, shared by the terminal renderer and every CLI verb
// (`@formrequest/schema/printable`). A form's labels, a question's header, a search
// endpoint's results and a paste are untrusted: written as they are, an escape sequence in them would
// be interpreted (set the window title, write the clipboard through OSC 52, clear or fake the screen,
// hide text with SGR 8), a carriage return would overwrite what is on the row, and a bidi override
// would reorder what the person reads. Here every such thing is dropped, never interpreted:
// - escape sequences whole: CSI, OSC, DCS, SOS, PM, APC (to their terminator, or the end of the text),
//   screen's title string (ESC k), SS2/SS3, nF and the other two-byte escapes, in their 7-bit and 8-bit (C1) forms;
// - every other C0 and C1 control character (so no ESC is left to start a new sequence);
// - bidi embeddings, overrides, isolates and marks (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F,
//   U+061C).
// - invisible format characters, which would hide text from the person while it still reaches the
//   agent (or split a word a filter looks for): soft hyphen, zero-width space, word joiner and the
//   invisible operators (U+2060-U+2064), the deprecated format controls (U+206A-U+206F), the BOM
//   (U+FEFF), interlinear annotation marks, Mongolian vowel separator, and tag characters
//   (U+E0000-U+E007F) except inside an emoji tag sequence (🏴 + tags + cancel tag: a subdivision flag).
//   ZWJ and ZWNJ stay: emoji sequences and several scripts need them.
// Tabs become two spaces; CR LF, CR and the Unicode line/paragraph separators become a line break,
// kept only where the slot is multi-line (a question, a description) and a space otherwise, so a label
// can never draw a fake row of its own. Widths are measured on the result (frame.ts, width.ts).

const SEQUENCE = new RegExp(
  [
    '(?:\\x1b\\[|\\x9b)[\\x30-\\x3f]*[\\x20-\\x2f]*[\\x40-\\x7e]?', // CSI (colours, cursor moves, erase)
    '(?:\\x1b\\]|\\x9d)[\\s\\S]*?(?:\\x07|\\x1b\\\\|\\x9c|$)', // OSC (title, hyperlink, clipboard)
    // DCS, SOS, PM, APC, and screen's title string (ESC k, which tmux also takes as a window name)
    '(?:\\x1b[PX^_k]|[\\x90\\x98\\x9e\\x9f])[\\s\\S]*?(?:\\x1b\\\\|\\x9c|$)',
    '\\x1b[NO][^\\x00-\\x1f\\x7f-\\x9f]?', // SS2, SS3 and the character they shift
    '\\x1b[\\x20-\\x2f]+[\\x30-\\x7e]?', // nF escapes (charset selection)
    '\\x1b[\\x30-\\x7e]?', // Fp / Fe / Fs escapes (save cursor, reset, ...), or a lone ESC
  ].join('|'),
  'gu',
);
/** Bidi controls and invisible format characters (see the top of this file), as a class body. */
const FORMAT =
  '\\u00ad\\u061c\\u180e\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb\\u{e0000}-\\u{e007f}';
/** Everything that is not printable text: C0 and C1 controls, DEL, format characters, line separators. */
const UNSAFE = new RegExp(`[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029${FORMAT}]`, 'u');
const UNSAFE_EXCEPT_NEWLINE = new RegExp(`[\\x00-\\x09\\x0b-\\x1f\\x7f-\\x9f\\u2028\\u2029${FORMAT}]`, 'u');
const CONTROLS = new RegExp(`[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f${FORMAT}]`, 'gu');
/** What cleaning removes besides line ends and tabs. */
const REMOVED = new RegExp(`[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f${FORMAT}]`, 'u');
/**
 * A subdivision flag (🏴 + 2-7 tag digits or lowercase letters + cancel tag, UTS #51's tag_spec, such
 * as England's 🏴 g b e n g), the one use of tag characters that is shown; short, so it hides little.
 */
const FLAG = /\u{1f3f4}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{2,7}\u{e007f}/gu;

export interface CleanOptions {
  /** Keep line breaks (as '\n'); otherwise each becomes a space. */
  multiline?: boolean;
}

/** True when `text` can be written to a terminal as it is. */
export function isCleanText(text: string, opts: CleanOptions = {}): boolean {
  const unsafe = opts.multiline ? UNSAFE_EXCEPT_NEWLINE : UNSAFE;
  if (!unsafe.test(text)) return true;
  return text.includes('\u{1f3f4}') && !unsafe.test(text.replace(FLAG, ''));
}

/** `text` made safe to write to a terminal (see the top of this file); clean text comes back as it is. */
export function sanitizeText(text: string, opts: CleanOptions = {}): string {
  if (isCleanText(text, opts)) return text;
  const out = dropControls(
    text
      .replace(/\r\n?|[\u2028\u2029]/g, '\n')
      .replace(SEQUENCE, '')
      .replace(/\t/g, '  '),
  );
  return opts.multiline ? out : out.replace(/\n/g, ' ');
}

/** Drops controls and format characters, keeping subdivision flags whole. */
function dropControls(text: string): string {
  let out = '';
  let from = 0;
  for (const flag of text.matchAll(FLAG)) {
    out += text.slice(from, flag.index).replace(CONTROLS, '') + flag[0];
    from = flag.index + flag[0].length;
  }
  return out + text.slice(from).replace(CONTROLS, '');
}

/** True when cleaning removed something other than line ends and tabs (for a "cleaned" notice). */
export function hadControls(text: string): boolean {
  return REMOVED.test(text.replace(FLAG, ''));
}

/**
 * Text for a stream: cleaned (line breaks kept) when the stream is a terminal, exactly as it is when
 * it is a file or a pipe (there it is data, such as an answer a program reads).
 */
export function textFor(stream: { isTTY?: boolean }, text: string): string {
  return stream.isTTY ? sanitizeText(text, { multiline: true }) : text;
}

/** A control, bidi or invisible format character: what `printableText` shows as an escape. */
const SHOWN_AS_ESCAPE = new RegExp(`[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\u2028\\u2029${FORMAT}]`, 'gu');

/** `\u001b`, `\u202e`, `\u{e0001}`: how a character a terminal would act on is written for reading. */
function escapeOf(char: string): string {
  // UTF-16 units, as JSON writes them: JSON text stays JSON with the same value.
  return Array.from(
    { length: char.length },
    (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`,
  ).join('');
}

/**
 * Text for a CLI's stdout or stderr (a message quoting a schema, a catalog, a server's reply or a
 * search result): line breaks and tabs kept, every escape sequence byte, other control, bidi control
 * and invisible format character written as a visible escape (`\u001b]52;c;…`), so the reader sees
 * what the input held and the terminal acts on none of it.
 */
export function printableText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(SHOWN_AS_ESCAPE, escapeOf);
}

/** Characters JSON.stringify leaves raw that a terminal acts on or that reorder or hide text. */
const JSON_RAW =
  /[\x7f-\x9f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

/**
 * `JSON.stringify(value, null, space)` with every control, bidi and invisible format character as a
 * `\uXXXX` escape (JSON.stringify escapes only C0): the same value for a JSON reader, 0 escape bytes
 * and 0 bidi controls for a terminal.
 */
export function printableJson(value: unknown, space: number | string = 2): string {
  return (JSON.stringify(value, null, space) ?? 'null').replace(JSON_RAW, escapeOf);
}

/**
 * One grapheme as a person sees it: CR LF, a flag (two regional indicators), or a character with its
 * combining marks, variation selectors, skin tones and tags, and whatever ZWJ joins to it (👨‍👩‍👧).
 * Intl.Segmenter says the same for these, but building one costs ~20-150 ms at start-up (ICU's break
 * data): widths and counts on a first frame use this instead.
 */
const GRAPHEME =
  /\r\n|\p{Regional_Indicator}{2}|[^\p{M}\u200d][\p{M}\u200c\p{Emoji_Modifier}\u{e0020}-\u{e007f}]*(?:\u200d[^\p{M}\u200d]?[\p{M}\p{Emoji_Modifier}]*)*|[\s\S]/gu;

/** `text` split into graphemes (see GRAPHEME). */
export function splitGraphemes(text: string): string[] {
  return text.match(GRAPHEME) ?? [];
}
