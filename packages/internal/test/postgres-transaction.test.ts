// The one transaction helper every part uses on PostgreSQL, on a real server: a failed piece of work
// leaves nothing behind, and a deadlock is run again only when the caller asks for attempts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { transaction } from '@formrequest/internal/postgres';
import pg from 'pg';
import { skipWithoutPostgres, withDatabase } from '../../../testing/postgres.ts';

const skip = await skipWithoutPostgres();
if (skip) console.log(`# ${skip}`);

function deadlock(): Error {
  return Object.assign(new Error('deadlock detected'), { code: '40P01' });
}

test('work that throws is rolled back; what it returns is committed', { skip }, async () => {
  await withDatabase(async (db) => {
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      await pool.query('CREATE TABLE t (v int)');
      await assert.rejects(
        transaction(pool, async (client) => {
          await client.query('INSERT INTO t VALUES (1)');
          throw new Error('half-way');
        }),
        /half-way/,
      );
      assert.equal(
        await transaction(pool, async (c) => (await c.query('INSERT INTO t VALUES (2)')).rowCount),
        1,
      );
      assert.deepEqual((await pool.query('SELECT v FROM t')).rows, [{ v: 2 }]);
      assert.equal(pool.totalCount - pool.idleCount, 0, 'every connection went back to the pool');
    } finally {
      await pool.end();
    }
  });
});

test('a deadlock runs the work again up to `attempts` times; other errors and the default do not', {
  skip,
}, async () => {
  await withDatabase(async (db) => {
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      let runs = 0;
      const flaky = async () => {
        runs++;
        if (runs < 3) throw deadlock();
        return 'done';
      };
      assert.equal(await transaction(pool, flaky, { attempts: 4 }), 'done');
      assert.equal(runs, 3);
      runs = 0;
      await assert.rejects(transaction(pool, flaky), /deadlock/);
      assert.equal(runs, 1, 'one attempt unless asked for more');
      runs = 0;
      await assert.rejects(
        transaction(
          pool,
          async () => {
            runs++;
            throw new Error('not a deadlock');
          },
          { attempts: 4 },
        ),
        /not a deadlock/,
      );
      assert.equal(runs, 1);
    } finally {
      await pool.end();
    }
  });
});
