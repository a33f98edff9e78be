// Runs a prompt state machine on a real terminal: raw mode, the key decoder, redraws on input and on
// resize, Ctrl+Z (suspend, then redraw on SIGCONT), and a restored terminal on every way out (done,
// cancel, abort signal, thrown error, process signal, process exit).
//
// Inline (the default) draws below the shell prompt and leaves a transcript in the scrollback; a step
// whose frame outgrows the terminal (a long multi-line answer, a long review) moves to the alternate
// screen until the step changes. Full-screen draws everything on the alternate screen.
import type { Frame, Row } from './frame.js';
import { InlineScreen } from './inline-screen.js';
import { type InputEvent, KeyDecoder } from './keys.js';
import { isPlainTerminal, LineScreen } from './line-screen.js';
import { type UiLocale, words } from './messages.js';
import { FullScreen, KEY_MODES_OFF, KEY_MODES_ON, type Painter } from './screen.js';
import { canSuspend, type Terminal } from './tty.js';

export interface TerminalInput {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  /** 'end' or 'error': the terminal is gone (hung up). */
  on(event: 'end' | 'error', listener: () => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'end' | 'error', listener: () => void): unknown;
  resume(): unknown;
  pause(): unknown;
}

export interface TerminalStream {
  isTTY?: boolean;
  columns?: number;
  rows?: number;
  write(data: string): unknown;
  on?(event: 'resize', listener: () => void): unknown;
  off?(event: 'resize', listener: () => void): unknown;
}

/**
 * Inline: below the prompt, a transcript left behind. Full-screen: the alternate screen. Plain: lines
 * only, no colour and no cursor moves (the default where TERM is dumb or not set).
 */
export type Display = 'inline' | 'fullscreen' | 'plain';

export interface TerminalIO {
  input: TerminalInput;
  output: TerminalStream;
  signal?: AbortSignal;
  /** Colours on unless NO_COLOR is set. */
  color?: boolean;
  /** Default 'inline'. */
  display?: Display;
  /** Language of the session's own notices (Ctrl+Z without job control). */
  locale?: UiLocale;
  /** Whether Ctrl+Z can stop the process (default: a shell with job control started it). */
  canSuspend?: () => boolean;
}

export type Outcome = 'submitted' | 'cancelled' | 'aborted';

export interface Machine {
  update(event: InputEvent): void;
  /** The frame for a terminal of this size (height: the rows the prompt may use). */
  view(width: number, height: number): Frame;
  status(): 'active' | 'submitted' | 'cancelled';
  /** Called once with a function that redraws; for machines that change on their own (searches). */
  attach?(redraw: () => void): void;
  /** What an inline prompt leaves in the scrollback when it ends. */
  transcript?(width: number, outcome: Outcome): Row[];
}

/** How long a lone ESC waits for the rest of a sequence before it counts as the Escape key. */
const ESC_WAIT_MS = 40;
const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'];
/** Windows has no SIGTSTP / SIGCONT (nor Ctrl+Z job control). */
const JOB_CONTROL = process.platform !== 'win32';

