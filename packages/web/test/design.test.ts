// The form's visual design, measured in Chromium: space between fields, the type scale, theming through
// variables set on an ancestor, light and dark, contrast of text, controls and the combobox highlight,
// styles under a strict Content-Security-Policy, and axe at phone and desktop widths. Screenshots of each
// example form (both widths, both schemes, before and after submit shows the messages) are written to
// .tmp/screenshots/web/ for a person to look at; they are never committed.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { allTypesForm } from '../../../testing/all-types.ts';
import { axeViolations as axe } from '../../../testing/axe.ts';
import { contrast, over, parseColor } from '../../../testing/contrast.ts';
import { type Harness, mount, openHarness } from './support/harness.ts';

const ALL = allTypesForm();
const FORMS = resolve(import.meta.dirname, '../../../examples/forms');
const SHOTS = resolve(import.meta.dirname, '../../../.tmp/screenshots/web');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const GAP = 20; // the documented default of --fr-gap

const CSP_PAGE = (head: string, script: string) =>
  '<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>csp</title>' +
  `${head}</head><body><main><h1>csp</h1><div id="app"></div></main>` +
  `<script type="module" src="${script}"></script></body></html>`;
const CSP_SCRIPT = (options: string) =>
  `import { renderForm } from '/formrequest.js';\n` +
  `window.form = renderForm(document.getElementById('app'), {title: 'CSP', fields: [{name: 'a', type: 'text', label: 'A'}]}, ${options});`;

let H: Harness;
before(async () => {
  H = await openHarness({
    pages: {
      '/csp-self.html': {
        html: CSP_PAGE('', '/csp-default.js'),
        headers: { 'content-security-policy': "default-src 'self'; style-src 'self'" },
      },
      '/csp-nonce.html': {
        html: CSP_PAGE('', '/csp-nonce.js'),
        headers: { 'content-security-policy': "default-src 'self'; style-src 'nonce-n0nce'" },
      },
      '/csp-linked.html': {
        html: CSP_PAGE('<link rel="stylesheet" href="/formrequest.css">', '/csp-linked.js'),
        headers: { 'content-security-policy': "default-src 'self'; style-src 'self'" },
      },
      '/csp-default.js': { html: CSP_SCRIPT('{}'), headers: { 'content-type': 'text/javascript' } },
      '/csp-nonce.js': {
        html: CSP_SCRIPT("{nonce: 'n0nce'}"),
        headers: { 'content-type': 'text/javascript' },
      },
      '/csp-linked.js': {
        html: CSP_SCRIPT('{styles: false}'),
        headers: { 'content-type': 'text/javascript' },
      },
    },
  });
});
after(() => H.close());

const style = (page: Page, selector: string, prop: string) =>
  page.evaluate(([s, p]) => getComputedStyle(document.querySelector(s!)!).getPropertyValue(p!), [
    selector,
    prop,
  ] as const);
const allBuilt = (page: Page, n: number) =>
  page.waitForFunction((n) => document.querySelectorAll('.fr-fields > *').length === n, n);

/** Vertical space between each pair of consecutive blocks in the field list. */
const spaces = (page: Page) =>
  page.evaluate(() => {
    const blocks = [...document.querySelectorAll('.fr-fields > *')];
    return blocks.slice(1).map((b, i) => ({
      between: `${blocks[i]!.className} -> ${b.className}`,
      px: Math.round(b.getBoundingClientRect().top - blocks[i]!.getBoundingClientRect().bottom),
    }));
  });

test('consecutive fields are at least the documented gap apart at both widths; a page can widen it', async () => {
  const page = await H.page();
  const shown = ALL.fields.filter((f: { type: string }) => f.type !== 'hidden').length;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await mount(page, ALL, { now: '2026-03-10T09:00:00' });
    await allBuilt(page, shown);
    for (const s of await spaces(page)) assert.ok(s.px >= GAP, `${size.width}px: ${s.between} ${s.px}px`);
    // A divider is no underline: it keeps more than the gap from the field above it.
    const hr = await page.evaluate(() => {
      const line = document.querySelector('.fr-hr')!;
      return line.getBoundingClientRect().top - line.previousElementSibling!.getBoundingClientRect().bottom;
    });
    assert.ok(hr >= GAP + 8, `the divider sits ${hr}px under the field above`);
  }
  await page.evaluate(() => document.body.style.setProperty('--fr-gap', '32px'));
  for (const s of await spaces(page)) assert.ok(s.px >= 32, `--fr-gap on <body>: ${s.between} ${s.px}px`);
});

