// findFormRequest: which chat message parts are request_form calls, which form to draw and how the
// call wants its answer (unit tests; the browser tests run the same through useFormRequestTool).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findFormRequest, formOfResult, isToolAnswer } from '@formrequest/react';

const form = { title: 'T', fields: [{ name: 'a', type: 'text', label: 'A' }] };
const checked = { title: 'T', fields: [{ name: 'a', type: 'text', label: 'A', required: true }] };

test('a local tool call: drawn from its input once the input is complete, answered with its output', () => {
  const part = { type: 'tool-request_form', toolCallId: 'c1', input: { form_schema: form } };
  assert.equal(findFormRequest({ ...part, state: 'input-streaming' }), null);
  const waiting = findFormRequest({ ...part, state: 'input-available' });
  assert.deepEqual(waiting, {
    toolCallId: 'c1',
    schema: form,
    answer: 'tool-output',
    output: undefined,
    state: 'input-available',
  });
  const answered = findFormRequest({
    ...part,
    state: 'output-available',
    output: { status: 'submitted', values: { a: 'x' } },
  });
  assert.equal(answered?.answer, 'tool-output');
  assert.deepEqual(answered?.output, { status: 'submitted', values: { a: 'x' } });
  assert.equal(
    findFormRequest({ ...part, state: 'output-error', errorText: 'bad form' }),
    null,
    'refused: nothing to draw',
  );
});

test("the MCP server's seed 000 result: its checked form (_meta), its issue time, answered with a message", () => {
  const part = {
    type: 'dynamic-tool',
    toolName: 'mcp__form__request_form',
    toolCallId: 'c2',
    state: 'output-available',
    input: { form_schema: form },
    output: {
      content: [{ type: 'text', text: 'フォーム入力を待機しています。' }],
      _metadata: { type: 'form_request', schema: form, status: 'waiting_for_input' },
      _meta: { 'formrequest/form': checked, 'formrequest/issuedAt': 1_800_000_000_000 },
    },
  };
  const found = findFormRequest(part);
  assert.equal(found?.answer, 'next-message');
  assert.deepEqual(found?.schema, checked, 'the checked form, not the raw input');
  assert.equal(found?.issuedAt, 1_800_000_000_000);
  assert.deepEqual(
    formOfResult({ _metadata: { type: 'form_request', schema: form } }),
    form,
    'seed 000 alone',
  );
  const error = { ...part, output: { isError: true, content: [{ type: 'text', text: 'fix: …' }] } };
  assert.equal(findFormRequest(error), null, 'an error result draws nothing');
});

test("seed 000's tool_use block (Messages API, Agent SDK stream): drawn from its input, answered with a message", () => {
  const block = {
    type: 'tool_use',
    id: 'toolu_1',
    name: 'mcp__form__request_form',
    input: { form_schema: form },
  };
  assert.deepEqual(findFormRequest(block), {
    toolCallId: 'toolu_1',
    schema: form,
    answer: 'next-message',
    output: undefined,
    state: 'input-available',
  });
  assert.equal(findFormRequest({ ...block, name: 'mcp__other__tool' }), null);
  assert.equal(findFormRequest({ ...block, input: {} }), null);
});

test('other parts and other tools are not form requests', () => {
  for (const part of [
    null,
    'text',
    { type: 'text', text: 'hi' },
    { type: 'tool-search', toolCallId: 'x', state: 'input-available', input: { form_schema: form } },
    { type: 'dynamic-tool', toolName: 'question', toolCallId: 'x', state: 'input-available', input: {} },
    { type: 'tool-request_form', state: 'input-available', input: { form_schema: form } },
  ])
    assert.equal(findFormRequest(part), null, JSON.stringify(part));
  assert.equal(isToolAnswer({ status: 'cancelled', message: 'm' }), true);
  assert.equal(isToolAnswer({ status: 'waiting_for_input' }), false);
});
