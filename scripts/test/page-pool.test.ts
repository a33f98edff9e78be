// The browser tests' page pool (testing/page-pool.ts): a reused page must be as fresh as a new one, a page
// a test changed in a way that cannot be undone is never handed on, and a second page in one test is
// closed when that test ends.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../testing/browser.ts';
import { PagePool } from '../../testing/page-pool.ts';

let server: Server;
let url: string;
let browser: Browser;
let pool: PagePool;

before(async () => {
  server = createServer((req, res) => {
    const cookie: Record<string, string> = req.url === '/set' ? { 'set-cookie': 'seen=1' } : {};
    res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*', ...cookie });
    res.end('<!doctype html><html><head><title>pool</title></head><body>pool</body></html>');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
  pool = new PagePool(browser);
});
after(async () => {
  await pool?.close();
  await browser?.close();
  server?.close();
});

const state = (page: Page) =>
  page.evaluate(() => ({
    stored: localStorage.length,
    cookie: document.cookie,
    width: innerWidth,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
  }));

let first: Page;
let second: Page;
let heardByTheFirstTest = 0;

test('a test changes its page: storage, cookies, size, scheme, listeners, routes, another tab', async () => {
  first = await pool.page();
  await first.goto(`${url}set`);
  await first.evaluate(() => localStorage.setItem('draft', 'typed'));
  await first.setViewportSize({ width: 390, height: 844 });
  await first.emulateMedia({ colorScheme: 'dark' });
  first.on('console', () => heardByTheFirstTest++);
  await first.route('**/blocked', (route) => route.abort());
  await first.context().newPage();
  assert.deepEqual(await state(first), { stored: 1, cookie: 'seen=1', width: 390, dark: true });
});

test('the next test gets the same page, reset as a new one would be', async () => {
  const page = await pool.page();
  assert.equal(page, first, 'the page is reused');
  assert.equal(page.context().pages().length, 1, 'the tab the last test opened is closed');
  await page.goto(url);
  assert.deepEqual(await state(page), { stored: 0, cookie: '', width: 1280, dark: false });
  const heard = page.waitForEvent('console');
  await page.evaluate(() => console.log('now'));
  await heard;
  assert.equal(heardByTheFirstTest, 0, 'no listener of the last test');
  const blocked = await page.evaluate((u) => fetch(`${u}blocked`).then((r) => r.status), url);
  assert.equal(blocked, 200, 'the last test route is gone');
  // Options a test asks for apply to a reused page too.
  await pool.release(page);
  const small = await pool.page({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  assert.equal(small, first);
  await small.goto(url);
  assert.deepEqual(await state(small), { stored: 0, cookie: '', width: 390, dark: true });
});

test('a second page in one test is another page, closed when the test ends', async () => {
  const one = await pool.page();
  second = await pool.page();
  assert.notEqual(one, second);
  assert.equal(one, first);
});

test('what cannot be undone (an exposed function, the fake clock) is never handed on', async () => {
  assert.ok(second.isClosed(), 'the extra page of the last test was closed');
  const page = await pool.page();
  assert.equal(page, first);
  await page.exposeFunction('report', () => {});
  await pool.release(page);
  const next = await pool.page();
  assert.notEqual(next, first, 'a page with an exposed function is not reused');
  assert.ok(first.isClosed());
  await next.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
  await pool.release(next);
  const after = await pool.page();
  assert.notEqual(after, next, 'a page with a fake clock is not reused');
});

// An MCP Apps host page in the tests is set with setContent and puts the widget in a sandboxed frame
// that fetches from 127.0.0.1; a reused page must still let it.
test('a page that stayed on about:blank (setContent) keeps it: its sandboxed frames may reach 127.0.0.1', async () => {
  const frameFetch = async (page: Page) => {
    const answer = page.waitForEvent('console');
    const script = `fetch('${url}').then(() => console.log('reached'), () => console.log('blocked'))`;
    await page.setContent(`<iframe sandbox="allow-scripts" srcdoc="<script>${script}</script>"></iframe>`);
    return (await answer).text();
  };
  const page = await pool.page();
  assert.equal(await frameFetch(page), 'reached');
  await pool.release(page);
  const again = await pool.page();
  assert.equal(again, page);
  assert.equal(again.url(), 'about:blank');
  assert.equal(await frameFetch(again), 'reached');
});
