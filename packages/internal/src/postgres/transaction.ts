// One transaction on a pooled connection, for every part that writes to the shared database (the
// MCP server's pending forms, the host's store, the migrations). A connection whose ROLLBACK failed
// is released as broken, so the pool closes it instead of handing out a connection mid-transaction.
// A connection that breaks while checked out (PostgreSQL restarted between two statements) reports
// to the transaction, never as an unhandled 'error' event that would end the process.
import type pg from 'pg';

/** Serialization failure and deadlock: PostgreSQL's own advice is to run the transaction again. */
const RETRYABLE = new Set(['40P01', '40001']);

export interface TransactionOptions {
  /** Attempts in all when PostgreSQL reports a deadlock or a serialization failure (default 1). */
  attempts?: number;
}

/**
 * Set on an error thrown by transaction(): 'before-commit' (the transaction was rolled back or its
 * connection was lost before COMMIT was sent: nothing of it was kept) or 'commit' (lost while COMMIT
 * was on its way: it may or may not have been kept).
 */
export const FAILED_AT = Symbol.for('formrequest.transaction.failedAt');

/** Runs `work` between BEGIN and COMMIT on one connection of `pool`; rolls back when it throws. */
export async function transaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 1;
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken ??= error;
    };
    client.on('error', onError);
    let committing = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      committing = true;
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (!broken) {
        await client.query('ROLLBACK').catch((rollback: Error) => {
          broken = rollback;
        });
      }
      if (error && typeof error === 'object') {
        (error as Record<symbol, unknown>)[FAILED_AT] = committing ? 'commit' : 'before-commit';
      }
      if (attempt < attempts && RETRYABLE.has((error as { code?: string }).code ?? '')) continue;
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }
}
