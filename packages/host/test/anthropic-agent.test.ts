// The `anthropic` agent against a local fake Messages API speaking the real streaming protocol.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { scenarioForm } from '../src/demo.js';
import type { RunningHost } from '../src/index.js';
import { type FakeApi, lastUserText, startFakeMessagesApi } from './fake-messages-api.js';
import { call, replyText, sqlite, startTestHost, turn } from './helpers.js';

/** A form whose label appears nowhere else: every stored copy of the form can be counted by it. */
const ONCE_LABEL = 'Label-stored-once-7f3a';
const ONCE_FORM = {
  title: 'Stored once',
  locale: 'en',
  fields: [{ name: 'stored_once_field', type: 'text', label: ONCE_LABEL, required: true }],
};

let api: FakeApi;
let host: RunningHost;

before(async () => {
  api = await startFakeMessagesApi((body) => {
    const text = lastUserText(body);
    if (text.includes('"project_name"')) return { text: 'Thanks! I will create my-web-app in TypeScript.' };
    if (text.includes('ユーザーの回答')) return { text: 'Noted the answer.' };
    if (text.includes('[CANCELLED]')) return { text: 'Noted the cancel.' };
    if (text.includes('キャンセル')) return { text: 'Okay, cancelled.' };
    if (text.includes('"stored_once_field"')) return { text: 'Got it.' };
    if (text.includes('一度だけ保存')) {
      // The form as a JSON string and with a field the checker normalises: never byte-identical to the
      // checked form, which is what let the tool_use event keep its own copy before.
      return {
        text: '',
        toolUse: { name: 'mcp__form__request_form', input: { form_schema: JSON.stringify(ONCE_FORM) } },
      };
    }
    if (text.includes('担当者を決めて')) {
      return {
        text: '',
        toolUse: { name: 'mcp__form__request_form', input: { form_schema: scenarioForm('assign', 'ja') } },
      };
    }
    if (text.includes('"assignee"')) return { text: 'Assigned.' };
    if (text.includes('言語を聞いて')) {
      return {
        text: '',
        toolUse: {
          name: 'mcp__form__question',
          input: {
            questions: [
              {
                question: 'どの言語で書きますか？',
                header: '言語',
                options: [{ label: 'TypeScript' }, { label: 'Python' }],
                multiSelect: false,
              },
            ],
          },
        },
      };
    }
    return {
      text: 'プロジェクトの設定を入力してください。',
      toolUse: { name: 'mcp__form__request_form', input: { form_schema: scenarioForm('project', 'ja') } },
    };
  });
  host = await startTestHost({
    agent: 'anthropic',
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: api.url, ANTHROPIC_MODEL: 'fake-model' },
  });
});
after(async () => {
  await host.close();
  await api.close();
});

test('streams text, calls request_form through MCP, ends the turn, and continues with the answers', async () => {
  const first = await turn(host, { message: '新しいプロジェクトを作成して' });
  const names = first.events.map((e) => e.event);
  assert.deepEqual([...new Set(names)], ['user_message', 'text', 'tool_use', 'tool_result', 'result']);
  assert.ok(names.filter((n) => n === 'text').length > 1, 'text arrives in several deltas');
  const text = replyText(first.events);
  assert.equal(text, 'プロジェクトの設定を入力してください。');
  const use = first.events.find((e) => e.event === 'tool_use')!;
  assert.deepEqual(
    use.data.input,
    { form_schema: scenarioForm('project', 'ja') },
    'input_json_delta pieces joined',
  );
  const result = first.events.find((e) => e.event === 'tool_result')!;
  assert.equal(result.data._metadata.type, 'form_request');
  const formId = first.events.at(-1)!.data.pending_form.id;
  assert.equal(formId, use.data.id);
  assert.equal(api.requests.length, 1, 'the turn ended after request_form: no second model call');

  const request = api.requests[0];
  assert.equal(request.headers['x-api-key'], 'test-key');
  assert.equal(request.headers['anthropic-version'], '2023-06-01');
  assert.equal(request.body.model, 'fake-model');
  assert.equal(request.body.stream, true);
  const tool = request.body.tools.find((t: any) => t.name === 'mcp__form__request_form');
  assert.ok(tool, 'request_form is offered as mcp__form__request_form');
  const schemaText = JSON.stringify(tool.input_schema);
  for (const key of ['"enum"', '"required"', 'form_schema', 'async-select', 'minLength']) {
    assert.ok(schemaText.includes(key), `the tool's input_schema keeps ${key}`);
  }

  const second = await turn(host, {
    conversationId: first.conversationId,
    formId,
    answers: { project_name: 'my-web-app', language: 'typescript' },
  });
  assert.match(replyText(second.events), /my-web-app/);
  assert.equal(second.events.at(-1)!.data.subtype, 'success');
  const followUp = api.requests[1].body;
  const roles = followUp.messages.map((m: any) => m.role);
  assert.deepEqual(roles, ['user', 'assistant', 'user']);
  const last = followUp.messages[2].content;
  assert.equal(last[0].type, 'tool_result');
  assert.equal(last[0].tool_use_id, formId);
  assert.equal(last[1].type, 'text');
  assert.deepEqual(JSON.parse(last[1].text), { project_name: 'my-web-app', language: 'typescript' });
  // Beside the seed's message, in a block of its own: the label the person saw for the select's value.
  assert.equal(last.length, 3);
  assert.equal(last[2].type, 'text');
  assert.equal(
    last[2].text,
    `選択肢と検索結果の表示名（値の横にユーザーが見たもの）:\n${JSON.stringify({ language: 'TypeScript' }, null, 2)}`,
  );
  // The conversation shows the seed's message, the values alone.
  const said = second.events.find((e) => e.event === 'user_message')!;
  assert.equal(said.data.text, last[1].text);
});

