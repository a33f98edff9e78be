// The store contract, checked the same way on every store behind it (SQLite on each driver,
// PostgreSQL): what the host relies on, through the contract only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HostStore, StoreConflict } from '../src/store/index.js';

export type OpenStore = () => Promise<{ store: HostStore; done(): Promise<void> }>;

export const form = { title: 'T', fields: [{ name: 'f', type: 'file', label: 'F' }] };

async function withStore(open: OpenStore, work: (store: HostStore) => Promise<void>) {
  const { store, done } = await open();
  try {
    await work(store);
  } finally {
    await done();
  }
}

export function turnOf(conversationId: string, runId: string, owner = 'me') {
  return {
    conversationId,
    runId,
    title: 't',
    locale: 'ja',
    message: { type: 'user_message', text: 'hi' },
    input: { message: 'hi', locale: 'ja' },
    owner,
    leaseMs: 60_000,
  };
}

/** A conversation whose run asked for `formId` and ended with it pending. */
export async function pendingForm(store: HostStore, conversationId: string, formId: string) {
  const runId = `run-${conversationId}-${formId}`;
  await store.beginTurn(turnOf(conversationId, runId));
  assert.ok(await store.claimRun(runId, 'me', 60_000));
  const use = await store.appendEvent(
    conversationId,
    runId,
    'tool_use',
    { type: 'tool_use', id: formId, name: 'mcp__form__request_form', input: { form_schema: form } },
    'me',
  );
  const asked = await store.recordFormAsked({
    conversationId,
    runId,
    formId,
    schema: form,
    toolUseEventId: use.id,
    toolResult: {
      type: 'tool_result',
      tool_use_id: formId,
      _metadata: { type: 'form_request', schema: form },
    },
    owner: 'me',
  });
  assert.ok(asked.recorded);
  await store.finishRun(conversationId, runId, 'me', {
    status: 'done',
    result: { type: 'result', subtype: 'success' },
    pendingFormId: formId,
  });
}

