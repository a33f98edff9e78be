// scripts/test.mjs: a file over its time limit is ended with every process it started (a plain child, one
// in a session of its own, a tmux server), a file that leaves a process behind is reported and the
// process ended, and the summary lists per-file times, the slowest files and the totals.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../../testing/cli.ts';

const fixtures = join(repoRoot, 'scripts/test/fixtures/runner');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie is dead for our purpose (its parent, already gone or ended, has not reaped it yet).
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function runner(file: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/test.mjs'), file], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

test('a file over its limit is ended, and so is every process it started, tmux servers included', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-runner-'));
  const socket = `formrequest-runner-${process.pid}`;
  t.after(() => {
    spawnSync('tmux', ['-L', socket, 'kill-server']);
    rmSync(dir, { recursive: true, force: true });
  });
  const pids = join(dir, 'pids.json');
  const { code, out } = await runner(join(fixtures, 'hang.test.ts'), {
    FORMREQUEST_TEST_FILE_LIMIT_S: '4',
    RUNNER_FIXTURE_PIDS: pids,
    RUNNER_FIXTURE_TMUX: socket,
  });
  assert.equal(code, 1, out);
  assert.match(out, /hang\.test\.ts: ended at its time limit of \d+ s/);
  assert.match(out, /never finishes/);
  assert.match(out, /0 passed, 1 failed/);
  const started: number[] = JSON.parse(readFileSync(pids, 'utf8'));
  assert.equal(started.length, 3);
  for (const pid of started) assert.ok(pid > 0 && !alive(pid), `process ${pid} is gone`);
  assert.notEqual(spawnSync('tmux', ['-L', socket, 'has-session']).status, 0, 'the tmux server is gone');
});

test('a process a passing file leaves behind is named and ended; the summary lists the times', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-runner-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const pids = join(dir, 'pids.json');
  const { code, out } = await runner(join(fixtures, 'leak.test.ts'), { RUNNER_FIXTURE_PIDS: pids });
  assert.equal(code, 0, out);
  const [pid] = JSON.parse(readFileSync(pids, 'utf8')) as number[];
  assert.match(
    out,
    new RegExp(`leak\\.test\\.ts left 1 process\\(es\\) running, now ended:\\n\\s+${pid} sleep 303`),
  );
  assert.ok(!alive(pid!), `process ${pid} is gone`);
  // Its time, and on Linux the CPU seconds it used (its children included), in the header and the summary.
  const cpu = process.platform === 'linux' ? ', \\d+\\.\\d s CPU' : '';
  assert.match(out, new RegExp(`✔ scripts/test/fixtures/runner/leak\\.test\\.ts \\(\\d+\\.\\d s${cpu}\\)`));
  if (cpu)
    assert.match(
      out,
      /Most CPU \(\d+ s of CPU in all.*\):\n\s+\d+\.\d s {2}scripts\/test\/fixtures\/runner\/leak/,
    );
  assert.match(
    out,
    /Slowest files \(of 1;.*\):\n\s+\d+\.\d s {2}scripts\/test\/fixtures\/runner\/leak\.test\.ts/,
  );
  assert.match(out, /\n1 passed, 0 failed, 0 skipped\n?$/);
});
