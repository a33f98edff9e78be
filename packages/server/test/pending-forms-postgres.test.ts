// Pending forms in a real PostgreSQL database (testing/postgres.ts starts an installed server that is
// stopped; skipped, saying why, only where none is installed), each test in a database of its own: the
// PendingForms contract, then what several instances on one database rely on: an answer settled on
// one instance wakes the wait held on another through NOTIFY; with the LISTEN connection cut, a
// bounded fallback still ends the wait; files uploaded on one instance are read on another and count
// against limits shared by all; one requestState key; failures that say what to fix.
import assert from 'node:assert/strict';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { describe, test } from 'node:test';
import { explainMissingPg, loadPg, PG_SCHEMA, PgListener } from '@formrequest/internal/postgres';
import type { PendingForms } from '@formrequest/server';
import { PostgresPendingForms, type PostgresPendingFormsOptions } from '@formrequest/server/postgres';
import pg from 'pg';
import {
  createTestDatabase,
  skipWithoutPostgres,
  type TestDatabase,
  withDatabase,
} from '../../../testing/postgres.ts';
import { pendingFormsContract } from './pending-forms-contract.ts';

const skip = await skipWithoutPostgres();
if (skip) console.log(`# ${skip}`);

const SCHEMA = { title: 'T', fields: [{ name: 'f', type: 'file', label: 'F' }] } as never;
const quiet = () => {};
/** The channel the stores notify on (what every instance listens to). */
const CHANNEL = 'formrequest_pending_forms';

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Whether `promise` has settled by now (after the pending callbacks ran). */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

function open(db: TestDatabase, options: PostgresPendingFormsOptions = {}) {
  return PostgresPendingForms.open(db.url, { log: quiet, ...options });
}

/**
 * A TCP relay to the database that the test can cut (every connection through it dropped, new ones
 * refused) and restore: a LISTEN connection whose network fails, for as long as the test says.
 */
async function cuttableRelay(db: TestDatabase) {
  const probe = new pg.Client({ connectionString: db.url });
  const target = probe.host.startsWith('/')
    ? { path: `${probe.host}/.s.PGSQL.${probe.port}` }
    : { host: probe.host, port: probe.port };
  const sockets = new Set<Socket>();
  let refusing = false;
  const server: Server = createServer((inbound) => {
    if (refusing) return inbound.destroy();
    const outbound = createConnection(target as never);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    config: {
      host: '127.0.0.1',
      port: (server.address() as { port: number }).port,
      user: probe.user,
      password: probe.password ?? undefined,
      database: probe.database,
    } as pg.ClientConfig,
    cut() {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      refusing = false;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => r());
      }),
  };
}