test('type scale: the title is the largest text; heading levels 1-4 step down below it', async () => {
  const page = await H.page();
  await mount(page, {
    title: 'Title',
    fields: [1, 2, 3, 4].map((level) => ({ type: 'heading', text: `Level ${level}`, level })),
  });
  const size = (sel: string) => style(page, sel, 'font-size').then(parseFloat);
  const title = await size('.fr-title');
  const levels = [];
  for (const tag of ['h2', 'h3', 'h4', 'h5']) levels.push(await size(`.fr-heading ${tag}`));
  assert.ok(levels[0]! < title, `level 1 (${levels[0]}px) is smaller than the title (${title}px)`);
  for (let i = 1; i < 4; i++) assert.ok(levels[i]! < levels[i - 1]!, `level ${i + 1} is smaller than ${i}`);
  // A heading reads as a heading: levels 1-3 above a field label, level 4 and a divider not below one.
  await mount(page, {
    title: 'Title',
    fields: [
      { type: 'heading', text: 'Level 3', level: 3 },
      { type: 'divider', label: 'Divider' },
      { name: 'a', type: 'text', label: 'A' },
    ],
  });
  const label = await size('.fr-label');
  assert.ok((await size('.fr-heading h4')) > label, 'level 3 is larger than a label');
  assert.ok((await size('.fr-divider')) >= label, 'a divider label is not smaller than a field label');
});

test('theming: a variable set on an ancestor, inline on the container or in a page rule wins', async () => {
  const page = await H.page();
  await mount(page, ALL);
  const button = '.fr-primary';
  await page.waitForSelector(button); // drawn once its on-demand parts (pattern engine, file field) are here
  assert.equal(await style(page, button, 'background-color'), 'rgb(11, 92, 213)');
  await page.evaluate(() => document.body.style.setProperty('--fr-accent', 'rgb(200, 0, 100)'));
  assert.equal(await style(page, button, 'background-color'), 'rgb(200, 0, 100)', 'set on <body>');
  await page.evaluate(() =>
    document.getElementById('app')!.style.setProperty('--fr-accent', 'rgb(0, 110, 0)'),
  );
  assert.equal(await style(page, button, 'background-color'), 'rgb(0, 110, 0)', 'inline on the container');
  await page.addStyleTag({
    content: '.fr { --fr-bg: rgb(1, 2, 3); --fr-radius: 0px; --fr-font-size: 20px }',
  });
  assert.equal(await style(page, '.fr', 'background-color'), 'rgb(1, 2, 3)', 'a page rule on .fr');
  assert.equal(await style(page, '.fr-in', 'border-top-left-radius'), '0px');
  assert.equal(await style(page, '.fr-title', 'font-size'), '30px', 'the type scale follows --fr-font-size');
  // One colour token holds both schemes: a page's light-dark() value switches with the form's theme.
  await page.evaluate(() =>
    document.body.style.setProperty('--fr-accent', 'light-dark(rgb(1, 1, 100), rgb(200, 200, 255))'),
  );
  await page.evaluate(() => document.getElementById('app')!.style.removeProperty('--fr-accent'));
  assert.equal(await style(page, button, 'background-color'), 'rgb(1, 1, 100)');
  await page.evaluate(() => document.body.setAttribute('data-theme', 'dark'));
  assert.equal(await style(page, button, 'background-color'), 'rgb(200, 200, 255)');
});

