// The store on PostgreSQL, shared by any number of host instances: the rules of sql-store.ts over
// node-postgres (postgres-driver.ts), with the layout in postgres-schema.ts (migrated once, across
// instances, by the `migrate` every part of formrequest shares) and LISTEN/NOTIFY in postgres-bus.ts.
import { explainPostgresError, loadPg, migrate, PG_SCHEMA, redactUrl } from '@formrequest/internal/postgres';
import type pg from 'pg';
import { PostgresDriver } from './postgres-driver.js';
import { HOST_MIGRATIONS } from './postgres-schema.js';
import { SqlStore } from './sql-store.js';

export interface PostgresStoreOptions {
  /** This instance's name in NOTIFY payloads and the migrations table. */
  instance: string;
  /** Connections in the pool (default 10; the bus holds one more for LISTEN). */
  poolSize?: number;
  /** How long a call waits for a free connection before that try fails and is retried (default 5 s). */
  poolWaitMs?: number;
}

export const DEFAULT_POOL = { size: 10, waitMs: 5000 };

export class PostgresStore extends SqlStore {
  private readonly driver: PostgresDriver;
  private constructor(driver: PostgresDriver) {
    super(driver);
    this.driver = driver;
  }

  /** The pool (tests reach under the contract with it; the MCP server's pending forms share it). */
  get pool(): pg.Pool {
    return this.driver.pool;
  }

  get instance(): string {
    return this.driver.instance;
  }

  get url(): string {
    return this.driver.url;
  }

  /** Connects, runs the migrations that are due (once, across instances) and returns the store. */
  static async open(url: string, options: PostgresStoreOptions): Promise<PostgresStore> {
    // Loaded here, not at start: a host on SQLite never pays for node-postgres's ~40 modules.
    const { Pool } = await loadPg();
    const config: pg.ClientConfig = { connectionString: url, application_name: 'formrequest host' };
    const pool = new Pool({
      ...config,
      max: options.poolSize ?? DEFAULT_POOL.size,
      connectionTimeoutMillis: options.poolWaitMs ?? DEFAULT_POOL.waitMs,
      idleTimeoutMillis: 30_000,
    });
    // A connection that breaks while idle in the pool is dropped and replaced on the next query; the
    // error must not bring the process down.
    pool.on('error', (error) => {
      console.error(`formrequest host: PostgreSQL connection lost (${error.message}); reconnecting.`);
    });
    try {
      await migrate(pool, 'host', HOST_MIGRATIONS, options.instance);
    } catch (error) {
      await pool.end().catch(() => {});
      throw explainPostgresError(error, url);
    }
    const description = `PostgreSQL ${redactUrl(url)} (schema ${PG_SCHEMA})`;
    const store = new PostgresStore(new PostgresDriver(pool, config, options.instance, url, description));
    await store.sweepAllFiles();
    return store;
  }
}
