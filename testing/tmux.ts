// Drives a real terminal (tmux) for end-to-end tests: one tmux server per test file (its own -L
// socket), the real `formrequest` command in a pane, keys and exact bytes sent in, screens captured.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliCommand } from './cli.ts';
import { requireExecutable } from './system.ts';

const tmuxPath = requireExecutable(['tmux', '/usr/bin/tmux'], 'tmux');

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface PaneOptions {
  width?: number;
  height?: number;
  /** Send the command's stdout to a file instead of the terminal (the prompt then draws on stderr). */
  stdoutToFile?: boolean;
  env?: Record<string, string>;
  /** Run with stdin from /dev/null (no terminal to read keys from). */
  noStdin?: boolean;
  /** A shell command run in the pane before formrequest (to put text on the screen first). */
  before?: string;
  /** Wraps the formrequest command line in more shell (a pipe, `x=$(...)`). */
  wrap?: (command: string) => string;
}

export class Pane {
  private static count = 0;
  readonly dir = mkdtempSync(join(tmpdir(), 'formrequest-tmux-'));
  readonly target: string;

  readonly socket: string;
  private constructor(socket: string) {
    this.socket = socket;
    this.target = `t${Pane.count++}`;
  }

  /** Starts `formrequest ...args` in a new tmux session of its own. */
  static start(socket: string, args: string[], opts: PaneOptions = {}): Pane {
    const pane = new Pane(socket);
    const [cmd, cmdArgs] = cliCommand(...args);
    const env = Object.entries(opts.env ?? {})
      .map(([k, v]) => `${k}=${quote(v)} `)
      .join('');
    const out =
      (opts.stdoutToFile ? ` >${quote(join(pane.dir, 'stdout'))}` : '') + (opts.noStdin ? ' </dev/null' : '');
    // The shell stays after the command so its last screen (and the terminal modes it left) can be read.
    const before = opts.before ? `${opts.before}; ` : '';
    const command = `${env}${[cmd, ...cmdArgs].map(quote).join(' ')}${out}`;
    const shell = `${before}${opts.wrap ? opts.wrap(command) : command}; echo $? >${quote(join(pane.dir, 'code'))}; exec sleep 3600`;
    pane.newSession(shell, opts);
    return pane;
  }

  tmux(...args: string[]): string {
    const r = spawnSync(tmuxPath, ['-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  }

  /** Named keys (tmux key names: Up, Enter, Escape, C-c, Space, ...). */
  keys(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.target, ...keys);
  }

  /** Exact text or bytes, as a terminal would send them. */
  literal(text: string): void {
    this.tmux('send-keys', '-t', this.target, '-l', text);
  }

  /** Pastes text the way a terminal does: wrapped in bracketed-paste markers when the app asked for them. */
  paste(text: string): void {
    this.tmux('set-buffer', '-b', this.target, '--', text);
    this.tmux('paste-buffer', '-p', '-d', '-b', this.target, '-t', this.target);
  }

  resize(width: number, height: number): void {
    this.tmux('resize-window', '-t', this.target, '-x', String(width), '-y', String(height));
  }

  /** The visible screen, trailing spaces and trailing empty rows removed; `joined` undoes line wrapping. */
  screen(joined = false): string {
    const rows = this.tmux('capture-pane', '-p', ...(joined ? ['-J'] : []), '-t', this.target)
      .split('\n')
      .map((r) => r.trimEnd());
    while (rows.length && rows[rows.length - 1] === '') rows.pop();
    return rows.join('\n');
  }

  /** The visible screen with its attributes as SGR sequences (capture-pane -e). */
  styledScreen(): string {
    return this.tmux('capture-pane', '-p', '-e', '-t', this.target);
  }

  /** SGR parameters used anywhere on the visible screen (8 would be concealed text, 5 blink...). */
  sgrParams(): Set<string> {
    const out = new Set<string>();
    for (const m of this.styledScreen().matchAll(/\x1b\[([\d;:]*)m/g))
      for (const p of m[1]!.split(';')) out.add(p === '' ? '0' : p);
    return out;
  }

  /** Names of the tmux server's paste buffers (OSC 52 with set-clipboard on creates one). */
  buffers(): string[] {
    return this.tmux('list-buffers', '-F', '#{buffer_name}').split('\n').filter(Boolean);
  }

  /** The whole scrollback and the screen, wrapped lines joined, trailing empty rows removed. */
  history(): string {
    const rows = this.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', this.target)
      .split('\n')
      .map((r) => r.trimEnd());
    while (rows.length && rows[rows.length - 1] === '') rows.pop();
    return rows.join('\n');
  }

  format(fmt: string): string {
    return this.tmux('display-message', '-p', '-t', this.target, fmt).trim();
  }

  cursor(): { x: number; y: number } {
    const [x, y] = this.format('#{cursor_x},#{cursor_y}').split(',').map(Number);
    return { x: x!, y: y! };
  }

  async waitFor(check: RegExp | ((screen: string) => boolean), timeoutMs = 20_000): Promise<string> {
    const ok = typeof check === 'function' ? check : (s: string) => check.test(s);
    const end = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < end) {
      last = this.screen();
      if (ok(last)) return last;
      await new Promise((r) => setTimeout(r, 40));
    }
    throw new Error(`timed out waiting for ${check} on the screen (${this.dir}):\n${last}`);
  }

  /** Waits until the screen stops changing (a frame is complete). */
  async settle(ms = 150): Promise<string> {
    let last = this.screen();
    for (;;) {
      await new Promise((r) => setTimeout(r, ms));
      const now = this.screen();
      if (now === last) return now;
      last = now;
    }
  }

  /**
   * Waits for the command to exit; returns its exit code, its stdout (when sent to a file) and what it
   * left on the terminal (stderr, and stdout when not sent to a file), wrapped lines joined.
   */
  async exit(timeoutMs = 20_000): Promise<{ code: number; stdout: string; terminal: string }> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const read = (f: string) => {
        try {
          return readFileSync(join(this.dir, f), 'utf8');
        } catch {
          return '';
        }
      };
      const code = read('code');
      if (code.endsWith('\n'))
        return { code: Number(code.trim()), stdout: read('stdout'), terminal: this.screen(true) };
      await new Promise((r) => setTimeout(r, 40));
    }
    throw new Error(`the command did not exit; screen:\n${this.screen()}`);
  }

