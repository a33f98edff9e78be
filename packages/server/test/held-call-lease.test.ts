// The lease of a held call, with two real `formrequest serve --http --db` processes on one real
// PostgreSQL database: a v1 SDK client's 2025 call held on instance A, its page opened through
// instance B. A killed with SIGKILL (no cleanup, no cancel): once A's lease on the form has run out, B's
// page says nobody waits and refuses the answer (409, state "closed"), as for any gone caller. A alive:
// the lease is renewed, so B still takes the answer after several lease periods and A's caller gets it.
// (That one runs first: the second kills A.)
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';
import { createTestDatabase, skipWithoutPostgres, type TestDatabase } from '../../../testing/postgres.ts';
import { askedBy, connectClient, deferred, person, type TestClient } from './support.ts';

const skip = await skipWithoutPostgres();
if (skip) console.log(`# ${skip}`);

/** Short for the test: renewed every 200 ms. */
const LEASE_MS = 600;

const FORM = {
  title: '経費精算',
  fields: [{ name: 'purpose', type: 'text', label: '目的', required: true }],
};

interface Instance {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  exited: Promise<number | null>;
}

async function startServe(db: string): Promise<Instance> {
  const [command, argv] = cliCommand('serve', '--http', '--port', '0', '--db', db, '--elicitation', 'auto');
  const child = spawn(command, argv, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORMREQUEST_FORM_LEASE_MS: String(LEASE_MS) },
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? -1 : code)),
  );
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)\/mcp/.exec(stderr);
      if (match) resolve({ child, origin: match[1]!, exited });
    });
    exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

/** The page URL on one instance, whatever origin the client was given. */
const on = (instance: Instance, url: string) => `${instance.origin}${new URL(url).pathname}`;

/** A v1 client on `instance` whose request_form call is held there; resolves once the page URL is known. */
async function holdCall(instance: Instance) {
  const asked = deferred<any>();
  const client: TestClient = await connectClient(
    'v1',
    { url: `${instance.origin}/mcp` },
    async (params: any) => {
      asked.resolve(params);
      return { action: 'accept' };
    },
    // URL mode only: the form goes to the page, and the call waits for it on this instance.
    { elicitation: { url: {} } },
  );
  const call = client.callTool({ name: 'request_form', arguments: { form_schema: FORM } });
  const params = await askedBy(call, asked.promise);
  assert.equal(params.mode, 'url');
  return { client, call, url: params.url as string };
}

const pageState = async (url: string) => /"state":"(\w+)"/.exec((await person.open(url)).html)?.[1];

describe('the lease of a held call across two `serve --http --db` instances', { skip }, () => {
  let db: TestDatabase;
  let a: Instance;
  let b: Instance;
  before(async () => {
    db = await createTestDatabase();
    [a, b] = await Promise.all([startServe(db.url), startServe(db.url)]);
  });
  after(async () => {
    for (const instance of [a, b].filter(Boolean)) {
      instance.child.kill('SIGKILL');
      await instance.exited;
    }
    await db?.drop();
  });

  test('the instance holding the call alive: the answer is taken on the other one after several lease periods', async () => {
    const { client, call, url } = await holdCall(a);
    try {
      const page = on(b, url);
      await new Promise((r) => setTimeout(r, LEASE_MS * 5));
      assert.equal(await pageState(page), 'open');
      const sent = await person.send(page, { action: 'accept', values: { purpose: '出張' } });
      assert.equal(sent.status, 200, JSON.stringify(sent.json));
      assert.equal(sent.json.state, 'accept');
      const result = await call;
      assert.equal(result.isError, undefined);
      assert.match(JSON.stringify(result.structuredContent ?? result.content), /出張/);
    } finally {
      await client.close().catch(() => {});
    }
  });

  test('the instance holding the call killed: the other one refuses the answer once the lease ran out', async () => {
    const { client, call, url } = await holdCall(a);
    call.catch(() => {});
    try {
      const page = on(b, url);
      assert.equal(await pageState(page), 'open', 'before the kill, B serves the open form');
      a.child.kill('SIGKILL');
      await a.exited;
      const killedAt = Date.now();
      // The last renewal was at most a third of the lease before the kill: by one lease it has run out.
      await new Promise((r) => setTimeout(r, LEASE_MS + 50));
      assert.equal(await pageState(page), 'closed', 'the page says the agent is no longer waiting');
      const sent = await person.send(page, { action: 'accept', values: { purpose: '出張' } });
      assert.equal(sent.status, 409);
      assert.equal(sent.json.state, 'closed');
      console.log(
        `# fault killed holder: page closed ${Date.now() - killedAt} ms after SIGKILL (lease ${LEASE_MS} ms)`,
      );
      // Closed, not forgotten: a second try finds the same state.
      const again = await person.send(page, { action: 'accept', values: { purpose: '出張' } });
      assert.equal(again.status, 409);
    } finally {
      await client.close().catch(() => {});
    }
  });
});
