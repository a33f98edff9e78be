// GET /api/health tells a load balancer the truth about the store: a SQLite file whose disk is below
// the free-space floor, or that cannot be written, is `unavailable` (503) with the reason; otherwise
// `ok` with the free bytes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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

// Root writes a file whatever its mode, so as root the store's folder is bind-mounted read-only over
// itself (the file system refuses the write, as a failed disk would; the host's open handle stays on
// the writable mount below); elsewhere the file is made read-only. Either way the host must say the
// store cannot be written.
test('a store file that cannot be written is unavailable', async () => {
  const dir = tempDir();
  const root = process.getuid?.() === 0;
  const host = await startTestHost({ dbPath: `${dir.path}/c.db` });
  try {
    if (root) {
      mount(['--bind', dir.path, dir.path]);
      mount(['-o', 'remount,bind,ro', dir.path]);
    } else chmodSync(`${dir.path}/c.db`, 0o444);
    const health = await call(host, 'GET', '/api/health');
    assert.equal(health.status, 503);
    assert.equal(health.json.status, 'unavailable');
    assert.match(health.json.reason, /c\.db cannot be written: /);
  } finally {
    await host.close();
    if (root) spawnSync('umount', [dir.path]);
    else chmodSync(`${dir.path}/c.db`, 0o644);
    dir.remove();
  }
});

function mount(args: string[]): void {
  const r = spawnSync('mount', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`mount ${args.join(' ')} failed (running as root): ${r.stderr}`);
}
