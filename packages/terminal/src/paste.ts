// Cleaning pasted text before it reaches an input: the terminal cleaner (sanitize.ts) with line ends
// kept where the input is multi-line, and the seed's cap (seed 004: 10,000 characters).
import { hadControls, sanitizeText } from '@formrequest/schema/printable';

export const PASTE_MAX_CHARS = 10_000;

export interface CleanPaste {
  text: string;
  /** The paste was longer than the cap and was cut. */
  truncated: boolean;
  /** Escape sequences or control characters were removed. */
  stripped: boolean;
}

export function sanitizePaste(raw: string, opts: { multiline?: boolean; max?: number } = {}): CleanPaste {
  const max = opts.max ?? PASTE_MAX_CHARS;
  let text = sanitizeText(raw, { multiline: opts.multiline });
  let truncated = false;
  if (text.length > max) {
    const points = Array.from(text);
    if (points.length > max) {
      text = points.slice(0, max).join('');
      truncated = true;
    }
  }
  return { text, truncated, stripped: hadControls(raw) };
}
