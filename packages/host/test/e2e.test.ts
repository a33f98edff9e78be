// End to end in real Chromium: the page, the host, the scripted agent, the real MCP server and the
// web renderer, from the first message to the agent's reply after submit or cancel, at a phone's width
// too, a file uploaded and one over the limit. Reload, two tabs and a killed server: e2e-resilience.test.ts.
// The browser, the host and the page's steps: page-support.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestHost } from './helpers.js';
import { open, release, rig, say, slot, useRig, waitForForm } from './page-support.js';

useRig();

/** The page at the width these scenarios were written for (1100 px, or a phone's). */
const newPage = (url: string, options: { width?: number } = {}) =>
  open(url, { size: { width: options.width ?? 1100, height: 900 } });

const lastReply = (page: Page) => page.locator('.msg.assistant').last();

/** Fills the required fields of the all-types form in English (examples/forms/all-types.json). */
async function fillAllTypes(page: Page) {
  await slot(page).getByLabel('Project name').fill('my-app');
  await slot(page).getByRole('checkbox', { name: 'Authentication' }).check();
  await slot(page).getByRole('combobox', { name: 'Assignee' }).fill('Al');
  await slot(page).getByRole('listbox').getByRole('option').first().click(); // the search's list, not a select's
  await slot(page).getByLabel('I agree to the terms').check();
}

