// What a view hands the screen: rows of styled text already fitted to the width, where the terminal
// cursor goes (the insertion point of a text input, so an IME candidate window opens there), and which
// row must stay visible when the frame is taller than the terminal.
//
// Every text that goes into a frame passes through sanitizeText on the way in (so widths are measured
// on what will be shown) and again when a row is painted (so a row built by hand cannot carry a
// control character to the terminal either).
import { isCleanText, sanitizeText } from '@formrequest/schema/printable';
import { displayWidth, truncateToWidth, wrapLine } from './width.js';

export type Style = 'plain' | 'dim' | 'bold' | 'accent' | 'selected' | 'error' | 'warn' | 'ok' | 'title';

export interface Span {
  text: string;
  style?: Style;
}

export type Row = Span[];

export interface Frame {
  rows: Row[];
  /** Rows kept in view below the body (notices, key hints) even when the body has to scroll. */
  footer?: Row[];
  /** Where the real cursor is left; absent hides the cursor. */
  cursor?: { row: number; col: number };
  /** The row that must be on screen (the highlighted choice, the cursor row). */
  focusRow?: number;
  /** Which step this is (a question, a field, the review): a step that outgrew an inline prompt keeps
   * the alternate screen until the key changes. */
  key?: string;
  /** How many items the frame's list shows at once: what PageUp / PageDown move by. */
  page?: number;
}

const SGR: Record<Style, [string, string]> = {
  plain: ['', ''],
  dim: ['\x1b[2m', '\x1b[22m'],
  bold: ['\x1b[1m', '\x1b[22m'],
  accent: ['\x1b[36m', '\x1b[39m'],
  selected: ['\x1b[1;36m', '\x1b[22;39m'],
  error: ['\x1b[31m', '\x1b[39m'],
  warn: ['\x1b[33m', '\x1b[39m'],
  ok: ['\x1b[32m', '\x1b[39m'],
  title: ['\x1b[1;4m', '\x1b[22;24m'],
};

export function paintRow(row: Row, color: boolean): string {
  return row
    .map((s) => {
      const text = isCleanText(s.text) ? s.text : sanitizeText(s.text);
      return color && s.style && s.style !== 'plain' ? SGR[s.style][0] + text + SGR[s.style][1] : text;
    })
    .join('');
}

export interface ItemOptions {
  /** Keep the text's line breaks (a question, a description); otherwise they become spaces. */
  multiline?: boolean;
  /** Cut to this many rows, the last ending in '…'. */
  maxRows?: number;
}

export function rowWidth(row: Row): number {
  return row.reduce((n, s) => n + displayWidth(s.text), 0);
}

/** Builds frames row by row, wrapping text to the width with a hanging indent. */
export class FrameBuilder {
  readonly rows: Row[] = [];
  readonly footer: Row[] = [];
  cursor?: { row: number; col: number };
  focusRow?: number;
  page?: number;
  readonly width: number;
  constructor(width: number) {
    this.width = width;
  }

  /**
   * A prefix (e.g. '> 1. ') followed by text wrapped under itself; returns the index of the first row.
   * The text is cleaned first (one line unless `multiline`).
   */
  item(prefix: Span[], text: string, style: Style = 'plain', opts: ItemOptions = {}): number {
    const first = this.rows.length;
    const indent = rowWidth(prefix);
    const avail = Math.max(1, this.width - indent);
    const maxRows = opts.maxRows ?? Number.POSITIVE_INFINITY;
    const clean = sanitizeText(text, { multiline: opts.multiline });
    let lines = clean.split('\n').flatMap((l) => wrapLine(l, avail));
    if (lines.length > maxRows) {
      lines = lines.slice(0, maxRows);
      lines[maxRows - 1] = truncateToWidth(`${lines[maxRows - 1]}…`, avail);
    }
    lines.forEach((line, i) => {
      const row: Row = i === 0 ? [...prefix] : [{ text: ' '.repeat(indent) }];
      row.push({ text: line, style });
      this.rows.push(row);
    });
    return first;
  }

  /** Plain wrapped text with an indent. */
  text(text: string, style: Style = 'plain', indent = 0, opts: ItemOptions = {}): number {
    return this.item([{ text: ' '.repeat(indent) }], text, style, opts);
  }

  /** One row cut to the width (for rows that must not wrap, like hints). */
  line(spans: Span[]): number {
    const out: Row = [];
    let left = this.width;
    for (const s of spans) {
      if (left <= 0) break;
      const t = truncateToWidth(sanitizeText(s.text), left);
      out.push({ text: t, style: s.style });
      left -= displayWidth(t);
    }
    this.rows.push(out);
    return this.rows.length - 1;
  }

  /** A footer row (cut to the width): always on screen. */
  footerLine(spans: Span[]): void {
    const at = this.line(spans);
    this.footer.push(...this.rows.splice(at, 1));
  }

  /** Wrapped footer text. */
  footerText(text: string, style: Style = 'plain', opts: ItemOptions = {}): void {
    const at = this.text(text, style, 0, opts);
    this.footer.push(...this.rows.splice(at));
  }

  blank(): void {
    this.rows.push([]);
  }

  /** An empty builder of the same width, to draw something and measure it before placing it. */
  scratch(): FrameBuilder {
    return new FrameBuilder(this.width);
  }

  frame(key?: string): Frame {
    const { rows, footer, cursor, focusRow, page } = this;
    return { rows, footer, cursor, focusRow, key, page };
  }
}
