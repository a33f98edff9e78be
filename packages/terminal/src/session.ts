// Runs a prompt state machine on a real terminal: raw mode, the key decoder, redraws on input and on
// resize, and a restored terminal on every way out (done, cancel, abort signal, thrown error, process
// signal, process exit).
import type { Frame } from './frame.js';
import { type InputEvent, KeyDecoder } from './keys.js';
import { Screen } from './screen.js';

export interface TerminalInput {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
  off(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
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

export interface TerminalIO {
  input: TerminalInput;
  output: TerminalStream;
  signal?: AbortSignal;
  /** Colours on unless NO_COLOR is set. */
  color?: boolean;
}

export type Outcome = 'submitted' | 'cancelled' | 'aborted';

export interface Machine {
  update(event: InputEvent): void;
  /** The frame for a terminal of this size (height: the rows the prompt may use). */
  view(width: number, height: number): Frame;
  status(): 'active' | 'submitted' | 'cancelled';
  /** Called once with a function that redraws; for machines that change on their own (searches). */
  attach?(redraw: () => void): void;
}

/** How long a lone ESC waits for the rest of a sequence before it counts as the Escape key. */
const ESC_WAIT_MS = 40;
const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'];

export function hasTerminal(io: { input: TerminalInput; output: TerminalStream }): boolean {
  return Boolean(io.input.isTTY && io.output.isTTY && typeof io.input.setRawMode === 'function');
}

export function runSession(io: TerminalIO, machine: Machine): Promise<Outcome> {
  const { input, output, signal } = io;
  const color = io.color ?? !('NO_COLOR' in process.env);
  return new Promise<Outcome>((resolve, reject) => {
    if (signal?.aborted) return resolve('aborted');
    const screen = new Screen(output, color);
    const decoder = new KeyDecoder();
    const wasRaw = Boolean(input.isRaw);
    let timer: NodeJS.Timeout | undefined;
    let done = false;

    const cleanup = () => {
      clearTimeout(timer);
      input.off('data', onData);
      output.off?.('resize', onResize);
      signal?.removeEventListener('abort', onAbort);
      for (const sig of SIGNALS) process.off(sig, onSignal);
      process.off('exit', onExit);
      try {
        input.setRawMode?.(wasRaw);
      } catch {
        // the terminal is already gone (hang-up): nothing left to restore
      }
      input.pause();
      screen.leave();
    };
    const finish = (outcome: Outcome | null, error?: unknown) => {
      if (done) return;
      done = true;
      cleanup();
      if (error !== undefined) reject(error);
      else resolve(outcome!);
    };
    const render = () => {
      if (done) return;
      try {
        screen.draw(machine.view(screen.width, screen.height));
      } catch (error) {
        finish(null, error);
      }
    };
    const handle = (events: InputEvent[]) => {
      clearTimeout(timer);
      try {
        for (const e of events) {
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
    const onData = (chunk: Buffer | string) => handle(decoder.feed(chunk));
    const onResize = () => {
      screen.invalidate();
      render();
    };
    const onAbort = () => finish('aborted');
    const onSignal = (sig: NodeJS.Signals) => {
      finish('cancelled');
      // Nobody else handles it: die of it as the process would have without us.
      if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
    };
    const onExit = () => finish('cancelled');

    signal?.addEventListener('abort', onAbort, { once: true });
    for (const sig of SIGNALS) process.on(sig, onSignal);
    process.on('exit', onExit);
    output.on?.('resize', onResize);
    try {
      input.setRawMode?.(true);
      input.on('data', onData);
      input.resume();
      screen.enter();
      machine.attach?.(render);
      render();
    } catch (error) {
      finish(null, error);
    }
  });
}