/** Registers the contract's tests for one kind of store (inside a describe()). */
export function storeContractTests(open: OpenStore): void {
  test('a form is stored once: its events refer to it and read back whole', async () => {
    await withStore(open, async (store) => {
      await pendingForm(store, 'c1', 'toolu_1');
      const events = await store.eventsAfter('c1', 0, 100);
      assert.deepEqual(
        events.map((e) => e.name),
        ['user_message', 'tool_use', 'tool_result', 'result'],
      );
      assert.deepEqual(JSON.parse(events[1].data).input.form_schema, form);
      assert.deepEqual(JSON.parse(events[2].data)._metadata.schema, form);
      const pending = JSON.parse(events[3].data).pending_form;
      assert.deepEqual({ id: pending.id, schema: pending.schema }, { id: 'toolu_1', schema: form });
      assert.ok(
        events.every((e, i) => i === 0 || e.id > events[i - 1].id),
        'ids increase',
      );
      assert.equal(await store.lastEventId('c1'), events.at(-1)!.id);
    });
  });

  test('form ids are scoped to their conversation: the same tool_use id twice is two forms', async () => {
    await withStore(open, async (store) => {
      await pendingForm(store, 'a', 'toolu_same');
      await pendingForm(store, 'b', 'toolu_same');
      assert.equal((await store.pendingForm('a'))?.id, 'toolu_same');
      assert.equal((await store.pendingForm('b'))?.id, 'toolu_same');
      assert.ok(await store.saveDraft('a', 'toolu_same', { v: 1 }));
      assert.equal((await store.getForm('b', 'toolu_same'))?.draft, undefined);
    });
  });

  test('runs: a lease keeps other owners out until it expires; only the owner finishes', async () => {
    await withStore(open, async (store) => {
      await store.beginTurn({ ...turnOf('c', 'r', 'a'), input: { message: 'x', locale: 'ja' } });
      assert.equal(await store.claimRun('r', 'b', 1000), undefined, 'held by a');
      const queued = await store.unfinishedRuns();
      assert.deepEqual(
        queued.map((r) => [r.id, r.owner, r.leaseExpired]),
        [['r', 'a', false]],
        'queued, leased to a',
      );
      const claimed = await store.claimRun('r', 'a', 1);
      assert.equal(claimed?.attempts, 1);
      assert.deepEqual(claimed?.input, { message: 'x', locale: 'ja' });
      await store.appendEvent('c', 'r', 'text', { type: 'text', text: 'cut short' }, 'a');
      await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(
        (await store.unfinishedRuns()).map((r) => [r.id, r.leaseExpired]),
        [['r', true]],
        'an expired lease is',
      );
      const taken = await store.claimRun('r', 'b', 60_000);
      assert.equal(taken?.attempts, 2);
      assert.deepEqual(
        (await store.eventsAfter('c', 0, 100)).map((e) => e.name),
        ['user_message'],
        "a replay takes the cut attempt's words out of the transcript, and keeps the user's message",
      );
      await assert.rejects(
        store.finishRun('c', 'r', 'a', { status: 'done', result: { type: 'result' } }),
        (error: StoreConflict) => error.code === 'run_lost',
      );
      await store.finishRun('c', 'r', 'b', { status: 'done', result: { type: 'result' } });
      assert.equal(await store.claimRun('r', 'b', 1000), undefined, 'a finished run is not taken again');
    });
  });

  test('an owner whose run was taken over can add nothing to the conversation', async () => {
    await withStore(open, async (store) => {
      await store.beginTurn(turnOf('c', 'r', 'a'));
      assert.ok(await store.claimRun('r', 'a', 1));
      await store.appendEvent('c', 'r', 'text', { type: 'text', text: 'from a' }, 'a');
      await new Promise((r) => setTimeout(r, 20));
      assert.ok(await store.claimRun('r', 'b', 60_000), 'b takes the expired run');
      const before = await store.lastEventId('c');
      await assert.rejects(
        store.appendEvent('c', 'r', 'text', { type: 'text', text: 'late from a' }, 'a'),
        (error: StoreConflict) => error.code === 'run_lost',
      );
      await assert.rejects(
        store.recordFormAsked({
          conversationId: 'c',
          runId: 'r',
          formId: 'toolu_late',
          schema: form,
          toolResult: { type: 'tool_result' },
          owner: 'a',
        }),
        (error: StoreConflict) => error.code === 'run_lost',
      );
      assert.equal(await store.lastEventId('c'), before, 'nothing stored');
      assert.equal(await store.getForm('c', 'toolu_late'), undefined);
      assert.deepEqual(await store.renewLeases('a', 60_000), [], "a's renewal lists nothing");
      assert.deepEqual(await store.renewLeases('b', 60_000), ['r']);
      await store.appendEvent('c', 'r', 'text', { type: 'text', text: 'from b' }, 'b');
    });
  });

  test('a second turn while a run is unfinished is refused; a released run is free for anyone', async () => {
    await withStore(open, async (store) => {
      await store.beginTurn(turnOf('c', 'r1', 'a'));
      await assert.rejects(
        store.beginTurn(turnOf('c', 'r2', 'b')),
        (error: StoreConflict) => error.code === 'run_in_progress',
      );
      assert.ok(await store.claimRun('r1', 'a', 60_000));
      await store.releaseRun('r1', 'a');
      const [free] = await store.unfinishedRuns();
      assert.deepEqual([free.owner, free.leaseExpired], [null, true]);
      assert.equal((await store.claimRun('r1', 'b', 60_000))?.owner, 'b');
      await assert.rejects(
        store.deleteConversation('c'),
        (error: StoreConflict) => error.code === 'run_in_progress',
      );
    });
  });

  test('quotas: per conversation and in all, refused with the limit and what is used', async () => {
    await withStore(open, async (store) => {
      const limits = { conversationBytes: 10, totalBytes: 15 };
      await pendingForm(store, 'a', 'f');
      await pendingForm(store, 'b', 'f');
      const put = (c: string, id: string, n: number) =>
        store.putFile(
          {
            id,
            conversationId: c,
            formId: 'f',
            field: 'f',
            name: 'x',
            type: 't',
            size: n,
            createdAt: 0,
            data: new Uint8Array(n).fill(7),
          },
          limits,
        );
      await put('a', 'a1', 8);
      await assert.rejects(
        put('a', 'a2', 3),
        (e: StoreConflict) =>
          e.code === 'conversation_quota_exceeded' && e.details.used === 8 && e.details.limit === 10,
      );
      await put('b', 'b1', 7);
      await assert.rejects(
        put('b', 'b2', 1),
        (e: StoreConflict) => e.code === 'storage_quota_exceeded' && e.details.used === 15,
      );
      await assert.rejects(put('c', 'c1', 1), (e: StoreConflict) => e.code === 'form_not_pending');
      assert.deepEqual(await store.fileUsage('a'), { conversation: 8, total: 15 });
      const file = await store.getFile('a1');
      assert.deepEqual([...file!.data], new Array(8).fill(7));
      assert.equal((await store.getFileMeta('b1'))?.size, 7);
      assert.ok(await store.deleteConversation('a'));
      assert.equal(await store.getFile('a1'), undefined, 'files go with their conversation');
      assert.equal(await store.deleteConversation('a'), false);
    });
  });

  test('the list pages newest first with an opaque cursor', async () => {
    await withStore(open, async (store) => {
      for (let i = 0; i < 5; i++) {
        await pendingForm(store, `c${i}`, 'f');
        await new Promise((r) => setTimeout(r, 2));
      }
      const first = await store.listConversations({ limit: 2 });
      const second = await store.listConversations({ limit: 2, cursor: first.next! });
      const third = await store.listConversations({ limit: 2, cursor: second.next! });
      assert.deepEqual(
        [...first.items, ...second.items, ...third.items].map((c) => c.id),
        ['c4', 'c3', 'c2', 'c1', 'c0'],
      );
      assert.equal(first.items[0].pendingForm, true);
      assert.equal(first.items[0].running, false);
      assert.equal(third.next, null);
      await assert.rejects(
        store.listConversations({ limit: 2, cursor: 'made-up' }),
        /pass back its "next" value/,
      );
    });
  });

  test('the secret is made once and kept', async () => {
    await withStore(open, async (store) => {
      const first = await store.secret();
      assert.equal(first.length, 32);
      assert.deepEqual(await store.secret(), first);
      await store.ping();
    });
  });
}
