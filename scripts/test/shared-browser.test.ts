// The run's shared Chromium (scripts/runner/shared-browser.mjs, testing/browser.ts): it starts only when a
// file asks for a browser, files connect to that one browser, each sees only its own contexts, one file
// closing its connection leaves the others working, and a shared browser that is gone makes a file
// launch its own instead of failing.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
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

/** Chromium processes this process started itself (the hub runs in it here, as in the runner). */
function ownChromiums(): number {
  let n = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && /\((chromium|chrome)/.test(stat)) n++;
    } catch {}
  }
  return n;
}

test('no Chromium until a file asks; then one, whose endpoint every ask gets', async () => {
  delete process.env[SHARED_BROWSER_ENV];
  const shared = await startSharedBrowser(root);
  try {
    const hub = shared.env[SHARED_BROWSER_ENV];
    assert.match(hub ?? '', /^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{24}$/);
    assert.equal(ownChromiums(), 0, 'nothing started before the first ask');
    assert.equal((await fetch(new URL('/other', hub))).status, 404, 'only its own random path answers');
    const [one, two] = await Promise.all([
      fetch(hub!).then((r) => r.text()),
      fetch(hub!).then((r) => r.text()),
    ]);
    assert.match(one, /^ws:\/\/127\.0\.0\.1:\d+\//);
    assert.equal(two, one, 'one browser for both asks');
    assert.equal(ownChromiums(), 1);
  } finally {
    await shared.close();
  }
  assert.equal(ownChromiums(), 0, 'closed with the run');
});

test('two files connect to one Chromium: separate contexts, and one leaving does not end the other', async () => {
  delete process.env[SHARED_BROWSER_ENV];
  const shared = await startSharedBrowser(root);
  try {
    process.env[SHARED_BROWSER_ENV] = shared.env[SHARED_BROWSER_ENV];
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
  process.env[SHARED_BROWSER_ENV] = 'http://127.0.0.1:9/outer';
  assert.deepEqual((await startSharedBrowser(root)).env, {}, 'the outer hub is inherited as it is');
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
