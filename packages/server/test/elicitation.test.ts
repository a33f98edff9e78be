// request_form under the server policy `auto` with real clients that declare (or do not declare) form
// elicitation: accept, decline, cancel, a form that cannot map (shown nowhere when the client has no URL
// mode: the model is told), answers that fail validation, the per-call mode, and the policy `never`.
import assert from 'node:assert/strict';
import { after, before, describe, test as nodeTest, test } from 'node:test';
import { cancelMessage, submitMessage } from '@formrequest/schema';
import { type RunningHttpServer, startHttpServer } from '@formrequest/server';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
} from '@modelcontextprotocol/client';
import { type ClientKind, connectClient, type ElicitHandler, exampleForm, type Target } from './support.ts';

const RICH_FORM = {
  title: '打ち合わせ設定',
  description: '打ち合わせの情報を入力してください',
  fields: [
    { type: 'heading', text: '基本' },
    {
      name: 'project_name',
      type: 'text',
      label: 'プロジェクト名',
      required: true,
      pattern: '^[a-z0-9-]+$',
      patternError: '小文字英数字とハイフンのみ使用可能です',
      suggestions: ['my-app'],
    },
    {
      name: 'language',
      type: 'select',
      label: '言語',
      options: [
        { value: 'python', label: 'Python' },
        { value: 'go', label: 'Go' },
      ],
      default: 'python',
    },
    {
      name: 'features',
      type: 'multiselect',
      label: '機能',
      options: [
        { value: 'auth', label: '認証' },
        { value: 'db', label: 'DB連携' },
        { value: 'api', label: 'REST API' },
      ],
      maxSelect: 2,
    },
    { name: 'agree', type: 'checkbox', label: '同意する' },
    { name: 'count', type: 'number', label: '人数', min: 1, max: 10 },
    { name: 'budget', type: 'range', label: '予算 (%)', step: 5 },
    { name: 'due', type: 'date', label: '期限', minDate: '2020-01-01' },
    { name: 'meeting', type: 'datetime', label: '日時' },
    { type: 'divider' },
    { name: 'form_version', type: 'hidden', value: '1.0' },
  ],
};

const GOOD_ANSWER = {
  project_name: 'my-app',
  language: 'go',
  features: ['auth', 'api'],
  agree: true,
  count: 3,
  budget: 40,
  due: '2030-05-01',
  meeting: '2030-05-01T10:30:00+09:00',
};
const EXPECTED_VALUES = { ...GOOD_ANSWER, meeting: '2030-05-01T10:30', form_version: '1.0' };

interface Seen {
  requests: any[];
}

function scripted(answers: Awaited<ReturnType<ElicitHandler>>[], seen: Seen, delayMs = 0): ElicitHandler {
  return async (params) => {
    seen.requests.push(params);
    const answer = answers.shift();
    assert.ok(answer, `unexpected extra elicitation/create: ${params.message}`);
    // A person reads the dialog before answering; a headless runtime answers at once.
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return answer;
  };
}

async function call(
  kind: ClientKind,
  target: Target,
  args: Record<string, unknown>,
  handler?: ElicitHandler,
) {
  const client = await connectClient(kind, target, handler);
  try {
    return await client.callTool({ name: 'request_form', arguments: args });
  } finally {
    await client.close();
  }
}

