// The seam between the store's rules (sql-store.ts, written once) and a database: what differs between
// SQLite and PostgreSQL is only here, as SQL fragments (the dialect) and as connection and transaction
// handling (the driver). Statements are written with `?` placeholders; a driver that numbers them
// ($1, $2, …) converts them. Everything a store does goes through a driver, so what wraps a database
// call (retries, timeouts, health) is written once, around these few methods.
import type { EventBus } from '../bus.js';

export type SqlParam = string | number | null | Uint8Array;

/** What the health check reads of the store's ability to write. */
export interface StoreWritable {
  writable: boolean;
  /** Why not, in a sentence. */
  reason?: string;
  /** Free bytes on the file system of a SQLite file (undefined for PostgreSQL: its disk is its own). */
  diskFreeBytes?: number;
}
export type SqlRow = Record<string, unknown>;

/** Runs statements: on the store's connection, or inside one transaction. */
export interface SqlRunner {
  /** The SQL its statements are written in. */
  readonly dialect: SqlDialect;
  /** The rows a statement returns (a write's RETURNING rows). */
  all(sql: string, params?: SqlParam[]): Promise<SqlRow[]>;
  /** How many rows a write changed. */
  run(sql: string, params?: SqlParam[]): Promise<number>;
}

export interface SqlTransaction extends SqlRunner {
  /** Holds the named lock to the end of the transaction, for every instance on the database. */
  lock(name: string): Promise<void>;
  /** Tells the other instances, once the transaction commits, that the conversation changed. */
  changed(conversationId: string): void;
  /** Tells the other instances, once the transaction commits, that a run is free to take. */
  runFreed(runId: string): void;
}

/** The SQL that is not the same in both. */
export interface SqlDialect {
  /** What every table and function name starts with ('' or 'formrequest.'). */
  readonly prefix: string;
  /** The store's clock in milliseconds since 1970: the database's, one clock for every instance. */
  readonly now: string;
  /** Appended to a SELECT whose rows are changed next: locks them (PostgreSQL) or nothing (SQLite). */
  readonly forUpdate: string;
  /** Whether the text `haystack` holds `needle` (both SQL expressions). */
  contains(haystack: string, needle: string): string;
}

export interface AgentEvent {
  conversationId: string;
  runId: string | null;
  /** Only while this owner holds the run (null: anyone). */
  owner: string | null;
  name: string;
  data: string;
  createdAt: number;
}

export interface SqlDriver extends SqlRunner {
  readonly kind: 'sqlite' | 'postgres';
  /** For logs and messages (e.g. "SQLite (node:sqlite) data/formrequest.db"). */
  readonly description: string;
  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /**
   * Stores one agent event in one step (every text delta goes through here): its id, or undefined
   * when `owner` no longer holds the run.
   */
  appendEvent(event: AgentEvent): Promise<number | undefined>;
  /** Bytes the conversation tables take (uploads apart), as the database counts its pages. */
  sizeBytes(): Promise<number>;
  /** One round trip, never retried: throws when the database does not answer now. */
  ping(): Promise<void>;
  /** Whether writes can be taken now (not a read-only replica, a file that can be written). */
  writable(): Promise<StoreWritable>;
  /** Whether `error` is a passing failure of the database (a restart, no free connection): try later. */
  transient(error: unknown): boolean;
  /** Gives the space of deleted rows back where the database does not do it by itself. */
  reclaim(): Promise<void>;
  /** The bus that wakes event streams after writes (one process, or every instance). */
  createBus(): Promise<EventBus>;
  close(): Promise<void>;
}
