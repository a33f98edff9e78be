// A page pool for a test file's Chromium tests. Its own module, because it registers node:test hooks
// when imported (they must be in place before the file's tests run), which a benchmark or script that
// only launches Chromium (testing/browser.ts) must not get.
import { afterEach, beforeEach } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newTestContext } from './browser.ts';

// A new tab costs headless Chromium 0.3-0.8 s of CPU (a window, a renderer, Playwright's setup), more
// than most tests spend in it; a page reused across a file's tests costs a navigation (about 0.1 s).
// A pool keeps one page per file and hands it to each test in turn, reset as a fresh one would be:
// listeners, routes, storage of the origins it visited, cookies, viewport, emulated media, timeouts and
// held keys. What cannot be undone (exposed functions, init scripts, the fake clock, context-wide
// settings) marks the page, and the next test gets a new one. A second page within one test is a
// context of its own, closed when that test ends.

/** What a pooled page starts with; a fresh context's defaults otherwise. */
export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

export interface PoolOptions extends PageOptions {
  /** Runs once on each new page before a test gets it: bindings the file's tests share. */
  setup?: (page: Page) => Promise<void>;
}

const DEFAULT_VIEWPORT = { width: 1280, height: 720 };
const RESET_LIMIT_MS = 10_000;
const PAGE_UNDOABLE = [
  'exposeFunction',
  'exposeBinding',
  'addInitScript',
  'routeFromHAR',
  'setExtraHTTPHeaders',
];
const CLOCK_UNDOABLE = [
  'install',
  'setFixedTime',
  'setSystemTime',
  'runFor',
  'fastForward',
  'pauseAt',
  'resume',
];
const CONTEXT_UNDOABLE = [
  ...PAGE_UNDOABLE,
  'route',
  'grantPermissions',
  'setGeolocation',
  'setOffline',
  'setHTTPCredentials',
  'addCookies',
];

const pools = new Set<PagePool>();
// Which test is running, by depth: a page taken in a test is given back when that test ends.
let depth = 0;
beforeEach(() => {
  depth++;
});
afterEach(async () => {
  for (const pool of pools) await pool.testEnded(depth);
  depth--;
});

/** Marks `page` when a test calls one of `names` on `target`, so the pool will not hand it on. */
function markOn(target: object, names: string[], marked: Set<Page>, page: Page): void {
  const t = target as Record<string, unknown>;
  for (const name of names) {
    const original = t[name];
    if (typeof original !== 'function') continue;
    t[name] = (...args: unknown[]) => {
      marked.add(page);
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

export class PagePool {
  #kept?: { page: Page; origins: Set<string> };
  #keptAt = 0; // the test depth that holds the kept page; 0 when free
  #extras: { context: BrowserContext; depth: number }[] = [];
  #marked = new Set<Page>();

  // Plain fields, not parameter properties: the install test runs this file with Node's type stripping.
  readonly browser: Browser;
  readonly defaults: PoolOptions;

  constructor(browser: Browser, defaults: PoolOptions = {}) {
    this.browser = browser;
    this.defaults = defaults;
    pools.add(this);
  }

  /** A page for the running test: the file's kept page, reset, or a new one when it is taken or marked. */
  async page(options: PageOptions = {}): Promise<Page> {
    const viewport = options.viewport ?? this.defaults.viewport ?? DEFAULT_VIEWPORT;
    const colorScheme = options.colorScheme ?? this.defaults.colorScheme ?? 'light';
    const kept = this.#kept;
    if (kept && !this.#keptAt && this.#usable(kept.page)) {
      // A reset that fails or stalls (a renderer that never answers) costs a new page, never the test.
      const done = await Promise.race([
        reset(kept.page, kept.origins, viewport, colorScheme).then(
          () => true,
          () => false,
        ),
        new Promise<false>((r) => setTimeout(r, RESET_LIMIT_MS, false).unref()),
      ]);
      if (done) {
        this.#keptAt = Math.max(depth, 1);
        return kept.page;
      }
      await this.#dropKept();
    }
    const context = await newTestContext(this.browser, { viewport, colorScheme });
    const page = await context.newPage();
    await this.defaults.setup?.(page);
    markOn(page, PAGE_UNDOABLE, this.#marked, page);
    markOn(page.clock, CLOCK_UNDOABLE, this.#marked, page);
    markOn(context, CONTEXT_UNDOABLE, this.#marked, page);
    if (this.#keptAt) {
      this.#extras.push({ context, depth: Math.max(depth, 1) });
    } else {
      await this.#dropKept();
      this.#kept = { page, origins: new Set() };
      this.#keptAt = Math.max(depth, 1);
      watchOrigins(page, this.#kept.origins);
    }
    return page;
  }

  #usable(page: Page): boolean {
    return !page.isClosed() && !this.#marked.has(page);
  }

  /** Gives `page` back before its test ends (a test that opens pages one after another). */
  async release(page: Page): Promise<void> {
    if (this.#kept?.page === page) {
      this.#keptAt = 0;
      if (!this.#usable(page)) await this.#dropKept();
      return;
    }
    const extra = this.#extras.find((e) => e.context === page.context());
    this.#extras = this.#extras.filter((e) => e !== extra);
    await page
      .context()
      .close()
      .catch(() => {});
  }

  async #dropKept(): Promise<void> {
    await this.#kept?.page
      .context()
      .close()
      .catch(() => {});
    this.#kept = undefined;
  }

  /** Called as each test ends: what it took is given back, and its extra pages are closed. */
  async testEnded(at: number): Promise<void> {
    const ending = this.#extras.filter((e) => e.depth >= at);
    this.#extras = this.#extras.filter((e) => e.depth < at);
    for (const e of ending) await e.context.close().catch(() => {});
    if (this.#keptAt >= at) this.#keptAt = 0;
    if (this.#kept && !this.#keptAt && !this.#usable(this.#kept.page)) await this.#dropKept();
  }

  async close(): Promise<void> {
    pools.delete(this);
    for (const e of this.#extras) await e.context.close().catch(() => {});
    await this.#kept?.page
      .context()
      .close()
      .catch(() => {});
    this.#extras = [];
    this.#kept = undefined;
  }
}

function watchOrigins(page: Page, origins: Set<string>): void {
  page.on('framenavigated', (frame) => {
    const origin = URL.parse(frame.url())?.origin;
    if (origin && origin !== 'null') origins.add(origin);
  });
}

async function reset(
  page: Page,
  origins: Set<string>,
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark',
): Promise<void> {
  page.removeAllListeners();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const context = page.context();
  // Tabs the test opened (a link with target=_blank) go with it.
  for (const other of context.pages()) if (other !== page) await other.close().catch(() => {});
  // Leave the page first, so nothing it runs on unload writes after the storage is cleared. A page that
  // never left its first about:blank (content set with setContent) stays on it: a navigation to
  // about:blank would put it, and the frames it makes, in the public address space, from which
  // Chromium refuses requests to 127.0.0.1 (Private Network Access).
  if (page.url() === 'about:blank') await page.setContent('');
  else await page.goto('about:blank');
  await context.clearCookies();
  if (origins.size) {
    const cdp = await context.newCDPSession(page);
    for (const origin of origins)
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.detach();
    origins.clear();
  }
  watchOrigins(page, origins);
  for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await page.keyboard.up(key);
  await page.mouse.up().catch(() => {});
  await page.setViewportSize(viewport);
  await page.emulateMedia({ media: null, colorScheme, reducedMotion: 'no-preference', forcedColors: 'none' });
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(30_000);
}
