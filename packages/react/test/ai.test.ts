// @formrequest/react/ai: request_form for the AI SDK is the MCP server's tool with the answer in the
// tool's output: the same input schema (the server adds only `mode`), the same description but for the
// delivery sentences, and the input checked by the same code (a form read as meant, a broken one
// refused with the fix). Run through the AI SDK itself: a mock model calls it in streamText.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requestFormTool } from '@formrequest/react/ai';
import { formInputJsonSchema } from '@formrequest/schema';
import { TOOL_RESULT_DELIVERY } from '@formrequest/schema/tooling';
import { requestFormInputJsonSchema, requestFormToolDescription } from '@formrequest/server';
import { asSchema, streamText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { deliveryLines } from '../../server/src/description-delivery.ts';

test('the same input schema and description as the MCP tool, answers in the output', async () => {
  const tool = requestFormTool();
  const schema = await asSchema(tool.inputSchema).jsonSchema;
  assert.deepEqual(schema, formInputJsonSchema());
  const server = requestFormInputJsonSchema() as { properties: Record<string, unknown> };
  const { mode: _mode, ...serverProperties } = server.properties;
  assert.deepEqual((schema as { properties: unknown }).properties, serverProperties);
  const mcp = requestFormToolDescription();
  const ours = tool.description as string;
  assert.equal(
    ours.slice(TOOL_RESULT_DELIVERY.join('\n').length),
    mcp.slice(deliveryLines({}).join('\n').length),
  );
  assert.ok(ours.length <= 2048, `within Claude Code's cut: ${ours.length}`);
});

test('the input is read and checked as the server reads it', async () => {
  const validate = asSchema(requestFormTool().inputSchema).validate!;
  const read = await validate({
    form_schema: { title: 'T', fields: [{ name: 'a', type: 'Text', label: 'A' }] },
  });
  assert.ok(read.success);
  assert.equal((read.value.form_schema.fields[0] as { type: string }).type, 'text', 'read as meant');
  const broken = await validate({
    form_schema: { title: 'T', fields: [{ name: 'a', type: 'colour', label: 'A' }] },
  });
  assert.ok(!broken.success);
  assert.match(broken.error.message, /colour/);
  const none = await validate({ nothing: 1 });
  assert.ok(!none.success);
  assert.match(none.error.message, /form_schema/);
});

test('a mock model calls it through streamText: the call waits for the page (no execute)', async () => {
  const form = { title: '確認', fields: [{ name: 'ok', type: 'checkbox', label: '同意する' }] };
  const model = new MockLanguageModelV3({
    doStream: async () => ({
      stream: new ReadableStream({
        start(c) {
          c.enqueue({ type: 'stream-start', warnings: [] });
          c.enqueue({
            type: 'tool-call',
            toolCallId: 't1',
            toolName: 'request_form',
            input: JSON.stringify({ form_schema: form }),
          });
          c.enqueue({
            type: 'finish',
            finishReason: { unified: 'tool-calls', raw: undefined },
            usage: {
              inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
              outputTokens: { total: 1, text: 1, reasoning: 0 },
            },
          });
          c.close();
        },
      }),
    }),
  });
  const result = streamText({ model, prompt: 'ask me', tools: { request_form: requestFormTool() } });
  const calls = await result.toolCalls;
  assert.equal(calls.length, 1);
  assert.deepEqual(calls[0]!.input, { form_schema: form });
  assert.deepEqual(await result.toolResults, [], 'nothing executes it on the server');
});
