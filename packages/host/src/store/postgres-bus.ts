// The event bus of several host instances on one PostgreSQL database: LISTEN/NOTIFY on one
// connection of its own per instance.
//
// - formrequest_events, payload "INSTANCE CONVERSATION": the store sends it in the transaction that
//   stored an event (or deleted a conversation), so it arrives only after the commit, and never for a
//   write that rolled back. An instance wakes its own listeners at once through notify() and skips its
//   own notifications; the others wake their listeners of that conversation.
// - formrequest_runs, payload a run id: an instance let go of a run (shutting down): the others look
//   for runs to take at once instead of at their next sweep.
//
// While the listening connection is down, notifications are lost: the bus then wakes every listener
// every `fallbackMs` (each stream re-reads the store, so nothing is missed, only later), reconnects
// with backoff, and after LISTEN is back wakes everything once more and says runs may be free.
import pg from 'pg';
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
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private client: pg.Client | undefined;
  private closed = false;
  private backoffMs = 100;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private fallbackTimer: NodeJS.Timeout | undefined;
  private readonly fallbackMs: number;
  private readonly maxBackoffMs: number;
  /** Whether LISTEN is in force now (the health endpoint reports it). */
  listening = false;

  constructor(
    private readonly config: pg.ClientConfig,
    /** This instance's name, as the store puts it in the payloads it sends. */
    readonly instance: string,
    options: PostgresBusOptions = {},
  ) {
    this.fallbackMs = options.fallbackMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
    this.onChannel(EVENTS_CHANNEL, (payload) => {
      const space = payload.indexOf(' ');
      if (space < 0 || payload.slice(0, space) === this.instance) return;
      this.local.notify(payload.slice(space + 1));
    });
    this.onChannel(RUNS_CHANNEL, () => this.local.runsFreed());
  }

  /** Connects and listens; throws when the database cannot be reached (at start-up). */
  async start(): Promise<void> {
    await this.connect();
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
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`"${channel}" is not a channel name.`);
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      this.client?.query(`LISTEN ${channel}`).catch(() => {});
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.fallbackTimer);
    this.fallbackTimer = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
    await this.local.close();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...this.config, application_name: 'formrequest host (listen)' });
    client.on('notification', (message) => {
      for (const handler of this.channels.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    // A broken connection emits 'error' and then 'end'; both lead to one reconnection.
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listening = false;
      if (this.closed) return;
      console.error(
        `formrequest host: the PostgreSQL listener connection was lost${error ? ` (${error.message})` : ''}; streams are read every ${this.fallbackMs} ms until it is back.`,
      );
      this.startFallback();
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    try {
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listening = true;
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(async () => {
      try {
        await this.connect();
      } catch {
        this.backoffMs = Math.min(this.backoffMs * 2, this.maxBackoffMs);
        if (!this.closed) this.scheduleReconnect();
        return;
      }
      this.backoffMs = 100;
      clearInterval(this.fallbackTimer);
      this.fallbackTimer = undefined;
      console.error('formrequest host: the PostgreSQL listener is back.');
      // What was sent while nobody listened: every stream re-reads, and runs may have been freed.
      this.local.notifyAll();
      this.local.runsFreed();
    }, this.backoffMs);
    this.reconnectTimer.unref();
  }

  private startFallback(): void {
    if (this.fallbackTimer) return;
    this.fallbackTimer = setInterval(() => this.local.notifyAll(), this.fallbackMs);
    this.fallbackTimer.unref();
  }
}