test('light and dark: prefers-color-scheme, data-theme on an ancestor, and the theme option on the form', async () => {
  const page = await H.page();
  const bg = () => style(page, '.fr', 'background-color');
  await mount(page, ALL);
  assert.equal(await bg(), 'rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await bg(), 'rgb(23, 25, 28)');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  assert.equal(await bg(), 'rgb(255, 255, 255)', 'an ancestor says light');
  await mount(page, ALL, { theme: 'dark' });
  assert.equal(await bg(), 'rgb(23, 25, 28)', "the form's own theme wins over its ancestor's");
});

test('a good guest: a page with text-align:center and color-scheme:light on a dark OS shows the form left-aligned and light, in its language', async () => {
  const page = await H.page();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addStyleTag({
    content:
      ':root { color-scheme: light } body { text-align: center; line-height: 3; letter-spacing: 4px } ' +
      'ul { list-style: square; margin: 2em; padding: 2em }',
  });
  await mount(page, ALL, { locale: 'en' });
  await page.waitForSelector('.fr-primary'); // drawn once its on-demand parts are here
  const of = (sel: string, prop: string) => style(page, sel, prop);
  assert.equal(await of('.fr', 'background-color'), 'rgb(255, 255, 255)', "light: the page's scheme");
  for (const sel of ['.fr', '.fr-label', '.fr-title', '.fr-hint']) {
    assert.equal(await of(sel, 'text-align'), 'start', `${sel} text-align`);
    assert.equal(await of(sel, 'letter-spacing'), 'normal', `${sel} letter-spacing`);
  }
  assert.equal(await of('.fr', 'line-height'), '24px', "the form's own line height");
  await page.locator('.fr-chips').first().waitFor({ state: 'attached' }); // the remote fields' module
  for (const sel of ['.fr-list', '.fr-chips']) {
    assert.equal(await of(sel, 'list-style-type'), 'none', `${sel}: no markers`);
    assert.equal(
      await of(sel, 'padding-left'),
      sel === '.fr-list' ? '4px' : '0px',
      `${sel}: its own padding`,
    );
  }
  const left = await page.evaluate(() => {
    const form = document.querySelector('.fr')!.getBoundingClientRect();
    const label = document.querySelector('.fr-label')!.getBoundingClientRect();
    return Math.round(label.left - form.left);
  });
  assert.ok(left <= 32, `the first label starts at the form's left padding (${left}px in)`);
  assert.equal(await page.locator('.fr').getAttribute('lang'), 'en', 'lang from the locale');
  // The same page declaring nothing: light too (the page is light), and `light dark` follows the OS.
  await page.evaluate(() => {
    for (const e of document.head.querySelectorAll('style, meta[name=color-scheme]')) e.remove();
  });
  assert.equal(await of('.fr', 'background-color'), 'rgb(255, 255, 255)', 'a page with no color-scheme');
  await page.evaluate(() => {
    document.documentElement.style.colorScheme = 'light dark';
  });
  assert.equal(await of('.fr', 'background-color'), 'rgb(23, 25, 28)', 'a page that follows the OS');
  await mount(page, ALL, { theme: 'light' });
  await page.waitForSelector('.fr-primary');
  assert.equal(await of('.fr', 'background-color'), 'rgb(255, 255, 255)', 'an explicit theme wins');
  assert.equal(await page.locator('.fr').getAttribute('lang'), 'ja');
});

/** Every pair the design promises, measured from computed colours in the current scheme. */
async function colours(page: Page) {
  return page.evaluate(() => {
    const get = (sel: string, prop = 'color') =>
      getComputedStyle(document.querySelector(sel)!).getPropertyValue(prop);
    return {
      bg: get('.fr', 'background-color'),
      text: get('.fr'),
      muted: get('.fr-desc'),
      field: get('.fr-in', 'background-color'),
      border: get('.fr-in', 'border-top-color'),
      error: get('.fr-msg:not(:empty)'),
      primaryBg: get('.fr-primary', 'background-color'),
      primaryText: get('.fr-primary'),
      chipBg: get('button.fr-chip', 'background-color'),
      chipText: get('button.fr-chip'),
      listBg: get('.fr-list', 'background-color'),
      optionText: get('.fr-list [aria-selected=false]'),
      activeBg: get('.fr-list [aria-selected=true]', 'background-color'),
      activeText: get('.fr-list [aria-selected=true]'),
    };
  });
}

test('contrast, light and dark: text >= 4.5:1, control borders and the combobox highlight >= 3:1', async () => {
  const page = await H.page();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await mount(page, ALL, { now: '2026-03-10T09:00:00' });
    await page.getByRole('button', { name: '登録する' }).click(); // messages on
    const box = page.getByRole('combobox', { name: '担当者' });
    await box.fill('');
    await box.pressSequentially('a');
    await box.pressSequentially('l');
    await page.locator('.fr-list:not([hidden]) [role=option]').nth(1).waitFor();
    await box.press('ArrowDown');
    const c = await colours(page);
    const bg = parseColor(c.bg);
    const field = over(parseColor(c.field), bg);
    const pairs: [string, number, number][] = [
      ['text on the form', contrast(c.text, bg), 4.5],
      ['muted text on the form', contrast(c.muted, bg), 4.5],
      ['error text on the form', contrast(c.error, bg), 4.5],
      ['control border on the control', contrast(c.border, field), 3],
      ['primary button text', contrast(c.primaryText, c.primaryBg), 4.5],
      ['primary button on the form', contrast(c.primaryBg, bg), 3],
      ['chip text', contrast(c.chipText, over(parseColor(c.chipBg), bg)), 4.5],
      ['option text in the list', contrast(c.optionText, c.listBg), 4.5],
      ['highlighted option against the list', contrast(c.activeBg, c.listBg), 3],
      ['highlighted option text', contrast(c.activeText, c.activeBg), 4.5],
    ];
    for (const [what, ratio, min] of pairs)
      assert.ok(ratio >= min, `${scheme}: ${what} ${ratio.toFixed(2)}:1 (needs ${min}:1)`);
  }
});

