// SQLite through Node's built-in `node:sqlite` (Node >= 22.13: nothing to install, nothing to compile),
// as the store's driver (sql-driver.ts). node:sqlite is synchronous: a statement runs to its end
// before anything else does. A transaction spans several awaits of the store's rules, though, so the
// driver lets one transaction at a time hold the connection and makes every other statement wait for
// it; nothing else ever runs inside another caller's transaction.
import { constants } from 'node:fs';
import { access, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type EventBus, InProcessBus } from '../bus.js';
import type {
  AgentEvent,
  SqlDialect,
  SqlDriver,
  SqlParam,
  SqlRow,
  SqlRunner,
  SqlTransaction,
  StoreWritable,
} from './sql-driver.js';

/** What the host uses of node:sqlite's StatementSync. */
export interface SqliteStatement {
  run(...params: SqlParam[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqlParam[]): SqlRow | undefined;
  all(...params: SqlParam[]): SqlRow[];
}

/** What the host uses of node:sqlite's DatabaseSync. */
export interface SqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  close(): void;
}

type NodeSqlite = Partial<Record<'DatabaseSync' | 'Database', new (path: string) => SqliteDatabase>>;

/** node:sqlite cannot be loaded here: the message names the cause and the fix. */
export class SqliteDriverError extends Error {
  override name = 'SqliteDriverError';
}

const NODE_SQLITE_SINCE = '22.13.0';

/**
 * Opens (or creates) the SQLite file at `path` with node:sqlite; `:memory:` for a throwaway one.
 * (`load`: tests stand in a runtime without it.)
 */
export async function openSqlite(
  path: string,
  load: () => Promise<unknown> = () => import(NODE_SQLITE),
): Promise<SqliteDatabase> {
  const module = await loadNodeSqlite(load);
  const Database = module.DatabaseSync ?? module.Database;
  if (!Database) {
    throw new SqliteDriverError(
      `node:sqlite in Node ${process.versions.node} exports neither DatabaseSync nor Database; run a Node line formrequest supports (22.13 or newer), or report this version.`,
    );
  }
  return new Database(path);
}

// A name in a variable: the Node types this package builds with do not know the module yet.
const NODE_SQLITE = 'node:sqlite';

async function loadNodeSqlite(load: () => Promise<unknown>): Promise<NodeSqlite> {
  // Loading it prints "ExperimentalWarning: SQLite is an experimental feature" on the Node lines that
  // still mark it so; that warning is for the host's developers, not for the person running it.
  const emit = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    const text = typeof warning === 'string' ? warning : warning?.message;
    if (/SQLite/i.test(String(text))) return;
    return (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return (await load()) as NodeSqlite;
  } catch {
    throw new SqliteDriverError(
      `The host keeps its conversations in SQLite through node:sqlite, which is built into Node ${NODE_SQLITE_SINCE} and newer; this is Node ${process.versions.node}. Run Node ${NODE_SQLITE_SINCE} or newer (nothing to install), or give a PostgreSQL database with --db postgres://….`,
    );
  } finally {
    process.emitWarning = emit;
  }
}

// julianday counts days from noon, 24 November 4714 BC; 2440587.5 of them is 1970-01-01.
const SQLITE_NOW = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;

export const SQLITE_DIALECT: SqlDialect = {
  prefix: '',
  now: SQLITE_NOW,
  forUpdate: '',
  contains: (haystack, needle) => `instr(${haystack}, ${needle}) > 0`,
};

export class SqliteDriver implements SqlDriver {
  readonly kind = 'sqlite';
  readonly dialect = SQLITE_DIALECT;
  readonly description: string;
  private readonly statements = new Map<string, SqliteStatement>();
  /** Settles when the transaction holding the connection ends. */
  private held: Promise<void> | undefined;
  /** Statements inside the transaction that holds the connection. */
  private readonly direct: SqlRunner = {
    dialect: SQLITE_DIALECT,
    all: async (sql, params = []) => this.prepare(sql).all(...params),
    run: async (sql, params = []) => Number(this.prepare(sql).run(...params).changes),
  };

