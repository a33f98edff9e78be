// What the bundle loads beside itself only when a form needs it (scripts/bundle.mjs; real import()s, so
// a consumer's bundler splits the same parts): the pattern engine for forms with a `pattern`, the
// sentences that explain a broken schema, the reader for a form written another way, the fields that
// fetch and the file field for forms that have them (English: validation.test.ts). Nothing a person
// sees is missing: patterns get their verdict before submit, a refused pattern still turns the form
// into the error panel, a panel whose sentences cannot load still names each problem, and a field
// whose family cannot load says so while the rest of the form works.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { events, type Harness, mount, openHarness, waitForMessage } from './support/harness.ts';

let H: Harness;
before(async () => {
  H = await openHarness();
});
after(() => H.close());

const requested = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(new URL(r.url()).pathname));
  return seen;
};
const PATTERNED = {
  title: 'p',
  fields: [
    {
      name: 'slug',
      type: 'text',
      label: 'スラッグ',
      pattern: '^[a-z0-9-]+$',
      patternError: '小文字と数字とハイフンで',
    },
    { name: 'other', type: 'text', label: 'ほか' },
  ],
};

test('the pattern engine: never loaded for a form without patterns, loaded once for one with them', async () => {
  const page = await H.page();
  const seen = requested(page);
  await mount(page, {
    title: 'plain',
    locale: 'ja',
    fields: [{ name: 'a', type: 'text', label: 'A', required: true }],
  });
  await page.getByRole('button', { name: '送信' }).click();
  await waitForMessage(page, 'A', 'Aは必須です');
  assert.ok(!seen.includes('/formrequest-pattern.js'));
  await mount(page, PATTERNED);
  await page.getByLabel('スラッグ').fill('Not Valid');
  await page.getByLabel('ほか').click();
  await waitForMessage(page, 'スラッグ', '小文字と数字とハイフンで');
  await page.getByLabel('スラッグ').fill('ok-1');
  await page.getByRole('button', { name: '送信' }).click();
  await page.waitForFunction(() => (window as any).events.length === 1);
  assert.deepEqual((await events(page))[0].values, { slug: 'ok-1' });
  assert.equal(seen.filter((p) => p === '/formrequest-pattern.js').length, 1);
});

