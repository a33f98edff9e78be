// PostgreSQL through node-postgres (`pg`) as the store's driver (sql-driver.ts), for any number of
// host instances on one database: a pool of connections, transactions run again when PostgreSQL
// reports a deadlock, and the other instances told of each change by NOTIFY, sent inside the
// transaction that made it (delivered at commit, never before, never for a write that rolled back)
// with this instance's name, so that its own bus, already woken in process, skips it. A call that
// fails because PostgreSQL is restarting or the pool has no connection free is tried again with
// backoff (retry.ts) when that is safe: a read, or work that never reached the database or was
// rolled back. A write cut while on its way is reported (transient()): the caller decides.
import {
  explainPostgresError,
  PG_SCHEMA,
  transaction,
  transientFailure,
} from '@formrequest/internal/postgres';
import type pg from 'pg';
import type { EventBus } from '../bus.js';
import { EVENTS_CHANNEL, PostgresBus, RUNS_CHANNEL } from './postgres-bus.js';
import { DEFAULT_RETRY, type RetryPolicy, withRetry } from './retry.js';
import type {
  AgentEvent,
  SqlDialect,
  SqlDriver,
  SqlParam,
  SqlRow,
  SqlTransaction,
  StoreWritable,
} from './sql-driver.js';

export const POSTGRES_DIALECT: SqlDialect = {
  prefix: `${PG_SCHEMA}.`,
  // formrequest.now_ms() (postgres-schema.ts): the database's clock, the same for every instance.
  now: `${PG_SCHEMA}.now_ms()`,
  forUpdate: ' FOR UPDATE',
  contains: (haystack, needle) => `strpos(${haystack}, ${needle}) > 0`,
};

/** Up to 4 attempts of a transaction that PostgreSQL ended for a deadlock. */
const ATTEMPTS = 4;

export class PostgresDriver implements SqlDriver {
  readonly kind = 'postgres';
  readonly dialect = POSTGRES_DIALECT;
  private readonly texts = new Map<string, string>();

  /** The pool (tests reach under the contract with it). */
  readonly pool: pg.Pool;
  /** How to open a connection of its own (the bus's LISTEN). */
  private readonly config: pg.ClientConfig;
  /** This instance's name in NOTIFY payloads. */
  readonly instance: string;
  readonly url: string;
  readonly description: string;
  private readonly retry: RetryPolicy;
  constructor(
    pool: pg.Pool,
    config: pg.ClientConfig,
    instance: string,
    url: string,
    description: string,
    retry: RetryPolicy = DEFAULT_RETRY,
  ) {
    this.pool = pool;
    this.config = config;
    this.instance = instance;
    this.url = url;
    this.description = description;
    this.retry = retry;
  }

  /** Whether `error` is a passing failure of the database (restart, no free connection). */
  transient(error: unknown): boolean {
    return transientFailure(error) !== undefined;
  }

  /** Runs `work` again after failures that left nothing behind (or, for a read, after any passing one). */
  private retried<T>(work: () => Promise<T>, read: boolean): Promise<T> {
    return withRetry(
      work,
      (error) => {
        const failure = transientFailure(error);
        return failure === 'not-sent' || (read && failure === 'unknown');
      },
      this.retry,
    );
  }

  /** The conversation tables with their indexes and TOAST, as PostgreSQL counts them. */
  async sizeBytes(): Promise<number> {
    const [row] = await this.all(
      `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint AS n FROM pg_class c
        JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE s.nspname = '${PG_SCHEMA}' AND c.relkind = 'r' AND c.relname IN ('conversations', 'events', 'forms', 'runs')`,
    );
    return Number(row.n);
  }

  /** Not a standby in recovery, nor a read-only session (either refuses every write). */
  async writable(): Promise<StoreWritable> {
    const { rows } = await this.pool.query(
      `SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only`,
    );
    if (rows[0].recovery)
      return { writable: false, reason: 'PostgreSQL is a standby in recovery: it takes no writes.' };
    if (rows[0].read_only === 'on')
      return { writable: false, reason: 'The PostgreSQL session is read-only.' };
    return { writable: true };
  }

