// Gone callers: a 2025 client over Streamable HTTP whose connection drops while its call waits on the
// form page (no cancel sent) can never receive the answer. The server cancels that call itself, so the
// page refuses the answer (409, state "closed": the agent is no longer waiting) instead of accepting it.
// A stdio server whose client died keeps its page up a while to say the same.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { type RunningHttpServer, startHttpServer } from '@formrequest/server';
import { cliCommand } from '../../../testing/cli.ts';
import { connectClient, person } from './support.ts';

const FORM = {
  title: '資料の提出',
  fields: [{ name: 'memo', type: 'text', label: 'メモ' }],
};

let http: RunningHttpServer;
before(async () => {
  http = await startHttpServer({
    port: 0,
    config: { elicitation: 'auto', urlMode: true, progressIntervalMs: 100 },
  });
});
after(() => http.close());

// FORMREQUEST_GONE_CALLERS=1000 runs the full count (about five times as long).
const CALLERS = Number(process.env.FORMREQUEST_GONE_CALLERS) || 200;

test(`${CALLERS} URL-mode callers dropped mid-call: 0 pages say accepted`, async () => {
  const callers = CALLERS;
  // A hundred at a time: a thousand connects at once overflow the listen backlog (a test artefact).
  const urls: string[] = [];
  for (let batch = 0; batch < callers; batch += 100) {
    urls.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, callers - batch) }, async () => {
          let asked!: (url: string) => void;
          const url = new Promise<string>((resolve) => {
            asked = resolve;
          });
          const client = await connectClient(
            'v1',
            { url: http.url },
            async (params: any) => {
              asked(params.url);
              return { action: 'accept' };
            },
            // URL mode only: the client's own form dialog is not offered, so the form goes to the page.
            { elicitation: { url: {} } },
          );
          const call = client
            .callTool({ name: 'request_form', arguments: { form_schema: FORM } })
            .catch(() => {});
          const page = await url;
          // The client goes away without a word (its process died, its network dropped).
          await client.close();
          await call;
          return page;
        }),
      )),
    );
  }
  let accepted = 0;
  let closed = 0;
  // The person answers a moment later (the socket's close reaches the server at once).
  await new Promise((r) => setTimeout(r, 500));
  for (const url of urls) {
    const sent = await person.send(url, { action: 'accept', values: { memo: 'x' } });
    if (sent.status === 200) accepted++;
    if (sent.status === 409 && sent.json.state === 'closed') closed++;
  }
  console.log(
    `# fault gone callers: ${callers} URL-mode callers dropped mid-call, ${accepted} pages said accepted, ${closed} said closed`,
  );
  assert.equal(accepted, 0);
  assert.equal(closed, callers);
});

test('a stdio client that dies while a form waits: the page stays up a while and says nobody waits', async () => {
  const [command, args] = cliCommand('serve', '--elicitation', 'auto');
  const child = spawn(command, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, FORMREQUEST_GONE_GRACE_MS: '3000' },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const lines = createInterface({ input: child.stdout });
  const messages: any[] = [];
  const waiters: Array<() => void> = [];
  lines.on('line', (line) => {
    messages.push(JSON.parse(line));
    for (const wake of waiters.splice(0)) wake();
  });
  const next = async (match: (m: any) => boolean) => {
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  try {
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { elicitation: { url: {} } },
        clientInfo: { name: 'dies', version: '0' },
      },
    });
    await next((m) => m.id === 1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'request_form', arguments: { form_schema: FORM } },
    });
    const asked = await next((m) => m.method === 'elicitation/create');
    const url = asked.params.url as string;
    // The client dies: its end of stdin closes, no cancel, no answer to the elicitation.
    child.stdin.end();
    await new Promise((r) => setTimeout(r, 500));
    const page = await fetch(url);
    assert.equal(page.status, 200, 'the page is still served');
    const sent = await person.send(url, { action: 'accept', values: { memo: 'x' } });
    assert.equal(sent.status, 409);
    assert.equal(sent.json.state, 'closed');
    assert.match(err, /form\(s\) unanswered; their pages say the agent is no longer waiting/);
    assert.equal(await exited, 0, 'and the server exits after the grace period');
  } finally {
    child.kill();
  }
});
