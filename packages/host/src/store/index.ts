// The host's storage seam: the contract (contract.ts) and the stores behind it. Today one kind, SQLite
// (node:sqlite where the runtime has it, better-sqlite3 elsewhere); openStore picks by the --db value.
export * from './contract.js';
export { SqliteDriverError } from './sqlite-driver.js';
export { SqliteStore } from './sqlite-store.js';

import type { HostStore } from './contract.js';
import { SqliteStore } from './sqlite-store.js';

/** Opens the store a --db value names: a SQLite file path, or `:memory:`. */
export async function openStore(location: string): Promise<HostStore> {
  if (/^postgres(ql)?:\/\//i.test(location)) {
    throw new Error('PostgreSQL is not supported yet: give a SQLite file with --db FILE.');
  }
  return SqliteStore.open(location);
}