  /** One round trip, not retried: whether the database answers now (health). */
  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /** The statement with `?` numbered as PostgreSQL wants them ($1, $2, …), made once per text. */
  private text(sql: string): string {
    let text = this.texts.get(sql);
    if (text === undefined) {
      text = numberPlaceholders(sql);
      this.texts.set(sql, text);
    }
    return text;
  }

  private query(client: Pick<pg.PoolClient, 'query'>, sql: string, params: SqlParam[] = []) {
    return client.query(this.text(sql), params.map(toPg));
  }

  async all(sql: string, params?: SqlParam[]): Promise<SqlRow[]> {
    return this.retried(async () => (await this.query(this.pool, sql, params)).rows, isRead(sql));
  }

  async run(sql: string, params?: SqlParam[]): Promise<number> {
    return this.retried(async () => (await this.query(this.pool, sql, params)).rowCount ?? 0, false);
  }

  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
    return this.retried(() => this.transactionOnce(work), false);
  }

  private transactionOnce<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
    return transaction(
      this.pool,
      async (client) => {
        // Made anew for each attempt: a rolled-back attempt announces nothing.
        const conversations = new Set<string>();
        const runs = new Set<string>();
        const tx: SqlTransaction = {
          dialect: POSTGRES_DIALECT,
          all: async (sql, params) => (await this.query(client, sql, params)).rows,
          run: async (sql, params) => (await this.query(client, sql, params)).rowCount ?? 0,
          lock: async (name) => {
            await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${PG_SCHEMA}.${name}`]);
          },
          changed: (conversationId) => conversations.add(conversationId),
          runFreed: (runId) => runs.add(runId),
        };
        const result = await work(tx);
        for (const id of conversations)
          await client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, `${this.instance} ${id}`]);
        for (const id of runs) await client.query('SELECT pg_notify($1, $2)', [RUNS_CHANNEL, id]);
        return result;
      },
      { attempts: ATTEMPTS },
    );
  }

  /**
   * One round trip (formrequest.append_event): lock, owner check after the lock, insert, NOTIFY.
   * An agent's events (text deltas above all) do not wait for their own WAL flush: the run's end
   * and a turn's start are flushed, and a flush writes everything before it. A database crash can
   * only lose events of a run that had not ended, and that run is replayed anyway.
   */
  async appendEvent(event: AgentEvent): Promise<number | undefined> {
    try {
      const [row] = await this.all(`SELECT ${PG_SCHEMA}.append_event(?, ?, ?, ?, ?, ?, ?) AS id`, [
        event.conversationId,
        event.runId,
        event.owner,
        event.name,
        event.data,
        event.createdAt,
        `${this.instance} ${event.conversationId}`,
      ]);
      return Number(row.id);
    } catch (error) {
      // SQLSTATE FR001: raised by append_event when the owner no longer holds the run.
      if ((error as { code?: string }).code === 'FR001') return undefined;
      throw error;
    }
  }

  /** Autovacuum makes the space of deleted rows reusable; it is not given back to the file system. */
  async reclaim(): Promise<void> {}

  async createBus(): Promise<EventBus> {
    const bus = new PostgresBus(this.config, this.instance);
    try {
      await bus.start();
    } catch (error) {
      throw explainPostgresError(error, this.url);
    }
    return bus;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** A plain SELECT, which changes nothing (not one that calls a function that writes). */
function isRead(sql: string): boolean {
  return /^\s*SELECT\b/i.test(sql) && !/append_event|pg_notify|nextval|FOR UPDATE/i.test(sql);
}

/** pg sends a Buffer as bytea; a plain Uint8Array is viewed as one (not copied). */
function toPg(value: SqlParam): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;
}

/** `?` placeholders as $1, $2, …; a `?` inside a quoted string or name is left alone. */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  let quote: string | undefined;
  for (const char of sql) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '?') {
      out += `$${++n}`;
      continue;
    }
    out += char;
  }
  return out;
}