test('axe: no violations at phone and desktop widths, light and dark, with the list open and messages shown', async () => {
  const page = await H.page();
  for (const size of [PHONE, DESKTOP])
    for (const scheme of ['light', 'dark'] as const) {
      const at = `${size.width}px ${scheme}`;
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await mount(page, ALL, { now: '2026-03-10T09:00:00' });
      await page.locator('select:not([disabled])').nth(2).waitFor(); // the remote selects have loaded
      assert.deepEqual(await axe(page), [], at);
      await page.getByRole('button', { name: '登録する' }).click();
      assert.deepEqual(await axe(page), [], `${at}, with messages`);
      await page.getByRole('combobox', { name: '担当者' }).pressSequentially('Al');
      await page.locator('.fr-list:not([hidden]) li').first().waitFor();
      await page.getByRole('combobox', { name: '担当者' }).press('ArrowDown');
      assert.deepEqual(await axe(page), [], `${at}, with the list open`);
    }
});

test('strict CSP: styled under style-src self (no inline style), with a nonce, or from formrequest.css', async () => {
  for (const [path, how] of [
    ['/csp-self.html', 'constructed'],
    ['/csp-nonce.html', 'nonce'],
    ['/csp-linked.html', 'file'],
  ] as const) {
    const page = await H.page();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${H.server.url}${path}`);
    await page.locator('.fr-primary').waitFor();
    const seen = await page.evaluate(() => ({
      radius: getComputedStyle(document.querySelector('.fr-in')!).borderTopLeftRadius,
      button: getComputedStyle(document.querySelector('.fr-primary')!).backgroundColor,
      adopted: document.adoptedStyleSheets.length,
      styles: document.querySelectorAll('style').length,
    }));
    assert.deepEqual(refused, [], `${path}: nothing refused`);
    assert.equal(seen.radius, '8px', `${path}: styled`);
    assert.equal(seen.button, 'rgb(11, 92, 213)', `${path}: styled`);
    assert.deepEqual(
      [seen.adopted, seen.styles],
      how === 'constructed' ? [1, 0] : how === 'nonce' ? [0, 1] : [0, 0],
      `${path}: styles come as a ${how} sheet`,
    );
  }
});

test('screenshots of every example form, both widths and schemes, before and after messages', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const page = await H.page();
  const written: string[] = [];
  for (const file of ['example1-project', 'example2-assign', 'example3-address', 'all-types']) {
    const schema = JSON.parse(
      readFileSync(resolve(FORMS, `${file}.json`), 'utf8').replaceAll(
        'https://api.example.com/',
        '/api/demo/',
      ),
    );
    for (const size of [PHONE, DESKTOP])
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: scheme });
        await mount(page, schema, { now: '2026-03-10T09:00:00' });
        await page.evaluate((dark) => {
          document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
          document.body.style.cssText = `margin:0;background:${dark ? '#0e1012' : '#f3f4f6'}`;
        }, scheme === 'dark');
        for (const state of ['', '-messages']) {
          if (state) await page.locator('.fr-primary').click();
          await page.evaluate(() => window.scrollTo(0, 0));
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          // What a person sees screen by screen (off-screen fields are not painted until scrolled to).
          for (let y = 0, k = 0; ; y += size.height - 160, k++) {
            await page.evaluate((y) => window.scrollTo(0, y), y);
            const path = `${SHOTS}/${file}-${size.width}-${scheme}${state}-${k}.png`;
            await page.screenshot({ path });
            written.push(path);
            if (y + size.height >= height) break;
          }
        }
        if (file === 'example2-assign') {
          // The search list open, the second option highlighted from the keyboard.
          const box = page.getByRole('combobox', { name: '担当者' });
          await box.pressSequentially('部');
          await page.locator('.fr-list:not([hidden]) [role=option]').nth(1).waitFor();
          await box.press('ArrowDown');
          await box.press('ArrowDown');
          const path = `${SHOTS}/${file}-${size.width}-${scheme}-list.png`;
          await page.screenshot({ path });
          written.push(path);
        }
      }
  }
  assert.ok(written.length >= 32, `${written.length} screenshots in ${SHOTS}`);
});