export function runSession(io: TerminalIO, machine: Machine): Promise<Outcome> {
  const { input, output, signal } = io;
  const display = io.display ?? (isPlainTerminal() ? 'plain' : 'inline');
  const plain = display === 'plain' ? new LineScreen(output) : null;
  const color = !plain && (io.color ?? !('NO_COLOR' in process.env));
  const inlineMode = display === 'inline';
  return new Promise<Outcome>((resolve, reject) => {
    if (signal?.aborted) return resolve('aborted');
    const full = new FullScreen(output, color);
    const inline = inlineMode ? new InlineScreen(output, color) : null;
    let painter: Painter = plain ?? inline ?? full;
    /** The step that moved to the alternate screen because it outgrew the terminal. */
    let grownKey: string | undefined;
    const decoder = new KeyDecoder();
    const wasRaw = Boolean(input.isRaw);
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    let suspended = false;
    /** A notice of the session's own, shown until the next key. */
    let note: string | null = null;

    const keysOn = () => {
      input.setRawMode?.(true);
      input.on('data', onData);
      input.on('end', onGone);
      input.on('error', onGone);
      input.resume();
      if (!plain) output.write(KEY_MODES_ON);
    };
    const keysOff = () => {
      input.off('data', onData);
      input.off('end', onGone);
      input.off('error', onGone);
      try {
        input.setRawMode?.(wasRaw);
      } catch {
        // the terminal is already gone (hang-up): nothing left to restore
      }
      input.pause();
      if (!plain) output.write(KEY_MODES_OFF);
    };
    const cleanup = (outcome: Outcome | null) => {
      clearTimeout(timer);
      clearInterval(keepAlive);
      output.off?.('resize', onResize);
      signal?.removeEventListener('abort', onAbort);
      for (const sig of SIGNALS) process.off(sig, onSignal);
      process.off('SIGTSTP', onStop);
      process.off('SIGCONT', onContinue);
      process.off('exit', onExit);
      if (!suspended) keysOff();
      if (plain) {
        try {
          if (outcome) plain.finish(machine.transcript?.(plain.width, outcome) ?? []);
        } catch {
          // a transcript that cannot be made is left out
        }
      } else if (inline) {
        if (painter === full) {
          full.leave();
          inline.enter();
        }
        let rows: Row[] = [];
        try {
          if (outcome) rows = machine.transcript?.(inline.width, outcome) ?? [];
        } catch {
          // a transcript that cannot be made is left out; the terminal is restored all the same
        }
        inline.finish(rows);
      } else full.leave();
    };
    const finish = (outcome: Outcome | null, error?: unknown) => {
      if (done) return;
      done = true;
      cleanup(error === undefined ? outcome : null);
      if (error !== undefined) reject(error);
      else resolve(outcome!);
    };
    const render = () => {
      if (done || suspended) return;
      try {
        let frame = machine.view(painter.width, painter.height);
        if (inline && painter === full && frame.key !== grownKey) {
          // The step that needed the room is over: back below the prompt.
          full.leave();
          painter = inline;
          inline.enter();
          frame = machine.view(inline.width, inline.height);
        }
        if (inline && painter === inline && frame.rows.length + (frame.footer?.length ?? 0) > inline.height) {
          // This step needs more room than the terminal has: the alternate screen, for as long as it lasts.
          grownKey = frame.key;
          inline.leave();
          painter = full;
          full.enter();
          frame = machine.view(full.width, full.height);
        }
        if (note) frame = { ...frame, footer: [...(frame.footer ?? []), [{ text: note, style: 'warn' }]] };
        painter.draw(frame);
      } catch (error) {
        finish(null, error);
      }
    };
    const handle = (events: InputEvent[]) => {
      clearTimeout(timer);
      try {
        for (const e of events) {
          note = null;
          if (e.type === 'key' && e.name === 'z' && e.ctrl && !e.alt) {
            suspend();
            continue;
          }
          machine.update(e);
          const status = machine.status();
          if (status !== 'active') return finish(status);
        }
      } catch (error) {
        return finish(null, error);
      }
      if (events.length) render();
      if (decoder.pending()) timer = setTimeout(() => handle(decoder.flush()), ESC_WAIT_MS);
    };
    /** The program around the prompt listens for SIGTSTP itself: stopping is its business. */
    const othersHandleStop = () => process.listenerCount('SIGTSTP') > 1;
    /** Ctrl+Z: give the terminal back and stop, as the shell's own ^Z would have. */
    const suspend = () => {
      if (!JOB_CONTROL || othersHandleStop() || !(io.canSuspend ?? canSuspend)()) {
        note = words(io.locale).noJobControl;
        return;
      }
      stop();
    };
    /** While stopped nothing else keeps the event loop alive: without this, SIGCONT would find it ended. */
    let keepAlive: NodeJS.Timeout | undefined;
    const stop = () => {
      if (suspended) return;
      suspended = true;
      keepAlive = setInterval(() => {}, 2 ** 30);
      painter.leave();
      keysOff();
      // With our own SIGTSTP listener gone the signal's default action applies: the whole job stops.
      process.off('SIGTSTP', onStop);
      process.kill(0, 'SIGTSTP');
    };
    /** SIGCONT (fg or bg): take the terminal again and draw from scratch. */
    const onContinue = () => {
      if (!suspended || done) return;
      suspended = false;
      clearInterval(keepAlive);
      process.on('SIGTSTP', onStop);
      keysOn();
      painter.enter();
      painter.invalidate();
      render();
    };
    /** A SIGTSTP from outside (kill -TSTP): restore the terminal first, then stop. */
    const onStop = () => {
      if (!othersHandleStop()) stop();
    };
    const onData = (chunk: Buffer | string) => handle(decoder.feed(chunk));
    const onResize = () => {
      painter.invalidate();
      render();
    };
    const onAbort = () => finish('aborted');
    const onSignal = (sig: NodeJS.Signals) => {
      finish('cancelled');
      // Nobody else handles it: die of it as the process would have without us.
      if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
    };
    const onExit = () => finish('cancelled');
    /**
     * The terminal's input ended: it hung up (a terminal in raw mode never sends end-of-file). The
     * kernel's SIGHUP may come after the event loop has already run dry on the closed input, so the
     * hang-up is handled here, the same way, whichever comes first. A stream that is not a terminal
     * (a test's) just ends the session.
     */
    const onGone = () => {
      if (input.isTTY) onSignal('SIGHUP');
      else finish('cancelled');
    };

    signal?.addEventListener('abort', onAbort, { once: true });
    for (const sig of SIGNALS) process.on(sig, onSignal);
    if (JOB_CONTROL) {
      process.on('SIGTSTP', onStop);
      process.on('SIGCONT', onContinue);
    }
    process.on('exit', onExit);
    output.on?.('resize', onResize);
    try {
      keysOn();
      painter.enter();
      machine.attach?.(render);
      render();
    } catch (error) {
      finish(null, error);
    }
  });
}

/**
 * Runs a machine on a terminal found by promptTerminal (tty.ts) and closes what was opened for it.
 * `started` runs once the first frame is on screen.
 */
export async function runPrompt(
  terminal: Terminal,
  io: Omit<TerminalIO, 'input' | 'output'>,
  machine: Machine,
  started?: () => void,
): Promise<Outcome> {
  try {
    const session = runSession({ ...io, input: terminal.input, output: terminal.output }, machine);
    started?.();
    return await session;
  } finally {
    terminal.close();
  }
}
