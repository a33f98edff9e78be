// The host's storage seam: the contract (contract.ts) and the stores behind it, one set of rules
// (sql-store.ts) over two SQL drivers (sql-driver.ts): SQLite (node:sqlite) for one process, PostgreSQL
// for any number of instances on one database. openStore picks by the location: a postgres:// URL or
// a file path.

export {
  type ConflictCode,
  type ConversationPage,
  type ConversationRow,
  type ConversationSummary,
  type EventName,
  type FileMeta,
  type FileRow,
  type FormRow,
  type FormStatus,
  type HostStore,
  type IdempotentTurn,
  type RunInput,
  type RunOutcome,
  type RunRow,
  type RunStatus,
  type StorageLimits,
  StoreConflict,
  type StoredEvent,
  StoreInputError,
  type StoreUsage,
  type UserTurn,
} from './contract.js';
export { EVENTS_CHANNEL, PostgresBus, type PostgresBusOptions, RUNS_CHANNEL } from './postgres-bus.js';
export { HOST_MIGRATIONS } from './postgres-schema.js';
export { PostgresStore, type PostgresStoreOptions } from './postgres-store.js';
export type { StoreWritable } from './sql-driver.js';
export { SqliteDriverError } from './sqlite-driver.js';
export { SqliteStore } from './sqlite-store.js';

import { isPostgresUrl } from '@formrequest/internal/postgres';
import type { HostStore } from './contract.js';
import { PostgresStore } from './postgres-store.js';
import { SqliteStore } from './sqlite-store.js';

/**
 * Opens the store a --db value names: a postgres:// (or postgresql://) URL, a SQLite file path, or
 * `:memory:`. `instance` names this host instance in a shared database.
 */
export async function openStore(
  location: string,
  options: { instance: string; pool?: { size?: number; waitMs?: number } },
): Promise<HostStore> {
  if (isPostgresUrl(location))
    return PostgresStore.open(location, {
      instance: options.instance,
      poolSize: options.pool?.size,
      poolWaitMs: options.pool?.waitMs,
    });
  return SqliteStore.open(location);
}
