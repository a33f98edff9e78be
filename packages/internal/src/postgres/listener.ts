// One LISTEN connection of its own per process, shared by every part of formrequest there that waits on
// NOTIFY (the host's event bus, the MCP server's pending forms): channels are added by name, each with
// its handlers.
//
// While the connection is down, notifications are lost. The listener then calls its gap handlers every
// `fallbackMs` ('down': re-read what you wait for; nothing is missed, only later), reconnects with
// backoff, and once LISTEN is back calls them once more ('back': what was sent meanwhile never came).
import type pg from 'pg';
import { loadPg } from './load-pg.js';

export type Gap = 'down' | 'back';

export interface PgListenerOptions {
  /** What pg_stat_activity shows for the connection (e.g. "formrequest host (listen)"). */
  applicationName: string;
  /** Who speaks in the log lines (e.g. "formrequest host"). */
  label: string;
  /** How often gap handlers run while the connection is down (default 1000 ms). */
  fallbackMs?: number;
  /** Longest wait between reconnection attempts (default 5000 ms; it starts at 100 ms and doubles). */
  maxBackoffMs?: number;
  /** Where the loss and the return of the connection are reported. Default console.error. */
  log?: (line: string) => void;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export class PgListener {
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private readonly gapHandlers = new Set<(gap: Gap) => void>();
  private client: pg.Client | undefined;
  private closed = false;
  private backoffMs = 100;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private fallbackTimer: NodeJS.Timeout | undefined;
  private readonly fallbackMs: number;
  private readonly maxBackoffMs: number;
  private readonly log: (line: string) => void;
  /** Whether LISTEN is in force now (health endpoints report it). */
  listening = false;

  private readonly config: pg.ClientConfig;
  private readonly options: PgListenerOptions;
  constructor(config: pg.ClientConfig, options: PgListenerOptions) {
    this.config = config;
    this.options = options;
    this.fallbackMs = options.fallbackMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
    this.log = options.log ?? ((line) => console.error(line));
  }

  /** Connects and listens; rejects when the database cannot be reached (at start-up). */
  async start(): Promise<void> {
    await this.connect();
  }

  /**
   * Calls `handler` with the payload of each notification on `channel`. A channel name is an SQL
   * identifier: lower-case letters, digits and underscores. Returns the unsubscribe function.
   */
  onChannel(channel: string, handler: (payload: string) => void): () => void {
    if (!CHANNEL.test(channel)) throw new Error(`"${channel}" is not a channel name.`);
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      this.client?.query(`LISTEN ${channel}`).catch(() => {});
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Calls `handler` while notifications may have been missed (see the file's head). */
  onGap(handler: (gap: Gap) => void): () => void {
    this.gapHandlers.add(handler);
    return () => this.gapHandlers.delete(handler);
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
  }

  private gap(gap: Gap): void {
    for (const handler of [...this.gapHandlers]) handler(gap);
  }

  private async connect(): Promise<void> {
    const pgModule = await loadPg();
    const client = new pgModule.Client({ ...this.config, application_name: this.options.applicationName });
    client.on('notification', (message) => {
      for (const handler of [...(this.channels.get(message.channel) ?? [])]) handler(message.payload ?? '');
    });
    // A broken connection emits 'error' and then 'end'; both lead to one reconnection.
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listening = false;
      if (this.closed) return;
      this.log(
        `${this.options.label}: the PostgreSQL listener connection was lost${error ? ` (${error.message})` : ''}; what waits on it is re-read every ${this.fallbackMs} ms until it is back.`,
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
      this.log(`${this.options.label}: the PostgreSQL listener is back.`);
      this.gap('back');
    }, this.backoffMs);
    this.reconnectTimer.unref();
  }

  private startFallback(): void {
    if (this.fallbackTimer) return;
    this.fallbackTimer = setInterval(() => this.gap('down'), this.fallbackMs);
    this.fallbackTimer.unref();
  }
}
