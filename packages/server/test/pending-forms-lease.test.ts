// The lease on a held call's form, on a real PostgreSQL database (testing/postgres.ts; skipped, saying
// why, only where none is installed): two stores on one database; the holder renews the lease of the
// form its call holds; once it renews no more (its process killed), any instance closes the form
// instead of taking an answer, and a form without a lease (kept for a 2026-07-28 retry) is untouched.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PostgresPendingForms } from '@formrequest/server/postgres';
import { skipWithoutPostgres, withDatabase } from '../../../testing/postgres.ts';

const skip = await skipWithoutPostgres();
if (skip) console.log(`# ${skip}`);

const SCHEMA = { title: 'T', fields: [{ name: 'f', type: 'file', label: 'F' }] } as never;
const open = (url: string, instance: string, leaseMs: number) =>
  PostgresPendingForms.open(url, { instance, leaseMs, log: () => {} });

describe('the lease of held forms on PostgreSQL', { skip }, () => {
  test('a held form lives while its holder renews the lease; once the renewals stop, every instance closes it', async () => {
    await withDatabase(async (db) => {
      const leaseMs = 150;
      const a = await open(db.url, 'a', leaseMs);
      const b = await open(db.url, 'b', leaseMs);
      try {
        const held = await a.open({ schema: SCHEMA, serverName: 'form' });
        const kept = await a.open({ schema: SCHEMA, serverName: 'form' });
        const call = new AbortController();
        a.hold(held.id, call.signal);
        const waiting = a.outcome(held.id);
        await new Promise((r) => setTimeout(r, leaseMs * 5));
        assert.equal((await b.get(held.id))?.outcome, undefined, 'renewed: still open on B');
        assert.equal(await b.openCount(), 2);
        // The holder renews no more (as when its process is killed).
        call.abort();
        await new Promise((r) => setTimeout(r, leaseMs + 50));
        assert.equal(await b.openCount(), 1, 'a form nobody holds is not counted open');
        assert.equal(await b.settle(held.id, { action: 'accept', values: { f: 1 } }), false);
        const closed = { action: 'closed', reason: 'The server instance holding the call stopped.' };
        await assert.rejects(
          b.putFile({
            formId: held.id,
            field: 'f',
            name: 'a.txt',
            type: 'text/plain',
            data: new Uint8Array(1),
          }),
          (error: Error & { status?: number }) => error.status === 409,
        );
        assert.deepEqual((await b.get(held.id))?.outcome, closed);
        assert.deepEqual(await waiting, closed, 'a wait on the form hears of it');
        // A form without a lease (kept for a 2026-07-28 retry) is not touched.
        assert.equal((await b.get(kept.id))?.outcome, undefined);
        assert.equal(await b.settle(kept.id, { action: 'accept', values: { f: 2 } }), true);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
});
