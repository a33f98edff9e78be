// `formrequest demo` beyond loopback: refused without --auth (exit 1, saying which --auth to choose);
// with --auth token it prints a secret link whose token opens the page and nothing else does.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'formrequest-cli-demo-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('demo --host 0.0.0.0 without --auth exits 1 and says how to choose who may use it', () => {
  const [cmd, argv] = cliCommand('demo', '--host', '0.0.0.0', '--port', '0', '--db', join(dir, 'a.db'));
  const r = spawnSync(cmd, argv, { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stdout, '', 'no URL is printed');
  assert.match(r.stderr, /^formrequest demo: Listening on 0\.0\.0\.0 opens the host/m);
  for (const option of ['--auth token', '--auth header:NAME', '--auth none'])
    assert.ok(r.stderr.includes(option), `names ${option}`);
});

test('demo --auth token prints a ?token= link; the token opens the page, no token is 401', async () => {
  const token = 'cli-test-token-0123456789';
  const [cmd, argv] = cliCommand(
    'demo',
    '--host',
    '0.0.0.0',
    '--port',
    '0',
    '--auth',
    'token',
    '--db',
    join(dir, 'b.db'),
  );
  const child = spawn(cmd, argv, {
    cwd: repoRoot,
    env: { ...process.env, FORMREQUEST_AUTH_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const printed = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('\n')) resolve(out.trim());
      });
      child.stderr.on('data', (chunk) => {
        err += chunk;
      });
      exited.then((code) => reject(new Error(`demo exited with ${code}: ${err}`)));
    });
    const link = new URL(printed);
    assert.equal(link.searchParams.get('token'), token, `the printed link carries the token: ${printed}`);
    assert.equal(link.pathname, '/');

    const opened = await fetch(link, { redirect: 'manual' });
    assert.equal(opened.status, 303, 'the token is traded for a cookie');
    const cookie = opened.headers.get('set-cookie') ?? '';
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Strict/i);
    const page = await fetch(new URL('/', link), { headers: { cookie: cookie.split(';')[0] } });
    assert.equal(page.status, 200);
    await page.body?.cancel();

    const bare = await fetch(new URL('/api/conversations', link));
    assert.equal(bare.status, 401);
    assert.equal((await bare.json()).code, 'auth_required');
    const wrong = await fetch(new URL('/?token=not-the-token-at-all', link), { redirect: 'manual' });
    assert.equal(wrong.status, 401);
    await wrong.body?.cancel();
  } finally {
    child.kill('SIGTERM');
    assert.equal(await exited, 0, 'stops cleanly on SIGTERM');
  }
});
