// The run's shared Chromium (scripts/runner/shared-browser.mjs, testing/browser.ts): files connect to
// one browser, each sees only its own contexts, one file closing its connection leaves the others
// working, and a shared browser that is gone makes a file launch its own instead of failing.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { afterEach, test } from 'node:test';
import { launchBrowser, SHARED_BROWSER_ENV } from '../../testing/browser.ts';
import { startSharedBrowser } from '../runner/shared-browser.mjs';

const root = resolve(import.meta.dirname, '../..');
const outer = process.env[SHARED_BROWSER_ENV];
afterEach(() => {
  if (outer === undefined) delete process.env[SHARED_BROWSER_ENV];
  else process.env[SHARED_BROWSER_ENV] = outer;
  delete process.env.FORMREQUEST_TEST_SHARED_BROWSER;
});

test('two files connect to one Chromium: separate contexts, and one leaving does not end the other', async () => {
  delete process.env[SHARED_BROWSER_ENV];
  const shared = await startSharedBrowser(root);
  try {
    const endpoint = shared.env[SHARED_BROWSER_ENV];
    assert.match(endpoint ?? '', /^ws:\/\/127\.0\.0\.1:\d+\//);
    process.env[SHARED_BROWSER_ENV] = endpoint;
    const [one, two] = await Promise.all([launchBrowser(), launchBrowser()]);
    const page = await (await one.newContext()).newPage();
    await page.setContent('<p>one</p>');
    assert.equal(one.contexts().length, 1);
    assert.equal(two.contexts().length, 0, "a file does not see another file's contexts");
    await one.close();
    const other = await (await two.newContext()).newPage();
    await other.setContent('<p>two</p>');
    assert.equal(await other.textContent('p'), 'two');
    // A connection, not a Chromium of its own: it ends with the shared one.
    const gone = new Promise((ended) => two.once('disconnected', ended));
    await shared.close();
    await gone;
  } finally {
    await shared.close();
  }
});

test('a runner under another shares the outer browser; FORMREQUEST_TEST_SHARED_BROWSER=0 shares none', async () => {
  process.env[SHARED_BROWSER_ENV] = 'ws://127.0.0.1:9/outer';
  assert.deepEqual((await startSharedBrowser(root)).env, {}, 'the outer endpoint is inherited as it is');
  delete process.env[SHARED_BROWSER_ENV];
  process.env.FORMREQUEST_TEST_SHARED_BROWSER = '0';
  assert.deepEqual((await startSharedBrowser(root)).env, {});
});

test('a shared browser that is gone: the file launches its own Chromium', async () => {
  delete process.env[SHARED_BROWSER_ENV];
  const shared = await startSharedBrowser(root);
  process.env[SHARED_BROWSER_ENV] = shared.env[SHARED_BROWSER_ENV];
  await shared.close();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.setContent('<p>own</p>');
    assert.equal(await page.textContent('p'), 'own');
  } finally {
    await browser.close();
  }
});
