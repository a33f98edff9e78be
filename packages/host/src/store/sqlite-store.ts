// The store on one SQLite file (WAL) for one process: the rules of sql-store.ts over node:sqlite
// (sqlite-driver.ts), with the file's layout and migrations in sqlite-schema.ts.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SqlStore } from './sql-store.js';
import { openSqlite, type SqliteDatabase, SqliteDriver } from './sqlite-driver.js';
import { migrate } from './sqlite-schema.js';

export class SqliteStore extends SqlStore {
  private readonly driver: SqliteDriver;
  private constructor(driver: SqliteDriver) {
    super(driver);
    this.driver = driver;
  }

  /** The node:sqlite handle (tests reach under the contract with it). */
  get db(): SqliteDatabase {
    return this.driver.db;
  }

  get path(): string {
    return this.driver.path;
  }

  /** Opens (and creates or migrates) the SQLite file at `path`; `:memory:` for a throwaway store. */
  static async open(path: string): Promise<SqliteStore> {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const db = await openSqlite(path);
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      migrate(db);
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = NORMAL');
      db.exec('PRAGMA foreign_keys = ON');
      // A 10 MiB upload passes through the WAL; keep the WAL file from staying that large afterwards.
      db.exec('PRAGMA journal_size_limit = 8388608');
    } catch (error) {
      db.close();
      throw error;
    }
    const store = new SqliteStore(new SqliteDriver(db, path));
    await store.sweepAllFiles();
    return store;
  }
}
