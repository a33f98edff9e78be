// Paints frames as plain lines, for terminals that cannot move the cursor or show colours (TERM=dumb,
// no TERM, `--plain`): each frame that changed is written again below the last one, with no escape
// sequence at all, and the transcript is written at the end. A spinner's ticks are not a change.
import { type Frame, paintRow, type Row } from './frame.js';
import { type Painter, type TerminalOutput, terminalHeight, terminalWidth } from './screen.js';

/** Spinner frames and the elapsed time: redraws that only move them are not written again. */
const TICKS = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|\d+(?:\.\d+)?/g;

export class LineScreen implements Painter {
  private last = '';

  private readonly out: TerminalOutput;
  constructor(out: TerminalOutput) {
    this.out = out;
  }

  get width(): number {
    return terminalWidth(this.out);
  }

  get height(): number {
    return Math.max(8, terminalHeight(this.out) - 1);
  }

  enter(): void {}

  leave(): void {}

  invalidate(): void {
    this.last = '';
  }

  draw(frame: Frame): void {
    const text = [...frame.rows, ...(frame.footer ?? [])].map((r) => paintRow(r, false).trimEnd()).join('\n');
    const key = text.replace(TICKS, '');
    if (key === this.last) return;
    this.last = key;
    this.out.write(`${text}\n\n`);
  }

  /** Writes the transcript (the questions and answers) once the prompt ends. */
  finish(rows: Row[]): void {
    if (rows.length) this.out.write(`${rows.map((r) => paintRow(r, false).trimEnd()).join('\n')}\n`);
  }
}

/** True when the terminal should get plain lines: TERM is dumb or not set. */
export function isPlainTerminal(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env.TERM || env.TERM === 'dumb';
}
