// Paints frames inline: on the normal screen, from the line the shell left the cursor on, rewritten in
// place with relative cursor moves only (so a region at the bottom of the screen that scrolled it up
// is still found). It never takes more than the terminal's height less one row, so the top of the
// region can always be reached again. When the prompt ends the region is replaced by a transcript (the
// questions and the answers), which stays in the scrollback as clack's and inquirer's prompts do.
//
// A resize may make the terminal reflow rows that no longer fit (tmux, kitty, iTerm2, VTE and Windows
// Terminal do; xterm cuts them): the way back to the top of the region is then counted in the rows
// they wrapped into, and everything from there down is redrawn. A resize that makes the terminal
// shorter than the way back pushes the region's top rows into the scrollback (the terminal keeps the
// cursor's row on screen); they are counted, and when the terminal grows again and brings them back
// (tmux does), the way back reaches over them so they are cleared, not left above the prompt. Where
// the terminal brings nothing back (xterm) the region is already at the top row and the move stops
// there.

import type { Frame } from './frame.js';
import { paintRow, type Row, rowWidth } from './frame.js';
import { type Painter, type TerminalOutput, terminalHeight, terminalWidth, viewport } from './screen.js';

export class InlineScreen implements Painter {
  /** Display widths of the rows of the region now on screen. */
  private widths: number[] = [];
  /** Where the cursor was left in the region (row index, column). */
  private at = { row: 0, col: 0 };
  /** The width the region was painted at, when the terminal has been resized since. */
  private paintedAt: number | null = null;
  private scroll = 0;
  private active = false;
  /** Rows of the region pushed above the top of the screen by a shrink, not drawn over since. */
  private lost = 0;
  /** The terminal's height when the region was last drawn. */
  private lastHeight = 0;

  private readonly out: TerminalOutput;
  private readonly color: boolean;
  constructor(out: TerminalOutput, color: boolean) {
    this.out = out;
    this.color = color;
  }

  get width(): number {
    return terminalWidth(this.out);
  }

  /** Rows a frame may take: one less than the terminal, so the region's top stays reachable. */
  get height(): number {
    return Math.max(2, terminalHeight(this.out) - 1);
  }

  enter(): void {
    if (this.active) return;
    this.active = true;
    this.widths = [];
    this.at = { row: 0, col: 0 };
    this.lost = 0;
  }

  leave(): void {
    this.finish([]);
  }

  /** Replaces the region with `rows` (the transcript), left in the scrollback, and stops. */
  finish(rows: Row[]): void {
    if (!this.active) return;
    this.active = false;
    let out = `${this.toTop()}\r\x1b[J`;
    for (const row of rows) out += `${paintRow(row, this.color)}\x1b[0m\r\n`;
    this.widths = [];
    this.out.write(`${out}\x1b[?25h`);
  }

  invalidate(): void {
    this.paintedAt ??= this.lastWidth;
  }

  private lastWidth = 0;

  /** Cursor moves from where it was left back to the first column of the region's first row. */
  private toTop(): string {
    let up = this.at.row;
    if (this.paintedAt !== null && this.width < this.paintedAt) {
      // Rows wider than the terminal now may have been reflowed into several.
      const w = this.width;
      up = 0;
      for (let i = 0; i < this.at.row; i++) up += Math.max(1, Math.ceil((this.widths[i] ?? 0) / w));
      up += Math.floor(this.at.col / w);
    }
    this.paintedAt = null;
    const rows = terminalHeight(this.out);
    if (this.lastHeight > 0 && rows > this.lastHeight && this.lost > 0) {
      // Grown: the rows a shrink pushed up may be back above the region; reach over them too.
      const back = Math.min(this.lost, rows - this.lastHeight);
      up += back;
      this.lost -= back;
    }
    if (up > rows - 1) {
      // Shrunk: the cursor is on the last row and the rows above the top of the screen are gone up.
      this.lost += up - (rows - 1);
      up = rows - 1;
    }
    this.lastHeight = rows;
    return up > 0 ? `\r\x1b[${up}A` : '\r';
  }

  draw(frame: Frame): void {
    if (!this.active) return;
    const view = viewport(frame, this.height, this.scroll, this.color);
    this.scroll = view.top;
    const lines = view.lines.length ? view.lines : [''];
    let out = `\x1b[?25l${this.toTop()}`;
    lines.forEach((line, i) => {
      out += `\x1b[2K${line}`;
      if (i < lines.length - 1) out += '\r\n';
    });
    // Clear what is left below: the rest of a taller frame, or rows the terminal's reflow added.
    out += '\x1b[J';
    const body = [...frame.rows.slice(view.top, view.top + view.bodyRows), ...(frame.footer ?? [])];
    this.widths = lines.map((_, i) => (body[i] ? rowWidth(body[i]!) : 0));
    const last = lines.length - 1;
    if (view.cursor) {
      const up = last - view.cursor.row;
      const col = Math.min(view.cursor.col, this.width - 1);
      out += `${up > 0 ? `\x1b[${up}A` : ''}\r${col > 0 ? `\x1b[${col}C` : ''}\x1b[?25h`;
      this.at = { row: view.cursor.row, col };
    } else this.at = { row: last, col: this.widths[last] ?? 0 };
    this.lastWidth = this.width;
    this.out.write(out);
  }
}