describe('pending forms on PostgreSQL', { skip }, () => {
  describe('the PendingForms contract', () => {
    pendingFormsContract(async (options) => {
      const db = await createTestDatabase();
      const forms = await open(db, options);
      return {
        forms,
        async done() {
          await forms.close();
          await db.drop();
        },
      };
    });
  });

  test('an answer settled on instance B wakes the wait held on instance A at once (NOTIFY)', async () => {
    await withDatabase(async (db) => {
      // No fallback re-read for a minute: only the notification can end the wait in time.
      const a = await open(db, { instance: 'a', fallbackMs: 60_000 });
      const b = await open(db, { instance: 'b', fallbackMs: 60_000 });
      try {
        const timings: number[] = [];
        for (let round = 0; round < 5; round++) {
          const form = await a.open({ schema: SCHEMA, serverName: 'form' });
          const waiting = a.outcome(form.id);
          // The wait is in place (it read the form) before B answers.
          await until(
            async () => !(await settledYet(waiting)) && (await a.get(form.id)) !== undefined,
            'A waits',
          );
          const started = performance.now();
          assert.equal(await b.settle(form.id, { action: 'accept', values: { f: round } }), true);
          assert.deepEqual(await waiting, { action: 'accept', values: { f: round } });
          timings.push(performance.now() - started);
        }
        const worst = Math.max(...timings);
        assert.ok(worst < 2000, `woken in ${timings.map((t) => t.toFixed(1)).join(', ')} ms`);
        // And the form A opened is B's too: the page may land on either.
        const form = await a.open({ schema: SCHEMA, serverName: 'form' });
        assert.deepEqual(await b.get(form.id), form);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });

  test('a notification that lands while a wait reads its form ends only waits that saw the form', async () => {
    // A notification for a form that is gone re-reads every wait on its id. A wait still reading (here
    // on an id that never existed) must be refused by its own read, not told "closed: expired" about a
    // form it never saw; a wait that saw the form is told it closed. The race is short, so many rounds.
    await withDatabase(async (db) => {
      const forms = await open(db);
      const other = new pg.Client({ connectionString: db.url });
      await other.connect();
      try {
        const told: string[] = [];
        for (let round = 0; round < 200; round++) {
          const id = `U${String(round).padStart(21, '0')}`;
          const waiting = forms.outcome(id).then(
            (outcome) => told.push(`${id}: ${JSON.stringify(outcome)}`),
            (error: Error) => assert.match(error.message, /No pending form/),
          );
          await other.query('SELECT pg_notify($1, $2)', [CHANNEL, id]);
          await waiting;
        }
        assert.deepEqual(told, [], 'waits on unknown ids are refused, never closed');
        const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
        const seen = forms.outcome(form.id);
        await until(
          async () => !(await settledYet(seen)) && (await forms.get(form.id)) !== undefined,
          'the wait',
        );
        await other.query(`DELETE FROM ${PG_SCHEMA}.pending_forms WHERE id = $1`, [form.id]);
        await other.query('SELECT pg_notify($1, $2)', [CHANNEL, form.id]);
        assert.deepEqual(await seen, { action: 'closed', reason: 'The form expired unanswered.' });
      } finally {
        await other.end();
        await forms.close();
      }
    });
  });

  test('a wait whose notification was lost (LISTEN connection cut) ends by the fallback re-read; LISTEN comes back', async () => {
    await withDatabase(async (db) => {
      const relay = await cuttableRelay(db);
      const pool = new pg.Pool({ connectionString: db.url, max: 3 });
      const logged: string[] = [];
      // As serve's own pool does: an idle connection the server ends (the database dropped at the end,
      // under load while one is still closing) is logged, not thrown as an unhandled 'error' event.
      pool.on('error', (error) => logged.push(`pool: ${error.message}`));
      const listener = new PgListener(relay.config, {
        applicationName: 'formrequest serve (listen)',
        label: 'formrequest serve',
        fallbackMs: 100,
        maxBackoffMs: 200,
        log: (line) => logged.push(line),
      });
      const a = await PostgresPendingForms.attach(pool, listener, { instance: 'a' });
      await listener.start();
      const b = await open(db, { instance: 'b' });
      try {
        const form = await a.open({ schema: SCHEMA, serverName: 'form' });
        const waiting = a.outcome(form.id);
        relay.cut();
        await until(() => !listener.listening, 'the loss noticed');
        assert.equal(await b.settle(form.id, { action: 'cancel' }), true);
        assert.deepEqual(await waiting, { action: 'cancel' });
        assert.equal(listener.listening, false, 'ended while LISTEN was still down: by the fallback');
        assert.match(logged.join('\n'), /listener connection was lost.*re-read every 100 ms/);

        relay.restore();
        await until(() => listener.listening, 'LISTEN back');
        assert.match(logged.join('\n'), /listener is back/);
        const next = await a.open({ schema: SCHEMA, serverName: 'form' });
        const heard = a.outcome(next.id);
        await b.settle(next.id, { action: 'decline' });
        assert.deepEqual(await heard, { action: 'decline' });
      } finally {
        await a.close();
        await b.close();
        await listener.close();
        await pool.end();
        await relay.close();
      }
    });
  });

  test('a file uploaded on one instance is read on another; limits count every instance', async () => {
    await withDatabase(async (db) => {
      const a = await open(db, { instance: 'a', maxTotalBytes: 10 });
      const b = await open(db, { instance: 'b', maxTotalBytes: 10 });
      try {
        const form = await a.open({ schema: SCHEMA, serverName: 'form' });
        const data = new TextEncoder().encode('こんにちは'); // 15 bytes: over the limit
        await assert.rejects(
          b.putFile({ formId: form.id, field: 'f', name: 'a.txt', type: 'text/plain', data }),
          /as many uploaded bytes as it may/,
        );
        const stored = await b.putFile({
          formId: form.id,
          field: 'f',
          name: 'a.txt',
          type: 'text/plain',
          data: data.slice(0, 6),
        });
        const read = await a.getFile(form.id, stored.id);
        assert.equal(new TextDecoder().decode(read!.data), 'こん');
        // Both instances upload at once: the shared limit still holds (4 bytes left).
        const other = await b.open({ schema: SCHEMA, serverName: 'form' });
        const both = await Promise.allSettled(
          [a, b].map((forms) =>
            forms.putFile({
              formId: other.id,
              field: 'f',
              name: 'b.txt',
              type: 'text/plain',
              data: data.slice(0, 3),
            }),
          ),
        );
        assert.deepEqual(
          both.map((r) => r.status).sort(),
          ['fulfilled', 'rejected'],
          'one of two 3-byte files fits in the 4 bytes left',
        );
      } finally {
        await a.close();
        await b.close();
      }
    });
  });

  test('every instance on the database has one requestState key, kept across restarts', async () => {
    await withDatabase(async (db) => {
      const [a, b] = await Promise.all([open(db, { instance: 'a' }), open(db, { instance: 'b' })]);
      const keys = await Promise.all([a.sharedStateKey(), b.sharedStateKey()]);
      await a.close();
      await b.close();
      assert.equal(keys[0].byteLength, 32);
      assert.deepEqual(keys[0], keys[1]);
      const c = await open(db, { instance: 'c' });
      try {
        assert.deepEqual(await c.sharedStateKey(), keys[0]);
      } finally {
        await c.close();
      }
    });
  });

  test('closing an instance closes the forms its calls wait for, and only those', async () => {
    await withDatabase(async (db) => {
      const a = await open(db, { instance: 'a' });
      const b = await open(db, { instance: 'b' });
      try {
        const held = await a.open({ schema: SCHEMA, serverName: 'form' });
        const left = await a.open({ schema: SCHEMA, serverName: 'form' });
        const waiting = a.outcome(held.id);
        await until(async () => !(await settledYet(waiting)), 'A waits');
        await a.close();
        assert.deepEqual(await waiting, { action: 'closed', reason: 'The server stopped.' });
        assert.deepEqual((await b.get(held.id))?.outcome, {
          action: 'closed',
          reason: 'The server stopped.',
        });
        assert.equal((await b.get(left.id))?.outcome, undefined, 'a form nobody here waited for stays open');
      } finally {
        await b.close();
      }
    });
  });

  test('failures say what to fix: a missing pg, nothing listening, a newer layout', async () => {
    const missing = Object.assign(new Error("Cannot find package 'pg' imported from /x/y.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await assert.rejects(
      loadPg(async () => {
        throw missing;
      }),
      /needs the "pg" package \(node-postgres\), which is not installed.*npm install pg@"\^8\.23\.1"/,
    );
    const other = new Error('boom');
    assert.equal(explainMissingPg(other), other, 'other import failures pass through');
    await assert.rejects(
      PostgresPendingForms.open('postgres://me:secret-pw@127.0.0.1:1/x', { log: quiet }),
      (error: Error) =>
        /Cannot use the PostgreSQL database postgres:\/\/me:\*\*\*@127\.0\.0\.1:1\/x/.test(error.message) &&
        /nothing listens there/.test(error.message) &&
        !/secret-pw/.test(error.message),
    );
    await withDatabase(async (db) => {
      const forms: PendingForms = await open(db);
      await forms.close();
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          `SELECT component, version FROM formrequest.migrations ORDER BY version`,
        );
        assert.deepEqual(rows, [
          { component: 'server', version: 1 },
          { component: 'server', version: 2 },
          { component: 'server', version: 3 },
          { component: 'server', version: 4 },
        ]);
        await admin.query(
          `INSERT INTO formrequest.migrations (component, version, name, applied_by) VALUES ('server', 7, 'future', 'x')`,
        );
      } finally {
        await admin.end();
      }
      await assert.rejects(
        open(db),
        /written by a newer formrequest \(server layout 7; this one knows up to 4\)/,
      );
    });
  });
});
