// Slow and greedy clients: a body that trickles in, a chunked body that never ends, and more open
// connections than the host takes (answered 503 with Retry-After). Each is cut within its bound and the host keeps serving others.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, before, test } from 'node:test';
import type { RunningHost } from '../src/index.js';
import { listConversations, pageToken, startTestHost } from './helpers.js';

let host: RunningHost;
before(async () => {
  host = await startTestHost({ requestTimeoutMs: 1500, maxConnections: 8 });
});
after(() => host.close());

async function open(): Promise<Socket> {
  const socket = connect(Number(new URL(host.url).port), '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

/** Resolves with what the server sent and how long it took to close the socket. */
function untilClosed(socket: Socket, started: number): Promise<{ text: string; ms: number }> {
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('latin1');
  });
  // A write racing the server's close ends in ECONNRESET (Node 24 resets where Node 20 ends quietly);
  // what the test checks is the response and the close, which still come.
  socket.on('error', () => {});
  return new Promise((resolve) => socket.once('close', () => resolve({ text, ms: Date.now() - started })));
}

test('a chunked body that never ends, sent a byte at a time, is cut with 408 within the request timeout', async () => {
  const token = await pageToken(host);
  const before = (await listConversations(host, '?limit=200')).length;
  const socket = await open();
  const started = Date.now();
  const closed = untilClosed(socket, started);
  socket.write(
    `POST /api/execute HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-FormRequest-Token: ${token}\r\nTransfer-Encoding: chunked\r\n\r\n`,
  );
  const drip = setInterval(() => {
    if (!socket.destroyed) socket.write('1\r\n \r\n');
  }, 100);
  const { text, ms } = await closed;
  clearInterval(drip);
  assert.match(text, /^HTTP\/1\.1 408/);
  assert.ok(ms < 1500 + 2000, `closed after ${ms} ms`);
  assert.equal((await listConversations(host, '?limit=200')).length, before, 'nothing was started');
});

test('a body slower than the timeout (Content-Length never reached) is cut too; others are served meanwhile', async () => {
  const token = await pageToken(host);
  const socket = await open();
  const started = Date.now();
  const closed = untilClosed(socket, started);
  socket.write(
    `POST /api/execute HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-FormRequest-Token: ${token}\r\nContent-Length: 1000\r\n\r\n{"message":`,
  );
  const other = await fetch(`${host.url}/api/conversations`);
  assert.equal(other.status, 200, 'the host answers others while one client stalls');
  const { text, ms } = await closed;
  assert.match(text, /^HTTP\/1\.1 408/);
  assert.ok(ms < 1500 + 2000, `closed after ${ms} ms`);
});

test('a request on a connection past the cap is answered 503 with Retry-After, not reset; the host serves again when they go', async () => {
  const held: Socket[] = [];
  try {
    for (let i = 0; i < 8; i++) held.push(await open());
    const extra = await open();
    const started = Date.now();
    const closed = untilClosed(extra, started);
    extra.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${new URL(host.url).port}\r\n\r\n`);
    const { text, ms } = await closed;
    assert.match(text, /^HTTP\/1\.1 503/);
    assert.match(text, /\r\nretry-after: \d+\r\n/i);
    assert.match(text, /"code":"over_capacity"/);
    assert.ok(ms < 1000, `answered and closed at once (${ms} ms)`);
    // One that sends nothing is closed after the short deadline of a socket over the cap.
    const silent = await open();
    const quiet = await untilClosed(silent, Date.now());
    assert.ok(quiet.ms < 2000 + 1000, `a silent socket over the cap is closed (${quiet.ms} ms)`);
  } finally {
    for (const socket of held) socket.destroy();
  }
  await new Promise((r) => setTimeout(r, 100));
  assert.equal((await fetch(`${host.url}/api/conversations`)).status, 200);
});
