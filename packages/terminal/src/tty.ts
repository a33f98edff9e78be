// Finding the person's terminal. stdout may be captured (`x=$(formrequest question f.json)`) and stdin
// may carry the input file (`cat f.json | formrequest question -`); the prompt then talks to the
// controlling terminal, /dev/tty, as fzf does, so the captured output stays only the answer. Without
// a controlling terminal (a pipe from an agent, a cron job, `setsid`) there is no UI: NO_UI.
// Also here: whether Ctrl+Z can suspend the process (a shell with job control to resume it).
import type { WriteStream as TtyWriteStream } from 'node:tty';
import type { TerminalInput, TerminalStream } from './session.js';

// Node's own modules through process.getBuiltinModule, not `import`, in every module a prompt loads
// before its first frame: an ES import of one builds its module facade, which reads every export, lazy
// ones included (node:fs loads fs.promises and the stream classes with it, node:util its diff and
// colours), ~10 ms of CPU of a `formrequest ask` start (bench/terminal.bench.ts).
const { closeSync, openSync, readFileSync } = process.getBuiltinModule('node:fs');
const { ReadStream, WriteStream } = process.getBuiltinModule('node:tty');

export interface Terminal {
  input: TerminalInput;
  output: TerminalStream;
  /** Where it came from: the standard streams, or /dev/tty opened here. */
  via: 'stdio' | 'dev-tty';
  /** Closes what was opened here (nothing for the standard streams). */
  close(): void;
}

export interface FindTerminalOptions {
  /** stdin carries data (the input file was "-"), so keys cannot come from it. */
  stdinIsData?: boolean;
  stdin?: TerminalInput & { isTTY?: boolean };
  stdout?: TerminalStream;
  stderr?: TerminalStream;
  /** Opens the controlling terminal (a test can refuse). */
  openTty?: typeof openDevTty;
}

/** Opens /dev/tty for the sides asked for; null when the process has no controlling terminal. */
export function openDevTty(need: { keys: boolean; draw: boolean }): DevTty | null {
  const fds: number[] = [];
  try {
    if (need.keys) fds.push(openSync('/dev/tty', 'r'));
    if (need.draw) fds.push(openSync('/dev/tty', 'w'));
  } catch {
    for (const fd of fds) closeSync(fd);
    return null;
  }
  const input = need.keys ? new ReadStream(fds[0]!) : undefined;
  const output = need.draw ? new WriteStream(fds[fds.length - 1]!) : undefined;
  // Node refreshes the size of stdout and stderr on SIGWINCH; a stream of our own needs telling.
  const onWinch = () =>
    (output as (TtyWriteStream & { _refreshSize?: () => void }) | undefined)?._refreshSize?.();
  if (output) process.on('SIGWINCH', onWinch);
  return {
    input,
    output,
    close() {
      process.off('SIGWINCH', onWinch);
      input?.destroy();
      output?.destroy();
    },
  };
}

export interface DevTty {
  input?: TerminalInput;
  output?: TerminalStream;
  close(): void;
}

export function hasTerminal(io: { input: TerminalInput; output: TerminalStream }): boolean {
  return Boolean(io.input.isTTY && io.output.isTTY && typeof io.input.setRawMode === 'function');
}

export interface PromptStreams {
  /** Where keys come from and the prompt is drawn; found by findTerminal when neither is given. */
  input?: TerminalInput;
  output?: TerminalStream;
  /** stdin carries the input (the file was "-"): keys come from /dev/tty. */
  stdinIsData?: boolean;
}

/** The terminal a prompt runs on: the streams given, or the one found; null when there is none (NO_UI). */
export function promptTerminal(opts: PromptStreams): Terminal | null {
  const terminal: Terminal | null =
    opts.input || opts.output
      ? {
          input: opts.input ?? process.stdin,
          output: opts.output ?? process.stdout,
          via: 'stdio',
          close() {},
        }
      : findTerminal({ stdinIsData: opts.stdinIsData });
  if (terminal && hasTerminal(terminal)) return terminal;
  terminal?.close();
  return null;
}

/**
 * The terminal to run a prompt on: stdin and stdout when both are one; otherwise /dev/tty for what is
 * not (stdout captured or redirected, stdin carrying the input file). Null when there is none.
 */
export function findTerminal(opts: FindTerminalOptions = {}): Terminal | null {
  const stdin = opts.stdin ?? process.stdin;
  const stdout = opts.stdout ?? process.stdout;
  const stderr = opts.stderr ?? process.stderr;
  const keysFromStdin = Boolean(stdin.isTTY) && !opts.stdinIsData;
  if (keysFromStdin && stdout.isTTY) return { input: stdin, output: stdout, via: 'stdio', close() {} };
  // stdin that is neither a terminal nor the input file (</dev/null, an agent's pipe): no UI.
  if (!keysFromStdin && !opts.stdinIsData) return null;
  const tty = (opts.openTty ?? openDevTty)({ keys: !keysFromStdin, draw: !stdout.isTTY });
  if (tty) {
    return {
      input: keysFromStdin ? stdin : tty.input!,
      output: stdout.isTTY ? stdout : tty.output!,
      via: 'dev-tty',
      close: tty.close,
    };
  }
  // No /dev/tty but stderr is the terminal: draw there (keys still need a terminal stdin).
  if (keysFromStdin && stderr.isTTY) return { input: stdin, output: stderr, via: 'stdio', close() {} };
  return null;
}

/**
 * True when stopping the process with Ctrl+Z can be undone: a shell with job control started the job
 * we are in (the process group's leader, `npx` or `npm exec` included, has a parent in another group of
 * the same session) and the job is in the foreground. Read from /proc on Linux; elsewhere assumed.
 */
export function canSuspend(): boolean {
  try {
    const self = statFields('/proc/self/stat');
    if (self.tpgid !== self.pgrp) return false;
    // The group's leader, if it is still there (in `cat f | formrequest -` cat may be gone): its parent.
    let child = self;
    try {
      child = statFields(`/proc/${self.pgrp}/stat`);
    } catch {
      // fall back to our own parent
    }
    const parent = statFields(`/proc/${child.ppid}/stat`);
    return parent.pgrp !== self.pgrp && parent.session === self.session;
  } catch {
    return process.platform !== 'win32';
  }
}

function statFields(path: string): { ppid: number; pgrp: number; session: number; tpgid: number } {
  // "pid (comm) state ppid pgrp session tty_nr tpgid ...": comm may hold spaces and parentheses.
  const text = readFileSync(path, 'utf8');
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), pgrp: Number(f[2]), session: Number(f[3]), tpgid: Number(f[5]) };
}
