// The conversation loop of seed 000 on the backend: a message (or a form answer) starts a run; the
// agent's events are stored and streamed; a request_form result ends the turn with a pending form; the
// answer, re-validated here against that form, starts the next run. This class holds an instance's
// part in it (its runs, its lease timer, shutting down); the steps are in runs/: turn-request.ts and
// turn-start.ts (a turn accepted), form-answer.ts (an answer checked), local-runs.ts (runs claimed,
// renewed, taken over), run-turn.ts (one attempt of a run), agent-events.ts (its events stored).

import { HttpError } from '@formrequest/internal/http';
import type { Agent } from './agents/agent.js';
import type { EventBus } from './bus.js';
import { instanceName } from './instance.js';
import { DEFAULT_QUOTAS, type Quotas } from './quotas.js';
import type { RunContext } from './runs/context.js';
import { LocalRuns } from './runs/local-runs.js';
import type { ExecuteRequest, ExecuteResponse } from './runs/turn-request.js';
import { acceptTurn } from './runs/turn-start.js';
import type { HostStore } from './store/index.js';

// Where the routes (app.ts) have long found them.
export type { ExecuteRequest, ExecuteResponse } from './runs/turn-request.js';

export interface ConversationsOptions {
  /** This instance's name in run leases (default: instanceName(), host:pid:random). */
  owner?: string;
  /**
   * How long a run's lease holds without renewal (default 30 s). Leases are renewed, and unfinished
   * runs of other instances looked for, every third of it: a run whose instance died is taken over
   * within about 1.3 times this.
   */
  leaseMs?: number;
  /** Starts of one run (the first and the replays after crashes) before it is given up. */
  maxAttempts?: number;
  /** Quotas (quotas.ts; defaults DEFAULT_QUOTAS). */
  quotas?: Partial<Quotas>;
}

export const DEFAULT_LEASE_MS = 30_000;

export class Conversations {
  readonly owner: string;
  private readonly context: RunContext;
  private readonly runs: LocalRuns;
  private readonly leaseTimer: NodeJS.Timeout;
  private readonly stopHearingFreedRuns: () => void;
  private draining = false;
  private sweeping: Promise<number> | undefined;

  constructor(store: HostStore, bus: EventBus, agent: Agent, options: ConversationsOptions = {}) {
    this.owner = options.owner ?? instanceName();
    const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.context = {
      store,
      bus,
      agent,
      owner: this.owner,
      leaseMs,
      maxAttempts: options.maxAttempts ?? 3,
      quotas: { ...DEFAULT_QUOTAS, ...options.quotas },
    };
    this.runs = new LocalRuns(this.context);
    // Every third of a lease: renew ours, and take the runs whose instance died (lease expired).
    this.leaseTimer = setInterval(() => {
      this.runs.renew().catch(() => {});
      this.recover().catch(() => {});
    }, leaseMs / 3);
    this.leaseTimer.unref();
    // Another instance let go of its runs (it is shutting down): take them now, not at the next sweep.
    this.stopHearingFreedRuns = bus.onRunsFreed(() => {
      this.recover().catch(() => {});
    });
  }

  /** Runs this instance is executing now. */
  get activeRuns(): number {
    return this.runs.size;
  }

  /** Whether close() has begun: no new turns are taken. */
  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * Delivers what a crash left undelivered: every run that was committed but not finished (an answer
   * accepted, then the host killed before or while the agent answered, here or on another instance) is
   * run again from the agent's last saved state, so the agent gets the message exactly once. Called at
   * start, every third of a lease, and when another instance lets go of runs. Returns how many it took.
   */
  recover(): Promise<number> {
    if (this.draining) return Promise.resolve(0);
    this.sweeping ??= this.runs
      .takeUnfinished(() => this.draining)
      .finally(() => {
        this.sweeping = undefined;
      });
    return this.sweeping;
  }

  /**
   * Checks the request, commits the user's turn, starts the run and returns at once. With an
   * Idempotency-Key used before for the same request: the first turn, nothing new.
   */
  async execute(request: ExecuteRequest, idempotencyKey?: string): Promise<ExecuteResponse> {
    if (this.draining) throw shuttingDown();
    const { repeated, ...accepted } = await acceptTurn(this.context, request, idempotencyKey);
    if (repeated) return accepted;
    this.context.bus.notify(accepted.conversationId);
    // Accepted while shutting down began: hand it over rather than start what close() would cut.
    if (this.draining) await this.context.store.releaseRun(accepted.runId, this.owner);
    else this.runs.start(accepted.runId);
    return accepted;
  }

  /** Waits for the runs in flight (tests, benchmarks, shutdown). */
  idle(): Promise<void> {
    return this.runs.idle();
  }

  /**
   * Stops taking part. New turns are refused at once (503, so a load balancer's retry goes to another
   * instance); runs in flight get `drainMs` to finish; the rest are stopped and let go of unfinished,
   * so another instance (told at once on PostgreSQL) or the next start answers them from the agent's
   * last saved state. Nothing a person sent is lost to a restart.
   */
  async close(options: { drainMs?: number } = {}): Promise<void> {
    this.draining = true;
    this.stopHearingFreedRuns();
    const drainMs = options.drainMs ?? 0;
    if (drainMs > 0 && this.runs.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.idle(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, drainMs);
        }),
      ]);
      clearTimeout(timer);
    }
    this.runs.stopAll('shutdown');
    await this.idle();
    clearInterval(this.leaseTimer);
  }
}

function shuttingDown(): HttpError {
  return new HttpError(
    503,
    'shutting_down',
    'This host instance is shutting down and takes no new turns; send again (another instance, or this one once restarted, takes it).',
  );
}
