// The `claude-agent-sdk` agent: the real Claude Agent SDK (and its Claude Code binary) against a local
// fake Messages API, fully offline. The SDK is an optional peer of ~430 MB; CI installs it with
//   npm install --no-save @anthropic-ai/claude-agent-sdk@0.3.330
// and this test is skipped, saying so, only when the package is absent.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { skipWithoutAgentSdk } from '../../../testing/skips.ts';
import { scenarioForm } from '../src/demo.js';
import type { RunningHost } from '../src/index.js';
import { type FakeApi, lastUserText, startFakeMessagesApi } from './fake-messages-api.js';
import { replyText, sqlite, startTestHost, turn } from './helpers.js';

const skip = await skipWithoutAgentSdk();

// The Claude Code binary starts a process per turn: slow when the machine is busy with other tests.
const SLOW = { timeoutMs: 90_000 };

let api: FakeApi;
let host: RunningHost;
let home: string;

before(async () => {
  if (skip) return;
  api = await startFakeMessagesApi((body) => {
    const text = lastUserText(body);
    const offersForm = (body.tools ?? []).some((t: any) => t.name === 'mcp__form__request_form');
    if (text.includes('"project_name"')) return { text: 'SDK agent received my-web-app.' };
    if (offersForm && text.includes('プロジェクト')) {
      return {
        text: '設定を入力してください。',
        toolUse: { name: 'mcp__form__request_form', input: { form_schema: scenarioForm('project', 'ja') } },
      };
    }
    return { text: 'ok' };
  });
  home = mkdtempSync(join(tmpdir(), 'formrequest-sdk-home-'));
  host = await startTestHost({
    agent: 'claude-agent-sdk',
    env: {
      PATH: process.env.PATH,
      HOME: home,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: api.url,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    },
  });
});

after(async () => {
  if (skip) return;
  await host?.close();
  await api?.close();
  rmSync(home, { recursive: true, force: true });
});

test('ends the turn after request_form, rebuilds _metadata from the result, resumes with the answers', {
  skip,
  timeout: 170_000,
}, async () => {
  const first = await turn(host, { message: '新しいプロジェクトを作成して' }, SLOW);
  const use = first.events.find((e) => e.event === 'tool_use' && e.data.name === 'mcp__form__request_form');
  assert.ok(use, `tool_use event; got ${JSON.stringify(first.events.map((e) => e.event))}`);
  assert.deepEqual(use.data.input, { form_schema: scenarioForm('project', 'ja') });
  const result = first.events.find((e) => e.event === 'tool_result')!;
  assert.equal(result.data._metadata?.type, 'form_request', 'the host fills _metadata the SDK dropped');
  assert.equal(result.data._metadata.schema.title, '新規プロジェクト作成');
  const end = first.events.at(-1)!;
  assert.equal(end.event, 'result');
  assert.equal(end.data.pending_form.id, use.data.id);
  const modelCallsAfterForm = api.requests.filter((r) =>
    JSON.stringify(r.body.messages ?? []).includes('tool_result'),
  ).length;
  assert.equal(
    modelCallsAfterForm,
    0,
    'the PostToolUse hook stopped the turn before the model saw the tool result',
  );

  const beforeAnswer = (await host.store.getConversation(first.conversationId))!.agentState;
  const second = await turn(
    host,
    {
      conversationId: first.conversationId,
      formId: use.data.id,
      answers: { project_name: 'resumed-app', language: 'go' },
    },
    SLOW,
  );
  assert.match(replyText(second.events), /my-web-app/);
  const resumed = api.requests.at(-1)!.body;
  const history = JSON.stringify(resumed.messages);
  assert.ok(
    history.includes('新しいプロジェクトを作成して'),
    'the resumed session carries the first message',
  );
  assert.ok(history.includes('resumed-app'), 'and the answers');

  // A turn replayed after a crash starts from the state saved before it: the session is resumed at
  // that point, so what the cut attempt appended (here: the whole answered turn) is not seen twice.
  sqlite(host)
    .prepare('UPDATE conversations SET agent_state = ? WHERE id = ?')
    .run(JSON.stringify(beforeAnswer), first.conversationId);
  await turn(host, { conversationId: first.conversationId, message: 'プロジェクトの件、続けて' }, SLOW);
  const replayed = JSON.stringify(api.requests.at(-1)!.body.messages);
  assert.ok(replayed.includes('新しいプロジェクトを作成して'), 'the history before the cut turn is there');
  assert.ok(!replayed.includes('resumed-app'), 'the cut turn is not');
});
