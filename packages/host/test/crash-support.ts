// kill -9 at each step of a form answer, with the real `formrequest demo` process, a real SQLite file
// and the `anthropic` agent against a local fake Messages API: after the restart the answer reaches the
// agent exactly once (its history, as the next model request shows it, holds the answer once), the
// person's re-send is refused once it was accepted, and nothing is left running.
// The host is started with crash-hook.mjs loaded (crashHookArgs), which makes it SIGKILL itself at the
// named step of the answer's first attempt.
// Shared by crash-*.test.ts (split so that each file stays within the runner's per-file time limit).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { after, before, test } from 'node:test';
import { cliCommand } from '../../../testing/cli.ts';
import { scenarioForm } from '../src/demo.js';
import { type FakeApi, lastUserText, startFakeMessagesApi } from './fake-messages-api.js';
import { call, collectEvents, tempDir, turn } from './helpers.js';
import { crashHookArgs } from './instances-support.js';

let api: FakeApi;
// Registered at the top level of each crash-*.test.ts file that imports this module.
before(async () => {
  api = await startFakeMessagesApi((body) => {
    const text = lastUserText(body);
    const name = /"project_name": "([^"]+)"/.exec(text)?.[1];
    if (name) return { text: `Received ${name}. Starting now.` };
    if (text.includes('what did I send')) return { text: 'ok' };
    return {
      text: 'Fill in the project.',
      toolUse: { name: 'mcp__form__request_form', input: { form_schema: scenarioForm('project', 'en') } },
    };
  });
});
after(() => api.close());

interface Demo {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

export function startDemo(db: string, crashAt?: string): Promise<Demo> {
  const [command, argv] = cliCommand('demo', '--port', '0', '--db', db, '--agent', 'anthropic');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ANTHROPIC_API_KEY: 'k',
    ANTHROPIC_BASE_URL: api.url,
    ANTHROPIC_MODEL: 'fake',
  };
  const child = spawn(command, [...crashHookArgs(crashAt), ...argv], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? -1 : code)),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`demo did not start: ${err}`)), 60_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], exited });
      }
    });
    child.stderr!.on('data', (chunk) => {
      err += chunk;
      if (process.env.CRASH_TEST_DEBUG) process.stderr.write(chunk);
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`demo exited with ${code}: ${err}`));
    });
  });
}

export async function stop(demo: Demo | undefined) {
  if (!demo || demo.child.exitCode !== null || demo.child.signalCode !== null) return;
  demo.child.kill('SIGTERM');
  await demo.exited;
}

/** Waits until the conversation has no run going on, and returns it. */
async function settled(url: string, conversationId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const loaded = await call({ url }, 'GET', `/api/conversations/${conversationId}`);
    if (!loaded.json.running && loaded.json.events.at(-1)?.event === 'result') return loaded.json;
    if (Date.now() > deadline)
      throw new Error(`still running: ${JSON.stringify(loaded.json.events.map((e: any) => e.event))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ANSWER = { project_name: 'crash-proof', language: 'go' };
const ANSWER_TEXT = JSON.stringify(ANSWER, null, 2);

/** How many user messages of the agent's history (the last model request) hold the answer. */
function answerCountInHistory(): number {
  const last = api.requests.at(-1)!.body;
  return last.messages
    .filter((m: any) => m.role === 'user')
    .flatMap((m: any) =>
      typeof m.content === 'string' ? [m.content] : m.content.map((c: any) => c.text ?? ''),
    )
    .filter((text: string) => text.includes('"crash-proof"')).length;
}

/** Registers one test per crash point: kill -9 there, restart, and check the answer arrived once. */
export function crashTests(cases: Array<{ point: string; accepted: boolean; notice: boolean }>): void {
  for (const { point, accepted, notice } of cases) {
    test(point, async () => {
      const dir = tempDir();
      let demo: Demo | undefined;
      try {
        const db = `${dir.path}/demo.db`;
        demo = await startDemo(db, point);
        const first = await turn(demo, { message: 'Create a project', locale: 'en' });
        const conversationId = first.conversationId;
        const formId = first.events.at(-1)!.data.pending_form.id;
        const sent = await call(demo, 'POST', '/api/execute', {
          conversationId,
          formId,
          answers: ANSWER,
        }).catch((error: Error) => ({ status: 0, json: error.message }));
        assert.equal(await demo.exited, -1, 'the host was killed');
        if (!accepted) assert.equal(sent.status, 0, 'killed before the answer was accepted: no 202');

        demo = await startDemo(db);
        let state = await settled(demo.url, conversationId);
        if (!accepted) {
          assert.equal(state.pendingForm?.id, formId, 'not accepted: the form still waits');
          await turn(demo, { conversationId, formId, answers: ANSWER });
          state = await settled(demo.url, conversationId);
        } else {
          const again = await call(demo, 'POST', '/api/execute', { conversationId, formId, answers: ANSWER });
          assert.equal(again.status, 409, 'accepted once: the re-send is refused');
          assert.equal(again.json.code, 'form_not_pending');
        }
        const answers = state.events.filter(
          (e: any) => e.event === 'user_message' && e.data.form_id === formId,
        );
        assert.equal(answers.length, 1, 'one answer in the transcript');
        assert.equal(answers[0].data.text, ANSWER_TEXT);
        const after = state.events.slice(state.events.indexOf(answers[0]) + 1);
        const notices = after.filter((e: any) => e.event === 'error' && e.data.retrying);
        assert.equal(
          notices.length,
          notice ? 1 : 0,
          `retry notices: ${JSON.stringify(after.map((e: any) => e.event))}`,
        );
        assert.equal(after.filter((e: any) => e.event === 'result').length, 1, 'the turn ended once');
        assert.equal(after.at(-1).data.is_error, false);
        // The person reads the reply once: a cut attempt's words are taken out when its run is
        // replayed, so after the answer comes the retry notice (if any), then the reply, then the end.
        const reply = after.filter((e: any) => e.event === 'text').map((e: any) => e.data.text);
        assert.equal(reply.join(''), 'Received crash-proof. Starting now.');
        assert.deepEqual(
          [...new Set(after.map((e: any) => (e.event === 'error' && e.data.retrying ? 'notice' : e.event)))],
          notice ? ['notice', 'text', 'result'] : ['text', 'result'],
          'nothing of the cut attempt is left between the answer and the end of the turn',
        );
        assert.equal(state.pendingForm, null);

        // The next turn shows what the agent remembers: the answer, once.
        await turn(demo, { conversationId, message: 'what did I send?' });
        assert.equal(answerCountInHistory(), 1, 'the agent has the answer exactly once');
        const list = await call(demo, 'GET', '/api/conversations');
        assert.equal(list.json.conversations.find((c: any) => c.id === conversationId).running, false);
        await collectEvents(demo, conversationId, (events) => events.length > 0, { lastEventId: 0 });
      } finally {
        await stop(demo);
        dir.remove();
      }
    });
  }
}
