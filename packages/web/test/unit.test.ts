// Unit tests that need no browser: the search loader's error handling and the bundle's shape.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { type MessageKey, t } from '@formrequest/schema';
import { bundleFiles, ON_DEMAND, stripDocs } from '../scripts/bundle.mjs';
import { loadItems } from '../src/load.ts';
import { CSS } from '../src/styles.ts';
import { FIRST } from '../src/words.ts';

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

test('the stylesheet reads public --fr-* variables with fallbacks and never declares them', () => {
  for (const v of [
    '--fr-bg',
    '--fr-fg',
    '--fr-muted',
    '--fr-border',
    '--fr-field',
    '--fr-accent',
    '--fr-accent-fg',
    '--fr-error',
    '--fr-chip',
    '--fr-focus',
    '--fr-radius',
    '--fr-gap',
    '--fr-font',
    '--fr-font-size',
  ]) {
    assert.ok(CSS.includes(`var(${v},`), `${v} is read with a fallback`);
    assert.ok(!CSS.includes(`${v}:`), `${v} is never declared (a page's value on any ancestor wins)`);
  }
  assert.match(CSS, /light-dark\(/);
  assert.match(CSS, /:where\(\[data-theme=dark\] \.fr\)/);
  assert.match(CSS, /max-width:480px/);
});

/** The main module's budget (issue 24): 15 KB gzip -9, so the next feature has room; the goal stays 12 KB. */
const MAIN_BUDGET = 15 * 1024;

test('the bundle: one module with no static imports, no HTML sinks, no docs; the on-demand parts beside it', async () => {
  const files = await bundleFiles();
  const js = files['formrequest.js']!;
  assert.doesNotMatch(js, /(^|[;\s])import[\s{*]/, 'no static imports');
  const onDemand = Object.values(ON_DEMAND).sort();
  assert.deepEqual(
    [...new Set(js.match(/import\([^)]*\)/g))].sort(),
    onDemand.map((file) => `import("./${file}")`),
    'each on-demand module is a real import() of its file',
  );
  assert.deepEqual(Object.keys(files).sort(), ['formrequest.css', 'formrequest.js', ...onDemand].sort());
  for (const chunk of onDemand)
    assert.doesNotMatch(files[chunk]!, /(^|[;\s])import[\s{*(]/, `${chunk} stands alone`);
  assert.doesNotMatch(js, /RegExp\(/, "no pattern reaches the browser's backtracking RegExp");
  assert.doesNotMatch(files['formrequest-pattern.js']!, /RegExp\(/, 'nor in the pattern engine');
  assert.doesNotMatch(
    js,
    /must be at least|is not selected yet/,
    'English validation messages load on demand',
  );
  assert.match(files['formrequest-en.js']!, /must be at least \{n\} characters/);
  assert.doesNotMatch(
    js,
    /innerHTML|outerHTML|insertAdjacentHTML|document\.write/,
    'strings never become markup',
  );
  for (const chunk of onDemand)
    assert.doesNotMatch(files[chunk]!, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/, chunk);
  assert.doesNotMatch(js, /Label shown to the person|Search endpoint/, "the catalog's docs are left out");
  assert.doesNotMatch(js, /nameが指定されていません|has no name/, 'the schema-error sentences are left out');
  assert.match(files['formrequest-sentences.js']!, /nameが指定されていません/);
  assert.doesNotMatch(js, /multiplechoice|maxsizebytes/, "the reader's tables are left out");
  assert.match(files['formrequest-reader.js']!, /multiplechoice/);
  assert.doesNotMatch(js, /role:"combobox"|aria-activedescendant/, 'the fields that fetch are left out');
  assert.match(files['formrequest-remote.js']!, /aria-activedescendant/);
  assert.equal(files['formrequest.css'], `${CSS}\n`);
  assert.match(js, /--fr-accent/);
  assert.match(js, /customElements\.define/);
  assert.match(js, /export\{/);
  // The budget (`npm run bench web` says where the bytes go).
  const size = gzipSync(js, { level: 9 }).length;
  assert.ok(size <= MAIN_BUDGET, `the main module is ${size} B gzip, over the ${MAIN_BUDGET} B budget`);
});

test("the English drawn with a form before the rest of English arrives is the catalog's own", () => {
  for (const [key, text] of Object.entries(FIRST)) assert.equal(text, t('en', key as MessageKey), key);
});

test('stripDocs drops every doc string and refuses one it cannot drop', () => {
  assert.equal(
    stripDocs("const a = { kind: 'string', doc: 'It\\'s a \"doc\".' };"),
    "const a = { kind: 'string',  };",
  );
  assert.equal(stripDocs('x = {\n  doc:\n    "two lines",\n};'), 'x = {\n  \n};');
  const $ = '$'; // the sources below hold template literals with ${...} in them
  assert.equal(stripDocs(`x = { doc: \`Pattern: ${$}{PATTERN_SYNTAX}\` };`), 'x = {  };');
  assert.throws(() => stripDocs("x = { doc: 'a' + 'b' }"), /not one string literal/);
  assert.throws(() => stripDocs(`x = { doc: \`a ${$}{f(1)}\` }`), /not one string literal/);
});
