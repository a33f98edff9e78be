// The event bus of several host instances on one PostgreSQL database: LISTEN/NOTIFY on one connection of
// its own per instance (PgListener, shared with the in-process MCP server's pending forms).
//
// - formrequest_events, payload "INSTANCE CONVERSATION": the store sends it in the transaction that
//   stored an event (or deleted a conversation), so it arrives only after the commit, and never for a
//   write that rolled back. An instance wakes its own listeners at once through notify() and skips its
//   own notifications; the others wake their listeners of that conversation.
// - formrequest_runs, payload a run id: an instance let go of a run (shutting down): the others look
//   for runs to take at once instead of at their next sweep.
//
// While the listening connection is down, notifications are lost: the listener then has the bus wake
// every listener every `fallbackMs` (each stream re-reads the store, so nothing is missed, only later),
// reconnects with backoff, and after LISTEN is back the bus wakes everything once more and says runs
// may be free.
import { PgListener } from '@formrequest/internal/postgres';
import type pg from 'pg';
import { type EventBus, InProcessBus } from '../bus.js';

export const EVENTS_CHANNEL = 'formrequest_events';
export const RUNS_CHANNEL = 'formrequest_runs';

export interface PostgresBusOptions {
  /** How often listeners are woken while the listening connection is down (default 1000 ms). */
  fallbackMs?: number;
  /** Longest wait between reconnection attempts (default 5000 ms; it starts at 100 ms and doubles). */
  maxBackoffMs?: number;
}

export class PostgresBus implements EventBus {
  private readonly local = new InProcessBus();
  /** The LISTEN connection; other parts of formrequest in this process listen on it too. */
  readonly listener: PgListener;

  /** This instance's name, as the store puts it in the payloads it sends. */
  readonly instance: string;
  constructor(config: pg.ClientConfig, instance: string, options: PostgresBusOptions = {}) {
    this.instance = instance;
    this.listener = new PgListener(config, {
      applicationName: 'formrequest host (listen)',
      label: 'formrequest host',
      ...options,
    });
    this.listener.onChannel(EVENTS_CHANNEL, (payload) => {
      const space = payload.indexOf(' ');
      if (space < 0 || payload.slice(0, space) === this.instance) return;
      this.local.notify(payload.slice(space + 1));
    });
    this.listener.onChannel(RUNS_CHANNEL, () => this.local.runsFreed());
    this.listener.onGap((gap) => {
      // What was sent while nobody listened: every stream re-reads, and runs may have been freed.
      this.local.notifyAll();
      if (gap === 'back') this.local.runsFreed();
    });
  }

  /** Whether LISTEN is in force now (the health endpoint reports it). */
  get listening(): boolean {
    return this.listener.listening;
  }

  /** Connects and listens; throws when the database cannot be reached (at start-up). */
  async start(): Promise<void> {
    await this.listener.start();
  }

  subscribe(conversationId: string, wake: () => void): () => void {
    return this.local.subscribe(conversationId, wake);
  }

  notify(conversationId: string): void {
    this.local.notify(conversationId);
  }

  onRunsFreed(handler: () => void): () => void {
    return this.local.onRunsFreed(handler);
  }

  /**
   * Listens on another channel of the same connection (for other parts of formrequest that keep state
   * in this database, such as the MCP server's pending forms). A channel name is an SQL identifier:
   * lower-case letters, digits and underscores.
   */
  onChannel(channel: string, handler: (payload: string) => void): () => void {
    return this.listener.onChannel(channel, handler);
  }

  async close(): Promise<void> {
    await this.listener.close();
    await this.local.close();
  }
}
