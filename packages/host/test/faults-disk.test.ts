// Fault suite, a full disk: the host's SQLite file on a small tmpfs that a filler file then fills.
// Health turns 503 with the reason before writes fail, a turn sent meanwhile is refused with 503 and
// Retry-After (never accepted and left to stall), and once space is back both work again. Needs root
// (mount -t tmpfs); skipped elsewhere.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { skipFor } from '../../../testing/skips.ts';
import { call, collectEvents, endsWithResult, startTestHost } from './helpers.js';

const dir = join(tmpdir(), `formrequest-disk-${process.pid}`);
mkdirSync(dir, { recursive: true });
const mounted =
  process.getuid?.() === 0 && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir]).status === 0;
after(() => {
  if (mounted) spawnSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
});

test('a full disk: health 503 with the reason, turns refused with Retry-After, both back once space is', {
  skip: skipFor(!mounted && 'needs root to mount a small tmpfs'),
}, async () => {
  const host = await startTestHost({ dbPath: join(dir, 'host.db'), minFreeDiskBytes: 1024 * 1024 });
  try {
    assert.equal((await call(host, 'GET', '/api/health')).status, 200);
    const filler = join(dir, 'filler');
    // Fill what is left, a MiB at a time, until the file system refuses.
    const mib = Buffer.alloc(1024 * 1024, 1);
    let written = 0;
    for (;;) {
      try {
        writeFileSync(filler, mib, { flag: 'a' });
        written++;
      } catch {
        break;
      }
    }
    const health = await call(host, 'GET', '/api/health');
    assert.equal(health.status, 503);
    assert.match(health.json.reason, /bytes free, below 1048576/);
    // What the disk cannot take is refused, not accepted: a long message needs new pages.
    let refused: { status: number; json: any } | undefined;
    for (let i = 0; i < 50 && !refused; i++) {
      const sent = await call(host, 'POST', '/api/execute', { message: `full ${i} ${'x'.repeat(60_000)}` });
      if (sent.status !== 202) refused = sent;
    }
    assert.ok(refused, 'a turn was refused once the disk was full');
    assert.equal(refused.status, 503, JSON.stringify(refused.json));
    assert.equal(refused.json.code, 'store_unavailable');
    rmSync(filler);
    assert.equal((await call(host, 'GET', '/api/health')).status, 200, 'healthy again');
    const sent = await call(host, 'POST', '/api/execute', { message: 'hello again' });
    assert.equal(sent.status, 202, JSON.stringify(sent.json));
    await collectEvents(host, sent.json.conversationId, endsWithResult);
    console.log(
      `# fault disk: filled ${written} MiB; health 503 with the reason; a turn refused 503 store_unavailable; served again once space was back`,
    );
  } finally {
    await host.close();
  }
});
