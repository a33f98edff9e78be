// withFormMetadata: the tool_result event gets seed 000's `_metadata` even where the agent runtime
// dropped it (the Claude Agent SDK does): from the result's `_meta`, else from the call's own input.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FORM_META_KEY } from '@formrequest/server';
import { withFormMetadata } from '../src/index.js';

const form = { title: 'T', fields: [{ name: 'a', type: 'text', label: 'A' }] };
const waiting = { message: '…', type: 'form_request', status: 'waiting_for_input' };

test('from _meta: the form the server checked', () => {
  const event = withFormMetadata({
    tool_use_id: 'u1',
    content: [],
    structuredContent: waiting,
    _meta: { [FORM_META_KEY]: form },
  });
  assert.deepEqual(event._metadata, { type: 'form_request', schema: form, status: 'waiting_for_input' });
  assert.equal(event.structuredContent, undefined, 'what the model read is not stored again');
  assert.equal(event._meta, undefined);
});

test('without _meta: from the request_form input (an object or a JSON string), checked', () => {
  for (const input of [{ form_schema: form }, { form_schema: JSON.stringify(form) }]) {
    const event = withFormMetadata({ tool_use_id: 'u1', content: [], structuredContent: waiting }, input);
    assert.deepEqual(event._metadata, { type: 'form_request', schema: form, status: 'waiting_for_input' });
  }
});

test('no form to show: errors, answered forms, other tools, an input that does not check', () => {
  const cases: Array<[Record<string, unknown>, unknown]> = [
    [{ is_error: true, structuredContent: { ...waiting, status: 'error' } }, { form_schema: form }],
    [{ structuredContent: { type: 'form_response', status: 'submitted' } }, { form_schema: form }],
    [{ structuredContent: { answers: [] } }, undefined],
    [{ structuredContent: waiting }, { form_schema: { title: 'x', fields: [] } }],
    [{ structuredContent: waiting }, { form_schema: '{broken' }],
  ];
  for (const [data, input] of cases) {
    assert.equal(withFormMetadata({ tool_use_id: 'u', content: [], ...data }, input)._metadata, undefined);
  }
});

test("a result's own _metadata is kept as it is", () => {
  const _metadata = { type: 'form_request', schema: form, status: 'waiting_for_input' };
  const event = withFormMetadata({ tool_use_id: 'u', content: [], _metadata, structuredContent: waiting });
  assert.deepEqual(event._metadata, _metadata);
});