test('a search answer: the model gets the row the person saw beside the id; a select label the page sends is not taken', async () => {
  const first = await turn(host, { message: '担当者を決めて' });
  const formId = first.events.at(-1)!.data.pending_form.id;
  const bad = await call(host, 'POST', '/api/execute', {
    conversationId: first.conversationId,
    formId,
    answers: { assignee: 'u001' },
    labels: ['山田 太郎'],
  });
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.json), /\\"labels\\" must be an object/);
  const before = api.requests.length;
  await turn(host, {
    conversationId: first.conversationId,
    formId,
    answers: { assignee: 'u001', reviewers: ['u002', 'u003'], priority: 'high' },
    labels: { assignee: '山田 太郎 (開発部)', reviewers: ['佐藤 花子', '鈴木 一郎'], priority: 'forged' },
  });
  const last = api.requests[before]!.body.messages.at(-1).content;
  assert.deepEqual(JSON.parse(last[1].text), {
    assignee: 'u001',
    reviewers: ['u002', 'u003'],
    priority: 'high',
  });
  const labels = JSON.parse(last[2].text.slice(last[2].text.indexOf('\n') + 1));
  assert.deepEqual(labels, {
    assignee: '山田 太郎 (開発部)',
    reviewers: ['佐藤 花子', '鈴木 一郎'],
    priority: '高',
  });
});

test('where a form is kept: once in `forms`; the run refers to it; events say what they said live', async () => {
  const first = await turn(host, { message: '一度だけ保存して' });
  const { conversationId } = first;
  const formId = first.events.at(-1)!.data.pending_form.id;
  await turn(host, { conversationId, formId, answers: { stored_once_field: 'x' } });
  const db = sqlite(host);
  const count = (sql: string) => Number(db.prepare(sql).get(`%${ONCE_LABEL}%`)!.n);
  assert.equal(count('SELECT COUNT(*) AS n FROM forms WHERE schema LIKE ?'), 1, 'one checked copy in forms');
  assert.equal(count('SELECT COUNT(*) AS n FROM runs WHERE input LIKE ?'), 0, 'no run input holds the form');
  // The model's call differs from the checked form (a JSON string, a normalised field): its tool_use
  // event keeps the call as written, so a read gives what a live stream gave under the same id. The
  // tool_result and result events refer to the checked form.
  assert.equal(count('SELECT COUNT(*) AS n FROM events WHERE data LIKE ?'), 1, 'the call as written, once');
  const replay = (await call(host, 'GET', `/api/conversations/${conversationId}`)).json.events;
  for (const name of ['tool_use', 'tool_result', 'result']) {
    const live = first.events.find((e) => e.event === name)!;
    const read = replay.find((e: any) => e.id === live.id);
    assert.deepEqual(read.data, live.data, `${name} read back is what was streamed`);
  }
  // The agent's history is the other place (README, Storage): the model must get its call back.
  assert.equal(count('SELECT COUNT(*) AS n FROM conversations WHERE agent_state LIKE ?'), 1);
  const history = api.requests.at(-1)!.body.messages;
  const asked = history[1].content.find((b: any) => b.type === 'tool_use');
  assert.equal(asked.input.form_schema, JSON.stringify(ONCE_FORM), 'the model gets its own argument back');
});

test('a question shown as a form ends the turn, and its answer goes back in seed 004 words', async () => {
  const first = await turn(host, { message: '言語を聞いて' });
  const use = first.events.find((e) => e.event === 'tool_use')!;
  assert.equal(use.data.name, 'mcp__form__question');
  const pending = first.events.at(-1)!.data.pending_form;
  assert.equal(pending?.id, use.data.id, 'the question is a pending form');
  const calls = api.requests.length;

  const second = await turn(host, {
    conversationId: first.conversationId,
    formId: pending.id,
    answers: { q1: 'Python' },
  });
  assert.equal(api.requests.length, calls + 1);
  const said = api.requests.at(-1)!.body.messages.at(-1).content.at(-1).text;
  assert.equal(said, 'ユーザーの回答: "どの言語で書きますか？"="Python"');
  assert.equal(replyText(second.events), 'Noted the answer.');

  const again = await turn(host, { conversationId: first.conversationId, message: '言語を聞いて' });
  const cancelled = await turn(host, {
    conversationId: first.conversationId,
    formId: again.events.at(-1)!.data.pending_form.id,
    cancel: true,
  });
  assert.equal(replyText(cancelled.events), 'Noted the cancel.');
  const cancelSaid = api.requests.at(-1)!.body.messages.at(-1).content.at(-1).text;
  assert.match(cancelSaid, /\[CANCELLED\]/);
});

test('an API error becomes an error event and a failed result, and the conversation goes on', async () => {
  const broken = await startTestHost({
    agent: 'anthropic',
    env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: `${api.url}/nowhere` },
  });
  try {
    const { conversationId, events } = await turn(broken, { message: 'hello' });
    const error = events.find((e) => e.event === 'error')!;
    assert.match(error.data.message, /Anthropic API answered 404/);
    assert.equal(events.at(-1)!.data.subtype, 'error_during_execution');
    assert.equal((await call(broken, 'GET', `/api/conversations/${conversationId}`)).json.running, false);
  } finally {
    await broken.close();
  }
});

test('a missing API key is a clear start-up error', async () => {
  await assert.rejects(startTestHost({ agent: 'anthropic', env: {} }), /ANTHROPIC_API_KEY/);
});
