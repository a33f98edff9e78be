// The in-memory PendingForms against the contract every store keeps (pending-forms-contract.ts; the
// PostgreSQL store runs the same in pending-forms-postgres.test.ts), and the elicitation -> form mapping
// the host uses for the Agent SDK's onElicitation.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { elicitationContent, formFromElicitation, MemoryPendingForms } from '@formrequest/server';
import { pendingFormsContract } from './pending-forms-contract.ts';

describe('PendingForms in memory', () => {
  pendingFormsContract(async (options) => {
    const forms = new MemoryPendingForms(options);
    return { forms, done: () => forms.close() };
  });
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
