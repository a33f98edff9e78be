// Two real `formrequest serve --http --db postgres://…` processes on one database, behind a small HTTP
// load balancer of the test's own, set up as the README says: 2025 sessions stick to the instance that
// gave them their `Mcp-Session-Id` (learned from its response), everything else goes round-robin, and
// `--page-origin` is the balancer's. The "person" opens the page directly on the instance that does not
// hold the call. Real clients: the v1 SDK client on 2025-11-25 (its held call and session stay on one
// instance) and the v2 client on 2026-07-28 (the retry that waits for the page lands on the other
// instance, and verifies the requestState there with the key the database shares).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';
import { createTestDatabase, skipWithoutPostgres, type TestDatabase } from '../../../testing/postgres.ts';
import { askedBy, connectClient, deferred, person, type TestClient } from './support.ts';

const skip = await skipWithoutPostgres();
if (skip) console.log(`# ${skip}`);

const FORM = {
  title: '経費精算',
  fields: [
    { name: 'purpose', type: 'text', label: '目的', required: true },
    // A file field: form-mode elicitation cannot carry it, so the form goes to the page.
    { name: 'receipt', type: 'file', label: '領収書', accept: '.txt', maxSize: 4096 },
  ],
};

interface Instance {
  name: string;
  child: ChildProcess;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  exited: Promise<number | null>;
  log(): string;
}

async function startServe(name: string, db: string, pageOrigin: string): Promise<Instance> {
  const [command, argv] = cliCommand(
    'serve',
    '--http',
    '--port',
    '0',
    '--db',
    db,
    '--page-origin',
    pageOrigin,
    '--elicitation',
    'auto',
  );
  const child = spawn(command, argv, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? -1 : code)),
  );
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)\/mcp/.exec(stderr);
      if (match) resolve({ name, child, origin: match[1], exited, log: () => stderr });
    });
    exited.then((code) => reject(new Error(`serve ${name} exited with ${code}: ${stderr}`)));
  });
}

interface Routed {
  instance: string;
  method: string;
  path: string;
  /** The JSON-RPC method of a POST /mcp, with `+state` when it carries a requestState (a retry). */
  rpc?: string;
}

/**
 * The load balancer: round-robin, except that a request carrying an `Mcp-Session-Id` goes to the
 * instance whose response handed out that id (HAProxy's `stick store-response`). Streams both ways.
 */
