// Fault suite, a client's retry after an instance died mid-request: two real `demo` processes on one
// PostgreSQL database; the one taking a form answer is killed (kill -9) right after committing it, so
// the client (as behind a load balancer: a 502) never got its 202. It sends the same answer again with
// the same Idempotency-Key to the other instance: the first turn comes back (not "already answered"),
// one run answers it, and the agent gets the answer exactly once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { skipWithoutPostgres, withDatabase } from '../../../testing/postgres.ts';
import { call } from './helpers.js';
import { type Instance, settled, startInstance, startProjectApi, stopInstance } from './instances-support.js';

const skip = await skipWithoutPostgres();
if (skip) console.log(`# ${skip}`);

let project: Awaited<ReturnType<typeof startProjectApi>>;
before(async () => {
  project = await startProjectApi();
});
after(() => project.api.close());

const start = (db: string, name: string, crashAt?: string) =>
  startInstance(db, {
    agent: 'anthropic',
    crashAt,
    env: { ...project.env, FORMREQUEST_INSTANCE: name, FORMREQUEST_LEASE_MS: '1500' },
  });

describe('a retry with Idempotency-Key after the instance died', { skip }, () => {
  test('killed after the commit, the answer sent again with its key: one turn, delivered once', async () => {
    await withDatabase(async (db) => {
      let a: Instance | undefined;
      let b: Instance | undefined;
      try {
        [a, b] = await Promise.all([start(db.url, 'a'), start(db.url, 'b', 'answer-after-commit')]);
        const first = await call(a, 'POST', '/api/execute', { message: 'Create a project', locale: 'en' });
        const { conversationId } = first.json;
        const formId = (await settled(a.url, conversationId)).pendingForm.id;
        const answer = { conversationId, formId, answers: { project_name: 'once-only', language: 'go' } };
        const key = randomUUID();
        const lost = await call(b, 'POST', '/api/execute', answer, { 'Idempotency-Key': key }).catch(() => ({
          status: 0,
          json: undefined,
        }));
        assert.equal(lost.status, 0, 'no answer came back: B died after its commit');
        assert.equal(await b.exited, -1);
        const retried = await call(a, 'POST', '/api/execute', answer, { 'Idempotency-Key': key });
        assert.equal(retried.status, 202, `the first turn comes back: ${JSON.stringify(retried.json)}`);
        assert.equal(retried.json.conversationId, conversationId);
        const state = await settled(a.url, conversationId);
        const answers = state.events.filter(
          (e: any) => e.event === 'user_message' && e.data.form_id === formId,
        );
        assert.equal(answers.length, 1, 'one answer in the transcript');
        const results = state.events
          .slice(state.events.indexOf(answers[0]) + 1)
          .filter((e: any) => e.event === 'result');
        assert.equal(results.length, 1, 'one run answered it');
        // Without the key, the same answer again is refused: it was taken once.
        const plain = await call(a, 'POST', '/api/execute', answer);
        assert.equal(plain.status, 409);
        await call(a, 'POST', '/api/execute', { conversationId, message: 'what did I send?' });
        await settled(a.url, conversationId);
        assert.equal(project.inHistory('"once-only"'), 1, 'the agent has the answer exactly once');
        console.log(
          '# fault killed-retry: B killed after committing an answer; the retry on A with the key got the first turn; delivered once',
        );
      } finally {
        await stopInstance(a);
        await stopInstance(b);
      }
    });
  });
});
