// Idempotency-Key on POST /api/execute (a message and a form answer sent twice: one turn, the first
// answer back; the same key with another request: 422; two at once: one turn) and the host's quotas
// (conversations, messages per conversation, message bytes, stored bytes: 429/413 with the limit);
// bulk delete by age and the retention sweep.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { RunningHost } from '../src/index.js';
import { call, collectEvents, endsWithResult, listConversations, startTestHost, turn } from './helpers.js';

describe('Idempotency-Key', () => {
  let host: RunningHost;
  before(async () => {
    host = await startTestHost();
  });
  after(() => host.close());

  test('the same message posted twice with one key: one conversation, one message, the first answer', async () => {
    const key = randomUUID();
    const before = (await listConversations(host, '?limit=200')).length;
    const first = await call(host, 'POST', '/api/execute', { message: 'hello' }, { 'Idempotency-Key': key });
    assert.equal(first.status, 202);
    const second = await call(host, 'POST', '/api/execute', { message: 'hello' }, { 'Idempotency-Key': key });
    assert.equal(second.status, 202);
    assert.deepEqual(second.json, first.json);
    await collectEvents(host, first.json.conversationId, endsWithResult);
    assert.equal((await listConversations(host, '?limit=200')).length, before + 1, 'one conversation');
    const loaded = await call(host, 'GET', `/api/conversations/${first.json.conversationId}`);
    const names = loaded.json.events.map((e: any) => e.event);
    assert.equal(names.filter((n: string) => n === 'user_message').length, 1, 'one message');
    assert.equal(names.filter((n: string) => n === 'result').length, 1, 'one run');
  });

  test('two at once with one key: one turn, both told it', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        call(host, 'POST', '/api/execute', { message: 'at once' }, { 'Idempotency-Key': key }),
      ),
    );
    assert.equal(a.status, 202);
    assert.equal(b.status, 202);
    assert.deepEqual(a.json, b.json);
  });

  test('a form answer sent twice with one key is accepted once; the same key with another request is 422', async () => {
    const { conversationId, events } = await turn(host, { message: 'Create a new project' });
    const formId = events.find((e) => e.event === 'tool_result')!.data.tool_use_id;
    const answer = { conversationId, formId, cancel: true };
    const key = randomUUID();
    const first = await call(host, 'POST', '/api/execute', answer, { 'Idempotency-Key': key });
    assert.equal(first.status, 202, JSON.stringify(first.json));
    await collectEvents(host, conversationId, endsWithResult, { lastEventId: 0 });
    const again = await call(host, 'POST', '/api/execute', answer, { 'Idempotency-Key': key });
    assert.equal(again.status, 202, 'not 409 "already answered": the first answer comes back');
    assert.deepEqual(again.json, first.json);
    const other = await call(host, 'POST', '/api/execute', { message: 'else' }, { 'Idempotency-Key': key });
    assert.equal(other.status, 422);
    assert.equal(other.json.code, 'idempotency_key_reused');
    const bad = await call(host, 'POST', '/api/execute', { message: 'x' }, { 'Idempotency-Key': 'a b' });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.code, 'bad_idempotency_key');
  });
});

describe('quotas', () => {
  let host: RunningHost;
  before(async () => {
    host = await startTestHost({
      limits: { quotas: { conversations: 2, messages: 2, messageBytes: 30 } },
    });
  });
  after(() => host.close());

  test('message bytes: 413 naming the limit', async () => {
    const long = await call(host, 'POST', '/api/execute', { message: 'あ'.repeat(11) });
    assert.equal(long.status, 413);
    assert.equal(long.json.code, 'message_too_long');
    assert.equal(long.json.limit, 30);
  });

  test('messages per conversation and conversations: 429 naming the limit and the way out', async () => {
    const { conversationId } = await turn(host, { message: 'one' });
    await turn(host, { conversationId, message: 'two' });
    const third = await call(host, 'POST', '/api/execute', { conversationId, message: 'three' });
    assert.equal(third.status, 429);
    assert.equal(third.json.code, 'quota_messages');
    assert.match(third.json.error, /limit of 2 messages/);
    await turn(host, { message: 'second conversation' });
    const more = await call(host, 'POST', '/api/execute', { message: 'third conversation' });
    assert.equal(more.status, 429);
    assert.equal(more.json.code, 'quota_conversations');
    assert.match(more.json.error, /DELETE \/api\/conversations\/ID/);
    assert.equal(
      await call(host, 'DELETE', `/api/conversations/${conversationId}`).then((r) => r.status),
      200,
    );
    assert.equal((await call(host, 'POST', '/api/execute', { message: 'fits again' })).status, 202);
  });
});

describe('stored bytes', () => {
  let host: RunningHost;
  before(async () => {
    host = await startTestHost({ limits: { quotas: { storedBytes: 1 } } });
  });
  after(() => host.close());

  test('a store over its size: 413 naming the limit', async () => {
    const refused = await call(host, 'POST', '/api/execute', { message: 'hello' });
    assert.equal(refused.status, 413);
    assert.equal(refused.json.code, 'quota_stored_bytes');
    assert.equal(refused.json.limit, 1);
  });
});

describe('retention and bulk delete', () => {
  let host: RunningHost;
  before(async () => {
    host = await startTestHost();
  });
  after(() => host.close());

  test('DELETE /api/conversations?updatedBefore= deletes the older ones; retention sweeps by age', async () => {
    const { conversationId: old } = await turn(host, { message: 'old one' });
    await new Promise((r) => setTimeout(r, 20));
    const cutoff = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const { conversationId: fresh } = await turn(host, { message: 'new one' });
    const bad = await call(host, 'DELETE', '/api/conversations');
    assert.equal(bad.status, 400);
    assert.match(bad.json.error, /updatedBefore=/);
    const bulk = await call(host, 'DELETE', `/api/conversations?updatedBefore=${encodeURIComponent(cutoff)}`);
    assert.equal(bulk.status, 200, JSON.stringify(bulk.json));
    assert.ok(bulk.json.deleted >= 1);
    assert.equal((await call(host, 'GET', `/api/conversations/${old}`)).status, 404);
    assert.equal((await call(host, 'GET', `/api/conversations/${fresh}`)).status, 200);
    // Retention: what is older than N days at the sweep's "now".
    const { sweepOld } = await import('../src/retention.js');
    assert.equal(await sweepOld(host.store, 1), 0, 'nothing is a day old');
    assert.equal(await sweepOld(host.store, 1, Date.now() + 2 * 24 * 3600 * 1000), 1, 'two days on, it goes');
    assert.equal((await call(host, 'GET', `/api/conversations/${fresh}`)).status, 404);
  });
});
