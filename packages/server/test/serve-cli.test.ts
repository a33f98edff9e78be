// `formrequest serve` as a user runs it: flags, errors, the HTTP mode's URL line, and clean exits.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';
import { connectClient, httpClient } from './support.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const [command, argv] = cliCommand('serve', ...args);
  return new Promise((resolve) => {
    const child = spawn(command, argv, { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

test('usage errors exit 2 and say what is wrong', async () => {
  const cases: [string[], RegExp][] = [
    [['--bogus'], /Unknown option '--bogus'/],
    [['--port', '3000'], /--port and --host only apply with --http/],
    [['--http', '--port', 'abc'], /--port must be a number from 0 to 65535, not 'abc'/],
    [['--http', '--port', '70000'], /--port must be a number/],
    [['--elicitation', 'sometimes'], /--elicitation must be 'never' or 'auto'/],
    [['--url-mode', 'yes'], /--url-mode must be 'on' or 'off', not 'yes'/],
    [['--page-port', 'x'], /--page-port must be a number from 0 to 65535, not 'x'/],
    [['--http', '--page-port', '4000'], /--page-port applies over stdio/],
    [['extra'], /unexpected argument 'extra'/],
    [
      ['--reask-window=-5'],
      /--reask-window takes a whole number of minutes from 0 \(no re-ask\) to 1440, not '-5'/,
    ],
    [['--reask-window', '30m'], /--reask-window takes a whole number of minutes .* not '30m'/],
    [['--reask-window', '1441'], /--reask-window takes a whole number of minutes .* not '1441'/],
    [['--db', 'postgres://db/x'], /--db and --page-origin apply with --http/],
    [['--page-origin', 'https://forms.example.com'], /--db and --page-origin apply with --http/],
    [
      ['--http', '--db', 'mysql://me:secret-pw@db/x'],
      /--db takes a PostgreSQL URL \(postgres:\/\/USER:PASSWORD@HOST:PORT\/DATABASE\), not 'mysql:\/\/me:\*\*\*@db\/x'/,
    ],
    [
      ['--http', '--page-origin', 'https://forms.example.com/app'],
      /--page-origin: The page origin must be http/,
    ],
    [['--http', '--page-origin', 'forms.example.com'], /--page-origin: The page origin must be http/],
  ];
  for (const [args, message] of cases) {
    const run = await runServe(args);
    assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, message);
    assert.match(run.stderr, /Usage: formrequest serve/);
    assert.equal(run.stdout, '');
  }
});

test('DATABASE_URL: a PostgreSQL one is used with --http, another kind is refused, stdio ignores it', async () => {
  const refused = await runServe(['--http', '--port', '0'], { DATABASE_URL: 'sqlite://me:pw@x/y.db' });
  assert.equal(refused.code, 2);
  assert.match(
    refused.stderr,
    /DATABASE_URL is set to 'sqlite:\/\/me:\*\*\*@x\/y\.db', which is not a PostgreSQL URL/,
  );
  // A PostgreSQL server that is not there: exit 1 with the cause and the fix, the password hidden.
  const down = await runServe(['--http', '--port', '0'], {
    DATABASE_URL: 'postgres://me:secret-pw@127.0.0.1:1/forms',
  });
  assert.equal(down.code, 1, down.stderr);
  assert.match(
    down.stderr,
    /formrequest serve: Cannot use the PostgreSQL database postgres:\/\/me:\*\*\*@127\.0\.0\.1:1\/forms: .*nothing listens there/,
  );
  assert.doesNotMatch(down.stderr, /secret-pw/);
  // stdio: one process serves every round; DATABASE_URL (set for some other program) is left alone.
  const stdio = await runServe([], { DATABASE_URL: 'postgres://me:pw@127.0.0.1:1/forms' });
  assert.equal(stdio.code, 0, stdio.stderr);
});

test('a bad config file exits 1 naming the file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-serve-'));
  const path = join(dir, 'bad.json');
  writeFileSync(path, '{"endpoints": "nope"}');
  const run = await runServe(['--config', path]);
  assert.equal(run.code, 1);
  assert.ok(run.stderr.includes(path));
  assert.match(run.stderr, /"endpoints" must be an array/);
});

test('--help prints the usage', async () => {
  const run = await runServe(['--help']);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /--http/);
  assert.match(run.stdout, /--config FILE/);
});

test('stdio mode writes nothing but protocol to stdout and exits 0 when stdin closes', async () => {
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
  });
  const [command, argv] = cliCommand('serve');
  const child = spawn(command, argv, { cwd: repoRoot });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (c) => {
      stdout += c;
      if (stdout.includes('\n')) resolve();
    });
    child.stdin.write(`${init}\n`);
  });
  child.stdin.end();
  assert.equal(await exit, 0, stderr);
  const lines = stdout.trim().split('\n');
  assert.equal(lines.length, 1);
  const reply = JSON.parse(lines[0]);
  assert.equal(reply.id, 1);
  assert.equal(reply.result.serverInfo.name, 'form');
  assert.equal(reply.result.protocolVersion, '2025-06-18');
});

