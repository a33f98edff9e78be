// The store on SQLite (node:sqlite): the same contract as PostgreSQL (store-contract.ts), migrations
// from the first layout, incremental vacuum, statements that wait for a transaction in flight, and a
// runtime without node:sqlite named with its fix.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { describe, test } from 'node:test';
import { SqliteStore } from '../src/store/index.js';
import { openSqlite } from '../src/store/sqlite-driver.js';
import { tempDir } from './helpers.js';
import { pendingForm, storeContractTests, turnOf } from './store-contract.js';

async function withStore(work: (store: SqliteStore, path: string) => Promise<void>) {
  const dir = tempDir();
  try {
    const path = `${dir.path}/store.db`;
    const store = await SqliteStore.open(path);
    try {
      await work(store, path);
    } finally {
      await store.close();
    }
  } finally {
    dir.remove();
  }
}

describe('the store on SQLite', () => {
  test('says what it runs on', async () => {
    await withStore(async (store, path) => {
      assert.equal(store.kind, 'sqlite');
      assert.equal(store.description, `SQLite (node:sqlite) ${path}`);
    });
  });

  storeContractTests(async () => {
    const dir = tempDir();
    const store = await SqliteStore.open(`${dir.path}/store.db`);
    return {
      store,
      async done() {
        await store.close();
        dir.remove();
      },
    };
  });

  test('a form is stored once in SQL: no event row holds its fields', async () => {
    await withStore(async (store) => {
      await pendingForm(store, 'c1', 'toolu_1');
      const copies = store.db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM events WHERE instr(data, '"fields"') > 0) AS events, (SELECT COUNT(*) FROM forms) AS forms`,
        )
        .get()!;
      assert.deepEqual({ ...copies }, { events: 0, forms: 1 });
    });
  });

  test('deleting uploads and conversations gives the space back to the file system', async () => {
    await withStore(async (store, path) => {
      const limits = { conversationBytes: 50 * 2 ** 20, totalBytes: 100 * 2 ** 20 };
      const size = () => statSync(path).size;
      const empty = size();
      for (const c of ['x', 'y']) {
        await pendingForm(store, c, 'f');
        for (let i = 0; i < 4; i++) {
          const data = new Uint8Array(4 * 2 ** 20).fill(i + 1);
          await store.putFile(
            {
              id: `${c}${i}`,
              conversationId: c,
              formId: 'f',
              field: 'f',
              name: 'a.bin',
              type: 'application/octet-stream',
              size: data.byteLength,
              createdAt: 0,
              data,
            },
            limits,
          );
        }
      }
      store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      const full = size();
      assert.ok(full > 30 * 2 ** 20, `32 MiB stored (${full} bytes)`);
      assert.ok(await store.deleteConversation('x'));
      assert.equal(await store.getFile('x0'), undefined);
      const half = size();
      assert.ok(half < full - 15 * 2 ** 20, `half the space is back (${full} -> ${half})`);
      await store.deleteConversation('y');
      assert.ok(size() < empty + 2 ** 20, `all of it (${size()} vs ${empty} empty)`);
    });
  });

  test('a file of the first layout is migrated: data kept, forms per conversation, auto-vacuum on', async () => {
    const dir = tempDir();
    try {
      const path = `${dir.path}/old.db`;
      const old = await openSqlite(path);
      old.exec(readFileSync(new URL('fixtures/layout-0.sql', import.meta.url), 'utf8'));
      old.exec(`INSERT INTO conversations VALUES ('c', 'Old', 'ja', '{"locale":"ja"}', 1, 2)`);
      old.exec(`INSERT INTO runs VALUES ('r', 'c', 'done', 1, 2)`);
      old.exec(
        `INSERT INTO events (conversation_id, run_id, name, data, created_at) VALUES ('c', 'r', 'user_message', '{"type":"user_message","text":"hi"}', 1)`,
      );
      old.exec(
        `INSERT INTO forms VALUES ('toolu_1', 'c', 'r', '{"title":"T","fields":[]}', 'pending', '{"v":{}}', NULL, 1, NULL)`,
      );
      old.exec(`INSERT INTO files VALUES ('file1', 'c', 'a.txt', 'text/plain', 2, X'6869', 3)`);
      old.close();
      const store = await SqliteStore.open(path);
      try {
        assert.equal((await store.getConversation('c'))?.title, 'Old');
        assert.deepEqual((await store.pendingForm('c'))?.draft, { v: {} });
        assert.equal((await store.eventsAfter('c', 0, 10)).length, 1);
        const file = await store.getFile('file1');
        assert.equal(Buffer.from(file!.data).toString(), 'hi', 'the upload for the pending form is kept');
        assert.equal(Number(store.db.prepare('PRAGMA user_version').get()!.user_version), 2);
        assert.equal(Number(store.db.prepare('PRAGMA auto_vacuum').get()!.auto_vacuum), 2, 'incremental');
      } finally {
        await store.close();
      }
      const again = await SqliteStore.open(path);
      await again.close();
    } finally {
      dir.remove();
    }
  });

  test('a statement sent while a transaction is in flight waits for it: never rolled back with it', async () => {
    await withStore(async (store) => {
      await store.beginTurn(turnOf('c', 'r1', 'a'));
      assert.ok(await store.claimRun('r1', 'a', 60_000));
      // The second turn is refused after its first statements ran; the event sent meanwhile stays.
      const [refused, appended] = await Promise.allSettled([
        store.beginTurn(turnOf('c', 'r2', 'b')),
        store.appendEvent('c', 'r1', 'text', { type: 'text', text: 'kept' }, 'a'),
      ]);
      assert.equal(refused.status, 'rejected');
      assert.equal(appended.status, 'fulfilled');
      const events = await store.eventsAfter('c', 0, 100);
      assert.deepEqual(
        events.map((e) => e.name),
        ['user_message', 'text'],
      );
      assert.equal(events[1].id, (appended as PromiseFulfilledResult<{ id: number }>).value.id);
      // Many transactions and statements at once: each transaction whole, one after another.
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? store.beginTurn(turnOf(`c${i}`, `t${i}`))
            : store.appendEvent('c', 'r1', 'text', { type: 'text', text: `${i}` }, 'a'),
        ),
      );
      assert.equal((await store.listConversations({ limit: 50 })).items.length, 11);
      assert.equal((await store.eventsAfter('c', 0, 100)).length, 12);
    });
  });
});

test('a Node without node:sqlite is told which Node has it, and that PostgreSQL is the other way', async () => {
  const missing = Object.assign(new Error('No such built-in module: node:sqlite'), {
    code: 'ERR_UNKNOWN_BUILTIN_MODULE',
  });
  await assert.rejects(
    openSqlite(':memory:', () => Promise.reject(missing)),
    (error: Error) => {
      assert.equal(error.name, 'SqliteDriverError');
      assert.match(
        error.message,
        /built into Node 22\.13\.0 and newer; this is Node [\d.]+\. Run Node 22\.13\.0 or newer/,
      );
      assert.match(error.message, /--db postgres:\/\//);
      return true;
    },
  );
});
