// Paints frames on a real terminal, two ways behind one interface:
// - FullScreen (here): the alternate screen. Each frame is painted at fixed rows, so nothing the
//   terminal reflowed on a resize and nothing scrolled away can leave stale lines; only rows that
//   changed are rewritten. Nothing of it stays behind when it ends.
// - InlineScreen (inline-screen.ts): below the shell prompt on the normal screen, rewritten in place,
//   leaving a transcript of the questions and answers in the scrollback when it ends.
// Either way a frame taller than the terminal scrolls to keep the focused row visible, the footer
// (notices, key hints) stays in view under it, and the cursor is left at the insertion point of the text
// being edited (an IME opens its candidates there) or hidden.
import { type Frame, paintRow } from './frame.js';

export interface TerminalOutput {
  write(data: string): unknown;
  columns?: number;
  rows?: number;
}

export interface Painter {
  readonly width: number;
  readonly height: number;
  /** Takes over its part of the terminal (the alternate screen, or the rows below the cursor). */
  enter(): void;
  /** Gives it back; safe to call more than once. */
  leave(): void;
  /** Forgets what is on screen (after a resize the terminal may have moved or cut our rows). */
  invalidate(): void;
  draw(frame: Frame): void;
}

/** Keyboard modes on for the whole prompt: bracketed paste, and Shift+Enter told apart from Enter. */
export const KEY_MODES_ON = [
  '\x1b[?2004h', // bracketed paste
  '\x1b[>1u', // kitty keyboard protocol: disambiguate (Shift+Enter arrives as CSI 13;2u)
  '\x1b[>4;1m', // xterm modifyOtherKeys 1 (Shift+Enter arrives as CSI 27;2;13~)
].join('');
export const KEY_MODES_OFF = ['\x1b[>4m', '\x1b[<u', '\x1b[?2004l', '\x1b[0m', '\x1b[?25h'].join('');

const ALT_ON = '\x1b[?1049h';
const ALT_OFF = '\x1b[?1049l';

export function terminalWidth(out: TerminalOutput): number {
  return Math.max(4, out.columns || 80);
}

export function terminalHeight(out: TerminalOutput): number {
  return Math.max(2, out.rows || 24);
}

/**
 * The rows of a frame that fit in `height`: the body scrolled so the focused row (or the cursor row)
 * is visible, starting from `top` where that still works, then the footer. Returns the new top.
 */
export function viewport(frame: Frame, height: number, top: number, color: boolean) {
  const footer = (frame.footer ?? []).map((r) => paintRow(r, color)).slice(-(height - 1));
  const h = height - footer.length;
  const rows = frame.rows.map((r) => paintRow(r, color));
  const focus = frame.focusRow ?? frame.cursor?.row ?? 0;
  let start = top;
  if (rows.length <= h) start = 0;
  else {
    if (focus < start) start = focus;
    if (focus >= start + h) start = focus - h + 1;
    start = Math.max(0, Math.min(start, rows.length - h));
  }
  const body = rows.slice(start, start + h);
  const c = frame.cursor;
  const cursor = c && c.row >= start && c.row < start + h ? { row: c.row - start, col: c.col } : undefined;
  return { top: start, lines: [...body, ...footer], cursor, bodyRows: body.length };
}

export class FullScreen implements Painter {
  private painted: string[] = [];
  private scroll = 0;
  private active = false;
  private clearNext = true;

  private readonly out: TerminalOutput;
  private readonly color: boolean;
  constructor(out: TerminalOutput, color: boolean) {
    this.out = out;
    this.color = color;
  }

  get width(): number {
    return terminalWidth(this.out);
  }

  get height(): number {
    return terminalHeight(this.out);
  }

  enter(): void {
    if (this.active) return;
    this.active = true;
    this.clearNext = true;
    this.out.write(ALT_ON);
  }

  leave(): void {
    if (!this.active) return;
    this.active = false;
    this.out.write(`\x1b[0m${ALT_OFF}\x1b[?25h`);
  }

  invalidate(): void {
    this.clearNext = true;
    this.painted = [];
  }

  draw(frame: Frame): void {
    if (!this.active) return;
    const view = viewport(frame, this.height, this.scroll, this.color);
    this.scroll = view.top;
    let out = '\x1b[?25l';
    if (this.clearNext) {
      out += '\x1b[2J';
      this.painted = [];
      this.clearNext = false;
    }
    for (let i = 0; i < this.height; i++) {
      const line = view.lines[i] ?? '';
      if (this.painted[i] === line) continue;
      out += `\x1b[${i + 1};1H\x1b[2K${line}`;
      this.painted[i] = line;
    }
    if (view.cursor) {
      out += `\x1b[${view.cursor.row + 1};${Math.min(view.cursor.col, this.width - 1) + 1}H\x1b[?25h`;
    }
    this.out.write(out);
  }
}
