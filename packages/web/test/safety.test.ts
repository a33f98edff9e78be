// Bad input and the person's work: HTML payloads in every string position stay text, an invalid schema
// gets a readable panel, drafts survive a reload, and axe-core finds no violations.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { allTypesForm } from '../../../testing/all-types.ts';
import { axeViolations } from '../../../testing/axe.ts';
import { events, type Harness, mount, openHarness } from './support/harness.ts';

const X = '<img src=x onerror="window.pwned=(window.pwned||0)+1">';
const ALL = allTypesForm();
let H: Harness;
before(async () => {
  H = await openHarness({ extra: { '/api/xss': [{ id: X, name: X, email: X }] } });
});
after(() => H.close());

const hostile = {
  title: X,
  description: X,
  submitLabel: X,
  cancelLabel: X,
  fields: [
    { type: 'heading', text: X, description: X },
    { type: 'divider', label: X },
    {
      name: 't',
      type: 'text',
      label: X,
      placeholder: X,
      pattern: '^a$',
      patternError: X,
      suggestions: [X, X + X],
    },
    { name: 's', type: 'select', label: X, options: [{ value: X, label: X }] },
    { name: 'r', type: 'radio', label: X, options: [{ value: X, label: X }] },
    { name: 'm', type: 'multiselect', label: X, options: [{ value: X, label: X }] },
    { name: 'c', type: 'checkbox', label: X },
    {
      name: 'a',
      type: 'autocomplete',
      label: X,
      searchUrl: '/api/xss',
      displayField: 'name',
      valueField: 'id',
      renderTemplate: `${X}{name}{email}`,
      debounceMs: 0,
    },
    {
      name: 'ma',
      type: 'multi-autocomplete',
      label: X,
      searchUrl: '/api/xss',
      displayField: 'name',
      valueField: 'id',
      debounceMs: 0,
    },
    {
      name: 'as',
      type: 'async-select',
      label: X,
      loadUrl: '/api/xss',
      displayField: 'name',
      valueField: 'id',
    },
    { name: 'h', type: 'hidden', value: X },
  ],
};

test('HTML payloads in every string position and in search results are shown as text, never run', async () => {
  const page = await H.page();
  await mount(page, hostile);
  await page.locator('input[role=combobox]').first().pressSequentially('x');
  await page.locator('.fr-list:not([hidden]) li').first().click();
  await page.locator('input[role=combobox]').nth(1).pressSequentially('x');
  await page.locator('.fr-list:not([hidden]) li').first().click();
  await page.locator('select').nth(1).locator('option').nth(1).waitFor({ state: 'attached' });
  await page.getByRole('textbox').first().fill('b');
  await page.getByRole('textbox').first().blur();
  // The blur's check has drawn its message (the patternError payload) before anything is looked at.
  await page.locator('.fr-msg', { hasText: X }).waitFor();
  assert.equal(await page.evaluate(() => document.querySelectorAll('#app img').length), 0);
  assert.equal(await page.evaluate(() => (window as any).pwned), undefined);
  const text = await page.locator('#app').textContent();
  assert.ok((text?.split(X).length ?? 0) > 12, 'the payloads are visible as text');
  assert.equal(await page.locator('.fr-msg', { hasText: X }).count(), 1, 'patternError shown as text');
  assert.equal(await page.getByRole('textbox').first().getAttribute('placeholder'), X);
  assert.deepEqual((page as any).errors, []);
});

test('an invalid schema renders a readable error panel with a working cancel', async () => {
  const page = await H.page();
  await mount(page, {
    title: 'broken',
    locale: 'ja',
    fields: [
      { type: 'text', label: 'no name' },
      { name: 'x', type: 'bogus' },
    ],
  });
  const panel = page.getByRole('alert');
  assert.equal(await panel.getByRole('heading').textContent(), 'このフォームは表示できません');
  const items = await panel.locator('li').allTextContents();
  assert.ok(
    items.includes('エラー: フィールド[0]（type: text）にnameが指定されていません。'),
    items.join('\n'),
  );
  assert.ok(
    items.some((i) => i.startsWith("エラー: フィールド[1]の無効なtype: 'bogus'")),
    items.join('\n'),
  );
  await page.getByRole('button', { name: 'キャンセル' }).click();
  assert.deepEqual(await events(page), [{ type: 'cancel', message: 'フォーム入力をキャンセルしました。' }]);
  for (const bad of [null, 'text', [], { fields: 'x' }]) {
    await mount(page, bad);
    await page.getByRole('alert').waitFor();
  }
  assert.deepEqual((page as any).errors, []);
});

