// Who this host instance is: the name its run leases carry and its NOTIFY payloads are signed with.
// `MACHINE:PID:TAG`, where MACHINE is the host name and, on Linux, the PID namespace: two containers
// with one host name (host networking) still have different machines, so a PID seen from one is never
// mistaken for the other's. FORMREQUEST_INSTANCE replaces MACHINE:PID with a name of the operator's
// (a pod name); the random TAG keeps each start distinct either way.
import { randomUUID } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

function pidNamespace(): string {
  try {
    return /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '';
  } catch {
    return '';
  }
}

/** This machine as instance names spell it: the host name, plus the PID namespace where there is one. */
export const MACHINE = (() => {
  const ns = pidNamespace();
  return ns ? `${hostname()}~${ns}` : hostname();
})();

/** A new name for this instance (one per start). */
export function instanceName(env: NodeJS.ProcessEnv = process.env): string {
  const tag = randomUUID().slice(0, 8);
  const given = env.FORMREQUEST_INSTANCE?.trim().replace(/[\s:]+/g, '-');
  return given ? `${given}:${tag}` : `${MACHINE}:${process.pid}:${tag}`;
}

/**
 * Whether an instance name is a process of this very machine (same host name and PID namespace) that
 * no longer runs: its runs can be taken at once instead of after their lease. Names given with
 * FORMREQUEST_INSTANCE, and names from other machines, are never judged dead here.
 */
export function deadLocalOwner(owner: string, self?: string): boolean {
  const parts = owner.split(':');
  const [machine, pid] = parts;
  if (parts.length !== 3 || machine !== MACHINE || !/^\d+$/.test(pid ?? '') || owner === self) return false;
  // This very pid under another name: an earlier process that had the same pid is gone.
  if (Number(pid) === process.pid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
