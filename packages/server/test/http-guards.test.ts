// What the HTTP transport refuses before any MCP code runs: other hosts (DNS rebinding), foreign
// origins, bodies over the limit, other paths, other methods, non-JSON bodies and unknown sessions.
// The form page (/forms/<id>) the same way, on the HTTP listener and on stdio's own loopback listener,
// and its Content-Security-Policy.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import type { FormSchema } from '@formrequest/schema';
import {
  loopbackPageHost,
  MemoryPendingForms,
  type RunningHttpServer,
  startHttpServer,
} from '@formrequest/server';
import { httpClient } from './support.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(
  server: { port: number },
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: options.method ?? 'POST',
        path: options.path ?? '/mcp',
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } },
});
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

let server: RunningHttpServer;
before(async () => {
  server = await startHttpServer({ port: 0, maxBodyBytes: 64 * 1024 });
});
after(async () => {
  await server?.close();
});

test('the URL is /mcp on 127.0.0.1 and a real initialize succeeds', async () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const res = await raw(server, {
    headers: { ...JSON_HEADERS, host: `127.0.0.1:${server.port}` },
    body: INITIALIZE,
  });
  assert.equal(res.status, 200);
  assert.ok(res.headers['mcp-session-id'], 'a 2025 initialize opens a session');
  assert.match(res.body, /"serverInfo":\{"name":"form"/);
});

test('a foreign Host header is refused with 403 (DNS rebinding)', async () => {
  for (const host of ['evil.example.com', `evil.example.com:${0}`, 'localhost.evil.example']) {
    const res = await raw(server, { headers: { ...JSON_HEADERS, host }, body: INITIALIZE });
    assert.equal(res.status, 403, host);
    assert.match(JSON.parse(res.body).error.message, /DNS-rebinding protection/);
  }
  for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`]) {
    const res = await raw(server, { headers: { ...JSON_HEADERS, host }, body: INITIALIZE });
    assert.equal(res.status, 200, host);
  }
});

test("a foreign Origin is refused with 403, and so is a local one on another port; this listener's pass", async () => {
  for (const origin of [
    'http://evil.example.com',
    'https://attacker.test:8443',
    'null',
    'http://localhost',
  ]) {
    const res = await raw(server, { headers: { ...JSON_HEADERS, origin }, body: INITIALIZE });
    assert.equal(res.status, 403, origin);
    assert.match(JSON.parse(res.body).error.message, /Forbidden/);
  }
  // Another app on this machine (a dev server on 5173) is not this server: the port counts.
  for (const origin of [
    'http://localhost:5173',
    `http://127.0.0.1:${server.port + 1}`,
    'http://[::1]:5173',
  ]) {
    const res = await raw(server, { headers: { ...JSON_HEADERS, origin }, body: INITIALIZE });
    assert.equal(res.status, 403, origin);
    assert.match(
      JSON.parse(res.body).error.message,
      /Forbidden origin\. Requests from .* are refused: only pages of this server/,
    );
  }
  // A page of this very origin (its Host is the same name and port).
  for (const origin of [`http://localhost:${server.port}`, `http://127.0.0.1:${server.port}`]) {
    const host = new URL(origin).host;
    const ok = await raw(server, { headers: { ...JSON_HEADERS, origin, host }, body: INITIALIZE });
    assert.equal(ok.status, 200, origin);
  }
});

test('a body over the limit gets a clear 413, declared or streamed', async () => {
  const big = JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/list',
    params: { pad: 'x'.repeat(100 * 1024) },
  });
  const declared = await raw(server, { headers: JSON_HEADERS, body: big });
  assert.equal(declared.status, 413);
  assert.equal(JSON.parse(declared.body).error.message, 'Request body too large: the limit is 65536 bytes.');
  const streamed = await raw(server, {
    headers: { ...JSON_HEADERS, 'transfer-encoding': 'chunked' },
    body: big,
  });
  assert.equal(streamed.status, 413);
  // The server still works after refusing.
  const client = await httpClient('v1', server.url);
  assert.ok((await client.listTools()).tools.length >= 1);
  await client.close();
});

