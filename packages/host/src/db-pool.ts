// `--db-pool SIZE[,WAIT_MS]` (or FORMREQUEST_DB_POOL): the PostgreSQL pool of one host instance, read
// with a message that says what a good value looks like.
import { DEFAULT_POOL } from './store/postgres-store.js';

export interface DbPool {
  /** Connections in the pool (the LISTEN connection is one more). */
  size: number;
  /** How long a call waits for a free connection before that try fails (and is retried). */
  waitMs: number;
}

/** Reads "SIZE" or "SIZE,WAIT_MS" (`from` names where it came from in the message). */
export function parseDbPool(text: string, from = '--db-pool'): DbPool {
  const match = /^\s*(\d+)\s*(?:,\s*(\d+)\s*)?$/.exec(text);
  const size = match ? Number(match[1]) : Number.NaN;
  const waitMs = match?.[2] === undefined ? DEFAULT_POOL.waitMs : Number(match[2]);
  if (!match || size < 1 || size > 1000 || waitMs < 100 || waitMs > 600_000) {
    throw new Error(
      `${from} takes SIZE or SIZE,WAIT_MS: connections in the pool (1-1000) and how long a call waits for one in ms (100-600000), e.g. "20,5000" (got "${text}"). The default is ${DEFAULT_POOL.size},${DEFAULT_POOL.waitMs}.`,
    );
  }
  return { size, waitMs };
}

/** The pool a start uses: the given one, else FORMREQUEST_DB_POOL, else the defaults. */
export function dbPoolFrom(given: Partial<DbPool> | undefined, env: NodeJS.ProcessEnv): DbPool {
  const raw = env.FORMREQUEST_DB_POOL?.trim();
  const fromEnv = raw ? parseDbPool(raw, 'FORMREQUEST_DB_POOL') : DEFAULT_POOL;
  return { size: given?.size ?? fromEnv.size, waitMs: given?.waitMs ?? fromEnv.waitMs };
}
