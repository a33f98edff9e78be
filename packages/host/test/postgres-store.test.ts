// The store contract on a real PostgreSQL server (testing/postgres.ts starts an installed one that is
// stopped; skipped, saying why, only where none is installed), each test in a database of its own:
// the contract's tests, migrations run once when many instances start together, event ids that a
// reader never finds filled in behind its cursor while two instances write, LISTEN/NOTIFY between
// instances (and not back to the writer), a listener that loses its connection, and failures that
// say what to fix.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { PostgresPendingForms } from '@formrequest/server/postgres';
import pg from 'pg';
import {
  createTestDatabase,
  skipWithoutPostgres,
  type TestDatabase,
  withDatabase,
} from '../../../testing/postgres.ts';
import { startHost } from '../src/host.js';
import type { PostgresBus } from '../src/store/index.js';
import { PostgresStore, type StoreConflict } from '../src/store/index.js';
import { storeContractTests, turnOf } from './store-contract.js';

const skip = await skipWithoutPostgres();
if (skip) console.log(`# ${skip}`);

const open = (db: TestDatabase, instance = 'test-a') => PostgresStore.open(db.url, { instance });

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the store on PostgreSQL', { skip }, () => {
  storeContractTests(async () => {
    const db = await createTestDatabase();
    const store = await open(db);
    return {
      store,
      async done() {
        await store.close();
        await db.drop();
      },
    };
  });

  test('says what it is, with the password hidden', async () => {
    await withDatabase(async (db) => {
      const store = await open(db);
      try {
        assert.equal(store.kind, 'postgres');
        assert.match(store.description, /^PostgreSQL postgres:\/\/.*\(schema formrequest\)$/);
      } finally {
        await store.close();
      }
    });
  });

  test('eight instances starting at once migrate once; a newer layout is refused', async () => {
    await withDatabase(async (db) => {
      const stores = await Promise.all(
        Array.from({ length: 8 }, (_, i) => PostgresStore.open(db.url, { instance: `i${i}` })),
      );
      try {
        const { rows } = await stores[0].pool.query(
          `SELECT component, version, applied_by FROM formrequest.migrations ORDER BY version`,
        );
        assert.equal(rows.length, 2, `one row per migration: ${JSON.stringify(rows)}`);
        assert.deepEqual(
          rows.map((r) => [r.component, r.version]),
          [
            ['host', 1],
            ['host', 2],
          ],
        );
        assert.equal(rows[0].applied_by, rows[1].applied_by, 'one instance migrated');
        // Every instance works on the tables one of them made.
        await Promise.all(stores.map((s, i) => s.beginTurn(turnOf(`c${i}`, `r${i}`))));
        assert.equal((await stores[3].listConversations({ limit: 20 })).items.length, 8);
        await stores[0].pool.query(
          `INSERT INTO formrequest.migrations (component, version, name, applied_by) VALUES ('host', 99, 'future', 'x')`,
        );
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
      await assert.rejects(
        open(db),
        /written by a newer formrequest \(host layout 99; this one knows up to 2\)/,
      );
    });
  });

  test('two instances writing one conversation: a reader following its cursor misses nothing', async () => {
    await withDatabase(async (db) => {
      const a = await open(db, 'a');
      const b = await open(db, 'b');
      try {
        await a.beginTurn(turnOf('c', 'r', 'x'));
        let writing = true;
        const seen: number[] = [];
        const reader = (async () => {
          let cursor = 0;
          while (writing || seen.length === 0 || cursor < (await a.lastEventId('c'))) {
            for (const event of await b.eventsAfter('c', cursor, 1000)) {
              seen.push(event.id);
              cursor = event.id;
            }
          }
        })();
        const write = (store: PostgresStore, n: number) =>
          Promise.all(
            Array.from({ length: n }, (_, i) =>
              store.appendEvent('c', 'r', 'text', { type: 'text', text: `${i}` }),
            ),
          );
        await Promise.all([write(a, 150), write(b, 150)]);
        writing = false;
        await reader;
        const all = (await a.eventsAfter('c', 0, 10_000)).map((e) => e.id);
        assert.equal(all.length, 301);
        assert.deepEqual(seen, all, 'the reader saw every event once, in id order');
      } finally {
        await a.close();
        await b.close();
      }
    });
  });

  test('the host and the MCP server migrate one database together: each component once, in one schema', async () => {
    await withDatabase(async (db) => {
      const starts = Array.from({ length: 4 }, (_, i) => [
        PostgresStore.open(db.url, { instance: `host${i}` }),
        PostgresPendingForms.open(db.url, { instance: `server${i}`, log: () => {} }),
      ]).flat();
      const opened = await Promise.all(starts);
      const stores = opened.filter((o): o is PostgresStore => o instanceof PostgresStore);
      const forms = opened.filter((o): o is PostgresPendingForms => o instanceof PostgresPendingForms);
      try {
        const { rows } = await stores[0].pool.query(
          `SELECT component, version FROM formrequest.migrations ORDER BY component, version`,
        );
        assert.deepEqual(rows, [
          { component: 'host', version: 1 },
          { component: 'host', version: 2 },
          { component: 'server', version: 1 },
          { component: 'server', version: 2 },
          { component: 'server', version: 3 },
          { component: 'server', version: 4 },
        ]);
        // Every instance of either part works on the tables one of them made.
        await Promise.all(stores.map((s, i) => s.beginTurn(turnOf(`c${i}`, `r${i}`))));
        const form = await forms[0].open({ schema: { title: 'T', fields: [] } as never, serverName: 'form' });
        assert.equal((await forms[3].get(form.id))?.id, form.id);
        assert.equal((await stores[2].listConversations({ limit: 20 })).items.length, 4);
      } finally {
        await Promise.all([...stores.map((s) => s.close()), ...forms.map((f) => f.close())]);
      }
    });
  });

  test("a host on PostgreSQL keeps its form server's pending forms and requestState key in the same database", async () => {
    await withDatabase(async (db) => {
      const host = await startHost({ port: 0, dbPath: db.url, agent: 'scripted' });
      try {
        await host.ready;
        const store = host.store as PostgresStore;
        const { rows } = await store.pool.query(
          `SELECT component, applied_by FROM formrequest.migrations ORDER BY component, version`,
        );
        assert.deepEqual(rows, [
          { component: 'host', applied_by: host.instance },
          { component: 'host', applied_by: host.instance },
          { component: 'server', applied_by: host.instance },
          { component: 'server', applied_by: host.instance },
          { component: 'server', applied_by: host.instance },
          { component: 'server', applied_by: host.instance },
        ]);
        const key = await store.pool.query(
          `SELECT length(value) AS bytes FROM formrequest.server_settings WHERE key = 'request_state_key'`,
        );
        assert.deepEqual(key.rows, [{ bytes: 32 }]);
        // On the host's own LISTEN connection: no second listener for the form server.
        const listeners = await store.pool.query(
          `SELECT application_name FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE '%(listen)'`,
        );
        assert.deepEqual(listeners.rows, [{ application_name: 'formrequest host (listen)' }]);
      } finally {
        await host.close({ drainMs: 0 });
      }
    });
  });

  test('two instances starting the same conversation at once: one turn wins, the other is refused', async () => {
    await withDatabase(async (db) => {
      const a = await open(db, 'a');
      const b = await open(db, 'b');
      try {
        await a.beginTurn(turnOf('c', 'r0', 'a'));
        const r0 = await a.claimRun('r0', 'a', 60_000);
        await a.finishRun('c', r0!.id, 'a', { status: 'done', result: { type: 'result' } });
        const outcomes = await Promise.allSettled([
          a.beginTurn(turnOf('c', 'ra', 'a')),
          b.beginTurn(turnOf('c', 'rb', 'b')),
        ]);
        assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 1);
        const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
        assert.equal((refused.reason as StoreConflict).code, 'run_in_progress');
        // Both instances sweeping for the same expired run: exactly one gets it.
        await a.pool.query(`UPDATE formrequest.runs SET lease_until = 0 WHERE status = 'queued'`);
        const [runId] = (await a.unfinishedRuns()).map((r) => r.id);
        const claims = await Promise.all([a.claimRun(runId, 'a', 60_000), b.claimRun(runId, 'b', 60_000)]);
        assert.equal(claims.filter(Boolean).length, 1);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });

  test('NOTIFY wakes the listeners of the other instance, not the writer; a released run is announced', async () => {
    await withDatabase(async (db) => {
      const a = await open(db, 'a');
      const b = await open(db, 'b');
      const busA = await a.createBus();
      const busB = await b.createBus();
      try {
        let wokeA = 0;
        let wokeB = 0;
        let freed = 0;
        busA.subscribe('c', () => wokeA++);
        busB.subscribe('c', () => wokeB++);
        busB.subscribe('other', () => assert.fail('another conversation is not woken'));
        busB.onRunsFreed(() => freed++);
        // Each write that stores events notifies once: the turn's start, then the agent's event.
        await a.beginTurn(turnOf('c', 'r', 'a'));
        await until(() => wokeB === 1, "B woken by the turn's start");
        assert.ok(await a.claimRun('r', 'a', 60_000));
        const started = performance.now();
        await a.appendEvent('c', 'r', 'text', { type: 'text', text: 'x' }, 'a');
        await until(() => wokeB === 2, 'B woken');
        const ms = performance.now() - started;
        assert.ok(ms < 2000, `woken in ${ms.toFixed(1)} ms`);
        await new Promise((r) => setTimeout(r, 100));
        assert.equal(wokeA, 0, "the writer's own notification is skipped (its process woke its listeners)");
        await a.releaseRun('r', 'a');
        await until(() => freed === 1, 'runs freed heard on B');
        assert.ok(await b.deleteConversation('c').catch(() => true));
      } finally {
        await busA.close();
        await busB.close();
        await a.close();
        await b.close();
      }
    });
  });

  test('a listener that loses its connection wakes its streams until it is back, then says runs may be free', async () => {
    await withDatabase(async (db) => {
      const a = await open(db, 'a');
      const bus = (await a.createBus()) as PostgresBus;
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      const errors: string[] = [];
      const log = console.error;
      console.error = (message: string) => errors.push(message);
      try {
        let woke = 0;
        let freed = 0;
        bus.subscribe('c', () => woke++);
        bus.onRunsFreed(() => freed++);
        assert.equal(bus.listening, true);
        await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'formrequest host (listen)' AND datname = current_database()`,
        );
        await until(() => !bus.listening || woke > 0, 'the loss noticed');
        await until(() => bus.listening, 'the listener back');
        assert.ok(woke >= 1, 'streams were woken to re-read');
        assert.ok(freed >= 1, 'runs may have been freed while nobody listened');
        assert.match(errors.join('\n'), /listener connection was lost/);
        // And it hears again.
        const b = await open(db, 'b');
        try {
          const before = woke;
          await b.beginTurn(turnOf('c', 'r', 'b'));
          await until(() => woke > before, 'woken by NOTIFY after reconnecting');
        } finally {
          await b.close();
        }
      } finally {
        console.error = log;
        await admin.end();
        await bus.close();
        await a.close();
      }
    });
  });

  test('other parts of formrequest can listen on channels of their own on the same connection', async () => {
    await withDatabase(async (db) => {
      const a = await open(db, 'a');
      const bus = (await a.createBus()) as PostgresBus;
      try {
        const heard: string[] = [];
        bus.onChannel('formrequest_pending_forms', (payload) => heard.push(payload));
        assert.throws(() => bus.onChannel('Bad Name;', () => {}), /not a channel name/);
        await until(async () => {
          await a.pool.query(`SELECT pg_notify('formrequest_pending_forms', 'form-1')`);
          return heard.length > 0;
        }, 'the payload');
        assert.equal(heard[0], 'form-1');
      } finally {
        await bus.close();
        await a.close();
      }
    });
  });

  test('a user who may not create the schema is told what to grant', async () => {
    await withDatabase(async (db) => {
      const role = `${db.name}_limited`;
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      try {
        await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'limited-pw'`);
        await assert.rejects(
          PostgresStore.open(`postgres://${role}:limited-pw@127.0.0.1:5432/${db.name}`, { instance: 'x' }),
          (error: Error) =>
            /may not create the schema "formrequest"/.test(error.message) &&
            /GRANT CREATE ON DATABASE/.test(error.message) &&
            !/limited-pw/.test(error.message),
        );
      } finally {
        await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
        await admin.end();
      }
    });
  });

  test('failures name the cause and the fix, never the password', async () => {
    await assert.rejects(
      PostgresStore.open('postgres://me:s3cret@127.0.0.1:1/x', { instance: 'x' }),
      (error: Error) => {
        assert.match(
          error.message,
          /^Cannot use the PostgreSQL database postgres:\/\/me:\*\*\*@127\.0\.0\.1:1\/x: /,
        );
        assert.match(error.message, /nothing listens there: start PostgreSQL/);
        assert.doesNotMatch(error.message, /s3cret/);
        return true;
      },
    );
    await withDatabase(async (db) => {
      const missing = db.url.replace(db.name, `${db.name}_missing`);
      await assert.rejects(
        PostgresStore.open(missing, { instance: 'x' }),
        /the database does not exist: create it/,
      );
    });
  });
});

after(() => {});
