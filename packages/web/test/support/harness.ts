// One Chromium and one example server per test file; each test gets a page as fresh as a new one (the
// file's pooled page, reset: testing/page-pool.ts), so storage and listeners never leak between tests.
// The renderer is bundled from source in memory with the same esbuild options as dist/formrequest.js,
// so tests never run a stale build.
import type { Browser, Page } from 'playwright-core';
import {
  type ExampleServer,
  type ExampleServerOptions,
  startExampleServer,
} from '../../../../examples/web/server.ts';
import { launchBrowser } from '../../../../testing/browser.ts';
import { PagePool } from '../../../../testing/page-pool.ts';
import { bundleFiles } from '../../scripts/bundle.mjs';

export interface Harness {
  server: ExampleServer;
  browser: Browser;
  /** A fresh page on the blank test document with the bundle imported as window.fr. */
  page(): Promise<Page>;
  close(): Promise<void>;
}

export async function openHarness(options: Omit<ExampleServerOptions, 'bundle'> = {}): Promise<Harness> {
  const bundle = await bundleFiles();
  const server = await startExampleServer({ ...options, bundle });
  const browser = await launchBrowser().catch(async (e) => {
    await server.close();
    throw e;
  });
  const pool = new PagePool(browser);
  return {
    server,
    browser,
    async page() {
      const page = await pool.page();
      page.setDefaultTimeout(5000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      (page as Page & { errors: string[] }).errors = errors;
      await page.goto(`${server.url}/blank.html`);
      await page.evaluate(async () => {
        (window as any).fr = await import('/formrequest.js' as string);
      });
      return page;
    },
    async close() {
      await pool.close();
      await browser.close();
      await server.close();
    },
  };
}

export type MountOptions = {
  locale?: 'ja' | 'en';
  draftKey?: string;
  now?: string;
  theme?: 'light' | 'dark';
};

/**
 * Renders `schema` into #app with renderForm; submit/cancel calls are recorded in window.events (the
 * submit context in window.lastContext) and the controller is window.form. `now` is an ISO date-time string (the fixed clock).
 */
export async function mount(page: Page, schema: unknown, options: MountOptions = {}): Promise<void> {
  await page.evaluate(
    ({ schema, options }) => {
      const w = window as any;
      w.events = [];
      w.form?.destroy();
      w.form = w.fr.renderForm(document.getElementById('app'), schema, {
        ...options,
        now: options.now ? new Date(options.now) : undefined,
        onSubmit: (values: unknown, message: string, context: unknown) => {
          w.lastContext = context;
          w.events.push({ type: 'submit', values, message });
        },
        onCancel: (message: string) => w.events.push({ type: 'cancel', message }),
      });
    },
    { schema, options },
  );
}

export const events = (page: Page) => page.evaluate(() => (window as any).events as any[]);

/** Waits until the field labelled `label` shows `text` (messages after a click wait for the pointer). */
export async function waitForMessage(page: Page, label: string, text: string): Promise<void> {
  const deadline = Date.now() + 3000;
  let last = '';
  while (Date.now() < deadline) {
    last = await messageFor(page, label);
    if (last === text) return;
    await page.waitForTimeout(20);
  }
  throw new Error(`the message of ${label} is ${JSON.stringify(last)}, not ${JSON.stringify(text)}`);
}

/** The message shown for the field labelled `label` (its label or legend text without the ' *'). */
export function messageFor(page: Page, label: string): Promise<string> {
  return page.evaluate((label) => {
    const caption = [...document.querySelectorAll('label, legend')].find(
      (el) => el.textContent?.replace(/ \*$/, '') === label,
    );
    if (!caption) throw new Error(`no field labelled ${label}`);
    const control = caption.matches('legend')
      ? caption.parentElement!.querySelector('input')
      : document.getElementById(caption.getAttribute('for')!);
    const id = control?.getAttribute('aria-describedby');
    return (id && document.getElementById(id)?.textContent) || '';
  }, label);
}
