// Ends every process a test file started, wherever it went. The runner gives each file's process an
// environment variable of its own (MARKER=<run>-<file>, appended to a marker it inherited itself, so a
// runner started by a test is covered by the outer one too); every descendant inherits it: spawned CLIs,
// Chromium (which Playwright starts in a process group of its own), and tmux servers (which leave the
// process group as daemons) along with what runs in their panes. On Linux /proc shows each process's
// starting environment, so the marker finds them all, also after the file's process died or was killed.
// Elsewhere only the file's own process group is ended.
import { readdirSync, readFileSync } from 'node:fs';

export const MARKER = 'FORMREQUEST_TEST_RUN';

/** The pids (and command lines) of processes whose environment holds `MARKER=value`. */
export function markedProcesses(value) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found = [];
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let environ;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue; // gone, or not ours to read
    }
    if (!markersIn(environ).includes(value)) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {}
    found.push({ pid: Number(pid), command, start: startTime(pid) });
  }
  return found;
}

/** The markers in an environment block (NUL-separated `NAME=value` entries). */
function markersIn(environ) {
  const key = `\0${MARKER}=`;
  const text = `\0${environ}`;
  const at = text.indexOf(key);
  if (at === -1) return [];
  const end = text.indexOf('\0', at + key.length);
  return text.slice(at + key.length, end === -1 ? undefined : end).split(',');
}

/** When the process started (clock ticks since boot, /proc/PID/stat field 22), or undefined if gone. */
function startTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

// A marked process may end between the scan and the signal, and its PID go to another process (with a
// pid_max of 32768 a test run wraps around). So a process is signalled only while it is the one the
// scan found: the same start time.
function signalFound({ pid, start }, name) {
  if (start !== undefined && startTime(pid) === start) signal(pid, name);
}

/**
 * Ends the processes marked `value` (SIGTERM, then SIGKILL for those still there after `graceMs`) and
 * returns what was found. `group`: a process group id to end the same way (the file's own).
 */
export async function reap(value, { group, graceMs = 2000 } = {}) {
  const found = markedProcesses(value);
  if (group) signal(-group, 'SIGTERM');
  for (const entry of found) signalFound(entry, 'SIGTERM');
  const end = Date.now() + graceMs;
  let left = found;
  while (Date.now() < end) {
    left = markedProcesses(value);
    if (left.length === 0 && !(group && alive(-group))) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (group) signal(-group, 'SIGKILL');
  for (const entry of markedProcesses(value)) signalFound(entry, 'SIGKILL');
  return found;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