test('other paths are 404 and name the endpoint', async () => {
  for (const path of ['/', '/mcp/extra', '/sse', '/favicon.ico']) {
    const res = await raw(server, { method: 'GET', path });
    assert.equal(res.status, 404, path);
    assert.match(JSON.parse(res.body).error, /The MCP endpoint of this server is \/mcp/);
  }
});

test('other methods are 405, non-JSON bodies 415, broken JSON 400', async () => {
  const put = await raw(server, { method: 'PUT', headers: JSON_HEADERS, body: '{}' });
  assert.equal(put.status, 405);
  assert.equal(put.headers.allow, 'GET, POST, DELETE');
  const text = await raw(server, { headers: { 'content-type': 'text/plain' }, body: INITIALIZE });
  assert.equal(text.status, 415);
  const broken = await raw(server, { headers: JSON_HEADERS, body: '{"jsonrpc": "2.0", ' });
  assert.equal(broken.status, 400);
  assert.equal(JSON.parse(broken.body).error.code, -32700);
});

test('a body nested thousands of levels deep is a clear 400, not a stack overflow', async () => {
  const deep = `${'{"a":'.repeat(8000)}1${'}'.repeat(8000)}`;
  const body = `{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "request_form", "arguments": {"form_schema": ${deep}}}}`;
  const res = await raw(server, { headers: JSON_HEADERS, body });
  assert.equal(res.status, 400);
  const { error } = JSON.parse(res.body);
  assert.equal(error.code, -32600);
  assert.match(error.message, /more than 1000 levels deep; send a flatter message/);
});

test('2025 requests need a session: unknown session 404, no session 400', async () => {
  const list = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
  const unknown = await raw(server, { headers: { ...JSON_HEADERS, 'mcp-session-id': 'nope' }, body: list });
  assert.equal(unknown.status, 404);
  const none = await raw(server, { headers: JSON_HEADERS, body: list });
  assert.equal(none.status, 400);
  assert.match(JSON.parse(none.body).error.message, /initialize/);
});

test('a server bound to 0.0.0.0 still refuses foreign hosts; allowedHosts extends the list', async () => {
  const open = await startHttpServer({ port: 0, host: '0.0.0.0', allowedHosts: ['formrequest.internal'] });
  try {
    const evil = await raw(open, {
      headers: { ...JSON_HEADERS, host: 'evil.example.com' },
      body: INITIALIZE,
    });
    assert.equal(evil.status, 403);
    const named = await raw(open, {
      headers: { ...JSON_HEADERS, host: 'formrequest.internal' },
      body: INITIALIZE,
    });
    assert.equal(named.status, 200);
  } finally {
    await open.close();
  }
});

test('behind a load balancer that ends TLS: pageOrigin names the pages, its host is admitted, answers from it are taken', async () => {
  const published = await startHttpServer({ port: 0, pageOrigin: 'https://forms.example.com' });
  try {
    const form = await published.forms.open({
      schema: { title: 'T', fields: [{ name: 'a', type: 'text', label: 'A' }] },
      serverName: 'form',
    });
    const behind = { host: 'forms.example.com', 'x-forwarded-proto': 'https' };
    const page = await raw(published, { method: 'GET', path: `/forms/${form.id}`, headers: behind });
    assert.equal(page.status, 200);
    const answer = (origin: string) =>
      raw(published, {
        path: `/forms/${form.id}`,
        headers: { ...behind, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'accept', values: { a: 'x' } }),
      });
    assert.equal((await answer('https://evil.example.com')).status, 403, 'another origin is refused');
    assert.equal((await answer('http://forms.example.com:8443')).status, 403);
    const taken = await answer('https://forms.example.com');
    assert.equal(taken.status, 200, taken.body);
    assert.deepEqual((await published.forms.get(form.id))?.outcome, { action: 'accept', values: { a: 'x' } });
    const mcp = await raw(published, {
      headers: { ...JSON_HEADERS, host: 'forms.example.com' },
      body: INITIALIZE,
    });
    assert.equal(mcp.status, 200, 'the MCP endpoint answers at the published host too');
    await assert.rejects(
      startHttpServer({ port: 0, pageOrigin: 'https://forms.example.com/app' }),
      /The page origin must be http:\/\/ or https:\/\/ with a host and an optional port and nothing after it/,
    );
  } finally {
    await published.close();
  }
});

