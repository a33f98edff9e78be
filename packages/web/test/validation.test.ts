// Messages from @formrequest/schema appear after a field is touched or on submit, never before; the
// first invalid field gets focus; aria-invalid + aria-describedby point at each message.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { allTypesForm } from '../../../testing/all-types.ts';
import { events, type Harness, messageFor, mount, openHarness, waitForMessage } from './support/harness.ts';

const ALL = allTypesForm();
const NOW = '2026-03-10T09:00:00';
let H: Harness;
before(async () => {
  H = await openHarness();
});
after(() => H.close());

const visibleMessages = (page: Page) =>
  page.$$eval('.fr-msg', (els) => els.map((e) => e.textContent).filter(Boolean) as string[]);

test('no message before touch; each text, number and choice message after touch', async () => {
  const page = await H.page();
  await mount(page, ALL, { now: NOW });
  const name = page.getByLabel('プロジェクト名');
  await name.fill('ab');
  assert.deepEqual(await visibleMessages(page), [], 'typing alone shows nothing');
  await name.blur();
  assert.equal(await messageFor(page, 'プロジェクト名'), 'プロジェクト名は3文字以上で入力してください');
  assert.equal(await name.getAttribute('aria-invalid'), 'true');
  await name.fill('');
  assert.equal(await messageFor(page, 'プロジェクト名'), 'プロジェクト名は必須です');
  await name.fill('Bad_Name');
  assert.equal(await messageFor(page, 'プロジェクト名'), '小文字英数字とハイフンのみ使用可能です');
  await name.fill('a'.repeat(51));
  assert.equal(await messageFor(page, 'プロジェクト名'), 'プロジェクト名は50文字以下で入力してください');
  await name.fill('good-name');
  assert.equal(await messageFor(page, 'プロジェクト名'), '');
  assert.equal(await name.getAttribute('aria-invalid'), 'false');

  const desc = page.getByLabel('プロジェクト説明');
  await desc.fill('あ'.repeat(1001));
  await desc.blur();
  assert.equal(
    await messageFor(page, 'プロジェクト説明'),
    'プロジェクト説明は1000文字以下で入力してください',
  );

  const qty = page.getByLabel('数量');
  await qty.fill('0');
  await qty.blur();
  assert.equal(await messageFor(page, '数量'), '数量は1以上で入力してください');
  await qty.fill('101');
  assert.equal(await messageFor(page, '数量'), '数量は100以下で入力してください');

  const auth = page.getByRole('checkbox', { name: '認証' });
  await auth.check();
  await auth.uncheck();
  const groupMessage = () => page.locator('fieldset:has(legend:text("機能")) .fr-msg').textContent();
  assert.equal(await groupMessage(), '機能は1個以上選択してください');
  for (const label of ['認証', 'DB連携', 'REST API', 'テスト'])
    await page.getByRole('checkbox', { name: label }).check();
  assert.equal(await groupMessage(), '機能は3個以下で選択してください');
  assert.equal(await auth.getAttribute('aria-invalid'), 'true');

  const terms = page.getByLabel('利用規約に同意する');
  await terms.check();
  await terms.uncheck();
  assert.equal(
    await messageFor(page, '利用規約に同意する'),
    '「利用規約に同意する」にチェックを入れてください',
  );
});

test('submit shows every message, focuses the summary (a long form), whose first link is the first invalid field, and sends nothing', async () => {
  const page = await H.page();
  await mount(page, ALL, { now: NOW });
  await page.getByRole('button', { name: '登録する' }).click();
  await page.waitForFunction(() => document.activeElement?.matches('.fr-summary'));
  await page.locator('.fr-summary a').first().click();
  const messages = await visibleMessages(page);
  assert.deepEqual(messages, [
    'プロジェクト名は必須です',
    '機能は1個以上選択してください',
    '担当者は必須です',
    '「利用規約に同意する」にチェックを入れてください',
  ]);
  assert.equal(
    await page.evaluate(
      () =>
        document.activeElement?.getAttribute('aria-label') ??
        (document.activeElement as HTMLInputElement)?.labels?.[0]?.textContent,
    ),
    'プロジェクト名 *',
  );
  const described = await page.getByRole('combobox', { name: '担当者' }).getAttribute('aria-describedby');
  assert.equal(await page.locator(`[id="${described}"]`).textContent(), '担当者は必須です');
  assert.deepEqual(await events(page), []);
  assert.equal(await page.evaluate(() => (window as any).form.validate()), false);
});