test('a long form with a defect past the first screen turns into the error panel, also on an early submit', async () => {
  const page = await H.page();
  const fields = Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, type: 'text', label: `F${i}` }));
  const broken = {
    title: 'long',
    locale: 'ja',
    fields: [...fields.slice(0, 30), { name: 'n', type: 'number', min: 5, max: 1 }],
  };
  // Left alone: the rest is checked when the browser is idle, before any of it is built.
  await mount(page, broken);
  const panel = page.getByRole('alert');
  await panel.waitFor();
  assert.match(
    (await panel.locator('li').allTextContents()).join('\n'),
    /フィールド\[30\]（type: number）のmin（5）がmax（1）より大きく/,
  );
  assert.equal(await page.getByRole('textbox').count(), 0, 'no field of the broken form stays on screen');
  // Submitting at once (before the browser is idle) checks the rest first and sends nothing.
  await mount(page, broken);
  assert.equal(await page.evaluate(() => (window as any).form.submit()), false);
  assert.deepEqual(await page.evaluate(() => (window as any).form.values()), {});
  await page.getByRole('alert').waitFor();
  assert.deepEqual(await events(page), []);
  // A sound long form builds every field once idle, and submits.
  await mount(page, { title: 'long', fields });
  await page.getByRole('textbox', { name: 'F39' }).waitFor({ state: 'attached' });
  await page.getByRole('textbox', { name: 'F0' }).fill('a');
  assert.equal(await page.evaluate(() => (window as any).form.submit()), true);
  assert.deepEqual((page as any).errors, []);
});

test('drafts survive a reload and are dropped after submit', async () => {
  const page = await H.page();
  const draftKey = 'conv-1/form-1';
  const remount = async () => {
    await page.reload();
    await page.evaluate(async () => {
      (window as any).fr = await import('/formrequest.js' as string);
    });
    await mount(page, ALL, { draftKey, now: '2026-03-10T09:00:00' });
  };
  // Whatever else sits under the key (here a draft of the wrong shape) is ignored, not a crash.
  await page.evaluate((k) => localStorage.setItem(`formrequest-draft:${k}`, '{"v":null,"t":null}'), draftKey);
  await mount(page, ALL, { draftKey, now: '2026-03-10T09:00:00' });
  await page.getByLabel('プロジェクト名').fill('draft-name');
  await page.getByRole('checkbox', { name: 'DB連携' }).check();
  await page.getByRole('radio', { name: '低' }).check();
  const members = page.getByRole('combobox', { name: 'チームメンバー' });
  await members.pressSequentially('Bob');
  await page.getByRole('option', { name: 'Bob Lee' }).click();
  // The draft is written 300 ms after the last change: wait until it holds the last one (the member).
  await page.waitForFunction((k) => {
    const draft = JSON.parse(localStorage.getItem(`formrequest-draft:${k}`) ?? 'null');
    return JSON.stringify(draft?.v ?? {}).includes('draft-name') && draft.v.members?.length > 0;
  }, draftKey);
  await remount();
  assert.equal(await page.getByLabel('プロジェクト名').inputValue(), 'draft-name');
  assert.equal(await page.getByRole('checkbox', { name: 'DB連携' }).isChecked(), true);
  assert.equal(await page.getByRole('radio', { name: '低' }).isChecked(), true);
  assert.deepEqual(await page.$$eval('.fr-chips li span', (s) => s.map((e) => e.textContent)), ['Bob Lee']);
  const v = await page.evaluate(() => (window as any).form.values());
  assert.equal(v.project_name, 'draft-name');
  assert.deepEqual(v.members, ['u9']);
  // Submitting (after filling the rest) forgets the draft.
  await page.getByRole('combobox', { name: '担当者' }).pressSequentially('伊藤');
  await page.locator('.fr-list:not([hidden]) li').first().click();
  await page.getByLabel('利用規約に同意する').check();
  await page.getByRole('button', { name: '登録する' }).click();
  await page.waitForFunction(() => (window as any).events.length === 1);
  await remount();
  assert.equal(await page.getByLabel('プロジェクト名').inputValue(), '');
});

test('axe-core finds no violations, before and after errors are shown, light and dark', async () => {
  const page = await H.page();
  const scan = () => axeViolations(page);
  await mount(page, ALL, { now: '2026-03-10T09:00:00' });
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('select')].some(
        (s) => s.disabled && s.options.length === 1 && s.options[0]!.textContent === '読み込み中…',
      ),
  );
  assert.deepEqual(await scan(), []);
  await page.getByRole('combobox', { name: '担当者' }).pressSequentially('Al');
  await page.locator('.fr-list:not([hidden]) li').first().waitFor();
  assert.deepEqual(await scan(), [], 'with the listbox open');
  await page.getByRole('button', { name: '登録する' }).click();
  assert.deepEqual(await scan(), [], 'with messages shown');
  await mount(page, ALL, { now: '2026-03-10T09:00:00', theme: 'dark' });
  assert.deepEqual(await scan(), [], 'dark theme');
});

test('theme variables: light by default, dark by data-theme and by prefers-color-scheme; fits a phone', async () => {
  const page = await H.page();
  const bg = () => page.evaluate(() => getComputedStyle(document.querySelector('.fr')!).backgroundColor);
  await mount(page, ALL);
  assert.equal(await bg(), 'rgb(255, 255, 255)');
  await page.evaluate(() => document.body.setAttribute('data-theme', 'dark'));
  assert.equal(await bg(), 'rgb(23, 25, 28)');
  await page.evaluate(() => document.body.removeAttribute('data-theme'));
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await bg(), 'rgb(23, 25, 28)');
  await mount(page, ALL, { theme: 'light' });
  assert.equal(await bg(), 'rgb(255, 255, 255)');
  await page.setViewportSize({ width: 360, height: 740 });
  assert.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= 360),
    'no sideways scrolling at 360 px',
  );
});
