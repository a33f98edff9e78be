// The steps of a turn the crash tests kill the host at (crash-*.test.ts, instances-crash.test.ts, through
// crash-hook.mjs) are announced on the host's checkpoint channel, each once, in order, with the attempt
// and whether the turn answers a form; with nothing listening, the host runs the same.
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { test } from 'node:test';
import type { CheckpointMessage } from '../src/runs/checkpoints.js';
import { startTestHost, turn } from './helpers.js';
import { until } from './instances-support.js';

const CHANNEL = 'formrequest:host:checkpoint';
const RUN = [
  'answer-before-commit',
  'answer-after-commit',
  'agent-started',
  'agent-finished',
  'run-finished',
];

test('a turn passes every checkpoint once, in order; an answer says so', async () => {
  const seen: CheckpointMessage[] = [];
  const listen = (message: unknown) => seen.push(message as CheckpointMessage);
  subscribe(CHANNEL, listen);
  const host = await startTestHost();
  try {
    const first = await turn(host, { message: 'create a project', locale: 'en' });
    const formId = first.events.at(-1)!.data.pending_form.id;
    await turn(host, { conversationId: first.conversationId, formId, cancel: true });
    await until(() => seen.length === 2 * RUN.length, 'every checkpoint');
    const expected = (answering: boolean) => RUN.map((point, i) => [point, answering, i < 2 ? 0 : 1]);
    assert.deepEqual(
      seen.map((m) => [m.point, m.answering, m.attempt]),
      [...expected(false), ...expected(true)],
    );
    assert.ok(seen.every((m) => m.conversationId === first.conversationId));
    assert.equal(new Set(seen.map((m) => m.runId)).size, 2, 'one run id per turn');
  } finally {
    unsubscribe(CHANNEL, listen);
    await host.close();
  }
});