test('relative dates: bounds from the fixed clock in the picker and on typed values', async () => {
  const page = await H.page();
  await mount(page, ALL, { now: NOW });
  const due = page.getByLabel('期限');
  assert.equal(await due.getAttribute('min'), '2026-03-10');
  assert.equal(await due.getAttribute('max'), '2026-04-09');
  await due.fill('2026-03-09');
  await due.blur();
  assert.equal(await messageFor(page, '期限'), '期限は2026-03-10以降の日付を入力してください');
  await due.fill('2026-04-10');
  assert.equal(await messageFor(page, '期限'), '期限は2026-04-09以前の日付を入力してください');
  await due.fill('2026-04-09');
  assert.equal(await messageFor(page, '期限'), '');
  // The same form on another day moves its bounds.
  await mount(page, ALL, { now: '2027-01-31T23:00:00' });
  assert.equal(await page.getByLabel('期限').getAttribute('min'), '2027-01-31');
  assert.equal(await page.getByLabel('期限').getAttribute('max'), '2027-03-02');
  // datetime takes the same bounds (whole days) in its picker and on typed values.
  await mount(
    page,
    {
      title: 'dt',
      fields: [{ name: 'at', type: 'datetime', label: '日時', minDate: 'today', maxDate: '+1days' }],
    },
    { now: NOW },
  );
  const at = page.getByLabel('日時');
  assert.equal(await at.getAttribute('min'), '2026-03-10T00:00');
  assert.equal(await at.getAttribute('max'), '2026-03-11T23:59');
  await at.fill('2026-03-09T23:30');
  await at.blur();
  assert.equal(await messageFor(page, '日時'), '日時は2026-03-10以降の日付を入力してください');
  await at.fill('2026-03-11T08:15');
  assert.equal(await messageFor(page, '日時'), '');
  assert.deepEqual(await page.evaluate(() => (window as any).form.values()), { at: '2026-03-11T08:15' });
});

