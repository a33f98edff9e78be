// axe-core on the chat page in real Chromium, at 390x844 and 1280x800 in light and dark: empty, with a
// form, with its messages. The demo's other states are page-axe-demo.ts; setup is page-support.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  axeInBothSchemes as axe,
  open,
  release,
  rig,
  SIZES,
  say,
  slot,
  useRig,
  waitForForm,
} from './page-support.js';

useRig();

describe('axe', () => {
  test('the premise of axeInBothSchemes: the page switched to dark has the colours of the page opened dark', async () => {
    // Every element's colours: a script that chose colours once at load (matchMedia) would differ here.
    const colours = (page: Page) =>
      page.evaluate(() =>
        [...document.querySelectorAll('*')].map((e) => {
          const s = getComputedStyle(e);
          return `${e.tagName}#${e.id}: ${s.color} ${s.backgroundColor} ${s.borderTopColor} ${s.outlineColor}`;
        }),
      );
    const dark = await open(rig.host.url, { scheme: 'dark' });
    await dark.locator('.empty').waitFor();
    const openedDark = await colours(dark);
    await release(dark);
    const page = await open(rig.host.url, { scheme: 'light' });
    await page.locator('.empty').waitFor();
    const light = await colours(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await colours(page), openedDark);
    assert.notDeepEqual(light, openedDark);
    await release(page);
  });
  test('axeInBothSchemes checks the dark scheme too: text too faint only in dark is found there', async () => {
    // A page of its own: the chat page's CSP would refuse this inline style.
    const page = await rig.pages.page();
    await page.setContent(
      '<!doctype html><html lang="en"><title>t</title><style>:root{color-scheme:light dark}' +
        'p{color:light-dark(#000,#333);background:light-dark(#fff,#222)}</style>' +
        '<main><h1>Title</h1><p>Faint in dark only.</p></main>',
    );
    const found = await axe(page);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /^dark: color-contrast: <p>/);
    assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: light)').matches), true);
    await release(page);
  });

  // Each state in both schemes (axeInBothSchemes), so the scenario runs once per width.
  test('no violations: empty, with a form, with messages, light and dark, at both widths', async () => {
    for (const size of SIZES) {
      const at = `${size.width}px`;
      const page = await open(rig.host.url, { size });
      await page.locator('.empty').waitFor();
      assert.deepEqual(await axe(page), [], `${at}: empty`);
      await say(page, 'すべてのフィールドタイプを見せて');
      await waitForForm(page, '全フィールドタイプ');
      await slot(page).locator('select:not([disabled])').nth(1).waitFor();
      assert.deepEqual(await axe(page), [], `${at}: with a form`);
      await slot(page).getByRole('button', { name: '登録する' }).click();
      assert.deepEqual(await axe(page), [], `${at}: with messages`);
      await release(page);
    }
  });
});
