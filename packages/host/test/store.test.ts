// The store seam: the same contract (store-contract.ts) on each SQLite driver this runtime can load (node:sqlite on
// Node >= 22.13, better-sqlite3 where its native build matches), migrations from the first layout,
// incremental vacuum, and driver failures that name their cause and fix.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { describe, test } from 'node:test';
import { SqliteDriverError, SqliteStore } from '../src/store/index.js';
import { explainNativeFailure, nodeAtLeast, openSqlite } from '../src/store/sqlite-driver.js';
import { tempDir } from './helpers.js';
import { pendingForm, storeContractTests } from './store-contract.js';

const DRIVERS = ['node:sqlite', 'better-sqlite3'] as const;

/** Which drivers load here, and why the others do not. */
async function availability(): Promise<Record<string, true | string>> {
  const out: Record<string, true | string> = {};
  for (const driver of DRIVERS) {
    try {
      (await openSqlite(':memory:', driver)).close();
      out[driver] = true;
    } catch (error) {
      out[driver] = (error as Error).message;
    }
  }
  return out;
}
const available = await availability();

async function withStore(driver: string, work: (store: SqliteStore, path: string) => Promise<void>) {
  const dir = tempDir();
  const previous = process.env.FORMREQUEST_SQLITE_DRIVER;
  process.env.FORMREQUEST_SQLITE_DRIVER = driver;
  try {
    const path = `${dir.path}/store.db`;
    const store = await SqliteStore.open(path);
    try {
      await work(store, path);
    } finally {
      await store.close();
    }
  } finally {
    if (previous === undefined) delete process.env.FORMREQUEST_SQLITE_DRIVER;
    else process.env.FORMREQUEST_SQLITE_DRIVER = previous;
    dir.remove();
  }
}

for (const driver of DRIVERS) {
  const skip = available[driver] === true ? false : `${driver} does not load here: ${available[driver]}`;
  describe(`the store on ${driver}`, { skip }, () => {
    test('says which driver it runs on', async () => {
      await withStore(driver, async (store) => {
        assert.match(store.description, new RegExp(`^SQLite \\(${driver}\\) `));
        assert.equal(store.db.driver, driver);
      });
    });

    storeContractTests(async () => {
      const dir = tempDir();
      const previous = process.env.FORMREQUEST_SQLITE_DRIVER;
      process.env.FORMREQUEST_SQLITE_DRIVER = driver;
      try {
        const store = await SqliteStore.open(`${dir.path}/store.db`);
        return {
          store,
          async done() {
            await store.close();
            dir.remove();
          },
        };
      } finally {
        if (previous === undefined) delete process.env.FORMREQUEST_SQLITE_DRIVER;
        else process.env.FORMREQUEST_SQLITE_DRIVER = previous;
      }
    });

    test('a form is stored once in SQL: no event row holds its fields', async () => {
      await withStore(driver, async (store) => {
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
      await withStore(driver, async (store, path) => {
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
      const previous = process.env.FORMREQUEST_SQLITE_DRIVER;
      process.env.FORMREQUEST_SQLITE_DRIVER = driver;
      try {
        const path = `${dir.path}/old.db`;
        const old = await openSqlite(path, driver);
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
          assert.equal(Number(store.db.prepare('PRAGMA user_version').get()!.user_version), 1);
          assert.equal(Number(store.db.prepare('PRAGMA auto_vacuum').get()!.auto_vacuum), 2, 'incremental');
        } finally {
          await store.close();
        }
        const again = await SqliteStore.open(path);
        await again.close();
      } finally {
        if (previous === undefined) delete process.env.FORMREQUEST_SQLITE_DRIVER;
        else process.env.FORMREQUEST_SQLITE_DRIVER = previous;
        dir.remove();
      }
    });
  });
}

describe('driver choice and failures', () => {
  test('the built-in driver is chosen wherever the runtime has it', async () => {
    const db = await openSqlite(':memory:', undefined);
    try {
      assert.equal(db.driver, nodeAtLeast('22.13.0') ? 'node:sqlite' : 'better-sqlite3');
    } finally {
      db.close();
    }
  });

  test('a native build for another Node names both versions and the fix', () => {
    const error = explainNativeFailure(
      new Error(
        "The module '/x/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 137. Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).",
      ),
    );
    assert.ok(error instanceof SqliteDriverError);
    assert.match(
      error.message,
      /better-sqlite3 was built for another Node\.js \(NODE_MODULE_VERSION 115; Node [\d.]+ needs 137\)/,
    );
    assert.match(error.message, /npm rebuild better-sqlite3/);
    assert.doesNotMatch(error.message, /--db/);
    const unbuilt = explainNativeFailure(new Error('Could not locate the bindings file. Tried: ...'));
    assert.match(
      unbuilt.message,
      /native part was never built .* npm rebuild better-sqlite3 .* Node 22\.13\.0 or newer/,
    );
  });

  test('forcing a driver this runtime cannot load says why, with the fix', async () => {
    for (const driver of DRIVERS) {
      if (available[driver] === true) continue;
      await assert.rejects(openSqlite(':memory:', driver), (error: Error) => {
        assert.ok(error instanceof SqliteDriverError, error.message);
        assert.match(
          error.message,
          driver === 'node:sqlite' ? /built in from Node 22\.13\.0/ : /better-sqlite3|NODE_MODULE_VERSION/,
        );
        return true;
      });
    }
    await assert.rejects(
      openSqlite(':memory:', 'sqlite4'),
      /FORMREQUEST_SQLITE_DRIVER must be "node:sqlite" or "better-sqlite3"/,
    );
  });
});