test('file: maxSize and accept are refused before reading; multiple gives a list', async () => {
  const page = await H.page();
  await page.evaluate(() => {
    const w = window as any;
    w.reads = 0;
    const read = FileReader.prototype.readAsDataURL;
    FileReader.prototype.readAsDataURL = function (this: FileReader, blob: Blob) {
      w.reads++;
      // slow.pdf takes 300 ms to read, so another choice can be made while it is being read.
      if ((blob as File).name === 'slow.pdf') {
        this.addEventListener('loadend', () => setTimeout(() => (w.slowReadEnded = true)));
        setTimeout(() => read.call(this, blob), 300);
      } else read.call(this, blob);
    };
  });
  await mount(page, ALL, { now: NOW });
  const input = page.getByLabel('添付ファイル');
  await input.setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1048577, 'a') });
  assert.equal(
    await messageFor(page, '添付ファイル'),
    '添付ファイルのファイルサイズは1 MB以下にしてください（「big.txt」は1048577 B）',
  );
  await input.setInputFiles({ name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
  assert.equal(
    await messageFor(page, '添付ファイル'),
    '添付ファイルのファイル形式が許可されていません（許可: .pdf,.png,.jpg,.txt）',
  );
  assert.equal(await page.evaluate(() => (window as any).reads), 0, 'refused files are never read');
  await input.setInputFiles({ name: 'ok.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  await page.waitForFunction(() => (window as any).form.values().attachment);
  assert.equal(await messageFor(page, '添付ファイル'), '');
  assert.equal(await page.evaluate(() => (window as any).reads), 1);
  // A read that ends after the person chose again never replaces that later choice.
  await input.setInputFiles({ name: 'slow.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  await input.setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1048577, 'a') });
  await page.waitForFunction(() => (window as any).slowReadEnded);
  assert.equal(await page.evaluate(() => (window as any).reads), 2);
  assert.equal(await page.evaluate(() => (window as any).form.values().attachment), undefined);
  assert.equal(
    await messageFor(page, '添付ファイル'),
    '添付ファイルのファイルサイズは1 MB以下にしてください（「big.txt」は1048577 B）',
  );

  await mount(page, {
    title: 'files',
    fields: [{ name: 'docs', type: 'file', label: '資料', multiple: true, accept: 'text/*' }],
  });
  await page.getByLabel('資料').setInputFiles([
    { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('a') },
    { name: 'b.txt', mimeType: 'text/plain', buffer: Buffer.from('bb') },
  ]);
  await page.getByRole('button', { name: '送信' }).click();
  await page.waitForFunction(() => (window as any).events.length > 0);
  const [sent] = await events(page);
  assert.deepEqual(sent.values.docs, [
    { name: 'a.txt', type: 'text/plain', size: 1, data: 'data:text/plain;base64,YQ==' },
    { name: 'b.txt', type: 'text/plain', size: 2, data: 'data:text/plain;base64,YmI=' },
  ]);
});

test('English messages and labels with locale "en"', async () => {
  const page = await H.page();
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await mount(page, { title: 'T', fields: [{ name: 'who', type: 'text', label: '名前', required: true }] });
  assert.ok(!loaded.includes('/formrequest-en.js'), 'a Japanese form loads no English');
  // A form that names no language is in the language of its words (its labels here).
  await mount(page, { title: 'T', fields: [{ name: 'who', type: 'text', label: 'Name' }] });
  assert.deepEqual(await page.locator('.fr-actions button').allTextContents(), ['Cancel', 'Submit']);
  // validate() at once, before the rest of English has arrived: the message is English once it has.
  await page.evaluate(() => {
    const w = window as any;
    w.form.destroy();
    w.form = w.fr.renderForm(
      document.getElementById('app'),
      { title: 'T', fields: [{ name: 'who', type: 'text', label: 'Name', required: true }] },
      { locale: 'en' },
    );
    w.form.validate();
  });
  await waitForMessage(page, 'Name', 'Name is required');
  assert.equal(loaded.filter((p) => p === '/formrequest-en.js').length, 1, 'English is loaded once');
  await mount(
    page,
    { title: 'T', fields: [{ name: 'who', type: 'text', label: 'Name', required: true }] },
    { locale: 'en' },
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  assert.equal(await messageFor(page, 'Name'), 'Name is required');
  await page.getByRole('button', { name: 'Cancel' }).click();
  assert.deepEqual(await events(page), [{ type: 'cancel', message: 'Form input was cancelled.' }]);
  // A form that says `locale: "en"` is English unless the embedding app asks for another language.
  const english = { title: 'T', locale: 'en', fields: [{ name: 'who', type: 'text', label: 'Name' }] };
  await mount(page, english);
  assert.deepEqual(await page.locator('.fr-actions button').allTextContents(), ['Cancel', 'Submit']);
  await mount(page, english, { locale: 'ja' });
  assert.deepEqual(await page.locator('.fr-actions button').allTextContents(), ['キャンセル', '送信']);
  const element = await page.evaluate(() => {
    const el = document.createElement('form-request') as any;
    el.schema = { title: 'T', locale: 'en', fields: [{ name: 'x', type: 'text' }] };
    document.getElementById('app')!.append(el);
    return [...el.querySelectorAll('button')].map((b: HTMLElement) => b.textContent);
  });
  assert.deepEqual(element, ['Cancel', 'Submit'], '<form-request> without a locale attribute');
});

test('setErrors: messages from a server on their fields, summarized at the top of a long form, links to the first, the form opens again', async () => {
  const page = await H.page();
  await page.setViewportSize({ width: 390, height: 844 });
  const fields = Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, type: 'text', label: `欄${i}` }));
  await mount(page, { title: 'long', fields }, { draftKey: 'server-errors' });
  await page.getByLabel('欄0', { exact: true }).fill('a');
  await page.getByLabel('欄25', { exact: true }).fill('taken');
  await page.getByRole('button', { name: '送信' }).click();
  await page.waitForFunction(() => (window as any).events.length === 1);
  assert.equal(await page.getByLabel('欄25', { exact: true }).isDisabled(), true, 'submitted: read-only');
  const missed = await page.evaluate(() =>
    (window as any).form.setErrors({
      f25: 'この値は使われています',
      f3: '確認してください',
      nope: 'x',
      f29: 5,
    }),
  );
  assert.deepEqual(missed, ['nope', 'f29'], 'names with no field (or no text) come back to the caller');
  const f3 = page.getByLabel('欄3', { exact: true });
  assert.equal(await f3.isDisabled(), false, 'editable again');
  assert.equal(await page.getByLabel('欄25', { exact: true }).inputValue(), 'taken', 'with what was entered');
  assert.equal(await messageFor(page, '欄25'), 'この値は使われています');
  assert.equal(await messageFor(page, '欄3'), '確認してください');
  assert.equal(await f3.getAttribute('aria-invalid'), 'true');
  // A long form: the summary at its top takes focus, the fields in form order, each named.
  await page.waitForFunction(() => document.activeElement?.matches('.fr-summary'));
  assert.deepEqual(await page.locator('.fr-summary a').allTextContents(), [
    '欄3: 確認してください',
    '欄25: この値は使われています',
  ]);
  await page.locator('.fr-summary a').first().click();
  assert.equal(
    await f3.evaluate((el) => el === document.activeElement),
    true,
    'its first link focuses the first one (in form order)',
  );
  const box = await f3.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 844, 'and is scrolled into view');
  await page.getByLabel('欄25', { exact: true }).fill('free');
  assert.equal(await messageFor(page, '欄25'), '', 'a message goes once its field changes');
  assert.equal(await messageFor(page, '欄3'), '確認してください');
  await page.waitForFunction(
    () => localStorage.getItem('formrequest-draft:server-errors')?.includes('free'),
    null,
    { timeout: 3000 },
  ); // the draft is kept again
  await page.getByRole('button', { name: '送信' }).click();
  await page.waitForFunction(() => (window as any).events.length === 2);
  assert.equal((await events(page))[1].values.f25, 'free');
  // A cancelled form stays closed.
  await mount(page, { title: 'c', fields });
  await page.getByRole('button', { name: 'キャンセル' }).click();
  assert.deepEqual(await page.evaluate(() => (window as any).form.setErrors({ f1: 'x' })), ['f1']);
  assert.equal(await page.getByLabel('欄1', { exact: true }).isDisabled(), true);
});

test('renderForm without an element says what to pass', async () => {
  const page = await H.page();
  const thrown = await page.evaluate(() =>
    [null, undefined, '#app', {}].map((where) => {
      try {
        (window as any).fr.renderForm(where, { title: 't', fields: [{ name: 'a', type: 'text' }] });
        return 'no error';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    }),
  );
  assert.deepEqual(thrown, [
    'TypeError: renderForm: the first argument must be an element to render into (got null).',
    'TypeError: renderForm: the first argument must be an element to render into (got undefined).',
    'TypeError: renderForm: the first argument must be an element to render into (got string).',
    'TypeError: renderForm: the first argument must be an element to render into (got object).',
  ]);
});
