// The host's storage seam: the contract (contract.ts) and the stores behind it. SQLite (node:sqlite
// where the runtime has it, better-sqlite3 elsewhere) for one process; PostgreSQL for any number of
// instances on one database. openStore picks by the location: a postgres:// URL or a file path.
export * from './contract.js';
export { EVENTS_CHANNEL, PostgresBus, type PostgresBusOptions, RUNS_CHANNEL } from './postgres-bus.js';
export { HOST_MIGRATIONS, type Migration, migrate, PG_SCHEMA } from './postgres-schema.js';
export {
  explainPostgresError,
  PostgresStore,
  type PostgresStoreOptions,
  redactUrl,
} from './postgres-store.js';
export { SqliteDriverError } from './sqlite-driver.js';
export { SqliteStore } from './sqlite-store.js';

import type { HostStore } from './contract.js';
import { PostgresStore } from './postgres-store.js';
import { SqliteStore } from './sqlite-store.js';

/** Whether a --db value (or DATABASE_URL) names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/**
 * Opens the store a --db value names: a postgres:// (or postgresql://) URL, a SQLite file path, or
 * `:memory:`. `instance` names this host instance in a shared database.
 */
export async function openStore(location: string, options: { instance: string }): Promise<HostStore> {
  if (isPostgresUrl(location)) return PostgresStore.open(location, { instance: options.instance });
  return SqliteStore.open(location);
}
