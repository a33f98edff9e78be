// Migrations of every part of formrequest that keeps rows in one PostgreSQL database (the host's
// conversations, the MCP server's pending forms), in one schema of their own, `formrequest`, so they can
// share a database with an application without their table names meeting its.
//
// Migrations run once, however many instances (of any part) start together: each start takes a
// transaction-level advisory lock before it reads the applied versions, so the others wait, then find
// nothing to do. DDL is transactional in PostgreSQL: a migration that fails leaves nothing half-made.
// Each part has its own list, keyed by `component` in formrequest.migrations.
import type pg from 'pg';
import { transaction } from './transaction.js';

export const PG_SCHEMA = 'formrequest';

/** The advisory lock every migration takes ("formreq" + 1 as a 64-bit number: unlikely to be anyone else's). */
export const MIGRATION_LOCK = '7381244128679784705';

export interface Migration {
  version: number;
  /** What it does, kept in formrequest.migrations. */
  name: string;
  sql: string;
}

/**
 * Brings `component`'s tables to its newest migration, once across every instance starting now.
 * Returns the versions this call applied (none when another instance, or an earlier start, did).
 */
export async function migrate(
  pool: pg.Pool,
  component: string,
  migrations: Migration[],
  appliedBy: string,
): Promise<number[]> {
  return transaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${PG_SCHEMA}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${PG_SCHEMA}.migrations (
      component text NOT NULL,
      version integer NOT NULL,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      applied_by text NOT NULL,
      PRIMARY KEY (component, version)
    )`);
    const { rows } = await client.query<{ version: number | null }>(
      `SELECT max(version) AS version FROM ${PG_SCHEMA}.migrations WHERE component = $1`,
      [component],
    );
    const current = rows[0]?.version ?? 0;
    const newest = migrations.at(-1)?.version ?? 0;
    if (current > newest) {
      throw new Error(
        `The database was written by a newer formrequest (${component} layout ${current}; this one knows up to ${newest}). Upgrade formrequest on every instance, or give another database.`,
      );
    }
    const applied: number[] = [];
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      await client.query(migration.sql);
      await client.query(
        `INSERT INTO ${PG_SCHEMA}.migrations (component, version, name, applied_by) VALUES ($1, $2, $3, $4)`,
        [component, migration.version, migration.name, appliedBy],
      );
      applied.push(migration.version);
    }
    return applied;
  });
}
