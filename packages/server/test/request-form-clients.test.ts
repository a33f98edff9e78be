// request_form end to end: the real `formrequest serve` over stdio and over HTTP, driven by real clients
// of both SDK lines (v1 on 2025-11-25; v2 on 2025-11-25 and on 2026-07-28).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formRequestText, validateFormSchema } from '@formrequest/schema';
import { FORM_META_KEY, type RunningHttpServer, startHttpServer } from '@formrequest/server';
import {
  assertRequestFormTool,
  CLIENT_KINDS,
  EXAMPLE_FORMS,
  exampleForm,
  httpClient,
  INVALID_TYPE_FORM,
  MISSING_NAME_FORM,
  SEED_INVALID_TYPE,
  SEED_MISSING_NAME,
  stdioClient,
  type TestClient,
} from './support.ts';

const SEED_WAIT_TAIL = 'ユーザーがフォームに入力後、次のメッセージとして入力内容が送信されます。';
/** What a model waiting on a form is told to do if the person sees nothing (issue 20). */

function errorText(result: any): string {
  assert.equal(result.isError, true, `expected isError, got ${JSON.stringify(result)}`);
  assert.equal(result.content[0].type, 'text');
  return result.content[0].text;
}

function exercise(
  transport: 'stdio' | 'http',
  connect: (kind: (typeof CLIENT_KINDS)[number]) => Promise<TestClient>,
) {
  for (const kind of CLIENT_KINDS) {
    describe(`${kind} client over ${transport}`, () => {
      let client: TestClient;
      before(async () => {
        client = await connect(kind);
      });
      after(async () => {
        await client?.close();
      });

      test('negotiates the expected protocol era', () => {
        assert.equal(client.protocolVersion(), kind === 'v2-auto' ? '2026-07-28' : '2025-11-25');
      });

      test('tools/list advertises request_form with the whole vocabulary and the annotations', async () => {
        const { tools } = await client.listTools();
        const tool = tools.find((t) => t.name === 'request_form');
        assert.ok(tool, `request_form not listed: ${tools.map((t) => t.name).join(', ')}`);
        assertRequestFormTool(tool);
      });

      for (const file of EXAMPLE_FORMS) {
        test(`tools/call with the seed's ${file}: text, _metadata and structuredContent`, async () => {
          const schema = exampleForm(file);
          const result = await client.callTool({ name: 'request_form', arguments: { form_schema: schema } });
          assert.notEqual(result.isError, true, JSON.stringify(result));
          const checked = validateFormSchema(schema);
          const text = formRequestText(checked.schema!);
          assert.equal(result.content[0].text, text);
          assert.ok(text.startsWith(`フォーム入力を待機しています。\n\n【${schema.title}】\n`));
          assert.ok(text.endsWith(SEED_WAIT_TAIL));
          assert.deepEqual(result._metadata, {
            type: 'form_request',
            schema: checked.schema,
            status: 'waiting_for_input',
          });
          // What the model reads: the message first, and no copy of the form. The host declared that it
          // shows the call (--host-renders-forms): the seed's text alone.
          assert.deepEqual(result.structuredContent, {
            message: text,
            type: 'form_request',
            status: 'waiting_for_input',
          });
          assert.equal(Object.keys(result.structuredContent)[0], 'message');
          assert.deepEqual(result._meta?.[FORM_META_KEY], checked.schema);
        });
      }

      test('a form_schema sent as a JSON string is accepted', async () => {
        const schema = exampleForm(EXAMPLE_FORMS[0]);
        const result = await client.callTool({
          name: 'request_form',
          arguments: { form_schema: JSON.stringify(schema) },
        });
        assert.notEqual(result.isError, true, JSON.stringify(result));
        assert.equal(result._metadata.type, 'form_request');
        assert.equal(result._metadata.schema.title, schema.title);
      });

      test('the seed error messages, word for word', async () => {
        const missing = await client.callTool({
          name: 'request_form',
          arguments: { form_schema: MISSING_NAME_FORM },
        });
        assert.equal(errorText(missing), SEED_MISSING_NAME);
        assert.equal(missing._metadata, undefined);
        assert.deepEqual(missing.structuredContent, {
          message: SEED_MISSING_NAME,
          type: 'form_request',
          status: 'error',
        });
        const invalid = await client.callTool({
          name: 'request_form',
          arguments: { form_schema: INVALID_TYPE_FORM },
        });
        assert.equal(errorText(invalid), SEED_INVALID_TYPE);
      });

      test('form_schema missing, unparsable or not an object: a tool error, not a protocol error', async () => {
        assert.match(
          errorText(await client.callTool({ name: 'request_form', arguments: {} })),
          /form_schema が指定されていません/,
        );
        assert.match(
          errorText(
            await client.callTool({ name: 'request_form', arguments: { form_schema: '{"title": "x",' } }),
          ),
          /JSON として解析できません/,
        );
        assert.match(
          errorText(await client.callTool({ name: 'request_form', arguments: { form_schema: [1, 2] } })),
          /オブジェクトでなければなりません（受け取った値: 配列）/,
        );
        assert.match(
          errorText(await client.callTool({ name: 'request_form', arguments: { form_schema: 42 } })),
          /オブジェクトでなければなりません/,
        );
      });

      test('a form_schema nested thousands of levels deep: a tool error saying to flatten it', async () => {
        // Sent as a JSON string so the client itself never recurses through it.
        const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
        const form = `{"title": "x", "fields": [{"name": "a", "type": "hidden", "value": ${deep}}, {"name": "b", "type": "text", "label": "b", "default": ${deep}}]}`;
        assert.match(
          errorText(await client.callTool({ name: 'request_form', arguments: { form_schema: form } })),
          /^エラー: フィールド\[0\]（type: hidden）のvalueの入れ子が深すぎます（form_schemaから数えてオブジェクトと配列が100段を超えています）。.*入れ子を浅くしてください。\nエラー: フィールド\[1\]（type: text）のdefaultの入れ子が深すぎます/,
        );
      });
    });
  }
}

exercise('stdio', (kind) => stdioClient(kind, '--host-renders-forms'));

let http: RunningHttpServer;
before(async () => {
  // A host that renders the tool call (seed 000's conversation mode) declares it.
  http = await startHttpServer({ port: 0, config: { hostRendersForms: true } });
});
after(async () => {
  await http?.close();
});
exercise('http', (kind) => httpClient(kind, http.url));