function elicitationScenarios(
  kind: ClientKind,
  transport: 'stdio' | 'http',
  target: () => Target,
  only?: RegExp,
) {
  // `only`: the scenarios that prove something of this transport; the others are the same on any.
  const test = (name: string, fn: () => Promise<void>) =>
    only && !only.test(name) ? undefined : nodeTest(name, fn);
  describe(`${kind} over ${transport}`, () => {
    test('accept: the answers come back in the tool result, checked and with hidden values', async () => {
      const seen: Seen = { requests: [] };
      const result = await call(
        kind,
        target(),
        { form_schema: RICH_FORM },
        scripted([{ action: 'accept', content: GOOD_ANSWER }], seen),
      );
      assert.equal(result.isError, undefined, JSON.stringify(result));
      assert.equal(seen.requests.length, 1);
      const { requestedSchema, message } = seen.requests[0];
      assert.equal(message, '打ち合わせ設定\n\n打ち合わせの情報を入力してください');
      assert.deepEqual(Object.keys(requestedSchema.properties), Object.keys(GOOD_ANSWER));
      assert.deepEqual(requestedSchema.required, ['project_name']);
      assert.deepEqual(requestedSchema.properties.language.oneOf, [
        { const: 'python', title: 'Python' },
        { const: 'go', title: 'Go' },
      ]);
      assert.equal(requestedSchema.properties.language.default, 'python');
      assert.deepEqual(requestedSchema.properties.features.items.anyOf[2], {
        const: 'api',
        title: 'REST API',
      });
      assert.equal(requestedSchema.properties.features.maxItems, 2);
      // No step: any number, as the web and terminal forms take it; the range's step 5 makes integers.
      assert.equal(requestedSchema.properties.count.type, 'number');
      assert.equal(requestedSchema.properties.count.minimum, 1);
      assert.equal(requestedSchema.properties.budget.type, 'integer');
      assert.deepEqual(
        [requestedSchema.properties.budget.minimum, requestedSchema.properties.budget.maximum],
        [0, 100],
      );
      assert.equal(requestedSchema.properties.due.format, 'date');
      assert.equal(requestedSchema.properties.meeting.format, 'date-time');
      assert.equal(requestedSchema.properties.agree.type, 'boolean');
      assert.deepEqual(result.structuredContent.values, EXPECTED_VALUES);
      assert.equal(result.structuredContent.status, 'submitted');
      assert.equal(result.structuredContent.type, 'form_response');
      assert.equal(result._metadata, undefined);
      // Beside the ids, the labels the dialog showed (from the options); the seed's JSON stays as it is.
      assert.deepEqual(result.structuredContent.labels, { language: 'Go', features: ['認証', 'REST API'] });
      const [answers, labels] = result.content[0].text.split('\n選択肢と検索結果の表示名');
      assert.ok(answers.endsWith(submitMessage(RICH_FORM as never, EXPECTED_VALUES)));
      assert.match(labels, /"language": "Go"/);
    });

    test('answers that fail validation are asked again with the messages, then accepted', async () => {
      const seen: Seen = { requests: [] };
      const result = await call(
        kind,
        target(),
        { form_schema: RICH_FORM },
        scripted(
          [
            {
              action: 'accept',
              content: { ...GOOD_ANSWER, project_name: 'My App', features: ['auth', 'db', 'api'] },
            },
            { action: 'accept', content: GOOD_ANSWER },
          ],
          seen,
        ),
      );
      assert.equal(seen.requests.length, 2);
      assert.match(
        seen.requests[1].message,
        /入力内容を確認してください:\n・小文字英数字とハイフンのみ使用可能です\n・機能は2個以下で選択してください/,
      );
      assert.equal(seen.requests[1].requestedSchema.properties.project_name.default, 'My App');
      assert.deepEqual(result.structuredContent.values, EXPECTED_VALUES);
    });

    test('answers that keep failing end in an error result after three attempts', async () => {
      const bad = { action: 'accept' as const, content: { ...GOOD_ANSWER, project_name: 'BAD NAME' } };
      const seen: Seen = { requests: [] };
      const result = await call(kind, target(), { form_schema: RICH_FORM }, scripted([bad, bad, bad], seen));
      assert.equal(seen.requests.length, 3);
      assert.equal(result.isError, true);
      assert.match(result.content[0].text, /- project_name: 小文字英数字とハイフンのみ使用可能です/);
      assert.equal(result.structuredContent.status, 'invalid');
    });

    test("a decline or cancel after a person could read the dialog (1 s) is the person's", async () => {
      const declined = await call(
        kind,
        target(),
        { form_schema: RICH_FORM },
        scripted([{ action: 'decline' }], { requests: [] }, 1000),
      );
      assert.equal(declined.content[0].text, 'ユーザーはフォーム「打ち合わせ設定」への入力を断りました。');
      assert.equal(declined.structuredContent.status, 'declined');
      const cancelled = await call(
        kind,
        target(),
        { form_schema: RICH_FORM },
        scripted([{ action: 'cancel' }], { requests: [] }, 1000),
      );
      assert.equal(cancelled.content[0].text, cancelMessage());
      assert.equal(cancelled.structuredContent.status, 'cancelled');
    });

    test("a decline or cancel within 5 ms is no person's: the model is told nobody saw the form, why and what to do", async () => {
      for (const action of ['decline', 'cancel'] as const) {
        const result = await call(
          kind,
          target(),
          { form_schema: RICH_FORM },
          scripted([{ action }], { requests: [] }),
        );
        assert.equal(result.isError, true);
        assert.equal(result.structuredContent.status, 'unseen');
        const text = result.content[0].text;
        assert.equal(result.structuredContent.message, text);
        assert.match(text, /^フォーム「打ち合わせ設定」はユーザーに表示されていません。/);
        assert.match(text, new RegExp(`「${action}」と自動で応答しました`));
        assert.match(text, /1000 ms 未満は人の応答とみなしません/);
        assert.match(text, /これはユーザーの拒否やキャンセルではありません/);
        assert.match(text, /会話で直接ユーザーに尋ねてください/);
        assert.match(text, /--host-renders-forms/);
        assert.doesNotMatch(text, /断りました|キャンセルしました/);
      }
    });

    test('a form that cannot map, in a client without URL mode, is shown nowhere and the model is told', async () => {
      const seen: Seen = { requests: [] };
      const form = exampleForm('example2-assign.json');
      const result = await call(kind, target(), { form_schema: form }, scripted([], seen));
      assert.equal(seen.requests.length, 0);
      assert.equal(result.isError, true);
      assert.equal(result.structuredContent.status, 'not_shown');
      assert.equal(result._metadata, undefined);
      const text = result.content[0].text;
      assert.equal(result.structuredContent.message, text);
      assert.match(text, /^フォーム「タスク担当者設定」はユーザーに表示されていません。/);
      assert.match(text, /フィールド\[0\]（type: autocomplete）は検索APIで候補を探すため/);
      assert.match(
        text,
        /このクライアントは URL モードの elicitation（ブラウザのフォームページ）に対応していません/,
      );
      assert.match(text, /会話で直接ユーザーに尋ねてください/);
      assert.match(text, /formrequest serve`（既定の --elicitation auto）/);
    });

    test('the per-call mode "never" overrides the server policy', async () => {
      const seen: Seen = { requests: [] };
      const result = await call(
        kind,
        target(),
        { form_schema: RICH_FORM, mode: 'never' },
        scripted([], seen),
      );
      assert.equal(seen.requests.length, 0);
      assert.equal(result.structuredContent.status, 'waiting_for_input');
      // No note (the call chose the conversation): the seed's text and the no-form sentence only.
      assert.equal(result.structuredContent.note, undefined);
      assert.equal(result.content.length, 2);
    });

    test('a client without elicitation or Apps is told that nothing can show the form', async () => {
      const result = await call(kind, target(), { form_schema: RICH_FORM });
      assert.equal(result.structuredContent.status, 'not_shown');
      assert.match(
        result.content[0].text,
        /このクライアントは MCP Apps にもフォーム入力（elicitation）にも対応していません/,
      );
    });
  });
}

// The server policy `auto` from the command line (stdio) and from the config (HTTP). Over stdio, the
// exchanges that cross the pipe both ways (the server asking the client, once and again): every
// scenario over HTTP in this process.
for (const kind of ['v1', 'v2-legacy', 'v2-auto'] as ClientKind[]) {
  elicitationScenarios(
    kind,
    'stdio',
    () => ({ stdio: ['--elicitation', 'auto'] }),
    /^(accept|answers that fail validation)/,
  );
}

let http: RunningHttpServer;
before(async () => {
  http = await startHttpServer({ port: 0, config: { elicitation: 'auto' } });
});
after(async () => {
  await http?.close();
});
for (const kind of ['v1', 'v2-legacy', 'v2-auto'] as ClientKind[]) {
  elicitationScenarios(kind, 'http', () => ({ url: http.url }));
}

test('with the policy never, mode "auto" per call does not elicit and says why; a bad mode is a tool error', async () => {
  const seen: Seen = { requests: [] };
  const target = { http: ['--elicitation', 'never'] };
  const result = await call('v2-auto', target, { form_schema: RICH_FORM, mode: 'auto' }, scripted([], seen));
  assert.equal(seen.requests.length, 0);
  assert.equal(result.structuredContent.status, 'waiting_for_input');
  assert.equal(
    result.structuredContent.note,
    'このサーバーは elicitation を使わない設定（--elicitation never）のため、会話でフォームを表示します。',
  );
  const plain = await call('v2-auto', target, { form_schema: RICH_FORM }, scripted([], seen));
  assert.equal(plain.structuredContent.status, 'waiting_for_input');
  assert.equal(plain.structuredContent.note, undefined);
  const bad = await call('v1', target, { form_schema: RICH_FORM, mode: 'always' });
  assert.equal(bad.isError, true);
  assert.match(bad.content[0].text, /mode には "never"/);
});

test('2026-07-28 on the wire: an input_required result, then the retry with inputResponses', async () => {
  const client = new V2Client({ name: 'manual', version: '0' }, {
    capabilities: { elicitation: { form: {} } },
    versionNegotiation: { mode: 'auto' },
    inputRequired: { autoFulfill: false },
  } as never);
  await client.connect(new V2HttpTransport(new URL(http.url)));
  try {
    const call = { name: 'request_form', arguments: { form_schema: RICH_FORM } };
    const first: any = await client.callTool(call as never, { allowInputRequired: true } as never);
    assert.equal(first.resultType, 'input_required');
    assert.equal(first.inputRequests.form.method, 'elicitation/create');
    assert.equal(first.inputRequests.form.params.mode, 'form');
    assert.deepEqual(first.inputRequests.form.params.requestedSchema.required, ['project_name']);
    assert.equal(typeof first.requestState, 'string');
    const retry = {
      ...call,
      inputResponses: { form: { action: 'accept', content: GOOD_ANSWER } },
      requestState: first.requestState,
    };
    const second: any = await client.callTool(retry as never, { allowInputRequired: true } as never);
    assert.equal(second.structuredContent.status, 'submitted');
    assert.deepEqual(second.structuredContent.values, EXPECTED_VALUES);
  } finally {
    await client.close();
  }
});