  /** The node:sqlite handle (tests reach under the contract with it). */
  readonly db: SqliteDatabase;
  readonly path: string;
  constructor(db: SqliteDatabase, path: string) {
    this.db = db;
    this.path = path;
    this.description = `SQLite (node:sqlite) ${path}`;
  }

  /** Statements are compiled once and reused: every event goes through here. */
  private prepare(sql: string): SqliteStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  // Each `while (this.held) await this.held` is followed at once (no await in between) by what needs
  // the connection: the check and the use must be one synchronous step, or a transaction could take
  // the connection between them.

  async all(sql: string, params?: SqlParam[]): Promise<SqlRow[]> {
    while (this.held) await this.held;
    return this.prepare(sql).all(...(params ?? []));
  }

  async run(sql: string, params?: SqlParam[]): Promise<number> {
    while (this.held) await this.held;
    return Number(this.prepare(sql).run(...(params ?? [])).changes);
  }

  /** One IMMEDIATE transaction (the write lock taken at BEGIN), holding the connection to its end. */
  async transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
    while (this.held) await this.held;
    let release!: () => void;
    this.held = new Promise((resolve) => {
      release = resolve;
    });
    const tx: SqlTransaction = {
      ...this.direct,
      // The write transaction already holds the whole file; the bus is in this process.
      lock: async () => {},
      changed: () => {},
      runFreed: () => {},
    };
    try {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(tx);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        try {
          this.db.exec('ROLLBACK');
        } catch {}
        throw error;
      }
    } finally {
      this.held = undefined;
      release();
    }
  }

  /** One statement: the owner's check and the insert are one step (SQLite runs one at a time). */
  async appendEvent(event: AgentEvent): Promise<number | undefined> {
    const [row] = await this.all(
      `INSERT INTO events (conversation_id, run_id, name, data, created_at)
       SELECT ?, ?, ?, ?, ? WHERE ? IS NULL OR EXISTS (SELECT 1 FROM runs WHERE id = ? AND owner = ? AND status = 'running')
       RETURNING id`,
      [
        event.conversationId,
        event.runId,
        event.name,
        event.data,
        event.createdAt,
        event.owner,
        event.runId,
        event.owner,
      ],
    );
    return row ? Number(row.id) : undefined;
  }

  /** The file's pages in use, less the uploads' bytes (they have quotas of their own). */
  async sizeBytes(): Promise<number> {
    const [pages] = await this.all('PRAGMA page_count');
    const [free] = await this.all('PRAGMA freelist_count');
    const [size] = await this.all('PRAGMA page_size');
    const [files] = await this.all('SELECT coalesce(sum(size), 0) AS n FROM files');
    const used =
      (Number(Object.values(pages)[0]) - Number(Object.values(free)[0])) * Number(Object.values(size)[0]);
    return Math.max(0, used - Number(files.n));
  }

  /** The file's folder can be written and has room (a full disk stalls every write). */
  async writable(): Promise<StoreWritable> {
    if (this.path === ':memory:') return { writable: true };
    const dir = dirname(this.path);
    try {
      await access(this.path, constants.W_OK);
    } catch (error) {
      return { writable: false, reason: `${this.path} cannot be written: ${(error as Error).message}` };
    }
    const stats = await statfs(dir);
    return { writable: true, diskFreeBytes: Number(stats.bavail) * Number(stats.bsize) };
  }

  async ping(): Promise<void> {
    await this.all('SELECT 1 AS one');
  }

  /** A full disk or a busy file passes (SQLITE_FULL, SQLITE_BUSY): the write may succeed later. */
  transient(error: unknown): boolean {
    return /SQLITE_(FULL|BUSY)|database or disk is full|database is locked/i.test(
      `${(error as { code?: string })?.code ?? ''} ${(error as Error)?.message ?? ''}`,
    );
  }

  /** Gives the pages freed by deleted rows back to the file system (incremental auto-vacuum). */
  async reclaim(): Promise<void> {
    while (this.held) await this.held;
    this.db.exec('PRAGMA incremental_vacuum');
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  /** One process owns the file: its listeners are all in it. */
  async createBus(): Promise<EventBus> {
    return new InProcessBus();
  }

  async close(): Promise<void> {
    while (this.held) await this.held;
    this.db.close();
  }
}
