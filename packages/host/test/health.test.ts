// GET /api/health tells a load balancer the truth about the store: a SQLite file whose disk is below
// the free-space floor, or that cannot be written, is `unavailable` (503) with the reason; otherwise
// `ok` with the free bytes.
import assert from 'node:assert/strict';
import { chmodSync } from 'node:fs';
import { test } from 'node:test';
import { call, startTestHost, tempDir } from './helpers.js';

test('health reports the free disk of a SQLite store, and 503 with the reason below the floor', async () => {
  const dir = tempDir();
  const roomy = await startTestHost({ dbPath: `${dir.path}/a.db` });
  try {
    const health = await call(roomy, 'GET', '/api/health');
    assert.equal(health.status, 200);
    assert.equal(health.json.status, 'ok');
    assert.ok(health.json.diskFreeBytes > 0);
  } finally {
    await roomy.close();
  }
  const full = await startTestHost({ dbPath: `${dir.path}/b.db`, minFreeDiskBytes: Number.MAX_SAFE_INTEGER });
  try {
    const health = await call(full, 'GET', '/api/health');
    assert.equal(health.status, 503);
    assert.equal(health.json.status, 'unavailable');
    assert.match(health.json.reason, /bytes free, below \d+: free space/);
  } finally {
    await full.close();
    dir.remove();
  }
});

test('a store file that cannot be written is unavailable', {
  skip: process.getuid?.() === 0 && 'root writes any file',
}, async () => {
  const dir = tempDir();
  const host = await startTestHost({ dbPath: `${dir.path}/c.db` });
  try {
    chmodSync(`${dir.path}/c.db`, 0o444);
    const health = await call(host, 'GET', '/api/health');
    assert.equal(health.status, 503);
    assert.match(health.json.reason, /cannot be written/);
  } finally {
    chmodSync(`${dir.path}/c.db`, 0o644);
    await host.close();
    dir.remove();
  }
});