  /** The pid of the formrequest process (the child of the pane's shell). */
  pid(): number {
    const shell = Number(this.format('#{pane_pid}'));
    const r = spawnSync('pgrep', ['-P', String(shell)], { encoding: 'utf8' });
    const pid = Number(r.stdout.trim().split('\n')[0]);
    if (!pid) throw new Error(`no process under the pane's shell ${shell}`);
    return pid;
  }

  /** A detached session of `width` x `height` (80 x 20) running `shell`. */
  private newSession(shell: string, opts: { width?: number; height?: number }): void {
    this.tmux(
      'new-session',
      '-d',
      '-s',
      this.target,
      '-x',
      String(opts.width ?? 80),
      '-y',
      String(opts.height ?? 20),
      shell,
    );
  }

  /** An interactive bash (job control, no rc files) in a new session, for typing commands into. */
  static shell(socket: string, opts: { width?: number; height?: number } = {}): Pane {
    const pane = new Pane(socket);
    pane.newSession(`env PS1='$ ' bash --norc --noprofile -i`, opts);
    return pane;
  }

  /** The formrequest command line for typing into a shell. */
  static commandLine(...args: string[]): string {
    const [cmd, cmdArgs] = cliCommand(...args);
    return [cmd, ...cmdArgs].map(quote).join(' ');
  }

  /** Ends the session. */
  kill(): void {
    this.tmux('kill-session', '-t', this.target);
  }
}

/** Starts the file's tmux server with a session that outlives the tests' own ones, so ending a test's
 * session never shuts the server down while the next test starts its session. */
export function startServer(
  socket: string,
  opts: { setClipboard?: boolean; passthrough?: boolean } = {},
): void {
  spawnSync(tmuxPath, ['-L', socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'keep', 'sleep 3600']);
  // Ended with this process too, whatever ends it (a test over its time limit skips `after`); the test
  // runner's reaper also ends it when this process is killed outright.
  process.once('exit', () => killServer(socket));
  // 'on': an application's OSC 52 becomes a tmux paste buffer (what an attacker would aim for).
  if (opts.setClipboard) spawnSync(tmuxPath, ['-L', socket, 'set', '-s', 'set-clipboard', 'on']);
  // 'on': a title sequence renames the window, and DCS tmux; passes through to the outer terminal.
  if (opts.passthrough) {
    spawnSync(tmuxPath, ['-L', socket, 'set', '-g', 'allow-rename', 'on']);
    spawnSync(tmuxPath, ['-L', socket, 'set', '-g', 'allow-passthrough', 'on']);
  }
}

export function killServer(socket: string): void {
  spawnSync(tmuxPath, ['-L', socket, 'kill-server']);
}
