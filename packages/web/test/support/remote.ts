// What the search-backed field tests share (remote.test.ts and remote-more.test.ts, which run side by
// side, each against its own sample-data server): the users form, reading the list and the values, the
// requests a server saw, and the slow "Al" search.
import type { Page, Request } from 'playwright-core';
import type { Harness } from './harness.ts';

/** The harness options of both files: "Al" answers slowly, after the answer for "Ali". */
export const SLOW_AL = { delay: (url: URL) => (url.searchParams.get('q') === 'Al' ? 700 : 0) };

export const users = (extra: object = {}) => ({
  title: 'users',
  fields: [
    {
      name: 'assignee',
      type: 'autocomplete',
      label: '担当者',
      searchUrl: '/api/demo/users/search',
      searchParams: { q: '{query}', limit: 10 },
      displayField: 'name',
      valueField: 'id',
      renderTemplate: '{name} ({department})',
      minChars: 2,
      debounceMs: 200,
      ...extra,
    },
  ],
});
export const optionTexts = (page: Page) =>
  page.$$eval('[role=option]', (els) => els.map((e) => e.textContent));
/** The user searches `H`'s server has seen. */
export const searches = (H: Harness) =>
  H.server.requests.filter((r) => r.startsWith('/api/demo/users/search'));
export const value = (page: Page, name: string) =>
  page.evaluate((n) => (window as any).form.values()[n], name);

/**
 * The slow "Al" search: sent by the page, then ended (its whole answer in, or failed: the page may abort
 * a search it no longer needs), and a frame drawn after that.
 */
export function slowSearch(page: Page) {
  const isAl = (r: Request) => new URL(r.url()).searchParams.get('q') === 'Al';
  const sent = page.waitForRequest(isAl, { timeout: 30_000 });
  const answered = new Promise<void>((resolve) => {
    const ended = (r: Request) => {
      if (!isAl(r)) return;
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      resolve();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  }).then(() => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r)))));
  return { sent, answered };
}
