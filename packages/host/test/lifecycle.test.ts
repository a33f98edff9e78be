// Health and graceful shutdown on the embedded store (SQLite; the PostgreSQL side is in
// instances*.test.ts), the instance names leases carry, and where the database comes from.
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { databaseLocation, deadLocalOwner, instanceName, type RunningHost, startHost } from '../src/index.js';
import { MACHINE } from '../src/instance.js';
import { call, collectEvents, tempDir } from './helpers.js';
import { gate, results, startProjectApi, until } from './instances-support.js';

let project: Awaited<ReturnType<typeof startProjectApi>>;
before(async () => {
  project = await startProjectApi();
});
after(() => project.api.close());

async function start(dbPath: string, options: Partial<Parameters<typeof startHost>[0]> = {}) {
  const host = await startHost({ port: 0, dbPath, agent: 'anthropic', env: project.env, ...options });
  await host.ready;
  return host;
}

async function askForm(host: RunningHost) {
  const { conversationId } = (await call(host, 'POST', '/api/execute', { message: 'Create a project' })).json;
  await until(
    async () => (await call(host, 'GET', `/api/conversations/${conversationId}`)).json.pendingForm,
    'form',
  );
  const state = (await call(host, 'GET', `/api/conversations/${conversationId}`)).json;
  return { conversationId, formId: state.pendingForm.id, lastId: state.lastEventId };
}

describe('health and graceful shutdown on SQLite', () => {
  test('health is 200 with no credentials even under --auth token; other routes still ask for them', async () => {
    const host = await startHost({
      port: 0,
      dbPath: ':memory:',
      auth: { kind: 'token', token: 'a-token-of-enough-length' },
    });
    try {
      await host.ready;
      const health = await call(host, 'GET', '/api/health');
      assert.equal(health.status, 200);
      const { connections, ...rest } = health.json;
      assert.deepEqual(rest, { status: 'ok', store: 'sqlite', runs: 0, streams: 0 });
      assert.ok(connections >= 1, 'open sockets, this one included');
      assert.equal((await call(host, 'GET', '/api/conversations')).status, 401);
      const rebound = await new Promise<number>((resolve, reject) =>
        get(`${host.url}/api/health`, { headers: { Host: 'evil.example' } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        }).on('error', reject),
      );
      assert.equal(rebound, 403, 'the Host check still applies');
    } finally {
      await host.close();
    }
  });

  test('a stop lets the run finish: health 503 draining, new turns 503, the stream gets the result and ends', async () => {
    const dir = tempDir();
    const held = gate();
    let host: RunningHost | undefined;
    try {
      host = await start(`${dir.path}/h.db`, { drainMs: 60_000 });
      const { conversationId, formId, lastId } = await askForm(host);
      project.state.gate = held.promise;
      const asked = project.state.answering;
      const stream = collectEvents(host, conversationId, () => false, {
        lastEventId: lastId,
        timeoutMs: 60_000,
      });
      const sent = await call(host, 'POST', '/api/execute', {
        conversationId,
        formId,
        answers: { project_name: 'drained', language: 'go' },
      });
      assert.equal(sent.status, 202);
      await until(() => project.state.answering > asked, 'the model asked');
      const closed = host.close();
      const health = await call(host, 'GET', '/api/health');
      assert.equal(health.status, 503);
      assert.equal(health.json.status, 'draining');
      assert.equal(health.json.runs, 1);
      const refused = await call(host, 'POST', '/api/execute', { message: 'hi' });
      assert.deepEqual([refused.status, refused.json.code], [503, 'shutting_down']);
      held.open();
      await closed;
      const got = await stream;
      assert.equal(results(got), 1, 'the result reached the stream before it ended');
      assert.equal(got.at(-1)!.data.is_error, false);
    } finally {
      held.open();
      project.state.gate = undefined;
      await host?.close();
      dir.remove();
    }
  });

  test('a stop with no time to drain hands the run to the next start, which answers it once', async () => {
    const dir = tempDir();
    const held = gate();
    let host: RunningHost | undefined;
    try {
      host = await start(`${dir.path}/h.db`, { drainMs: 0 });
      const { conversationId, formId } = await askForm(host);
      project.state.gate = held.promise;
      const asked = project.state.answering;
      await call(host, 'POST', '/api/execute', {
        conversationId,
        formId,
        answers: { project_name: 'handed', language: 'go' },
      });
      await until(() => project.state.answering > asked, 'the model asked');
      await host.close();
      held.open();
      host = await start(`${dir.path}/h.db`);
      await (await host.ready).idle();
      const state = (await call(host, 'GET', `/api/conversations/${conversationId}`)).json;
      const after = state.events.slice(state.events.findIndex((e: any) => e.data.form_id === formId) + 1);
      assert.deepEqual(
        after.filter((e: any) => e.event !== 'text').map((e: any) => e.event),
        ['error', 'result'],
        'a retry notice, then the one result',
      );
      assert.equal(project.inHistory('"handed"'), 1);
    } finally {
      held.open();
      project.state.gate = undefined;
      await host?.close();
      dir.remove();
    }
  });
});

describe('instances and databases', () => {
  test('instance names: machine (with its PID namespace), pid and a tag; or the operator’s name', () => {
    const name = instanceName({});
    assert.match(
      name,
      new RegExp(`^${MACHINE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${process.pid}:[0-9a-f]{8}$`),
    );
    assert.notEqual(instanceName({}), name, 'each start is another instance');
    assert.match(instanceName({ FORMREQUEST_INSTANCE: 'web 1' }), /^web-1:[0-9a-f]{8}$/);
  });

  test('a dead process is judged only on this very machine, never under an operator’s name', () => {
    assert.equal(deadLocalOwner(`${MACHINE}:999999999:abcd1234`), true, 'no such pid here');
    assert.equal(deadLocalOwner(`${MACHINE}:${process.ppid}:abcd1234`), false, 'alive');
    assert.equal(deadLocalOwner(`other-host~1:1:abcd1234`), false, 'another machine');
    assert.equal(
      deadLocalOwner(`${MACHINE.split('~')[0]}~1:999999999:abcd1234`),
      false,
      'another PID namespace',
    );
    assert.equal(deadLocalOwner('web-1:12345678'), false, 'a given name');
  });

  test('the database: --db, else DATABASE_URL when it is PostgreSQL, else the default file', () => {
    assert.equal(databaseLocation('x.db', { DATABASE_URL: 'postgres://h/d' }), 'x.db');
    assert.equal(databaseLocation(undefined, { DATABASE_URL: 'postgresql://h/d' }), 'postgresql://h/d');
    assert.equal(databaseLocation(undefined, {}), 'data/formrequest.db');
    assert.throws(
      () => databaseLocation(undefined, { DATABASE_URL: 'mysql://me:pw@h/d' }),
      (error: Error) =>
        /not a PostgreSQL URL/.test(error.message) &&
        /--db FILE/.test(error.message) &&
        !/pw/.test(error.message),
    );
  });

  test('FORMREQUEST_LEASE_MS that is not a number of milliseconds says so', async () => {
    await assert.rejects(
      startHost({ port: 0, dbPath: ':memory:', env: { FORMREQUEST_LEASE_MS: 'soon' } }),
      /FORMREQUEST_LEASE_MS must be a whole number of milliseconds, at least 300 \(got "soon"\)/,
    );
  });
});
