// Cleaning pasted text before it reaches an input: every kind of terminal escape sequence is removed
// (CSI, OSC, DCS/SOS/PM/APC strings, SS2/SS3, two-byte escapes, their 8-bit C1 forms), other control
// characters too, line ends become '\n', and the result is capped (seed 004: 10,000 characters).

export const PASTE_MAX_CHARS = 10_000;

export interface CleanPaste {
  text: string;
  /** The paste was longer than the cap and was cut. */
  truncated: boolean;
  /** Escape sequences or control characters were removed. */
  stripped: boolean;
}

const SEQUENCES = new RegExp(
  [
    '(?:\\x1b\\[|\\x9b)[\\x30-\\x3f]*[\\x20-\\x2f]*[\\x40-\\x7e]', // CSI (colours, cursor moves, ...)
    '(?:\\x1b\\]|\\x9d)[\\s\\S]*?(?:\\x07|\\x1b\\\\|\\x9c|$)', // OSC (titles, hyperlinks, clipboard)
    '(?:\\x1b[PX^_]|[\\x90\\x98\\x9e\\x9f])[\\s\\S]*?(?:\\x1b\\\\|\\x9c|$)', // DCS, SOS, PM, APC
    '\\x1b[NO][\\s\\S]?', // SS2, SS3 and the character they shift
    '\\x1b[\\x20-\\x2f]+[\\x30-\\x7e]?', // nF escapes (charset selection)
    '\\x1b[\\x30-\\x7e]?', // Fp / Fe / Fs escapes, or a lone ESC
  ].join('|'),
  'g',
);
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function sanitizePaste(raw: string, opts: { multiline?: boolean; max?: number } = {}): CleanPaste {
  const max = opts.max ?? PASTE_MAX_CHARS;
  let text = raw.replace(/\r\n?/g, '\n');
  // Anything other than tab and line ends is part of a sequence or a stray control character.
  const stripped = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/.test(raw);
  text = text.replace(SEQUENCES, '').replace(/\t/g, '  ').replace(CONTROLS, '');
  if (!opts.multiline) text = text.replace(/\n+/g, ' ');
  let truncated = false;
  if (text.length > max) {
    const points = Array.from(text);
    if (points.length > max) {
      text = points.slice(0, max).join('');
      truncated = true;
    }
  }
  return { text, truncated, stripped };
}