test('submit and messages wait for the engine: a value the pattern refuses is never sent', async () => {
  const page = await H.page();
  // The engine answers slowly: submit is pressed long before it is there.
  await page.route('**/formrequest-pattern.js', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await page.evaluate((schema) => {
    const w = window as any;
    w.events = [];
    w.form = w.fr.renderForm(document.getElementById('app'), schema, {
      onSubmit: (values: unknown) => w.events.push({ type: 'submit', values }),
    });
    document.querySelector<HTMLInputElement>('input')!.value = 'Not Valid';
    document.querySelector('input')!.dispatchEvent(new Event('input', { bubbles: true }));
    w.submitted = w.form.submit();
  }, PATTERNED);
  assert.equal(await page.evaluate(() => (window as any).submitted), false);
  assert.deepEqual(await events(page), []);
  await waitForMessage(page, 'スラッグ', '小文字と数字とハイフンで');
});

test('a refused pattern turns the form into the error panel once the engine has judged it', async () => {
  const page = await H.page();
  await mount(page, {
    title: 'bad',
    locale: 'ja',
    fields: [{ name: 'x', type: 'text', label: 'X', pattern: '(a)\\1' }],
  });
  const panel = page.getByRole('alert');
  await panel.getByText('このフォームは表示できません').waitFor();
  // The panel names the problem by path and code at once, and in words once the sentences module has
  // loaded (on a busy machine the first read can come before that).
  await panel
    .locator('li')
    .first()
    .filter({ hasText: /フィールド\[0\].*pattern/ })
    .waitFor();
  assert.equal(
    await page.getByLabel('X', { exact: true }).count(),
    0,
    'no field of a broken form is left to fill',
  );
});

test('a broken form whose sentences cannot load still names each problem by its path and code', async () => {
  const page = await H.page();
  await page.route('**/formrequest-sentences.js', (route) => route.abort());
  await mount(page, { title: 't', locale: 'ja', fields: [{ type: 'text', label: 'no name' }] });
  await page.getByRole('alert').getByText('このフォームは表示できません').waitFor();
  await page.waitForTimeout(200);
  assert.equal(await page.getByRole('alert').locator('li').textContent(), 'fields[0].name: missingName');
  assert.deepEqual((page as any).errors, []);
});

test('the reader: never loaded for a clean form; a form written another way is drawn as read', async () => {
  const page = await H.page();
  const seen = requested(page);
  await mount(page, { title: 'clean', locale: 'ja', fields: [{ name: 'a', type: 'text', label: 'A' }] });
  await page.getByLabel('A', { exact: true }).waitFor();
  assert.ok(!seen.includes('/formrequest-reader.js'), 'a clean form is drawn at once');
  // `Text` for text and options as plain strings: read as every surface reads them, then drawn.
  await mount(page, {
    title: 'meant',
    locale: 'ja',
    fields: [
      { name: 'b', type: 'Text', label: 'B', max_length: 3 },
      { name: 'c', type: 'select', label: 'C', options: ['x', 'y'] },
    ],
  });
  await page.getByLabel('B', { exact: true }).fill('abcd');
  await page.getByLabel('C', { exact: true }).selectOption('y');
  await page.getByRole('button', { name: '送信' }).click();
  await waitForMessage(page, 'B', 'Bは3文字以下で入力してください');
  assert.equal(seen.filter((p) => p === '/formrequest-reader.js').length, 1);
  assert.ok(!seen.includes('/formrequest-sentences.js'), 'a form the reader mends needs no sentences');
  await page.getByLabel('B', { exact: true }).fill('abc');
  await page.getByRole('button', { name: '送信' }).click();
  await page.waitForFunction(() => (window as any).events.length === 1);
  assert.deepEqual((await events(page))[0].values, { b: 'abc', c: 'y' });
  assert.deepEqual((page as any).errors, []);
});

test('the fields that fetch and the file field come with the first form that has one', async () => {
  const page = await H.page();
  const seen = requested(page);
  const only = (type: string, extra: object) => ({
    title: type,
    locale: 'ja',
    fields: [{ name: 'x', type, label: 'X', ...extra }],
  });
  await mount(page, only('text', {}));
  await page.getByLabel('X', { exact: true }).waitFor();
  assert.ok(!seen.includes('/formrequest-remote.js') && !seen.includes('/formrequest-file.js'));
  const search = { searchUrl: '/api/demo/users/search', displayField: 'name', valueField: 'id' };
  await mount(page, only('autocomplete', search));
  await page.getByRole('combobox', { name: 'X' }).waitFor();
  await mount(
    page,
    only('async-select', { loadUrl: '/api/demo/categories', displayField: 'name', valueField: 'id' }),
  );
  await page.locator('select:not([disabled])').waitFor();
  assert.equal(seen.filter((p) => p === '/formrequest-remote.js').length, 1, 'loaded once');
  assert.ok(!seen.includes('/formrequest-file.js'));
  await mount(page, only('file', {}));
  await page
    .getByLabel('X')
    .setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('a') });
  await page.waitForFunction(() => (window as any).form.values().x);
  assert.equal(seen.filter((p) => p === '/formrequest-file.js').length, 1);
  assert.deepEqual((page as any).errors, []);
});

test('a family that cannot load: its field says so, the rest of the form works', async () => {
  const page = await H.page();
  await page.route('**/formrequest-remote.js', (route) => route.abort());
  await mount(page, {
    title: 'offline',
    locale: 'ja',
    fields: [
      {
        name: 'who',
        type: 'autocomplete',
        label: '担当者',
        searchUrl: '/api/demo/users/search',
        displayField: 'name',
        valueField: 'id',
      },
      { name: 'note', type: 'text', label: 'メモ' },
    ],
  });
  await page.getByText('選択肢を読み込めませんでした。').waitFor();
  assert.equal(await page.getByLabel('担当者').isDisabled(), true);
  await page.getByLabel('メモ').fill('ok');
  await page.getByRole('button', { name: '送信' }).click();
  await page.waitForFunction(() => (window as any).events.length === 1);
  assert.deepEqual((await events(page))[0].values, { note: 'ok' });
});
