// Draws frames on a real terminal. The prompt runs on the alternate screen, so each frame is painted at
// fixed rows: nothing the terminal reflowed on a resize and nothing scrolled away can leave stale
// lines. Only rows that changed are rewritten; a frame taller than the terminal scrolls to keep the
// focused row visible; the cursor is left at the insertion point (or hidden when nothing is edited).
import { type Frame, paintRow } from './frame.js';

export interface TerminalOutput {
  write(data: string): unknown;
  columns?: number;
  rows?: number;
}

/** Modes switched on for the prompt and switched off again on every way out. */
const ENTER = [
  '\x1b[?1049h', // alternate screen
  '\x1b[?2004h', // bracketed paste
  '\x1b[>1u', // kitty keyboard protocol: disambiguate (Shift+Enter arrives as CSI 13;2u)
  '\x1b[>4;1m', // xterm modifyOtherKeys 1 (Shift+Enter arrives as CSI 27;2;13~)
].join('');
const LEAVE = ['\x1b[>4m', '\x1b[<u', '\x1b[?2004l', '\x1b[0m', '\x1b[?1049l', '\x1b[?25h'].join('');

export class Screen {
  private painted: string[] = [];
  private scroll = 0;
  private active = false;
  private clearNext = true;

  constructor(
    private readonly out: TerminalOutput,
    private readonly color: boolean,
  ) {}

  get width(): number {
    return Math.max(4, this.out.columns || 80);
  }

  get height(): number {
    return Math.max(2, this.out.rows || 24);
  }

  enter(): void {
    if (this.active) return;
    this.active = true;
    this.clearNext = true;
    this.out.write(ENTER);
  }

  /** Restores the terminal; safe to call more than once. */
  leave(): void {
    if (!this.active) return;
    this.active = false;
    this.out.write(LEAVE);
  }

  /** Forget what is on screen (after a resize the terminal may have moved or cut our rows). */
  invalidate(): void {
    this.clearNext = true;
    this.painted = [];
  }

  draw(frame: Frame): void {
    if (!this.active) return;
    const footer = (frame.footer ?? []).map((r) => paintRow(r, this.color)).slice(-(this.height - 1));
    const h = this.height - footer.length;
    const rows = frame.rows.map((r) => paintRow(r, this.color));
    const focus = frame.focusRow ?? frame.cursor?.row ?? 0;
    let top = this.scroll;
    if (rows.length <= h) top = 0;
    else {
      if (focus < top) top = focus;
      if (focus >= top + h) top = focus - h + 1;
      top = Math.max(0, Math.min(top, rows.length - h));
    }
    this.scroll = top;
    let out = '\x1b[?25l';
    if (this.clearNext) {
      out += '\x1b[2J';
      this.painted = [];
      this.clearNext = false;
    }
    const visible = [...rows.slice(top, top + h), ...footer];
    for (let i = 0; i < this.height; i++) {
      const line = visible[i] ?? '';
      if (this.painted[i] === line) continue;
      out += `\x1b[${i + 1};1H\x1b[2K${line}`;
      this.painted[i] = line;
    }
    const c = frame.cursor;
    if (c && c.row >= top && c.row < top + h) {
      out += `\x1b[${c.row - top + 1};${Math.min(c.col, this.width - 1) + 1}H\x1b[?25h`;
    }
    this.out.write(out);
  }
}
