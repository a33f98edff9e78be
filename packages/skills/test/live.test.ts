// Reading live MCP servers with the official SDK client: a stdio fixture that pages tools/list, our
// own `form` server over Streamable HTTP, and servers that fail to start, exit, or never answer.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { startHttpServer } from '@formrequest/server';
import { checkCatalog, LiveServerError, readLiveServer, toJs } from '@formrequest/skills';
import { sourcesHook } from '../../../testing/cli.ts';

const fixture = resolve(import.meta.dirname, 'fixtures/paged-server.ts');
const node = (...args: string[]) => ({
  command: process.execPath,
  args: ['--import', sourcesHook, fixture, ...args],
});

test('stdio: every page of tools/list, unknown keys, _meta, annotations and resources come through', async () => {
  const server = toJs(await readLiveServer(node(), { timeoutMs: 30_000 })) as any;
  assert.equal(server.id, 'fixture.Paged Server');
  assert.equal(server.status, 'online');
  assert.deepEqual(
    server.tools.map((t: any) => t.name),
    ['search_items', 'show_items', 'set_value', 'ping', 'open_board'],
    'three pages of two',
  );
  const search = server.tools![0]!;
  assert.equal((search.inputSchema!.properties as any).query['x-vendor-hint'], 'free text');
  assert.deepEqual(search.annotations, {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  });
  assert.equal((server.tools![1]!._meta as any).ui.resourceUri, 'ui://widget/items.html');
  assert.deepEqual((server.tools![2]!.inputSchema!.properties as any).value.oneOf, [
    { type: 'string' },
    { type: 'number' },
  ]);
  assert.deepEqual(
    server.resources.map((r: any) => r.uri),
    ['ui://widget/items.html'],
  );
  assert.equal(checkCatalog({ servers: [server] }).servers.length, 1, 'the result is a valid catalog');
});

test('stdio: --id overrides the reported name', async () => {
  const server = await readLiveServer(node(), { id: 'paged', timeoutMs: 30_000 });
  assert.equal(server.get('id'), 'paged');
});

test('HTTP: our own form server over Streamable HTTP', async () => {
  const http = await startHttpServer({ port: 0, log: () => {} });
  try {
    const server = toJs(await readLiveServer({ url: http.url }, { timeoutMs: 30_000 })) as any;
    assert.equal(server.id, 'form');
    assert.ok(server.tools.some((t: any) => t.name === 'request_form'));
  } finally {
    await http.close();
  }
});

test('a server that exits before answering: the error says so and shows its stderr', async () => {
  // A generous limit: the point is the message once it stops, not how fast a loaded machine starts it.
  await assert.rejects(readLiveServer(node('--exit-at-once'), { timeoutMs: 90_000 }), (e: Error) => {
    assert.ok(e instanceof LiveServerError);
    assert.match(e.message, /stopped before answering/);
    assert.match(e.message, /fixture: configuration file missing/);
    return true;
  });
});

test('a server that never answers times out with a clear message', async () => {
  const started = Date.now();
  await assert.rejects(
    readLiveServer(node('--silent'), { timeoutMs: 2_000 }),
    /did not answer within 2 s\. Check that it is an MCP server/,
  );
  assert.ok(Date.now() - started < 15_000);
});

test('a command that does not exist, and a URL nobody listens on', async () => {
  await assert.rejects(
    readLiveServer({ command: 'formrequest-no-such-command' }),
    /command 'formrequest-no-such-command' not found/,
  );
  await assert.rejects(
    readLiveServer({ url: 'http://127.0.0.1:9/mcp' }, { timeoutMs: 10_000 }),
    /cannot reach the MCP server at http:\/\/127\.0\.0\.1:9\/mcp/,
  );
  await assert.rejects(readLiveServer({ url: 'not a url' }), /is not a URL/);
});

test('a server whose tools/list pages never end: an error naming the cap, never a partial list', async () => {
  await assert.rejects(readLiveServer(node('--forever'), { timeoutMs: 120_000 }), (e: Error) => {
    assert.ok(e instanceof LiveServerError);
    assert.match(e.message, /tools\/list still had a next page after 1000 pages \(1000 tools so far\)/);
    return true;
  });
});

test('a resources/list cursor seen twice is an error too', async () => {
  await assert.rejects(
    readLiveServer(node('--loop-resources'), { timeoutMs: 30_000 }),
    /resources\/list returned the cursor 'again' twice/,
  );
});

test('a line on stdout that is not JSON-RPC is reported at once, not after the timeout', async () => {
  const started = Date.now();
  await assert.rejects(readLiveServer(node('--chatty'), { timeoutMs: 60_000 }), (e: Error) => {
    assert.ok(e instanceof LiveServerError);
    assert.match(e.message, /wrote a line on stdout that is not JSON-RPC .*"listing tools\.\.\."/);
    return true;
  });
  assert.ok(Date.now() - started < 30_000, 'well before the 60 s timeout');
});

test('the server instructions from initialize are kept', async () => {
  const server = toJs(await readLiveServer(node(), { timeoutMs: 30_000 })) as any;
  assert.equal(
    server.instructions,
    'Search first, then show the items.\n\nNever call set_value without asking.',
  );
});