async function startBalancer() {
  const backends: Instance[] = [];
  const sessions = new Map<string, Instance>();
  const routed: Routed[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const session = req.headers['mcp-session-id'] as string | undefined;
      const backend = (session && sessions.get(session)) || backends[next++ % backends.length]!;
      let rpc: string | undefined;
      if (req.url === '/mcp' && req.method === 'POST') {
        try {
          const message = JSON.parse(body.toString('utf8'));
          rpc = `${message.method ?? 'response'}${message.params?.requestState ? '+state' : ''}`;
        } catch {
          rpc = 'unparsed';
        }
      }
      routed.push({ instance: backend.name, method: req.method!, path: req.url!, rpc });
      const upstream = httpRequest(
        `${backend.origin}${req.url}`,
        { method: req.method, headers: req.headers as IncomingHttpHeaders },
        (answer) => {
          const id = answer.headers['mcp-session-id'];
          if (typeof id === 'string') sessions.set(id, backend);
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`balancer: ${error.message}`);
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    backends,
    routed,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** The page URL on one instance, whatever origin the client was given. */
const on = (instance: Instance, url: string) => `${instance.origin}${new URL(url).pathname}`;

describe('two `serve --http --db` instances behind a load balancer', { skip }, () => {
  let db: TestDatabase;
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  let a: Instance;
  let b: Instance;

  before(async () => {
    db = await createTestDatabase();
    balancer = await startBalancer();
    // Both start together: the server's migrations run once.
    [a, b] = await Promise.all([
      startServe('A', db.url, balancer.origin),
      startServe('B', db.url, balancer.origin),
    ]);
    balancer.backends.push(a, b);
  });

  after(async () => {
    for (const instance of [a, b]) instance?.child.kill('SIGTERM');
    const codes = await Promise.all([a?.exited, b?.exited]);
    await balancer?.close();
    await db?.drop();
    assert.deepEqual(codes, [0, 0], `both stop cleanly:\n${a?.log()}\n${b?.log()}`);
  });

  test('2025-11-25 (v1 client): the call held on one instance returns what was answered, with a file, on the other', async () => {
    const elicited = deferred<any>();
    const client: TestClient = await connectClient(
      'v1',
      { url: `${balancer.origin}/mcp` },
      async (params) => {
        elicited.resolve(params);
        return { action: 'accept' };
      },
      { elicitation: { form: {}, url: {} } },
    );
    const completed: string[] = [];
    client.raw.setNotificationHandler(ElicitationCompleteNotificationSchema, (n: any) => {
      completed.push(n.params.elicitationId);
    });
    try {
      const call = client.callTool({ name: 'request_form', arguments: { form_schema: FORM } });
      const params = await askedBy(call, elicited.promise);
      assert.equal(params.mode, 'url');
      assert.ok(
        params.url.startsWith(`${balancer.origin}/forms/`),
        `the page is published at the balancer: ${params.url}`,
      );
      const held = balancer.routed.find((r) => r.rpc === 'tools/call')!.instance;
      const sessionRequests = balancer.routed.filter((r) => r.path === '/mcp');
      assert.ok(
        sessionRequests.every((r) => r.instance === held),
        `the session sticks to one instance: ${JSON.stringify(sessionRequests)}`,
      );
      const other = held === 'A' ? b : a;

      const page = await person.open(on(other, params.url));
      assert.equal(page.status, 200);
      assert.match(page.html, /"title":"経費精算"/);
      const uploaded = await person.upload(on(other, params.url), 'receipt', '領収書.txt', 'タクシー 1200円');
      assert.equal(uploaded.status, 201, JSON.stringify(uploaded.json));
      const sent = await person.send(on(other, params.url), {
        action: 'accept',
        values: { purpose: '顧客訪問', receipt: uploaded.json },
      });
      assert.deepEqual(sent, { status: 200, json: { state: 'accept' } });

      const result = await call;
      assert.equal(result.isError, undefined, JSON.stringify(result));
      assert.equal(result.structuredContent.status, 'submitted');
      assert.equal(result.structuredContent.values.purpose, '顧客訪問');
      const receipt = result.structuredContent.values.receipt;
      assert.equal(receipt.name, '領収書.txt');
      assert.ok(receipt.url.startsWith(`${balancer.origin}/forms/`), receipt.url);
      // The agent fetches the file from the reference: whichever instance the balancer picks has it.
      for (const instance of [a, b]) {
        const file = await fetch(on(instance, receipt.url));
        assert.equal(file.status, 200);
        assert.equal(await file.text(), 'タクシー 1200円');
      }
      assert.deepEqual(completed, [params.elicitationId], 'the completion notification came on the session');
    } finally {
      await client.close();
    }
  });

  test('2026-07-28 (v2 client): the retry lands on the other instance and returns the answers given on either', async () => {
    const elicited = deferred<any>();
    const client: TestClient = await connectClient(
      'v2-auto',
      { url: `${balancer.origin}/mcp` },
      async (params) => {
        elicited.resolve(params);
        return { action: 'accept' };
      },
      { elicitation: { form: {}, url: {} } },
    );
    try {
      const before = balancer.routed.length;
      const call = client.callTool({ name: 'request_form', arguments: { form_schema: FORM } });
      const params = await askedBy(call, elicited.promise);
      assert.equal(client.protocolVersion(), '2026-07-28');
      assert.equal(params.mode, 'url');
      assert.equal(params.elicitationId, undefined);
      // The retry is on its way (or waiting already); find where the first round went and where it goes.
      const calls = () => balancer.routed.slice(before).filter((r) => r.rpc?.startsWith('tools/call'));
      const deadline = Date.now() + 20_000;
      while (calls().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      const [first, retry] = calls();
      assert.equal(first?.rpc, 'tools/call');
      assert.equal(retry?.rpc, 'tools/call+state', JSON.stringify(calls()));
      assert.notEqual(retry.instance, first.instance, 'round-robin sent the retry to the other instance');
      const opener = first.instance === 'A' ? a : b;
      const holder = opener === a ? b : a;

      // The page through the balancer, then the file and the answer on the instance that opened the
      // form, not the one holding the retry.
      assert.equal((await person.open(params.url)).status, 200);
      const uploaded = await person.upload(on(opener, params.url), 'receipt', 'r.txt', 'bus 230');
      assert.equal(uploaded.status, 201, JSON.stringify(uploaded.json));
      assert.equal((await person.open(on(holder, params.url))).status, 200);
      const sent = await person.send(on(opener, params.url), {
        action: 'accept',
        values: { purpose: '研修', receipt: uploaded.json },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.json));

      const result = await call;
      assert.equal(result.isError, undefined, JSON.stringify(result));
      assert.equal(result.structuredContent.status, 'submitted');
      assert.deepEqual(result.structuredContent.values, { purpose: '研修', receipt: uploaded.json });
      const file = await fetch(on(holder, uploaded.json.url));
      assert.equal(await file.text(), 'bus 230');
      // A second answer, on the instance that held the call, is refused: the form was answered once.
      const again = await person.send(on(holder, params.url), { action: 'cancel' });
      assert.equal(again.status, 409);
    } finally {
      await client.close();
    }
  });
});
