// The PendingForms contract, checked the same way on every store behind it (memory, PostgreSQL): what
// the tools and the form page rely on, through the interface only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type FormOutcome, type PendingForms, UploadRefused } from '@formrequest/server';

export interface StoreOptions {
  ttlMs?: number;
  maxFormBytes?: number;
  maxTotalBytes?: number;
  /** The store's clock (a test's). */
  now?: () => number;
}

export type MakeStore = (options?: StoreOptions) => Promise<{ forms: PendingForms; done(): Promise<void> }>;

const SCHEMA = {
  title: '出張申請',
  fields: [
    { name: 'a', type: 'text', label: 'A' },
    { name: 'f', type: 'file', label: 'F' },
  ],
} as never;

const QUESTIONS = [{ question: 'どれ？', header: 'H', options: [{ label: 'x' }], multiple: false }] as never;

function file(formId: string, size: number, name = 'x.txt') {
  return { formId, field: 'f', name, type: 'text/plain', data: new Uint8Array(size) };
}

async function withStore(
  make: MakeStore,
  options: StoreOptions,
  work: (forms: PendingForms) => Promise<void>,
) {
  const { forms, done } = await make(options);
  try {
    await work(forms);
  } finally {
    await done();
  }
}

export function pendingFormsContract(make: MakeStore): void {
  test('markOpened records the first opening of the page, once; unknown ids are ignored', async () => {
    await withStore(make, { ttlMs: 60_000 }, async (forms) => {
      const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
      assert.equal((await forms.get(form.id))?.openedAt, undefined);
      await forms.markOpened(form.id);
      const first = (await forms.get(form.id))?.openedAt;
      assert.ok(first !== undefined && Math.abs(first - Date.now()) < 60_000, `opened at ${first}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await forms.markOpened(form.id);
      assert.equal((await forms.get(form.id))?.openedAt, first);
      await forms.markOpened('AAAAAAAAAAAAAAAAAAAAAA');
    });
  });

  test('open gives an unguessable id and an elicitationId; get gives the form back as opened', async () => {
    await withStore(make, { ttlMs: 60_000 }, async (forms) => {
      const form = await forms.open({ schema: SCHEMA, questions: QUESTIONS, serverName: 'form' });
      assert.match(form.id, /^[A-Za-z0-9_-]{22}$/);
      assert.match(form.elicitationId, /^[0-9a-f-]{36}$/);
      assert.equal(form.expiresAt - form.issuedAt, 60_000);
      assert.ok(Math.abs(form.issuedAt - Date.now()) < 60_000, 'issued now, in ms since the epoch');
      assert.deepEqual(await forms.get(form.id), form);
      const plain = await forms.open({ schema: SCHEMA, serverName: 'other' });
      assert.notEqual(plain.id, form.id);
      const read = await forms.get(plain.id);
      assert.equal(read?.questions, undefined);
      assert.equal(read?.serverName, 'other');
      assert.equal(await forms.get('AAAAAAAAAAAAAAAAAAAAAA'), undefined);
    });
  });

  test('openCount counts the forms open and not settled (the page quota reads it)', async () => {
    await withStore(make, {}, async (forms) => {
      const before = await forms.openCount();
      const a = await forms.open({ schema: SCHEMA, serverName: 'form' });
      await forms.open({ schema: SCHEMA, serverName: 'form' });
      assert.equal(await forms.openCount(), before + 2);
      await forms.settle(a.id, { action: 'cancel' });
      assert.equal(await forms.openCount(), before + 1);
    });
  });

  test('a form is settled once; outcome() waits for it, or answers at once once settled', async () => {
    await withStore(make, {}, async (forms) => {
      const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
      const waiting = forms.outcome(form.id);
      const second = forms.outcome(form.id);
      const answer: FormOutcome = { action: 'accept', values: { a: 'x', z: 1, b: [true] }, utcOffset: 540 };
      assert.equal(await forms.settle(form.id, answer), true);
      assert.deepEqual(await waiting, answer);
      assert.deepEqual(await second, answer, 'every wait hears it');
      // Key order survives the store: the answer is shown to the model as written.
      const kept = (await forms.get(form.id))!.outcome as { values: object };
      assert.deepEqual(Object.keys(kept.values), ['a', 'z', 'b']);
      assert.equal(await forms.settle(form.id, { action: 'cancel' }), false, 'a second answer is refused');
      assert.deepEqual(await forms.outcome(form.id), answer);
      assert.equal(await forms.settle('nope', { action: 'cancel' }), false);
      await assert.rejects(forms.outcome('nope'), /No pending form nope/);
    });
  });

  test('a cut call: setWithdrawn marks an open form and clears the mark; changed() hears each change; settling ends it', async () => {
    await withStore(make, { ttlMs: 60_000 }, async (forms) => {
      const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
      const withdrawn = { at: 1_000, reason: 'McpError: Request timed out', until: 2_000 };
      const wait = new AbortController();
      let heard = forms.changed(form.id, wait.signal);
      assert.equal(await forms.setWithdrawn(form.id, withdrawn), true);
      await heard;
      assert.deepEqual((await forms.get(form.id))?.withdrawn, withdrawn);
      heard = forms.changed(form.id, wait.signal);
      assert.equal(await forms.setWithdrawn(form.id, undefined), true, 'taken back by a re-ask');
      await heard;
      assert.equal((await forms.get(form.id))?.withdrawn, undefined);
      await forms.setWithdrawn(form.id, withdrawn);
      heard = forms.changed(form.id, wait.signal);
      const answer: FormOutcome = { action: 'accept', values: { a: 'after the cut' } };
      assert.equal(await forms.settle(form.id, answer), true, 'a withdrawn form still takes its answer');
      await heard;
      const settled = await forms.get(form.id);
      assert.deepEqual(settled?.outcome, answer);
      assert.equal(settled?.withdrawn, undefined, 'settled: no longer withdrawn');
      assert.equal(await forms.setWithdrawn(form.id, withdrawn), false, 'a settled form is not withdrawn');
      assert.equal(await forms.setWithdrawn('AAAAAAAAAAAAAAAAAAAAAA', withdrawn), false);
      // A wait whose signal aborts ends too.
      const quiet = new AbortController();
      const aborted = forms.changed(form.id, quiet.signal);
      quiet.abort();
      await aborted;
    });
  });

  test('every outcome is kept as given', async () => {
    await withStore(make, {}, async (forms) => {
      const outcomes: FormOutcome[] = [
        { action: 'cancel' },
        { action: 'decline' },
        { action: 'closed', reason: 'The client cancelled the call.' },
        { action: 'accept', values: {} },
      ];
      for (const outcome of outcomes) {
        const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
        assert.equal(await forms.settle(form.id, outcome), true);
        assert.deepEqual((await forms.get(form.id))?.outcome, outcome);
      }
    });
  });

  test('two answers at once: exactly one settles the form', async () => {
    await withStore(make, {}, async (forms) => {
      const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
      const results = await Promise.all([
        forms.settle(form.id, { action: 'accept', values: { a: '1' } }),
        forms.settle(form.id, { action: 'accept', values: { a: '2' } }),
        forms.settle(form.id, { action: 'cancel' }),
      ]);
      assert.equal(results.filter(Boolean).length, 1);
    });
  });

  test('an aborted wait rejects with the reason and leaves the form open', async () => {
    await withStore(make, {}, async (forms) => {
      const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
      const abort = new AbortController();
      const cut = forms.outcome(form.id, abort.signal);
      abort.abort(new Error('client went away'));
      await assert.rejects(cut, /client went away/);
      await assert.rejects(forms.outcome(form.id, abort.signal), /client went away/, 'aborted before');
      assert.equal((await forms.get(form.id))?.outcome, undefined);
      const still = forms.outcome(form.id);
      assert.equal(await forms.settle(form.id, { action: 'decline' }), true);
      assert.deepEqual(await still, { action: 'decline' });
    });
  });

  test('an expired form is forgotten with its files; whoever waits is told it closed', async () => {
    let now = Date.now();
    await withStore(make, { ttlMs: 10_000, now: () => now }, async (forms) => {
      const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
      assert.equal(form.issuedAt, now);
      const stored = await forms.putFile(file(form.id, 3));
      const waiting = forms.outcome(form.id);
      now += 9_999;
      assert.ok(await forms.get(form.id), 'still there a moment before');
      now += 2;
      assert.equal(await forms.get(form.id), undefined, 'expired forms are forgotten');
      assert.deepEqual(await waiting, { action: 'closed', reason: 'The form expired unanswered.' });
      assert.equal(await forms.settle(form.id, { action: 'cancel' }), false);
      assert.equal(await forms.getFile(form.id, stored.id), undefined);
      await assert.rejects(forms.outcome(form.id), /No pending form/);
    });
  });

  test('uploads come back byte for byte, belong to their form, and count against the form and the store', async () => {
    await withStore(make, { maxFormBytes: 10, maxTotalBytes: 15 }, async (forms) => {
      const a = await forms.open({ schema: SCHEMA, serverName: 'form' });
      const b = await forms.open({ schema: SCHEMA, serverName: 'form' });
      const bytes = new Uint8Array([0, 255, 0xe3, 0x81, 10, 13, 0x80, 7]);
      const stored = await forms.putFile({
        formId: a.id,
        field: 'f',
        name: 'メモ.bin',
        type: 'application/octet-stream',
        data: bytes,
      });
      assert.match(stored.id, /^[A-Za-z0-9_-]{22}$/);
      assert.equal(stored.size, 8);
      const back = await forms.getFile(a.id, stored.id);
      assert.deepEqual(
        back && { ...back, data: [...back.data] },
        { ...stored, data: [...bytes] },
        'name, type, field, size and bytes as stored',
      );
      assert.equal(await forms.getFile(b.id, stored.id), undefined, 'a file belongs to its form');
      assert.equal(await forms.getFile(a.id, 'AAAAAAAAAAAAAAAAAAAAAA'), undefined);
      await assert.rejects(
        forms.putFile(file(a.id, 3)),
        (e: unknown) => e instanceof UploadRefused && e.code === 'form_quota' && e.status === 413,
      );
      await forms.putFile(file(a.id, 2));
      await forms.putFile(file(b.id, 5));
      await assert.rejects(
        forms.putFile(file(b.id, 1)),
        (e: unknown) => e instanceof UploadRefused && e.code === 'server_quota' && e.status === 413,
      );
      await forms.settle(a.id, { action: 'cancel' });
      await assert.rejects(
        forms.putFile(file(a.id, 0)),
        (e: unknown) => e instanceof UploadRefused && e.code === 'form_closed' && e.status === 409,
      );
      assert.ok(await forms.getFile(a.id, stored.id), 'the files of a settled form stay readable');
      await assert.rejects(
        forms.putFile(file('AAAAAAAAAAAAAAAAAAAAAA', 1)),
        (e: unknown) => e instanceof UploadRefused && e.code === 'form_closed',
      );
    });
  });

  test('close() tells whoever waits that the server stopped', async () => {
    const { forms, done } = await make({});
    try {
      const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
      const waiting = forms.outcome(form.id);
      await forms.close();
      assert.deepEqual(await waiting, { action: 'closed', reason: 'The server stopped.' });
    } finally {
      await done();
    }
  });
}
