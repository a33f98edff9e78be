// A real PostgreSQL server for the tests and benchmarks: found where it listens (FORMREQUEST_TEST_PG_URL, else the
// Unix socket as the current user, else 127.0.0.1:5432 as postgres), started when it is installed but
// stopped (Debian's pg_ctlcluster), else, where only the server's programs are on PATH (initdb and
// pg_ctl: Homebrew, Nix, a tarball), a throwaway cluster on a socket in a temp dir, stopped and removed
// when the process exits; a clear skip reason only on machines that have none. Each test gets a
// database of its own, made with a random name and dropped afterwards.
// FORMREQUEST_TEST_PG=temp skips the search and always makes the throwaway cluster.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { skipFor } from './skips.ts';

const SOCKET_DIR = '/var/run/postgresql';

/** Admin URLs to try, in order. */
function candidates(): string[] {
  const given = process.env.FORMREQUEST_TEST_PG_URL;
  if (given) return [given];
  const user = encodeURIComponent(userInfo().username);
  return [
    `postgres://${user}@/postgres?host=${encodeURIComponent(SOCKET_DIR)}`,
    'postgres://postgres@127.0.0.1:5432/postgres',
  ];
}

async function reachable(url: string): Promise<true | string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Starts every installed cluster that is down (Debian's postgresql-common); what it did, or why not. */
function startInstalledClusters(): string {
  if (!existsSync('/usr/bin/pg_lsclusters')) return 'no PostgreSQL is installed (pg_lsclusters not found)';
  const lines = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).trim().split('\n');
  const down = lines.map((l) => l.trim().split(/\s+/)).filter((f) => f.length >= 4 && f[3] !== 'online');
  if (lines.join('') === '') return 'PostgreSQL is installed but has no cluster (pg_createcluster 15 main)';
  for (const [version, cluster] of down) {
    // The machine's server outlives this test file: without the test runner's marker, the runner's
    // reaper (scripts/runner/reaper.mjs) leaves it running when the file ends.
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, cluster, 'start'], {
      stdio: 'pipe',
      env: { ...process.env, FORMREQUEST_TEST_RUN: '' },
    });
  }
  return down.length ? `started ${down.map((f) => `${f[0]}/${f[1]}`).join(', ')}` : 'all clusters online';
}

/** Whether `program` runs from PATH. */
function onPath(program: string): boolean {
  return spawnSync(program, ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * A new cluster in a temp dir (initdb, then pg_ctl start listening on a socket in that dir only, no
 * TCP), owned by the current user with trust auth; stopped and removed when this process exits.
 * Its admin URL, or why it could not be made.
 */
function startTempCluster(): { url: string } | { reason: string } {
  if (!onPath('initdb') || !onPath('pg_ctl')) return { reason: 'initdb and pg_ctl are not on PATH' };
  if (process.getuid?.() === 0) {
    return {
      reason:
        'initdb and pg_ctl are on PATH but refuse to run as root, so no throwaway cluster could be made (run the tests as another user, or set FORMREQUEST_TEST_PG_URL)',
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-pg-'));
  const data = join(dir, 'data');
  const user = userInfo().username;
  const stop = () => {
    spawnSync('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    execFileSync('initdb', ['-D', data, '-A', 'trust', '-U', user, '--no-sync', '-E', 'UTF8'], {
      stdio: 'pipe',
    });
    execFileSync(
      'pg_ctl',
      ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-k ${dir} -c listen_addresses= -F`, 'start'],
      { stdio: 'pipe' },
    );
  } catch (error) {
    stop();
    const detail = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    return { reason: `a throwaway cluster (initdb, pg_ctl) failed to start: ${detail}` };
  }
  process.once('exit', stop);
  return { url: `postgres://${encodeURIComponent(user)}@/postgres?host=${encodeURIComponent(dir)}` };
}

let found: Promise<{ url: string } | { skip: string }> | undefined;

/** The admin URL of a running server, or why the PostgreSQL tests are skipped here. */
export function postgresServer(): Promise<{ url: string } | { skip: string }> {
  found ??= (async () => {
    if (process.env.FORMREQUEST_TEST_PG === 'temp') {
      const temp = startTempCluster();
      if ('url' in temp) return temp;
      throw new Error(`FORMREQUEST_TEST_PG=temp: ${temp.reason}.`);
    }
    const tried: string[] = [];
    for (const round of [1, 2]) {
      for (const url of candidates()) {
        const result = await reachable(url);
        if (result === true) return { url };
        tried.push(`${url}: ${result}`);
      }
      if (round === 2) break;
      let started: string;
      try {
        started = startInstalledClusters();
      } catch (error) {
        started = `pg_ctlcluster failed: ${(error as Error).message}`;
      }
      if (/no PostgreSQL is installed|has no cluster/.test(started)) {
        // No Debian cluster to start: the server's own programs on PATH make a throwaway one.
        const temp = startTempCluster();
        if ('url' in temp) return temp;
        return {
          skip: `PostgreSQL tests skipped: nothing listens (${tried.join('; ')}), ${started}, and ${temp.reason}. Install PostgreSQL (apt-get install postgresql) or set FORMREQUEST_TEST_PG_URL to an admin URL.`,
        };
      }
      // A cluster that was just started takes a moment to accept connections.
      for (let i = 0; i < 50 && (await reachable(candidates()[0])) !== true; i++) {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    throw new Error(
      `PostgreSQL is installed but no server could be reached:\n  ${tried.join('\n  ')}\nStart it (pg_ctlcluster --skip-systemctl-redirect 15 main start), give this user a superuser role (createuser -s ${userInfo().username}), or set FORMREQUEST_TEST_PG_URL.`,
    );
  })();
  return found;
}

/** The skip option for describe(): false where PostgreSQL runs, else the reason. */
export async function skipWithoutPostgres(): Promise<false | string> {
  const server = await postgresServer();
  return skipFor('skip' in server && server.skip);
}

export interface TestDatabase {
  /** A connection URL to the new database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Makes a database with a random name on the test server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const server = await postgresServer();
  if ('skip' in server) throw new Error(server.skip);
  const name = `formrequest_test_${randomBytes(6).toString('hex')}`;
  await admin(server.url, `CREATE DATABASE ${name}`);
  // The admin URL with the new database's name in place of its own (not through URL: a socket URL has
  // no host part, which WHATWG URL refuses).
  const url = server.url.replace(/^([a-z]+:\/\/[^/]*)\/[^?]*/i, `$1/${name}`);
  return {
    url,
    name,
    drop: () => dropDatabase(server.url, name),
  };
}

/**
 * Drops a test database, ending the connections still on it. pg's `Pool.end()` resolves before its
 * clients' sockets close, and a backend ended by the drop while its client is closing hands that client
 * a 57P01 error, which its pool then throws (seen in postgres-transaction). So the drop first waits, up to
 * half a second, for the connections already on their way out.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let waited = 0; waited < 500; waited += 25) {
      const { rows } = await client.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs `work` with a new database, dropped afterwards whatever happens. */
export async function withDatabase<T>(work: (db: TestDatabase) => Promise<T>): Promise<T> {
  const db = await createTestDatabase();
  try {
    return await work(db);
  } finally {
    await db.drop();
  }
}