describe('scripted scenarios in Chromium', () => {
  test('create a project (ja): form from the tool_use event, submit, the agent summarises', async () => {
    const page = await newPage(rig.host.url);
    await say(page, '新しいプロジェクトを作成して');
    await waitForForm(page, '新規プロジェクト作成');
    await page.locator('.tool summary', { hasText: 'フォーム: 新規プロジェクト作成' }).waitFor();
    await slot(page).getByLabel('プロジェクト名').fill('my-web-app');
    await slot(page).getByLabel('言語').selectOption('typescript');
    await slot(page).getByRole('checkbox', { name: '認証' }).check();
    await slot(page).getByRole('checkbox', { name: 'REST API' }).check();
    await slot(page).getByRole('button', { name: '送信' }).click();
    await page.locator('.msg.assistant', { hasText: 'my-web-app' }).waitFor();
    const reply = await lastReply(page).textContent();
    assert.match(reply!, /TypeScript/);
    assert.match(reply!, /認証, REST API/);
    assert.match(reply!, /デモ/);
    const sent = await page.locator('.msg.user pre').last().textContent();
    assert.deepEqual(JSON.parse(sent!), {
      project_name: 'my-web-app',
      language: 'typescript',
      features: ['auth', 'api'],
    });
    assert.equal(await slot(page).isHidden(), true);
    assert.deepEqual(page.errors, []);
    await release(page);
  });

  test('create a project, then cancel: the cancel message goes back and the agent acknowledges', async () => {
    const page = await newPage(rig.host.url);
    await say(page, 'プロジェクトを作りたい');
    await waitForForm(page, '新規プロジェクト作成');
    await slot(page).getByRole('button', { name: 'キャンセル' }).click();
    await page.locator('.msg.user', { hasText: 'フォーム入力をキャンセルしました。' }).waitFor();
    await page.locator('.msg.assistant', { hasText: 'キャンセルされました' }).waitFor();
    assert.equal(await slot(page).isHidden(), true);
    await release(page);
  });

  test('assign a task (en): search the demo users, pick one, submit', async () => {
    const page = await newPage(`${rig.host.url}/?lang=en`);
    await say(page, 'Assign a task to someone');
    await waitForForm(page, 'Assign the task');
    const assignee = slot(page).getByRole('combobox', { name: 'Assignee' });
    await assignee.fill('ｙａｍａｄａ');
    // A mouse click on the option: the popup must sit above the fields and buttons after it.
    await slot(page).getByRole('option', { name: '山田 太郎 (開発部)' }).click({ timeout: 3000 });
    await slot(page).getByRole('radio', { name: 'High' }).check();
    await slot(page).getByRole('button', { name: 'Submit' }).click();
    await page.locator('.msg.assistant', { hasText: 'u001' }).waitFor();
    const reply = await lastReply(page).textContent();
    assert.match(reply!, /Assignee: 山田 太郎 \(u001\)/);
    assert.match(reply!, /Priority: High/);
    assert.match(reply!, /demo/);
    await release(page);
  });

  test('assign a task, then cancel (en)', async () => {
    const page = await newPage(`${rig.host.url}/?lang=en`);
    await say(page, 'assign a reviewer');
    await waitForForm(page, 'Assign the task');
    await slot(page).getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.msg.user', { hasText: 'Form input was cancelled.' }).waitFor();
    await page.locator('.msg.assistant', { hasText: 'was cancelled' }).waitFor();
    await release(page);
  });

  test('enter an address on a phone-width screen: cascading selects, submit', async () => {
    const page = await newPage(rig.host.url, { width: 375 });
    await say(page, '住所を入力したい');
    await waitForForm(page, '住所入力');
    await slot(page)
      .getByLabel('都道府県')
      .locator('option', { hasText: '東京都' })
      .waitFor({ state: 'attached' });
    await slot(page).getByLabel('都道府県').selectOption({ label: '東京都' });
    await slot(page)
      .getByLabel('市区町村')
      .locator('option', { hasText: '新宿区' })
      .waitFor({ state: 'attached' });
    await slot(page).getByLabel('市区町村').selectOption({ label: '新宿区' });
    await slot(page).getByLabel('番地・建物名').fill('西新宿2-8-1');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at 375 px (overflow ${overflow})`);
    await slot(page).getByRole('button', { name: '送信' }).click();
    await page.locator('.msg.assistant', { hasText: '西新宿2-8-1' }).waitFor();
    const sent = JSON.parse((await page.locator('.msg.user pre').last().textContent())!);
    assert.deepEqual(sent, { country: 'JP', prefecture: '13', city: '13004', address: '西新宿2-8-1' });
    // The agent was given what the person saw beside the codes (the user's message stays the values).
    const reply = await lastReply(page).textContent();
    assert.match(reply!, /都道府県: 東京都 \(13\)/);
    assert.match(reply!, /市区町村: 新宿区 \(13004\)/);
    await release(page);
  });

  test('typing instead of answering supersedes the pending form', async () => {
    const page = await newPage(rig.host.url);
    await say(page, '新しいプロジェクトを作成して');
    await waitForForm(page, '新規プロジェクト作成');
    await say(page, 'こんにちは');
    await page.locator('.msg.assistant', { hasText: 'オフラインデモ用エージェント' }).waitFor();
    assert.equal(await slot(page).isHidden(), true, 'the superseded form is gone');
    await page.reload();
    await page.locator('.msg.assistant', { hasText: 'オフラインデモ用エージェント' }).waitFor();
    assert.equal(await slot(page).isHidden(), true, 'and stays gone after a reload');
    await release(page);
  });

  test('enter an address, then cancel', async () => {
    const page = await newPage(rig.host.url);
    await say(page, '住所を登録して');
    await waitForForm(page, '住所入力');
    await slot(page).getByRole('button', { name: 'キャンセル' }).click();
    await page.locator('.msg.assistant', { hasText: 'キャンセルされました' }).waitFor();
    await release(page);
  });

  test('all 18 field types: a file is uploaded to the host and the answer carries its URL', async () => {
    const page = await newPage(`${rig.host.url}/?lang=en`);
    await say(page, 'Show all field types');
    await waitForForm(page, 'All field types');
    await fillAllTypes(page);
    await slot(page)
      .getByLabel('Attachment')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello file') });
    await slot(page).getByRole('button', { name: 'Register' }).click();
    await page.locator('.msg.assistant', { hasText: 'notes.txt' }).waitFor();
    const sent = JSON.parse((await page.locator('.msg.user pre').last().textContent())!);
    assert.equal(sent.form_version, '1.0');
    assert.equal(sent.attachment.name, 'notes.txt');
    assert.equal(sent.attachment.data, undefined, 'no base64 in the chat');
    assert.match(sent.attachment.url, /^\/api\/files\//);
    const stored = await fetch(rig.host.url + sent.attachment.url);
    assert.equal(await stored.text(), 'hello file');
    assert.deepEqual(page.errors, [], 'no script errors or CSP violations with all 18 widgets');
    await release(page);
  });

  test('a file over the host limit is refused in the page with the limit, and the form stays', async () => {
    const small = await startTestHost({ maxFileBytes: 8 });
    try {
      const page = await newPage(`${small.url}/?lang=en`);
      await say(page, 'Show all field types');
      await waitForForm(page, 'All field types');
      await fillAllTypes(page);
      await slot(page)
        .getByLabel('Attachment')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello file') });
      await slot(page).getByRole('button', { name: 'Register' }).click();
      await slot(page)
        .getByText('The file "notes.txt" is over the 8 B limit. Choose a smaller file.', { exact: true })
        .waitFor();
      // The form's summary of what to fix names the field and links to it.
      await slot(page)
        .getByRole('link', { name: /^Attachment: The file "notes\.txt" is over the 8 B limit/ })
        .waitFor();
      await slot(page).getByLabel('Project name').waitFor();
      assert.equal(await page.locator('.msg.user').count(), 1, 'nothing was sent');
      await release(page);
    } finally {
      await small.close();
    }
  });
});
