// Every field type filled in a real browser; the submitted answer equals the DESIGN.md contract.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { allTypesForm } from '../../../testing/all-types.ts';
import { events, type Harness, mount, openHarness } from './support/harness.ts';

const ALL = allTypesForm();
const NOW = '2026-03-10T09:00:00';
let H: Harness;
before(async () => {
  H = await openHarness();
});
after(() => H.close());

test('fills all 18 field types and submits exactly the answer contract', async () => {
  const page = await H.page();
  await mount(page, ALL, { now: NOW });
  await page.getByLabel('プロジェクト名').fill('my-app');
  await page.getByLabel('プロジェクト説明').fill('説明文');
  await page.getByLabel('プログラミング言語').selectOption('typescript');
  await page.getByRole('checkbox', { name: '認証' }).check();
  await page.getByRole('checkbox', { name: 'テスト' }).check();
  await page.getByRole('combobox', { name: '担当者' }).pressSequentially('佐藤');
  await page.getByRole('option', { name: '佐藤 花子 (hanako.sato@example.com)' }).click();
  const members = page.getByRole('combobox', { name: 'チームメンバー' });
  await members.pressSequentially('Al');
  await page.getByRole('option', { name: 'Alice Johnson' }).click();
  await members.pressSequentially('Bob');
  await page.getByRole('option', { name: 'Bob Lee' }).click();
  // async-select preselects its default once loaded; the cascade then loads Japanese prefectures.
  await assertSelected(page, '国', '日本');
  await page.getByLabel('都道府県').selectOption({ label: '大阪府' });
  await page.getByLabel('カテゴリ').selectOption({ label: '質問' });
  await page.getByLabel('利用規約に同意する').check();
  await page.getByRole('radio', { name: '高' }).check();
  await page.getByLabel('数量').fill('42');
  await page.getByLabel('予算配分 (%)').fill('35');
  await page.getByLabel('期限').fill('2026-03-20');
  await page.getByLabel('ミーティング日時').fill('2026-03-12T14:30');
  await page
    .getByLabel('添付ファイル')
    .setInputFiles({ name: 'memo.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByRole('button', { name: '登録する' }).click();
  await page.waitForFunction(() => (window as any).events.length > 0);
  const [sent] = await events(page);
  const expected = {
    project_name: 'my-app',
    description: '説明文',
    language: 'typescript',
    features: ['auth', 'tests'],
    assignee: 'u1',
    members: ['u6', 'u9'],
    country: 'JP',
    prefecture: '27',
    category: 'question',
    agree_terms: true,
    priority: 'high',
    quantity: 42,
    budget_percentage: 35,
    due_date: '2026-03-20',
    meeting_time: '2026-03-12T14:30',
    attachment: { name: 'memo.txt', type: 'text/plain', size: 5, data: 'data:text/plain;base64,aGVsbG8=' },
    form_version: '1.0',
  };
  assert.equal(sent.type, 'submit');
  assert.deepEqual(sent.values, expected);
  assert.equal(sent.message, JSON.stringify(expected, null, 2));
  assert.deepEqual((page as any).errors, []);
});

async function assertSelected(page: import('playwright-core').Page, label: string, text: string) {
  const select = page.getByLabel(label);
  await page.waitForFunction(
    ({ id, text }) => {
      const s = document.getElementById(id) as HTMLSelectElement;
      return !s.disabled && s.selectedOptions[0]?.textContent === text;
    },
    { id: (await select.getAttribute('id'))!, text },
  );
}

test('defaults for every kind of field; hidden fields are never shown but always sent', async () => {
  const page = await H.page();
  await mount(page, ALL, { now: NOW });
  assert.equal(await page.getByLabel('プログラミング言語').inputValue(), 'python');
  assert.equal(await page.getByRole('radio', { name: '中' }).isChecked(), true);
  assert.equal(await page.getByLabel('数量').inputValue(), '1');
  assert.equal(await page.getByLabel('予算配分 (%)').inputValue(), '0');
  assert.equal(await page.locator('output').textContent(), '0');
  await page.getByLabel('予算配分 (%)').fill('55');
  assert.equal(await page.locator('output').textContent(), '55');
  assert.equal(await page.getByLabel('利用規約に同意する').isChecked(), false);
  assert.equal(await page.getByLabel('プロジェクト説明').getAttribute('rows'), '5');
  assert.equal(await page.locator('[name=form_version]').count(), 0);
  assert.ok(!(await page.locator('#app').textContent())?.includes('1.0'));
  // The title is an <h2>; the schema's level-2 heading sits under it as an <h3>.
  assert.equal(await page.locator('h3', { hasText: '基本情報' }).count(), 1);
  assert.equal(await page.getByText('まずは基本から').count(), 1);
  assert.equal(await page.locator('.fr-divider', { hasText: '詳細設定' }).count(), 1);
  assert.equal(await page.locator('hr').count(), 1);
  const v = await page.evaluate(() => (window as any).form.values());
  assert.deepEqual(v, {
    language: 'python',
    country: 'JP',
    agree_terms: false,
    priority: 'medium',
    quantity: 1,
    budget_percentage: 55,
    form_version: '1.0',
  });
});

test('suggestion chips fill the field; long ones are shortened to 30 characters with the full text kept', async () => {
  const page = await H.page();
  const long = 'ユーザー認証機能を持つWebアプリケーション。JWT認証、ソーシャルログイン対応。';
  await mount(page, {
    title: 's',
    fields: [{ name: 'd', type: 'textarea', label: '説明', suggestions: [long, 'short'] }],
  });
  const chips = page.locator('.fr-sugg button');
  assert.deepEqual(await chips.allTextContents(), [`${[...long].slice(0, 30).join('')}...`, 'short']);
  assert.equal(await chips.first().getAttribute('title'), long);
  assert.equal(await chips.nth(1).getAttribute('title'), null);
  assert.equal(await page.locator('.fr-sugg .fr-hint').textContent(), '候補:');
  await chips.first().click();
  assert.equal(await page.getByLabel('説明').inputValue(), long);
  assert.deepEqual(await page.evaluate(() => (window as any).form.values()), { d: long });
});

test('cancel sends the cancel message once; default and custom button labels', async () => {
  const page = await H.page();
  await mount(page, { title: 'c', fields: [{ name: 'x', type: 'text' }] });
  assert.deepEqual(await page.locator('.fr-actions button').allTextContents(), ['キャンセル', '送信']);
  await page.getByRole('button', { name: 'キャンセル' }).click();
  await page.evaluate(() => (window as any).form.cancel());
  assert.deepEqual(await events(page), [{ type: 'cancel', message: 'フォーム入力をキャンセルしました。' }]);
  assert.equal(await page.getByRole('button', { name: '送信' }).isDisabled(), true);
  assert.equal(await page.getByRole('textbox').isDisabled(), true, 'an answered form is read-only');
  await page.evaluate(() => (window as any).form.destroy());
  assert.equal(await page.locator('#app').innerHTML(), '');
});

test('a double click and repeated submit() calls submit once', async () => {
  const page = await H.page();
  await mount(page, { title: 'd', fields: [{ name: 'x', type: 'text', default: 'v' }] });
  await page.getByRole('button', { name: '送信' }).dblclick();
  const again = await page.evaluate(async () => {
    const f = (window as any).form;
    return Promise.all([f.submit(), f.submit()]);
  });
  assert.deepEqual(again, [false, false]);
  const sent = await events(page);
  assert.equal(sent.length, 1);
  assert.deepEqual(sent[0], { type: 'submit', values: { x: 'v' }, message: '{\n  "x": "v"\n}' });
});

test('<form-request>: schema property, locale attribute, formrequest-submit and -cancel events', async () => {
  const page = await H.page();
  const detail = await page.evaluate(async () => {
    const el = document.createElement('form-request') as any;
    el.setAttribute('locale', 'en');
    const got: unknown[] = [];
    el.addEventListener('formrequest-submit', (e: CustomEvent) => got.push(['submit', e.detail]));
    el.addEventListener('formrequest-cancel', (e: CustomEvent) => got.push(['cancel', e.detail]));
    // Never the native names: a page's <form> or <dialog> around the element must not see them.
    for (const native of ['submit', 'cancel'])
      document.addEventListener(native, (e) => got.push(['native', e.type, e.target === el]));
    el.schema = {
      title: 'Element',
      fields: [
        { name: 'n', type: 'number', label: 'N', default: 3 },
        { name: 'h', type: 'hidden', value: 1 },
      ],
    };
    document.getElementById('app')!.append(el);
    const labels = [...el.querySelectorAll('button')].map((b: HTMLElement) => b.textContent);
    el.querySelector('button[type=submit]').click();
    while (!got.length) await new Promise((r) => setTimeout(r, 10)); // English arrives first
    // A broken form: its error panel (drawn once the reader has read it) can be cancelled.
    el.schema = { title: 'Again', fields: [] };
    while (!el.querySelector('button[type=button]')) await new Promise((r) => setTimeout(r, 10));
    el.querySelector('button[type=button]').click();
    return { labels, got, utcOffset: -new Date().getTimezoneOffset() };
  });
  assert.deepEqual(detail.labels, ['Cancel', 'Submit']);
  assert.deepEqual(detail.got, [
    [
      'submit',
      {
        values: { n: 3, h: 1 },
        message: '{\n  "n": 3,\n  "h": 1\n}',
        utcOffset: detail.utcOffset,
        shown: {},
      },
    ],
    ['cancel', { message: 'Form input was cancelled.' }],
  ]);
});

test('a 500-field form shows its first screen at once and builds the rest without blocking', async () => {
  const page = await H.page();
  const fields = Array.from({ length: 500 }, (_, i) => ({
    name: `f${i}`,
    type: 'text',
    label: `Field ${i}`,
  }));
  const firstFrame = await page.evaluate(
    (schema) => {
      const w = window as any;
      w.form = w.fr.renderForm(document.getElementById('app'), schema, {});
      return document.querySelectorAll('.fr-field').length;
    },
    { title: 'big', fields },
  );
  assert.ok(firstFrame > 0 && firstFrame < 500, `built ${firstFrame} fields before the first frame`);
  await page.waitForFunction(() => document.querySelectorAll('.fr-field').length === 500);
  await page.getByLabel('Field 499', { exact: true }).fill('last');
  assert.deepEqual(await page.evaluate(() => (window as any).form.values()), { f499: 'last' });
});

test('<form-request> adopts a schema set before it was defined, and styles reach a shadow root', async () => {
  const page = await H.page();
  const result = await page.evaluate(() => {
    const w = window as any;
    const early = document.createElement('late-form') as any;
    early.schema = { title: 'Early', fields: [{ name: 'x', type: 'text', label: 'X' }] };
    document.getElementById('app')!.append(early);
    w.fr.defineFormRequest('late-form');
    const host = document.createElement('div');
    document.getElementById('app')!.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('div');
    shadow.append(inner);
    w.fr.renderForm(inner, { title: 'Shadow', fields: [{ name: 'y', type: 'text' }] });
    return {
      early: early.querySelector('h2')?.textContent,
      shadowStyled: shadow.adoptedStyleSheets.length === 1 && !shadow.querySelector('style'),
      shadowBg: getComputedStyle(shadow.querySelector('.fr')!).backgroundColor,
    };
  });
  assert.deepEqual(result, { early: 'Early', shadowStyled: true, shadowBg: 'rgb(255, 255, 255)' });
});

test('file: a drop zone in the form language with the limits said; chosen files listed with name, size and remove; a refused file named with its size', async () => {
  const page = await H.page();
  await mount(page, {
    title: 'Files',
    fields: [
      { name: 'docs', type: 'file', label: '資料', multiple: true, accept: '.txt,.pdf', maxSize: 1024 },
    ],
  });
  const zone = page.locator('.fr-field:has(label:text("資料")) .fr-in.fr-row');
  await page.getByRole('button', { name: 'ファイルを選択（複数可）' }).waitFor();
  assert.match((await zone.textContent()) ?? '', /またはここにドロップ.*\.txt, \.pdf・1 KBまで/);
  await page.getByLabel('資料').setInputFiles([
    { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    { name: 'b.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1') },
  ]);
  const rows = page.locator('.fr-field:has(label:text("資料")) .fr-chips li');
  await rows.nth(1).waitFor();
  assert.deepEqual(await rows.locator('span').allTextContents(), ['a.txt（5 B）', 'b.pdf（6 B）']);
  // Dropped on the zone: added to the list.
  await zone.evaluate((el) => {
    const data = new DataTransfer();
    data.items.add(new File(['dropped'], 'c.txt', { type: 'text/plain' }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await rows.nth(2).waitFor();
  await page.getByRole('button', { name: 'a.txtを削除' }).click();
  assert.deepEqual(await rows.locator('span').allTextContents(), ['b.pdf（6 B）', 'c.txt（7 B）']);
  assert.deepEqual(
    await page.evaluate(() => (window as any).form.values().docs.map((f: { name: string }) => f.name)),
    ['b.pdf', 'c.txt'],
  );
  // Too large: named with its size, and the files chosen before stay.
  await page
    .getByLabel('資料')
    .setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(4096) });
  await page.getByText('資料のファイルサイズは1 KB以下にしてください（「big.txt」は4 KB）').waitFor();
  assert.equal(await rows.count(), 2);
});
