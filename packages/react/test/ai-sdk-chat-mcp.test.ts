// The AI SDK chat example (examples/ai-sdk-chat, `/?mcp`) in real Chromium: the tools come from
// `formrequest serve --http` (started by the example's server side) through the AI SDK's MCP client; the
// mock model (ai/test) calls request_form, the server returns at once with seed 000's result, the page
// shows the server's checked form from it and sends the answers as the next user message, and the
// model goes on with them (seed examples 1 and 2).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type ExampleApp, startExample } from '../../../testing/vite-example.ts';

let app: ExampleApp;
before(async () => {
  app = await startExample('ai-sdk-chat', 'ai-sdk-chat-mcp');
});
after(() => app?.close());

const open = (path = '/') => app.open(path);

async function say(page: Page, text: string) {
  await page.getByLabel('メッセージ').fill(text);
  await page.getByRole('button', { name: '送る' }).click();
}

test('MCP server through the AI SDK MCP client: the seed 000 result shows the form, the answers go as the next message', async () => {
  const page = await open('/?mcp');
  await say(page, 'プロジェクトを作りたい');
  await page.getByText('フォームへの入力をお待ちしています。').waitFor();
  await page.getByLabel('プロジェクト名').fill('api-service');
  await page.getByRole('button', { name: '送信' }).click();
  const values = { project_name: 'api-service', language: 'python' };
  await page.getByText(`回答を受け取りました: ${JSON.stringify(values)}`).waitFor();
  const users = page.locator('li[data-role="user"]');
  assert.equal(await users.count(), 2, 'the answers are the next user message (seed 000)');
  assert.deepEqual(JSON.parse((await users.nth(1).textContent())!), values);
  assert.deepEqual(page.errors, []);
  await app.release(page);
});

test('MCP server: seed example 2 (the checked form of the server, searches on the sample API) as the next message', async () => {
  const page = await open('/?mcp');
  await say(page, '例2: 担当者を決めたい');
  await page.getByText('フォームへの入力をお待ちしています。').waitFor();
  await page.getByRole('combobox', { name: '担当者' }).pressSequentially('田中');
  await page.getByRole('option', { name: '田中 美咲 (デザイン部)' }).click();
  await page.getByRole('button', { name: '送信' }).click();
  const values = { assignee: 'u4', priority: 'medium' };
  await page.getByText(`回答を受け取りました: ${JSON.stringify(values)}`).waitFor();
  assert.deepEqual(JSON.parse((await page.locator('li[data-role="user"]').nth(1).textContent())!), values);
  assert.deepEqual(page.errors, []);
  await app.release(page);
});
