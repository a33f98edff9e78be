// What the bundle loads beside itself only when a form needs it (scripts/bundle.mjs): the pattern engine
// for forms with a `pattern`, the sentences that explain a broken schema. Nothing a person sees is
// missing: patterns get their verdict before submit, a refused pattern still turns the form into the
// error panel, and a panel whose sentences cannot load still names each problem.
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
  assert.match((await panel.locator('li').first().textContent())!, /フィールド\[0\].*pattern/);
  assert.equal(await page.getByLabel('X').count(), 0, 'no field of a broken form is left to fill');
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
