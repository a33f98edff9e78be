// Text from a form (its title, its questions) shown by a client outside our renderers:
// control characters (escape sequences, line breaks, NUL) and bidi controls (which reorder what a
// person reads, e.g. a U+202E that turns "exe.pdf" around) are dropped; runs of whitespace become one space.

const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` without control or bidi-control characters (each removed). */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, '');
}

/** One line for a client's dialog: controls and bidi controls dropped, whitespace runs one space. */
export function plainLine(text: string): string {
  return text
    .replace(/[\t\n\r\u2028\u2029]+/g, ' ')
    .replace(CONTROLS, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
