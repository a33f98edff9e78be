// kill -9 of one of two real `formrequest demo` processes on one PostgreSQL database, with the
// anthropic agent on a local fake Messages API: mid-run (the agent had started answering the form) and
// mid-answer (the answer committed, no 202 sent). The instances are named (FORMREQUEST_INSTANCE), so
// the survivor cannot tell that the dead one's process is gone: it takes the run over only after the
// lease expires (FORMREQUEST_LEASE_MS=1500), and the answer reaches the agent exactly once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { skipWithoutPostgres, withDatabase } from '../../../testing/postgres.ts';
import { call } from './helpers.js';
import {
  gate,
  type Instance,
  settled,
  startInstance,
  startProjectApi,
  stopInstance,
  until,
} from './instances-support.js';

const skip = await skipWithoutPostgres();
if (skip) console.log(`# ${skip}`);

const LEASE_MS = 1500;
const ANSWER = { project_name: 'survives-kill', language: 'go' };

let project: Awaited<ReturnType<typeof startProjectApi>>;
before(async () => {
  project = await startProjectApi();
});
after(() => project.api.close());

function start(db: string, name: string, crashAt?: string) {
  return startInstance(db, {
    agent: 'anthropic',
    crashAt,
    env: { ...project.env, FORMREQUEST_INSTANCE: name, FORMREQUEST_LEASE_MS: String(LEASE_MS) },
  });
}

/** The turn after the answer: one answer message, `notices` retry notices, one result, the reply. */
function checkDelivered(state: any, formId: string, notices: number) {
  const answers = state.events.filter((e: any) => e.event === 'user_message' && e.data.form_id === formId);
  assert.equal(answers.length, 1, 'one answer in the transcript');
  const rest = state.events.slice(state.events.indexOf(answers[0]) + 1);
  assert.equal(
    rest.filter((e: any) => e.event === 'error' && e.data.retrying).length,
    notices,
    `retry notices: ${JSON.stringify(rest.map((e: any) => e.event))}`,
  );
  assert.equal(rest.filter((e: any) => e.event === 'result').length, 1, 'the turn ended once');
  assert.equal(rest.at(-1).data.is_error, false);
  assert.match(
    rest
      .filter((e: any) => e.event === 'text')
      .map((e: any) => e.data.text)
      .join(''),
    /Received survives-kill\. Starting now\.$/,
  );
}

describe('an instance killed with -9 (two instances, one PostgreSQL database)', { skip }, () => {
  for (const { point, killed, notices } of [
    { point: 'agent-started', killed: 'the instance running the answer, mid-run', notices: 1 },
    { point: 'answer-after-commit', killed: 'the instance taking the answer, after its commit', notices: 0 },
  ]) {
    test(`${killed} (${point}): the other takes the run after the lease; the answer reaches the agent once`, async () => {
      await withDatabase(async (db) => {
        let a: Instance | undefined;
        let b: Instance | undefined;
        try {
          [a, b] = await Promise.all([start(db.url, 'a'), start(db.url, 'b', point)]);
          const first = await call(a, 'POST', '/api/execute', { message: 'Create a project', locale: 'en' });
          const { conversationId } = first.json;
          const asked = await settled(a.url, conversationId);
          const formId = asked.pendingForm.id;
          // The answer goes to B, which dies at `point`.
          const sent = await call(b, 'POST', '/api/execute', {
            conversationId,
            formId,
            answers: ANSWER,
          }).catch(() => ({ status: 0 }));
          assert.equal(await b.exited, -1, 'B was killed');
          // Killed after the commit and before the reply, the answer was accepted all the same; mid-run,
          // the 202 has usually gone out already.
          if (point === 'answer-after-commit') assert.equal(sent.status, 0, 'no 202 came back');
          const killedAt = Date.now();
          const state = await settled(a.url, conversationId);
          const took = Date.now() - killedAt;
          console.log(`# ${point}: A finished the run ${took} ms after B died (lease ${LEASE_MS} ms)`);
          assert.ok(took >= LEASE_MS / 2, `A waited for the lease (${took} ms)`);
          checkDelivered(state, formId, notices);
          const again = await call(a, 'POST', '/api/execute', { conversationId, formId, answers: ANSWER });
          assert.equal(again.status, 409, 'accepted once: the re-send is refused');
          // What the agent remembers: the answer, once.
          await call(a, 'POST', '/api/execute', { conversationId, message: 'what did I send?' });
          await settled(a.url, conversationId);
          assert.equal(project.inHistory('"survives-kill"'), 1, 'the agent has the answer exactly once');
          assert.match(a.log(), /store: PostgreSQL/);
        } finally {
          await stopInstance(a);
          await stopInstance(b);
        }
      });
    });
  }

  test('an instance frozen past its lease (SIGSTOP) loses the run to the other and, thawed, adds nothing', async () => {
    await withDatabase(async (db) => {
      let a: Instance | undefined;
      let b: Instance | undefined;
      const held = gate();
      try {
        [a, b] = await Promise.all([start(db.url, 'a'), start(db.url, 'b')]);
        const first = await call(a, 'POST', '/api/execute', { message: 'Create a project', locale: 'en' });
        const { conversationId } = first.json;
        const formId = (await settled(a.url, conversationId)).pendingForm.id;
        project.state.gate = held.promise;
        const before = project.state.answering;
        await call(b, 'POST', '/api/execute', { conversationId, formId, answers: ANSWER });
        await until(() => project.state.answering > before, 'B asked the model');
        b.child.kill('SIGSTOP');
        // A takes the run once B's lease is out, and asks the model again.
        await until(() => project.state.answering > before + 1, 'A asked the model');
        held.open();
        const state = await settled(a.url, conversationId);
        checkDelivered(state, formId, 1);
        // B wakes up with the model's reply to its own attempt: the store refuses what it would add.
        b.child.kill('SIGCONT');
        await until(() => /was taken over by another instance/.test(b!.log()), 'B noticed', 30_000);
        const after = (await call(a, 'GET', `/api/conversations/${conversationId}`)).json;
        assert.deepEqual(
          after.events.map((e: any) => e.id),
          state.events.map((e: any) => e.id),
          'nothing added by the thawed instance',
        );
        await call(a, 'POST', '/api/execute', { conversationId, message: 'what did I send?' });
        await settled(a.url, conversationId);
        assert.equal(project.inHistory('"survives-kill"'), 1, 'the agent has the answer exactly once');
      } finally {
        held.open();
        project.state.gate = undefined;
        b?.child.kill('SIGCONT');
        await stopInstance(a);
        await stopInstance(b);
      }
    });
  });
});