const PAGE_FORM: FormSchema = { title: 'T', fields: [{ name: 'a', type: 'text', label: 'A' }] };
const ANSWER = JSON.stringify({ action: 'accept', values: { a: 'x' } });

/**
 * The form page's guards on a listener at `port`: a foreign Host is refused for GET (DNS rebinding),
 * an answer without an Origin or from another origin is refused, and the page's own origin is taken.
 */
async function assertPageGuards(
  listener: { port: number },
  forms: { get(id: string): Promise<any> },
  id: string,
) {
  const path = `/forms/${id}`;
  const own = `127.0.0.1:${listener.port}`;
  for (const host of ['evil.example.com', `evil.example.com:${listener.port}`]) {
    const page = await raw(listener, { method: 'GET', path, headers: { host } });
    assert.equal(page.status, 403, host);
    // The HTTP listener refuses it before routing (a JSON-RPC error); the loopback one in the page routes.
    const { error } = JSON.parse(page.body);
    assert.match(typeof error === 'string' ? error : error.message, /DNS-rebinding protection/);
  }
  assert.equal((await raw(listener, { method: 'GET', path, headers: { host: own } })).status, 200);
  const post = (headers: Record<string, string>) =>
    raw(listener, {
      path,
      headers: { host: own, 'content-type': 'application/json', ...headers },
      body: ANSWER,
    });
  for (const headers of [
    {},
    { origin: 'http://evil.example.com' },
    { origin: `http://localhost.evil.example:${listener.port}` },
  ]) {
    const refused = await post(headers as Record<string, string>);
    assert.equal(refused.status, 403, JSON.stringify(headers));
    // A foreign Origin may be refused by the HTTP listener before the page routes (a JSON-RPC error).
    const { error } = JSON.parse(refused.body);
    assert.match(typeof error === 'string' ? error : error.message, /^Forbidden/);
  }
  assert.equal((await forms.get(id))?.outcome, undefined, 'nothing refused was taken');
  const taken = await post({ origin: `http://${own}` });
  assert.equal(taken.status, 200, taken.body);
  assert.deepEqual((await forms.get(id))?.outcome, { action: 'accept', values: { a: 'x' } });
}

/** The connect-src directive of a CSP header, exactly. */
function connectSrc(csp: unknown): string | undefined {
  return String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('connect-src'));
}

test('the form page over HTTP: a foreign Host is 403; an answer with no Origin or a foreign one is 403', async () => {
  const form = await server.forms.open({ schema: PAGE_FORM, serverName: 'form' });
  await assertPageGuards(server, server.forms, form.id);
});

test("the form page on stdio's loopback listener: the same guards, and connect-src exactly itself and the endpoints", async () => {
  const forms = new MemoryPendingForms();
  const host = loopbackPageHost({
    forms,
    config: {
      endpoints: [
        { purpose: 'users', url: 'https://api.example.com/users/search' },
        { purpose: 'projects', url: 'https://api.example.com/projects/search' },
        { purpose: 'places', url: 'https://geo.example.org:8443/places?x=1' },
      ],
    },
    log: () => {},
  });
  try {
    const form = await forms.open({ schema: PAGE_FORM, serverName: 'form' });
    const url = new URL(await host.url(form.id));
    assert.equal(url.hostname, '127.0.0.1');
    const listener = { port: Number(url.port) };
    const page = await raw(listener, { method: 'GET', path: url.pathname, headers: { host: url.host } });
    assert.equal(
      connectSrc(page.headers['content-security-policy']),
      "connect-src 'self' https://api.example.com https://geo.example.org:8443",
    );
    await assertPageGuards(listener, forms, form.id);
  } finally {
    await host.close();
  }
});

test('with no endpoints the page may connect to itself only', async () => {
  const form = await server.forms.open({ schema: PAGE_FORM, serverName: 'form' });
  const page = await raw(server, {
    method: 'GET',
    path: `/forms/${form.id}`,
    headers: { host: `127.0.0.1:${server.port}` },
  });
  assert.equal(page.status, 200);
  assert.equal(connectSrc(page.headers['content-security-policy']), "connect-src 'self'");
});
