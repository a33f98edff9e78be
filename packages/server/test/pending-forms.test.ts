// The in-memory PendingForms against the contract every store keeps (pending-forms-contract.ts; the
// PostgreSQL store runs the same in pending-forms-postgres.test.ts), and the elicitation -> form mapping
// the host uses for the Agent SDK's onElicitation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { elicitationContent, formFromElicitation, MemoryPendingForms } from '@formrequest/server';
import { UNSEEN_CLOSE_REASON } from '../src/unseen.ts';
import { pendingFormsContract } from './pending-forms-contract.ts';

describe('PendingForms in memory', () => {
  pendingFormsContract(async (options) => {
    const forms = new MemoryPendingForms(options);
    return { forms, done: () => forms.close() };
  });
});

test('settled forms stay bounded in memory: the oldest go past maxSettled, each after settledTtlMs', async () => {
  let now = 1_000_000;
  const forms = new MemoryPendingForms({ maxSettled: 100, settledTtlMs: 60_000, now: () => now });
  try {
    const schema = { title: 'T', fields: [{ name: 'f', type: 'file', label: 'F' }] } as never;
    const ids: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const form = await forms.open({ schema, serverName: 'form' });
      await forms.putFile({
        formId: form.id,
        field: 'f',
        name: 'a.txt',
        type: 'text/plain',
        data: new Uint8Array(100),
      });
      await forms.settle(form.id, { action: 'cancel' });
      ids.push(form.id);
    }
    const kept = (await Promise.all(ids.map((id) => forms.get(id)))).filter(Boolean).length;
    assert.equal(kept, 100, 'the 100 newest settled forms are kept');
    assert.ok(await forms.get(ids.at(-1)!), 'the newest is readable');
    assert.equal(await forms.get(ids[0]), undefined, 'the oldest is gone, with its file');
    const open = await forms.open({ schema, serverName: 'form' });
    now += 60_001;
    assert.equal(await forms.get(ids.at(-1)!), undefined, 'a settled form goes after settledTtlMs');
    assert.ok(await forms.get(open.id), 'an open form keeps its own expiry');
  } finally {
    await forms.close();
  }
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

test('closeOpen counts the pages a person may be on or come to, not a form nobody could see', async () => {
  const forms = new MemoryPendingForms();
  try {
    const schema = { title: 'T', fields: [{ name: 'f', type: 'text', label: 'F' }] } as never;
    const unseen = await forms.open({ schema, serverName: 'form' });
    await forms.settle(unseen.id, { action: 'closed', reason: UNSEEN_CLOSE_REASON });
    assert.equal(
      await forms.closeOpen('gone'),
      0,
      'closed as unseen, its page never opened: no page to keep up',
    );
    const cut = await forms.open({ schema, serverName: 'form' });
    await forms.settle(cut.id, { action: 'closed', reason: 'The client cancelled the call.' });
    const open = await forms.open({ schema, serverName: 'form' });
    assert.equal(
      await forms.closeOpen('gone'),
      2,
      'a form closed otherwise (its URL was out) and the one open until now',
    );
    assert.equal(
      (await forms.get(open.id))?.outcome?.action,
      'closed',
      'the open form is closed with the reason',
    );
  } finally {
    await forms.close();
  }
});
