// What the chat page's Chromium tests share (page*.test.ts, e2e*.test.ts; split by subject, and the
// longest by width, so the runner can run them side by side and none is the suite's long pole): one
// browser and one demo host per file, a host on a fake Messages API that answers in Markdown when a file
// asks for it, and the steps a person takes (open the page, say something, wait for a form) with the
// waits on what the page shows, never on the clock.
import { resolve } from 'node:path';
import { after, before } from 'node:test';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../../../testing/axe.ts';
import { launchBrowser } from '../../../testing/browser.ts';
import { PagePool } from '../../../testing/page-pool.ts';
import type { RunningHost } from '../src/index.js';
import { type FakeApi, lastUserText, startFakeMessagesApi } from './fake-messages-api.js';
import { startTestHost } from './helpers.js';
import { pathologicalReply } from './pathological-markdown.js';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export const SIZES = [PHONE, DESKTOP] as const;
export const SCHEMES = ['light', 'dark'] as const;

/** A reply with every Markdown construct and every way HTML could sneak in. */
export const HOSTILE_MD = [
  '# Plan',
  'Some **bold**, *soft*, `code` and ~~old~~ text with a [safe link](https://example.com/a?b=1 "title").',
  '<img src=x onerror="window.pwned=1"> <script>window.pwned=2</script>',
  '[click](javascript:window.pwned=3) [data](data:text/html,<b>x</b>) ![pic](https://example.com/p.png)',
  '',
  '- one',
  '- two with snake_case_name',
  '  - nested',
  '',
  '1. first',
  '2. second',
  '',
  '| key | value |',
  '| --- | ---: |',
  '| a | <b>1</b> |',
  '',
  '```js',
  'const x = "<b>not bold</b>";',
  '```',
  '> quoted https://example.com/q.',
].join('\n');

/** The file's browser, its demo host, and (when asked for) a host whose agent is the fake Messages API. */
export const rig = {} as { browser: Browser; host: RunningHost; fake: RunningHost; pages: PagePool };

/**
 * Starts the rig before the file's tests and closes it after. With `fake`, a second host runs the
 * `anthropic` agent against a fake Messages API: "markdown" gets HOSTILE_MD, "pathological" a 20 KB
 * pathological reply, anything else "Received.".
 */
export function useRig(options: { fake?: boolean } = {}): typeof rig {
  let api: FakeApi | undefined;
  before(async () => {
    const starting = [
      launchBrowser().then((b) => {
        rig.browser = b;
        rig.pages = new PagePool(b);
      }),
      startTestHost().then((h) => {
        rig.host = h;
      }),
    ];
    if (options.fake)
      starting.push(
        startFakeMessagesApi((body) =>
          /pathological/i.test(lastUserText(body))
            ? { text: pathologicalReply() }
            : /markdown/i.test(lastUserText(body))
              ? { text: HOSTILE_MD }
              : { text: 'Received.' },
        ).then(async (a) => {
          api = a;
          rig.fake = await startTestHost({
            agent: 'anthropic',
            env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: a.url, ANTHROPIC_MODEL: 'fake-model' },
          });
        }),
      );
    // Every part started, also when one fails, so that after() closes them all.
    const failed = (await Promise.allSettled(starting)).find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  });
  after(async () => {
    await rig.fake?.close();
    await api?.close();
    await rig.host?.close();
    await rig.pages?.close();
    await rig.browser?.close();
  });
  return rig;
}

/** A page with script errors and console errors collected in `errors`. */
export type WatchedPage = Page & { errors: string[] };

/** Opens `url` in a page as fresh as a new one (storage, listeners, size and scheme reset; see PagePool). */
export async function open(
  url: string,
  options: { size?: { width: number; height: number }; scheme?: 'light' | 'dark' } = {},
): Promise<WatchedPage> {
  const page = (await rig.pages.page({
    viewport: options.size ?? DESKTOP,
    colorScheme: options.scheme ?? 'light',
  })) as WatchedPage;
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  await page.goto(url);
  return page;
}

/** Done with a page from `open` before the test ends (the next `open` may reuse it). */
export function release(page: Page): Promise<void> {
  return rig.pages.release(page);
}

export async function say(page: Page, text: string): Promise<void> {
  await page.locator('#input').fill(text);
  await page.locator('#input').press('Enter');
}

export const slot = (page: Page) => page.locator('#form-slot');

export const waitForForm = (page: Page, title: string) =>
  slot(page).getByRole('heading', { name: title }).waitFor();

