// Three real `formrequest demo` processes on one PostgreSQL database (each test its own database):
// started together (migrations once), a conversation begun on A, streamed from B and C with the same
// ids in the same order, its form answered on B, events reaching the other instances through
// LISTEN/NOTIFY well within one heartbeat, Last-Event-ID resumed on another instance, a delete seen
// everywhere, and a stop that ends its streams after sending what is stored.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import pg from 'pg';
import { skipWithoutPostgres, withDatabase } from '../../../testing/postgres.ts';
import { call } from './helpers.js';
import {
  follow,
  type Instance,
  results,
  settled,
  startInstance,
  stopInstance,
  streamsOpen,
} from './instances-support.js';

const skip = await skipWithoutPostgres();
if (skip) console.log(`# ${skip}`);

describe('several host instances on one PostgreSQL database', { skip }, () => {
  test('three instances: one conversation seen from each, answered on another, resumed anywhere', async () => {
    await withDatabase(async (db) => {
      let instances: Instance[] = [];
      try {
        instances = await Promise.all([0, 1, 2].map(() => startInstance(db.url)));
        const [a, b, c] = instances;
        const admin = new pg.Client({ connectionString: db.url });
        await admin.connect();
        const { rows } = await admin.query(
          'SELECT component, version FROM formrequest.migrations ORDER BY component, version',
        );
        await admin.end();
        // The host's own, and its `form` server's pending forms (in the same database).
        assert.deepEqual(
          rows,
          [
            { component: 'host', version: 1 },
            { component: 'host', version: 2 },
            { component: 'server', version: 1 },
            { component: 'server', version: 2 },
            { component: 'server', version: 3 },
            { component: 'server', version: 4 },
          ],
          'three starts at once, each migration once',
        );

        const started = await call(a, 'POST', '/api/execute', {
          message: 'Create a new project',
          locale: 'en',
        });
        assert.equal(started.status, 202);
        const { conversationId } = started.json;
        const first = await follow(b.url, conversationId, (e) => results(e) === 1);
        const formId = first.at(-1)!.data.pending_form.id;
        const onC = await follow(c.url, conversationId, (e) => results(e) === 1);
        assert.deepEqual(onC, first, 'B and C see the same events, ids and order');

        // Listeners on A and C before the answer goes to B: B runs the turn, A and C hear of it.
        const listenA = follow(a.url, conversationId, (e) => results(e) === 1, first.at(-1)!.id);
        const listenC = follow(c.url, conversationId, (e) => results(e) === 1, first.at(-1)!.id);
        await Promise.all([streamsOpen(a, 1), streamsOpen(c, 1)]);
        const answered = await call(b, 'POST', '/api/execute', {
          conversationId,
          formId,
          answers: { project_name: 'shared-db', language: 'go' },
        });
        assert.equal(answered.status, 202, JSON.stringify(answered.json));
        const [fromA, fromC] = await Promise.all([listenA, listenC]);
        assert.deepEqual(fromA, fromC);
        assert.match(fromA.map((e) => (e.event === 'text' ? e.data.text : '')).join(''), /shared-db/);
        assert.equal(fromA[0].data.form_id, formId);

        // Delivery delay across instances: stored (created_at) to received, well under a heartbeat.
        const state = await settled(c.url, conversationId);
        const all = state.events.map((e: any) => e.id);
        assert.deepEqual(
          all,
          [...first, ...fromA].map((e) => e.id),
          'the transcript is what the streams sent',
        );

        // Last-Event-ID: a stream from C cut after three events resumes on A with the rest.
        const part = await follow(c.url, conversationId, (e) => e.length === 3);
        const rest = await follow(a.url, conversationId, (e) => e.at(-1)?.id === all.at(-1), part.at(-1)!.id);
        assert.deepEqual(
          [...part, ...rest].map((e) => e.id),
          all,
        );

        // A delete on C ends a stream open on A.
        const open = follow(a.url, conversationId, () => false, all.at(-1));
        await streamsOpen(a, 1);
        assert.equal((await call(c, 'DELETE', `/api/conversations/${conversationId}`)).status, 200);
        assert.deepEqual(await open, [], 'the stream on A ended without new events');
        assert.equal((await call(b, 'GET', `/api/conversations/${conversationId}`)).status, 404);
      } finally {
        await Promise.all(instances.map(stopInstance));
      }
    });
  });

  test('events reach listeners on the other instances within a bounded delay (LISTEN/NOTIFY, not the heartbeat)', async () => {
    await withDatabase(async (db) => {
      let instances: Instance[] = [];
      try {
        instances = await Promise.all([0, 1].map(() => startInstance(db.url)));
        const [a, b] = instances;
        const delays: number[] = [];
        for (let i = 0; i < 5; i++) {
          const started = await call(a, 'POST', '/api/execute', { message: `hello ${i}`, locale: 'en' });
          const { conversationId } = started.json;
          await settled(a.url, conversationId);
          const last = (await call(a, 'GET', `/api/conversations/${conversationId}`)).json.lastEventId;
          const listening = follow(b.url, conversationId, (e) => results(e) === 1, last);
          await streamsOpen(b, 1);
          const sentAt = Date.now();
          await call(a, 'POST', '/api/execute', { conversationId, message: 'again' });
          await listening;
          delays.push(Date.now() - sentAt);
        }
        delays.sort((x, y) => x - y);
        console.log(`# execute on A to result on B's stream: ${delays.join(', ')} ms`);
        // The heartbeat (15 s) re-reads the store too; NOTIFY is what makes this fast.
        assert.ok(delays.at(-1)! < 5000, `every turn arrived on B within 5 s (${delays.join(', ')} ms)`);
      } finally {
        await Promise.all(instances.map(stopInstance));
      }
    });
  });

  test('a stop ends its event streams after sending what is stored, and the process exits 0', async () => {
    await withDatabase(async (db) => {
      let instances: Instance[] = [];
      try {
        instances = await Promise.all([0, 1].map(() => startInstance(db.url)));
        const [a, b] = instances;
        const health = await call(a, 'GET', '/api/health');
        assert.equal(health.status, 200);
        assert.deepEqual(
          { status: health.json.status, store: health.json.store, listening: health.json.listening },
          { status: 'ok', store: 'postgres', listening: true },
        );
        const started = await call(b, 'POST', '/api/execute', {
          message: 'Create a new project',
          locale: 'en',
        });
        const { conversationId } = started.json;
        await settled(b.url, conversationId);
        // A stream open on A until A stops: it gets everything stored, then ends (the browser would
        // reconnect through the load balancer to B with Last-Event-ID).
        const onA = follow(a.url, conversationId, () => false);
        await streamsOpen(a, 1);
        assert.equal(await stopInstance(a), 0);
        const got = await onA;
        assert.equal(results(got), 1);
        const stored = (await call(b, 'GET', `/api/conversations/${conversationId}`)).json;
        assert.equal(got.at(-1)!.id, stored.lastEventId, 'the stream sent everything stored before it ended');
        assert.match(a.log(), /shutting down[\s\S]*stopped/);
      } finally {
        await Promise.all(instances.map(stopInstance));
      }
    });
  });
});
