// One small seam over the two SQLite drivers the host can use:
// - `node:sqlite`, built into Node >= 22.13 (nothing to install, no compiler). Preferred wherever the
//   runtime has it. Its class is `DatabaseSync`; newer Node lines also export it as `Database`.
// - `better-sqlite3`, a native addon, only for runtimes without the built-in (Node 20 and 22.0-22.12).
//   It is an optional dependency: installing the host never needs a compiler on Node >= 22.13, and a
//   failed native build leaves the install working.
// Both are synchronous; the store above wraps them in its asynchronous contract. A driver that cannot
// load says why (missing, not built, built for another Node) and what to do.
import { createRequire } from 'node:module';

export type SqlValue = string | number | bigint | null | Uint8Array;
export type SqlRow = Record<string, unknown>;

export interface SqlStatement {
  run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqlValue[]): SqlRow | undefined;
  all(...params: SqlValue[]): SqlRow[];
}

export interface SqlDatabase {
  readonly driver: DriverName;
  exec(sql: string): void;
  prepare(sql: string): SqlStatement;
  close(): void;
}

export type DriverName = 'node:sqlite' | 'better-sqlite3';

/** The driver could not be loaded: the message names the cause and the fix. */
export class SqliteDriverError extends Error {
  override name = 'SqliteDriverError';
}

export const BETTER_SQLITE3_VERSION = '12.11.1';
const NODE_SQLITE_SINCE = '22.13.0';

/**
 * Opens the SQLite file with the best driver this runtime has (or the one FORMREQUEST_SQLITE_DRIVER
 * names: `node:sqlite` or `better-sqlite3`).
 */
export async function openSqlite(
  path: string,
  choice = process.env.FORMREQUEST_SQLITE_DRIVER,
): Promise<SqlDatabase> {
  if (choice !== undefined && choice !== '' && choice !== 'node:sqlite' && choice !== 'better-sqlite3') {
    throw new SqliteDriverError(
      `FORMREQUEST_SQLITE_DRIVER must be "node:sqlite" or "better-sqlite3", not "${choice}" (or leave it unset to choose by itself).`,
    );
  }
  if (choice !== 'better-sqlite3') {
    const builtin = await loadNodeSqlite();
    if (builtin) return openNodeSqlite(builtin, path);
    if (choice === 'node:sqlite') {
      throw new SqliteDriverError(
        `node:sqlite is not available in Node ${versions()} (it is built in from Node ${NODE_SQLITE_SINCE}). Run a newer Node, or leave FORMREQUEST_SQLITE_DRIVER unset.`,
      );
    }
  }
  return openBetterSqlite3(path);
}

function versions(): string {
  return process.versions.node;
}

type NodeSqliteModule = { DatabaseSync?: new (path: string) => any; Database?: new (path: string) => any };

/** node:sqlite, or undefined where the runtime does not have it (Node 20; 22 before 22.13 without a flag). */
async function loadNodeSqlite(): Promise<NodeSqliteModule | undefined> {
  // Loading it prints "ExperimentalWarning: SQLite is an experimental feature" on the Node lines that
  // still mark it so; that warning is for the host's developers, not for the person running it.
  const emit = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    const text = typeof warning === 'string' ? warning : warning?.message;
    if (/SQLite/i.test(String(text))) return;
    return (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    const name = 'node:sqlite';
    return (await import(name)) as NodeSqliteModule;
  } catch {
    return undefined;
  } finally {
    process.emitWarning = emit;
  }
}

function openNodeSqlite(module: NodeSqliteModule, path: string): SqlDatabase {
  const Database = module.DatabaseSync ?? module.Database;
  if (!Database) {
    throw new SqliteDriverError(
      `node:sqlite in Node ${versions()} exports neither DatabaseSync nor Database. Set FORMREQUEST_SQLITE_DRIVER=better-sqlite3 and install better-sqlite3@${BETTER_SQLITE3_VERSION}, or report this Node version.`,
    );
  }
  const db = new Database(path);
  return {
    driver: 'node:sqlite',
    exec: (sql) => db.exec(sql),
    prepare(sql) {
      const statement = db.prepare(sql);
      return {
        run: (...params) => statement.run(...params),
        get: (...params) => statement.get(...params) ?? undefined,
        all: (...params) => statement.all(...params),
      };
    },
    close: () => db.close(),
  };
}

function openBetterSqlite3(path: string): SqlDatabase {
  const require = createRequire(import.meta.url);
  let Database: new (path: string) => any;
  try {
    Database = require('better-sqlite3');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') {
      throw new SqliteDriverError(
        `formrequest demo needs SQLite. Node ${versions()} has no built-in SQLite (node:sqlite comes with Node ${NODE_SQLITE_SINCE} and later), ` +
          `and the optional driver better-sqlite3 is not installed. Either run Node ${NODE_SQLITE_SINCE} or newer (nothing to install), ` +
          `or install the driver next to formrequest: npm install better-sqlite3@${BETTER_SQLITE3_VERSION} (it needs a C++ compiler where no prebuilt binary is found).`,
      );
    }
    throw explainNativeFailure(error as Error);
  }
  let db: any;
  try {
    db = new Database(path);
  } catch (error) {
    throw explainNativeFailure(error as Error);
  }
  return {
    driver: 'better-sqlite3',
    exec: (sql) => db.exec(sql),
    prepare(sql) {
      const statement = db.prepare(sql);
      // better-sqlite3 refuses .get()/.all() on statements that return nothing, and .run() on ones that do.
      const reader = statement.reader as boolean;
      return {
        run(...params) {
          if (!reader) return statement.run(...params);
          statement.all(...params);
          return { changes: 0, lastInsertRowid: 0 };
        },
        get(...params) {
          if (reader) return statement.get(...params);
          statement.run(...params);
          return undefined;
        },
        all(...params) {
          if (reader) return statement.all(...params);
          statement.run(...params);
          return [];
        },
      };
    },
    close: () => db.close(),
  };
}

/** Native-addon failures in words: built for another Node, or never built. Others pass through. */
export function explainNativeFailure(error: Error): Error {
  const message = error.message ?? '';
  const abi = /NODE_MODULE_VERSION (\d+)[\s\S]*NODE_MODULE_VERSION (\d+)/.exec(message);
  if (abi) {
    return new SqliteDriverError(
      `better-sqlite3 was built for another Node.js (NODE_MODULE_VERSION ${abi[1]}; Node ${versions()} needs ${abi[2]}), ` +
        `probably before Node was switched. Rebuild it for this Node with: npm rebuild better-sqlite3` +
        (nodeAtLeast(NODE_SQLITE_SINCE)
          ? ` — or uninstall it: Node ${versions()} has SQLite built in and does not need it.`
          : ` — or run Node ${NODE_SQLITE_SINCE} or newer, which has SQLite built in.`),
    );
  }
  if (/Could not locate the bindings file|better_sqlite3\.node/.test(message)) {
    return new SqliteDriverError(
      `better-sqlite3 is installed but its native part was never built (no C++ compiler, or install scripts were blocked). ` +
        `Build it with: npm rebuild better-sqlite3 (needs python3, make and a C++ compiler), or run Node ${NODE_SQLITE_SINCE} or newer, which has SQLite built in.`,
    );
  }
  return error;
}

export function nodeAtLeast(version: string, current = process.versions.node): boolean {
  const a = current.split('.').map(Number);
  const b = version.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}