/** The focused element as `#id`, its label or its tag. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return a?.id ? `#${a.id}` : (a?.getAttribute('aria-label') ?? a?.tagName ?? '');
  });

export const inForm = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('#form-slot .fr'));

/** Two animation frames: whatever the page put off to the next frame (focus, a redraw) has run. */
export const frames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * The form as a person meets it once it has appeared: drawn (not busy), every field that loads its
 * options loaded (a remote select says "読み込み中…"/"Loading…" until then), focus in it (the page moves
 * focus there a frame after it appears, when the message box is empty), and a frame for layout.
 */
export async function formReady(page: Page, title: string): Promise<void> {
  await waitForForm(page, title);
  await page.waitForFunction(() => {
    const form = document.querySelector('#form-slot .fr');
    if (!form || form.closest('[aria-busy="true"]') || form.querySelector('[aria-busy="true"]')) return false;
    const loading = [...form.querySelectorAll('select')].some(
      (s) => s.disabled && s.options.length === 1 && /^(読み込み中…|Loading…)$/.test(s.options[0]!.text),
    );
    return !loading && !!document.activeElement?.closest('#form-slot .fr');
  });
  await frames(page);
}

/**
 * The turn has ended on the page: its result handled (the send button is enabled again) and the
 * conversation list redrawn with this conversation marked current; then a frame for layout.
 */
export async function turnDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !(document.querySelector('#send') as HTMLButtonElement).disabled &&
      !!document.querySelector('#conversations [aria-current="page"]'),
  );
  await frames(page);
}

/**
 * Sends the open form as it is. A form that needs something stays open with its messages: `shown` runs
 * then, and the form is cancelled. Resolves when the agent has replied to what went, either way.
 */
export async function submitAsIs(
  page: Page,
  shown: () => Promise<void>,
  buttons: { submit: string; cancel: string } = { submit: '送信', cancel: 'キャンセル' },
): Promise<void> {
  const replies = await page.locator('.msg.assistant').count();
  await slot(page).getByRole('button', { name: buttons.submit }).click();
  await page.waitForFunction(
    () =>
      document.querySelector('#form-slot .fr-msg:not(:empty)') ||
      document.querySelector('#form-slot[hidden]'),
  );
  if (await slot(page).isVisible()) {
    await shown();
    await slot(page).getByRole('button', { name: buttons.cancel }).click();
  }
  await page.waitForFunction((n) => document.querySelectorAll('.msg.assistant').length > n, replies);
}

/** axe-core's violations on the page as it is now, one line each. */
export const axe = (page: Page): Promise<string[]> => axeViolations(page);

/**
 * axe on the page's current state in each scheme, each violation prefixed with its scheme; the page is
 * light again after. The chat page's colours (and the form's) are CSS alone, light-dark() on the page's
 * color-scheme, so switching the emulated scheme redraws the same state as a page opened dark shows it:
 * a scenario runs once for both.
 */
export async function axeInBothSchemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const v of await axeViolations(page)) found.push(`${scheme}: ${v}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** page/markdown.ts as one script that sets `md` (built once). */
let markdownCode: Promise<string> | undefined;
export function markdownModule(): Promise<string> {
  markdownCode ??= build({
    entryPoints: [resolve(import.meta.dirname, '../page/markdown.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'md',
    write: false,
  }).then((out) => out.outputFiles[0]!.text);
  return markdownCode;
}

/**
 * The time bound for 20 KB of Markdown in this browser now: 100 ms, or 10x an ordinary 20 KB reply
 * (HOSTILE_MD repeated to 20 KB) when the shared machine is so busy that an ordinary reply takes over 10 ms
 * (quietly it takes 2-5). A quadratic renderer takes seconds either way. Leaves `window.md` loaded.
 */
export async function renderBound(page: Page): Promise<number> {
  await page.evaluate(`${await markdownModule()};window.md = md;`);
  const ordinary = await page.evaluate((text) => {
    const long = Array.from({ length: Math.ceil(20_000 / text.length) }, () => text).join('\n\n');
    // In the document and laid out, as a reply is: the long tasks measured on the page include both.
    const slot = document.createElement('div');
    document.body.append(slot);
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      slot.replaceChildren((window as any).md.renderMarkdown(long));
      slot.getBoundingClientRect();
      best = Math.min(best, performance.now() - t0);
    }
    slot.remove();
    return best;
  }, HOSTILE_MD);
  return Math.max(100, 10 * ordinary);
}
