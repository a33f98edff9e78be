// What every part of running a turn works with: the store, the bus that wakes event streams, the
// agent, and this instance's name and lease terms.
import type { Agent } from '../agents/agent.js';
import type { EventBus } from '../bus.js';
import type { Quotas } from '../quotas.js';
import type { HostStore } from '../store/index.js';

export interface RunContext {
  store: HostStore;
  bus: EventBus;
  agent: Agent;
  /** This instance's name in run leases. */
  owner: string;
  /** How long a run's lease holds without renewal. */
  leaseMs: number;
  /** Starts of one run (the first and the replays after crashes) before it is given up. */
  maxAttempts: number;
  /** What one host stores at most (quotas.ts). */
  quotas: Quotas;
}
