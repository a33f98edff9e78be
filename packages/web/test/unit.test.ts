// Unit tests that need no browser: the search loader's error handling and the bundle's shape.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { bundleText } from '../scripts/bundle.mjs';
import { loadItems } from '../src/load.ts';
import { CSS } from '../src/styles.ts';

const answer = (body: string, status = 200) => (async () => new Response(body, { status })) as typeof fetch;
const load = (f: typeof fetch, signals: AbortSignal[] = []) =>
  loadItems(f, 'http://127.0.0.1/x', signals, 'omit');

test('loadItems reads a JSON list or a {items|results|data} wrapper and keeps objects only', async () => {
  assert.deepEqual(await load(answer('[{"id":1},2,null,{"id":3}]')), [{ id: 1 }, { id: 3 }]);
  assert.deepEqual(await load(answer('{"items":[{"id":1}]}')), [{ id: 1 }]);
  assert.deepEqual(await load(answer('{"results":[{"id":2}]}')), [{ id: 2 }]);
  assert.deepEqual(await load(answer('{"data":[]}')), []);
});

test('loadItems rejects a failing status, non-JSON, a wrong shape, and an aborted request', async () => {
  await assert.rejects(load(answer('[]', 500)), /HTTP 500/);
  await assert.rejects(load(answer('<html>')), SyntaxError);
  await assert.rejects(load(answer('{"total":3}')), /did not return a JSON list/);
  const stop = new AbortController();
  const hang = ((_url: string, init: RequestInit) =>
    new Promise((_, reject) =>
      init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
    )) as typeof fetch;
  const pending = load(hang, [stop.signal]);
  stop.abort();
  await assert.rejects(pending);
});

test('loadItems sends the credentials mode it is given and asks for JSON', async () => {
  let seen: RequestInit | undefined;
  const spy = (async (_url: string, init: RequestInit) => {
    seen = init;
    return new Response('[]');
  }) as typeof fetch;
  await load(spy);
  assert.equal(seen?.credentials, 'omit');
  assert.deepEqual(seen?.headers, { accept: 'application/json' });
});

test('the stylesheet themes through --fr-* variables, light and dark, and adapts to phone width', () => {
  for (const v of [
    '--fr-bg',
    '--fr-fg',
    '--fr-accent',
    '--fr-error',
    '--fr-border',
    '--fr-radius',
    '--fr-font',
  ]) {
    assert.ok(CSS.includes(`${v}:`), v);
  }
  assert.match(CSS, /prefers-color-scheme:dark/);
  assert.match(CSS, /\[data-theme=dark\]/);
  assert.match(CSS, /max-width:480px/);
});

test('the bundle is one self-contained module: no imports, no HTML sinks, no native RegExp, CSS inside', async () => {
  const js = await bundleText();
  assert.doesNotMatch(js, /(^|[;\s])import[\s{*]/, 'no static imports');
  assert.doesNotMatch(js, /import\(/, 'no dynamic imports');
  assert.doesNotMatch(
    js,
    /innerHTML|outerHTML|insertAdjacentHTML|document\.write/,
    'strings never become markup',
  );
  // Form patterns run on the schema package's own linear-time engine, the same as on the server.
  assert.doesNotMatch(js, /RegExp\(/, "no pattern reaches the browser's backtracking RegExp");
  assert.match(js, /--fr-accent/);
  assert.match(js, /customElements\.define/);
  assert.match(js, /export\{/);
  // Guard against accidental growth (e.g. a heavy dependency pulled in); the 12 KB target is tracked by
  // `npm run bench web`, which reports the exact size.
  const size = gzipSync(js, { level: 9 }).length;
  assert.ok(size < 24 * 1024, `gzip size ${size} B`);
});
