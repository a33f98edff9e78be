// The AI SDK chat example (examples/ai-sdk-chat) in real Chromium, on the Vite dev server its `npm start`
// runs: the mock model (ai/test) calls request_form, the form shows in the message list, and
//   - with our local tool, submit answers the call with its output and the model continues in the same
//     assistant message with the answers (seed examples 1 and 2: a pattern, suggestions, a select, a
//     multiselect; an autocomplete and a multi-autocomplete on the sample search API, a date, a radio);
// (The MCP server's way: ai-sdk-chat-mcp.test.ts.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type ExampleApp, startExample } from '../../../testing/vite-example.ts';

let app: ExampleApp;
before(async () => {
  app = await startExample('ai-sdk-chat');
});
after(() => app?.close());

const open = (path = '/') => app.open(path);

async function say(page: Page, text: string) {
  await page.getByLabel('メッセージ').fill(text);
  await page.getByRole('button', { name: '送る' }).click();
}

const assistant = (page: Page) => page.locator('li[data-role="assistant"]');

test('local tool: seed example 1 is answered with the tool output and the model continues the same turn', async () => {
  const page = await open();
  await say(page, 'プロジェクトを作りたい');
  await page.getByLabel('プロジェクト名').fill('my-web-app');
  await page.getByLabel('言語').selectOption('typescript');
  await page.getByRole('checkbox', { name: '認証' }).check();
  await page.getByRole('checkbox', { name: 'REST API' }).check();
  await page.locator('.fr-sugg button').nth(3).click();
  await page.getByRole('button', { name: '送信' }).click();
  const values = {
    project_name: 'my-web-app',
    language: 'typescript',
    features: ['auth', 'api'],
    description: 'ユーザー認証機能を持つWebアプリケーション。JWT認証、ソーシャルログイン対応。',
  };
  await page.getByText(`回答を受け取りました: ${JSON.stringify(values)}`).waitFor();
  assert.equal(await assistant(page).count(), 1, 'one assistant message: the same turn');
  assert.match(
    (await assistant(page).textContent())!,
    /フォームでお尋ねします。.*新規プロジェクト作成: 回答済み.*回答を受け取りました/,
  );
  assert.equal(await page.locator('li[data-role="user"]').count(), 1, 'no extra user message');
  assert.deepEqual(page.errors, []);
  await app.release(page);
});

test('local tool: seed example 2 (autocomplete on the sample API, date, radio) continues with the answers', async () => {
  const page = await open();
  await say(page, '例2: 担当者を決めたい');
  await page.getByRole('combobox', { name: '担当者' }).pressSequentially('佐藤');
  await page.getByRole('option', { name: '佐藤 花子 (開発部)' }).click();
  await page.getByRole('combobox', { name: 'レビュアー' }).pressSequentially('Al');
  await page.getByRole('option', { name: 'Alice Johnson' }).click();
  await page.getByLabel('期限').fill('2099-01-15');
  await page.getByRole('radio', { name: '高' }).check();
  await page.getByRole('button', { name: '送信' }).click();
  const values = { assignee: 'u1', reviewers: ['u6'], due_date: '2099-01-15', priority: 'high' };
  await page.getByText(`回答を受け取りました: ${JSON.stringify(values)}`).waitFor();
  assert.equal(await assistant(page).count(), 1);
  assert.deepEqual(page.errors, []);
  await app.release(page);
});

test('local tool: cancel answers the call with the cancel outcome, and the model goes on', async () => {
  const page = await open();
  await say(page, 'プロジェクトを作りたい');
  await page.getByRole('button', { name: 'キャンセル' }).click();
  await page.getByText('キャンセルされました。').waitFor();
  assert.equal(await assistant(page).count(), 1, 'the same turn');
  assert.deepEqual(page.errors, []);
  await app.release(page);
});
