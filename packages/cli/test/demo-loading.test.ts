// `formrequest demo` loads the host only when it runs; a missing host is named with the command that
// installs it. The install test (scripts/release/install.test.mjs)
// checks the same with real installs; these pin the wording and the classification.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_DB_PATH as HOST_DB, DEFAULT_PORT as HOST_PORT } from '@formrequest/host';
import { repoRoot } from '../../../testing/cli.ts';
import demo, { DEFAULT_DB_PATH, DEFAULT_PORT, loadHost } from '../src/verbs/demo.ts';

const version = JSON.parse(readFileSync(join(repoRoot, 'packages/cli/package.json'), 'utf8')).version;
const notFound = (name: string) =>
  Object.assign(new Error(`Cannot find package '${name}' imported from /x/node_modules/y/dist/z.js`), {
    code: 'ERR_MODULE_NOT_FOUND',
  });

test("demo's usage shows the host's real defaults", () => {
  assert.equal(DEFAULT_PORT, HOST_PORT);
  assert.equal(DEFAULT_DB_PATH, HOST_DB);
  assert.match(demo.usage, new RegExp(`default \\$PORT or ${HOST_PORT}`));
});

test('a missing host names the package, the version and both ways to install it', async () => {
  const said = await loadHost(() => Promise.reject(notFound('@formrequest/host')));
  assert.equal(typeof said, 'string');
  assert.match(said as string, /@formrequest\/host, which is not installed/);
  assert.ok((said as string).includes(`npm install @formrequest/host@${version}`));
  assert.ok(
    (said as string).includes(
      `npx -y -p formrequest@${version} -p @formrequest/host@${version} formrequest demo`,
    ),
  );
});

test('other failures to load the host are not hidden', async () => {
  await assert.rejects(
    loadHost(() => Promise.reject(new SyntaxError('broken'))),
    /broken/,
  );
  await assert.rejects(
    loadHost(() => Promise.reject(notFound('hono'))),
    /hono/,
  );
});

test('the host loads from the workspace', async () => {
  const host = await loadHost();
  assert.equal(typeof host, 'object');
  assert.equal(typeof (host as { startHost: unknown }).startHost, 'function');
});
