// The one cleaner for text that reaches the terminal. A form's labels, a question's header, a search
// endpoint's results and a paste are untrusted: written as they are, an escape sequence in them would
// be interpreted (set the window title, write the clipboard through OSC 52, clear or fake the screen,
// hide text with SGR 8), a carriage return would overwrite what is on the row, and a bidi override
// would reorder what the person reads. Here every such thing is dropped, never interpreted:
// - escape sequences whole: CSI, OSC, DCS, SOS, PM, APC (to their terminator, or the end of the text),
//   screen's title string (ESC k), SS2/SS3, nF and the other two-byte escapes, in their 7-bit and 8-bit (C1) forms;
// - every other C0 and C1 control character (so no ESC is left to start a new sequence);
// - bidi embeddings, overrides, isolates and marks (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F,
//   U+061C).
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
/** Everything that is not printable text: C0 and C1 controls, DEL, bidi controls, line separators. */
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_EXCEPT_NEWLINE =
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export interface CleanOptions {
  /** Keep line breaks (as '\n'); otherwise each becomes a space. */
  multiline?: boolean;
}

/** True when `text` can be written to a terminal as it is. */
export function isCleanText(text: string, opts: CleanOptions = {}): boolean {
  return !(opts.multiline ? UNSAFE_EXCEPT_NEWLINE : UNSAFE).test(text);
}

/** `text` made safe to write to a terminal (see the top of this file); clean text comes back as it is. */
export function sanitizeText(text: string, opts: CleanOptions = {}): string {
  if (isCleanText(text, opts)) return text;
  const out = text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(SEQUENCE, '')
    .replace(/\t/g, '  ')
    .replace(CONTROLS, '');
  return opts.multiline ? out : out.replace(/\n/g, ' ');
}

/** True when cleaning removed something other than line ends and tabs (for a "cleaned" notice). */
export function hadControls(text: string): boolean {
  return /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(text);
}

/**
 * Text for a stream: cleaned (line breaks kept) when the stream is a terminal, exactly as it is when
 * it is a file or a pipe (there it is data, such as an answer a program reads).
 */
export function textFor(stream: { isTTY?: boolean }, text: string): string {
  return stream.isTTY ? sanitizeText(text, { multiline: true }) : text;
}