test('--http prints the URL on stderr, serves the config, and exits 0 on SIGTERM', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-serve-'));
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      endpoints: [{ purpose: 'ユーザー検索', url: 'http://127.0.0.1:9/users', params: { q: '検索クエリ' } }],
    }),
  );
  const [command, argv] = cliCommand('serve', '--http', '--port', '0', '--config', config);
  const child = spawn(command, argv, { cwd: repoRoot });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (c) => {
      stderr += c;
      const match = /listening at (http:\/\/\S+)/.exec(stderr);
      if (match) resolve(match[1]);
    });
    child.on('close', () => reject(new Error(`serve exited early: ${stderr}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  try {
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await httpClient('v1', url);
    const { tools } = await client.listTools();
    const description = tools.find((t) => t.name === 'request_form').description;
    assert.ok(description.includes('| ユーザー検索 | `http://127.0.0.1:9/users` | `q`: 検索クエリ |'));
    await client.close();
  } finally {
    child.kill('SIGTERM'); // also when an assertion failed: never leave the server running
  }
  assert.equal(await exit, 0);
  assert.equal(stdout, '');
});

/** `serve ...args` until it prints its URL; the caller kills it. */
async function startServe(args: string[], env: NodeJS.ProcessEnv = {}) {
  const [command, argv] = cliCommand('serve', ...args);
  const child = spawn(command, argv, { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', ...env } });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (c) => {
      stderr += c;
      const match = /listening at (http:\/\/\S+)/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    child.on('close', () => reject(new Error(`serve exited early: ${stderr}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, url, exit, stderr: () => stderr };
}

test('--http beyond loopback without a token exits with the fix; a short token is refused', async () => {
  for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
    const run = await runServe(['--http', '--port', '0', '--host', host]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(
      run.stderr,
      new RegExp(
        `listening on ${host.replace(/\./g, '\\.')} opens the server to other machines: give a token with --token TOKEN or FORMREQUEST_SERVE_TOKEN`,
      ),
    );
  }
  const short = await runServe(['--http', '--port', '0', '--token', 'secret']);
  assert.equal(short.code, 2);
  assert.match(short.stderr, /--token must be 16 characters or more/);
  const stdio = await runServe(['--token', 'x'.repeat(20)]);
  assert.equal(stdio.code, 2);
  assert.match(stdio.stderr, /--token applies with --http/);
});

test('--http with a token (FORMREQUEST_SERVE_TOKEN): real MCP clients with it are served, without it get 401', async () => {
  const token = 'test-token-0123456789abcdef';
  const serve = await startServe(['--http', '--port', '0', '--host', '0.0.0.0'], {
    FORMREQUEST_SERVE_TOKEN: token,
  });
  try {
    assert.match(serve.stderr(), /bearer token required/);
    const url = serve.url.replace('0.0.0.0', '127.0.0.1');
    for (const kind of ['v1', 'v2-auto'] as const) {
      const client = await connectClient(kind, { url, headers: { Authorization: `Bearer ${token}` } });
      const { tools } = await client.listTools();
      assert.ok(
        tools.some((t: { name: string }) => t.name === 'request_form'),
        kind,
      );
      await client.close();
      await assert.rejects(connectClient(kind, { url }), /401|Unauthorized/, `${kind} without the token`);
      await assert.rejects(
        connectClient(kind, { url, headers: { Authorization: `Bearer ${token}x` } }),
        /401|Unauthorized/,
        `${kind} with another token`,
      );
    }
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), 'Bearer realm="formrequest"');
    assert.match((await res.json()).error.message, /Authorization: Bearer <token>/);
  } finally {
    serve.child.kill('SIGTERM');
  }
  assert.equal(await serve.exit, 0);
});

test('--reask-window reaches the runtime: the model is told its minutes, and 0 closes a cut form at once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-serve-'));
  const config = join(dir, 'config.json');
  // The config's window (1 min) is overridden by the flag; progress every 100 ms to read the hint soon.
  writeFileSync(config, JSON.stringify({ progressIntervalMs: 100, reaskWindowMs: 60_000 }));
  const questions = [
    { question: 'どちらにしますか？', header: '選択', options: [{ label: 'A' }, { label: 'B' }] },
  ];
  /** A v1 client (URL mode only) whose call is cut after a few progress messages; what it saw. */
  async function cutQuestion(url: string) {
    const pages: string[] = [];
    const client = await connectClient(
      'v1',
      { url },
      async (params: { url: string }) => {
        pages.push(params.url);
        return { action: 'accept' };
      },
      { elicitation: { url: {} } },
    );
    const progress: string[] = [];
    const abort = new AbortController();
    const call = client.raw
      .callTool({ name: 'question', arguments: { questions } }, undefined, {
        signal: abort.signal,
        onprogress: (p: { message?: string }) => {
          progress.push(p.message ?? '');
          if (progress.length === 2) abort.abort('the test cut the call');
        },
      })
      .catch((error: Error) => error);
    assert.ok((await call) instanceof Error, 'the call was cut');
    const page = pages[0]!;
    let state = '';
    for (let i = 0; i < 100 && (state === '' || state === 'pending' || state === 'open'); i++) {
      state = (await (await fetch(`${page}/status`)).json()).state;
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.close();
    return { progress, state };
  }
  const [seven, off] = await Promise.all([
    startServe(['--http', '--port', '0', '--config', config, '--reask-window', '7']),
    startServe(['--http', '--port', '0', '--config', config, '--reask-window', '0']),
  ]);
  try {
    const kept = await cutQuestion(seven.url);
    for (const message of kept.progress)
      assert.match(message, /7分以内に同じフォームで question をもう一度呼んでください/);
    assert.equal(kept.state, 'withdrawn', 'the cut form is kept for a re-ask');
    const closed = await cutQuestion(off.url);
    for (const message of closed.progress) assert.doesNotMatch(message, /もう一度呼んでください/);
    assert.notEqual(closed.state, 'withdrawn', 'with 0 the cut form is not kept');
  } finally {
    seven.child.kill('SIGTERM');
    off.child.kill('SIGTERM');
  }
  assert.equal(await seven.exit, 0);
  assert.equal(await off.exit, 0);
});
