// The runs this instance executes. Each is claimed in the store under a lease before it starts; the
// leases are renewed while they run (a run the store no longer lists as ours was taken over: it is
// stopped here), and runs left unfinished by a dead or departed instance are taken over. An attempt
// cut by the database going away (a restart, an overloaded pool) is run again here, after a backoff
// and once the store answers, up to MAX_STORE_RETRIES times; these do not count against the run's
// crash attempts.
import { deadLocalOwner } from '../instance.js';
import { backoffDelay } from '../store/retry.js';
import type { RunContext } from './context.js';
import { runClaimed } from './run-turn.js';

/** Times one run is started again here after the database cut it, before it is failed. */
export const MAX_STORE_RETRIES = 5;
/** Waits between those starts: 500 ms doubling to 8 s (about 20 s in all before the last one). */
const STORE_BACKOFF = { firstDelayMs: 500, maxDelayMs: 8000 };

/** A run this instance is executing. */
interface LocalRun {
  task: Promise<void>;
  /** Aborted to stop the agent: the host shuts down, or another instance took the run over. */
  stop: AbortController;
  /** When the claim was committed (undefined until then): a renewal that started later must list it. */
  claimedAt?: number;
}

export class LocalRuns {
  private readonly running = new Map<string, LocalRun>();

  private readonly context: RunContext;
  constructor(context: RunContext) {
    this.context = context;
  }

  get size(): number {
    return this.running.size;
  }

  /** Claims the run and runs it, unless it is already running here. `takeFrom`: an owner known dead. */
  start(runId: string, takeFrom?: string): void {
    if (this.running.has(runId)) return;
    const { store, owner, leaseMs } = this.context;
    const local: LocalRun = { stop: new AbortController(), task: Promise.resolve() };
    local.task = (async () => {
      for (let retry = 0; ; retry++) {
        let outcome: 'ended' | 'interrupted';
        try {
          const run = await store.claimRun(runId, owner, leaseMs, { takeFrom });
          if (!run) return;
          local.claimedAt = Date.now();
          outcome = await runClaimed(this.context, run, local.stop, retry, MAX_STORE_RETRIES);
        } catch (error) {
          // Cut before the attempt could tell (claiming it, or noting the retry): the same way.
          if (!store.isTransient(error) || retry >= MAX_STORE_RETRIES) throw error;
          outcome = 'interrupted';
        }
        if (outcome !== 'interrupted' || local.stop.signal.aborted) return;
        console.error(
          `formrequest host: run ${runId} was cut by the database going away; it starts again once the store answers (${retry + 1} of ${MAX_STORE_RETRIES}).`,
        );
        await this.storeBack(retry, local.stop.signal);
        if (local.stop.signal.aborted) return;
      }
    })()
      .catch((error) => console.error(`formrequest host: run ${runId}: ${(error as Error).message}`))
      .finally(() => this.running.delete(runId));
    this.running.set(runId, local);
  }

  /** Waits a backoff, then until the store answers a ping (or `signal` stops the run). */
  private async storeBack(retry: number, signal: AbortSignal): Promise<void> {
    for (let n = retry; !signal.aborted; n++) {
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(STORE_BACKOFF, n)));
      try {
        await this.context.store.ping();
        return;
      } catch {
        // Still away: wait longer.
      }
    }
  }

  /**
   * Starts every unfinished run that is free: no owner, a lease expired by the store's clock, or held
   * by a process of this machine that is gone (a kill -9 leaves its lease running; there is no need to
   * wait it out when the pid is dead). claimRun decides in the store: of several instances sweeping at
   * once, one gets each run. Returns how many it started.
   */
  async takeUnfinished(stopped: () => boolean): Promise<number> {
    const { owner } = this.context;
    let taken = 0;
    for (const run of await this.context.store.unfinishedRuns()) {
      if (this.running.has(run.id) || stopped()) continue;
      const dead = run.owner !== null && deadLocalOwner(run.owner, owner);
      if (!run.leaseExpired && !dead && run.owner !== owner) continue;
      this.start(run.id, dead ? run.owner! : undefined);
      taken++;
    }
    return taken;
  }

  /** Renews our leases; a run the store no longer lists as ours was taken over: it is stopped here. */
  async renew(): Promise<void> {
    if (this.running.size === 0) return;
    const asked = Date.now();
    const owned = new Set(await this.context.store.renewLeases(this.context.owner, this.context.leaseMs));
    for (const [runId, run] of this.running) {
      if (run.claimedAt !== undefined && run.claimedAt < asked && !owned.has(runId)) run.stop.abort('lost');
    }
  }

  /** Stops every run here ('shutdown': each is handed over unfinished). */
  stopAll(reason: 'shutdown'): void {
    for (const run of this.running.values()) run.stop.abort(reason);
  }

  /** Settles when no run is left here. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()].map((r) => r.task));
  }
}
