// Whether a process the tests started is still running. An orphan that has exited stays a zombie until
// PID 1 reaps it, which on some machines takes a second or more: `kill(pid, 0)` and /proc/PID still find
// it then, so the process state decides.
import { readFileSync } from 'node:fs';

/** True while `pid` runs (or sleeps, or is stopped); false once it has exited, zombie or gone. */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Sends `signal` to `pid` if it still exists (it may end between a lookup and the signal). */
export function signalIfAlive(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
