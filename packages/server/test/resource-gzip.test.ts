// The Apps widget's HTML over Streamable HTTP: a 2026-07-28 client that accepts gzip gets the
// resources/read answer gzipped (one JSON body); a 2025 session's event stream and every other method
// go as they are. Real SDK clients (v1 and v2) on the real HTTP server; the transport's own fetch
// decompresses, so the text read is the widget byte for byte.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { type RunningHttpServer, startHttpServer } from '@formrequest/server';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const WIDGET = resolve(import.meta.dirname, '../dist/request-form.html');

let server: RunningHttpServer;
before(async () => {
  server = await startHttpServer({ port: 0, config: {}, log: () => {} });
});
after(async () => {
  await server?.close();
});

interface Seen {
  method: string;
  type: string | null;
  encoding: string | null;
}

/** A fetch that asks for gzip and notes each answer's content type and encoding, by JSON-RPC method. */
function watchingFetch(seen: Seen[]): typeof fetch {
  return async (url, init) => {
    const headers = new Headers(init?.headers);
    headers.set('accept-encoding', 'gzip');
    const response = await fetch(url, { ...init, headers });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : {};
    if (body.method)
      seen.push({
        method: body.method,
        type: response.headers.get('content-type'),
        encoding: response.headers.get('content-encoding'),
      });
    return response;
  };
}

test('2026-07-28: the widget resource goes gzipped to a client that accepts gzip; other methods do not', async () => {
  const seen: Seen[] = [];
  const client = new V2Client({ name: 'gzip-test', version: '0' }, {
    versionNegotiation: { mode: 'auto' },
  } as never);
  await client.connect(new V2Http(new URL(server.url), { fetch: watchingFetch(seen) }));
  try {
    const { resources } = await client.listResources();
    const uri = resources.find((r) => r.uri.endsWith('request-form.html'))?.uri;
    assert.ok(uri, 'the widget resource is listed');
    const read = await client.readResource({ uri });
    const content = read.contents[0] as { text: string; mimeType: string };
    assert.equal(content.mimeType, 'text/html;profile=mcp-app');
    assert.equal(content.text, readFileSync(WIDGET, 'utf8'), 'the widget, byte for byte');
    const answer = seen.find((s) => s.method === 'resources/read');
    assert.match(answer?.type ?? '', /^application\/json/);
    assert.equal(answer?.encoding, 'gzip');
    const list = seen.find((s) => s.method === 'resources/list');
    assert.equal(list?.encoding, null, 'only resources/read is compressed');
  } finally {
    await client.close();
  }
});

test('2025-11-25 session: resources/read answers on an event stream, not compressed (events must not wait)', async () => {
  const seen: Seen[] = [];
  const client = new V1Client({ name: 'gzip-test', version: '0' });
  await client.connect(new V1Http(new URL(server.url), { fetch: watchingFetch(seen) }));
  try {
    const { resources } = await client.listResources();
    const read = await client.readResource({ uri: resources[0]!.uri });
    assert.equal((read.contents[0] as { text: string }).text, readFileSync(WIDGET, 'utf8'));
    const answer = seen.find((s) => s.method === 'resources/read');
    assert.match(answer?.type ?? '', /^text\/event-stream/);
    assert.equal(answer?.encoding, null);
  } finally {
    await client.close();
  }
});
