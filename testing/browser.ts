// Launches the machine's Chromium (Debian package `chromium`) through playwright-core.
// playwright-core never downloads a browser; the flags keep Chromium off the (closed) network.
// Playwright gives each launch its own temporary profile, so no --user-data-dir is passed.

import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type BrowserServer,
  chromium,
  type Page,
} from 'playwright-core';
import { requireExecutable } from './system.ts';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return requireExecutable(
    ['chromium', 'chromium-browser', '/usr/bin/chromium'],
    'chromium',
    'CHROMIUM_PATH',
  );
}

/**
 * Set by the test runner (scripts/runner/shared-browser.mjs): where to ask for the Chromium that serves the
 * whole run. The runner starts it on the first ask, so a run without browser tests starts none.
 */
export const SHARED_BROWSER_ENV = 'FORMREQUEST_TEST_BROWSER_HUB';

/**
 * The run's shared Chromium when the test runner offers one (a connection: closing it closes only the
 * contexts it made), else a Chromium of this process's own. A new Chromium costs about 0.5 s of CPU more
 * than a connection, once per test file.
 */
export async function launchBrowser(): Promise<Browser> {
  const hub = process.env[SHARED_BROWSER_ENV];
  if (hub) {
    try {
      const answer = await fetch(hub, { signal: AbortSignal.timeout(30_000) });
      if (answer.ok) return await chromium.connect(await answer.text(), { timeout: 10_000 });
    } catch {
      // The runner is gone or ending, or its Chromium is: this file goes on with its own.
    }
  }
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/** A Chromium other processes connect to (chromium.connect with its wsEndpoint). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/**
 * A fresh context for one test. Functions passed to page.evaluate() from tests run through tsx (Node
 * lines without type stripping) call tsx's `__name` helper, which the page does not have; the init
 * script defines it.
 */
export async function newTestContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript('globalThis.__name = (f) => f');
  return context;
}

/**
 * The whole page as a person scrolling it sees it: the viewport is made as tall as the page first, so a
 * sticky bar (the form's actions) sits at the end instead of over the content, as Playwright's
 * `fullPage` would leave it; the viewport is put back after.
 */
export async function wholePageScreenshot(page: Page, path?: string): Promise<Buffer> {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  try {
    return await page.screenshot(path ? { path } : {});
  } finally {
    await page.setViewportSize(size);
  }
}
