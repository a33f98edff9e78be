// One example of examples/ (ai-sdk-chat, assistant-ui, vue) as its `npm start` runs it: the Vite dev
// server with the example's own config on a free loopback port, and Chromium. `open(path)` gives a
// page as fresh as a new one (the file's pooled page, see PagePool) that records page errors and console warnings and errors (a framework's
// "Failed to resolve component" is one); the first load waits for Vite to pre-bundle the example's
// dependencies (many seconds on a cold cache).
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { launchBrowser } from './browser.ts';
import { PagePool } from './page-pool.ts';

export interface ExampleApp {
  origin: string;
  open(path?: string): Promise<Page & { errors: string[] }>;
  /** Done with a page from `open` (the next `open` may reuse it). */
  release(page: Page): Promise<void>;
  close(): Promise<void>;
}

/** `cache` names Vite's dependency cache: test files that may run at once each need their own. */
export async function startExample(name: string, cache = name): Promise<ExampleApp> {
  const root = resolve(import.meta.dirname, '../examples', name);
  const vite: ViteDevServer = await createServer({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'error',
    cacheDir: resolve(import.meta.dirname, `../node_modules/.cache/formrequest-example-${cache}`),
    server: { port: 0, host: '127.0.0.1' },
  });
  let browser: Browser | undefined;
  let pages: PagePool;
  try {
    await vite.listen();
    browser = await launchBrowser();
    pages = new PagePool(browser);
  } catch (error) {
    await vite.close();
    throw error;
  }
  const origin = vite.resolvedUrls!.local[0]!.replace(/\/$/, '');
  return {
    origin,
    async open(path = '/') {
      const page = (await pages.page()) as Page & { errors: string[] };
      page.setDefaultTimeout(20_000);
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(String(e)));
      page.on('console', (m) => {
        // The browser's own request for /favicon.ico is not the example's.
        if (m.location().url.endsWith('/favicon.ico')) return;
        if (m.type() === 'warning' || m.type() === 'error') page.errors.push(m.text());
      });
      await page.goto(`${origin}${path}`, { timeout: 90_000 });
      return page;
    },
    release: (page) => pages.release(page),
    async close() {
      await pages.close();
      await browser?.close();
      await vite.close();
    },
  };
}
