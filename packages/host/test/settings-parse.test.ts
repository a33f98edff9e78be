// The resilience settings read from flags and the environment (--limits, --db-pool, --retention) and
// the transient-failure classification the store's retries rest on: good values read, bad ones
// refused with what to write instead.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { transientFailure } from '@formrequest/internal/postgres';
import { parseDbPool, parseLimits, parseRetentionDays } from '../src/index.js';
import { backoffDelay, withRetry } from '../src/store/retry.js';

test('--limits reads connection limits and quotas; a bad key or value names the keys', () => {
  assert.deepEqual(
    parseLimits('connections=600, per-address=50,streams=3000,conversations=10,message-bytes=99'),
    {
      capacity: { connections: 600, perAddress: 50, streams: 3000 },
      quotas: { conversations: 10, messageBytes: 99 },
    },
  );
  assert.throws(
    () => parseLimits('conections=5'),
    /"conections=5" is not KEY=N with one of these keys: connections \(open sockets, default 4096\)/,
  );
  assert.throws(() => parseLimits('streams=0'), /streams must be a whole number of at least 1/);
  assert.throws(
    () => parseLimits('streams=lots', 'FORMREQUEST_LIMITS'),
    /^Error: FORMREQUEST_LIMITS: "streams=lots"/,
  );
});

test('--db-pool reads SIZE[,WAIT_MS]; out of range is refused with the default', () => {
  assert.deepEqual(parseDbPool('20'), { size: 20, waitMs: 5000 });
  assert.deepEqual(parseDbPool('4,2000'), { size: 4, waitMs: 2000 });
  assert.throws(() => parseDbPool('0'), /--db-pool takes SIZE or SIZE,WAIT_MS.*The default is 10,5000/);
  assert.throws(() => parseDbPool('10,5'), /100-600000/);
});

test('--retention reads days', () => {
  assert.equal(parseRetentionDays('30'), 30);
  assert.throws(() => parseRetentionDays('1.5'), /whole number of days from 1 to 36500/);
});

test('transient failures: what never reached the database is retried; a cut write is reported', () => {
  assert.equal(
    transientFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    'not-sent',
  );
  assert.equal(transientFailure(new Error('timeout exceeded when trying to connect')), 'not-sent');
  assert.equal(
    transientFailure(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
    'not-sent',
  );
  assert.equal(transientFailure(new Error('Connection terminated unexpectedly')), 'unknown');
  const rolledBack = Object.assign(new Error('Connection terminated unexpectedly'), {
    [Symbol.for('formrequest.transaction.failedAt')]: 'before-commit',
  });
  assert.equal(transientFailure(rolledBack), 'not-sent');
  assert.equal(transientFailure(Object.assign(new Error('duplicate key'), { code: '23505' })), undefined);
  assert.equal(transientFailure('nope'), undefined);
});

test('withRetry: backs off, gives up after its budget, never retries what it should not', async () => {
  let calls = 0;
  const value = await withRetry(
    async () => {
      calls++;
      if (calls < 3) throw new Error('again');
      return 'done';
    },
    () => true,
    { budgetMs: 5000, firstDelayMs: 1, maxDelayMs: 2 },
  );
  assert.deepEqual([value, calls], ['done', 3]);
  calls = 0;
  await assert.rejects(
    withRetry(
      async () => {
        calls++;
        throw new Error('real');
      },
      () => false,
    ),
    /real/,
  );
  assert.equal(calls, 1);
  await assert.rejects(
    withRetry(
      async () => {
        throw new Error('forever');
      },
      () => true,
      { budgetMs: 30, firstDelayMs: 5, maxDelayMs: 5 },
    ),
    /forever/,
  );
  const delay = backoffDelay({ firstDelayMs: 100, maxDelayMs: 2000 }, 10);
  assert.ok(delay <= 2000 && delay >= 1600, `capped with jitter: ${delay}`);
});
