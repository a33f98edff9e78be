// The in-memory PendingForms (what a shared store must also do) and the elicitation -> form mapping
// the host uses for the Agent SDK's onElicitation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  elicitationContent,
  formFromElicitation,
  MemoryPendingForms,
  UploadRefused,
} from '@formrequest/server';

const SCHEMA = { title: 'T', fields: [{ name: 'a', type: 'text', label: 'A' }] } as never;

test('a form is settled once; outcome() waits for it, or answers at once once settled', async () => {
  const forms = new MemoryPendingForms();
  const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
  assert.match(form.id, /^[A-Za-z0-9_-]{22}$/);
  assert.notEqual(form.elicitationId, form.id);
  const waiting = forms.outcome(form.id);
  assert.equal(await forms.settle(form.id, { action: 'accept', values: { a: 'x' } }), true);
  assert.deepEqual(await waiting, { action: 'accept', values: { a: 'x' } });
  assert.equal(await forms.settle(form.id, { action: 'cancel' }), false, 'a second answer is refused');
  assert.deepEqual(await forms.outcome(form.id), { action: 'accept', values: { a: 'x' } });
  assert.equal(await forms.settle('nope', { action: 'cancel' }), false);
  await assert.rejects(forms.outcome('nope'), /No pending form nope/);
  await forms.close();
});

test('an aborted wait rejects with the reason and leaves the form open; expiry closes it for whoever waits', async () => {
  let now = 1_000;
  const forms = new MemoryPendingForms({ ttlMs: 10_000, now: () => now });
  const form = await forms.open({ schema: SCHEMA, serverName: 'form' });
  const abort = new AbortController();
  const cut = forms.outcome(form.id, abort.signal);
  abort.abort(new Error('client went away'));
  await assert.rejects(cut, /client went away/);
  assert.equal((await forms.get(form.id))?.outcome, undefined);
  now += 10_001;
  assert.equal(await forms.get(form.id), undefined, 'expired forms are forgotten');
  assert.equal(await forms.settle(form.id, { action: 'cancel' }), false);
  await forms.close();
});

test('uploads count against the form and the server; a settled form takes none', async () => {
  const forms = new MemoryPendingForms({ maxFormBytes: 10, maxTotalBytes: 15 });
  const a = await forms.open({ schema: SCHEMA, serverName: 'form' });
  const b = await forms.open({ schema: SCHEMA, serverName: 'form' });
  const file = (formId: string, size: number) => ({
    formId,
    field: 'f',
    name: 'x.txt',
    type: 'text/plain',
    data: new Uint8Array(size),
  });
  const stored = await forms.putFile(file(a.id, 8));
  assert.equal(stored.size, 8);
  assert.deepEqual((await forms.getFile(a.id, stored.id))?.size, 8);
  assert.equal(await forms.getFile(b.id, stored.id), undefined, 'a file belongs to its form');
  await assert.rejects(
    forms.putFile(file(a.id, 3)),
    (e: unknown) => e instanceof UploadRefused && e.code === 'form_quota',
  );
  await forms.putFile(file(b.id, 7));
  await assert.rejects(
    forms.putFile(file(b.id, 1)),
    (e: unknown) => e instanceof UploadRefused && e.code === 'server_quota',
  );
  await forms.settle(a.id, { action: 'cancel' });
  await assert.rejects(
    forms.putFile(file(a.id, 1)),
    (e: unknown) => e instanceof UploadRefused && e.status === 409,
  );
  await forms.close();
});

test('formFromElicitation: every elicitation type as a field, and the answers back as content', () => {
  const made = formFromElicitation('接続の設定\n詳しくは管理者に確認してください', {
    type: 'object',
    properties: {
      host: { type: 'string', title: 'ホスト', minLength: 1, default: 'localhost' },
      port: { type: 'integer', title: 'ポート', minimum: 1, maximum: 65535 },
      ratio: { type: 'number' },
      tls: { type: 'boolean', title: 'TLS', default: true },
      start: { type: 'string', format: 'date' },
      at: { type: 'string', format: 'date-time' },
      mode: {
        type: 'string',
        oneOf: [
          { const: 'a', title: 'A案' },
          { const: 'b', title: 'B案' },
        ],
      },
      zone: { type: 'string', enum: ['jp', 'us', 'eu', 'uk', 'au', 'in'] },
      tags: { type: 'array', items: { anyOf: [{ const: 'x', title: 'X' }] }, maxItems: 1 },
    },
    required: ['host', 'mode', 'tls'],
  });
  assert.ok(made.ok);
  assert.equal(made.schema.title, '接続の設定');
  assert.equal(made.schema.description, '詳しくは管理者に確認してください');
  assert.deepEqual(
    made.schema.fields.map((f: any) => [f.name, f.type, f.required ?? false]),
    [
      ['host', 'text', true],
      ['port', 'number', false],
      ['ratio', 'number', false],
      ['tls', 'checkbox', false],
      ['start', 'date', false],
      ['at', 'datetime', false],
      ['mode', 'radio', true],
      ['zone', 'select', false],
      ['tags', 'multiselect', false],
    ],
  );
  assert.deepEqual(
    elicitationContent(
      made.kinds,
      { host: 'db', port: 5432, tls: false, at: '2031-01-02T03:04', mode: 'b' },
      540,
    ),
    { host: 'db', port: 5432, tls: false, at: '2031-01-02T03:04:00+09:00', mode: 'b' },
  );
  assert.equal(elicitationContent(made.kinds, { at: '2031-01-02T03:04' }).at, '2031-01-02T03:04:00Z');
  const bad = formFromElicitation('x', { type: 'object', properties: { o: { type: 'object' } } });
  assert.deepEqual(bad, { ok: false, reason: 'property "o" is not one of the elicitation types.' });
});
