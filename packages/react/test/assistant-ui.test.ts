// The assistant-ui example (examples/assistant-ui) in real Chromium, on the Vite dev server its `npm
// start` runs: the mock model calls our local request_form tool, the tool UI made with
// makeAssistantToolUI draws <FormRequest> in the thread, and submit (addResult) continues the same turn
// with the answers (seed examples 1 and 2).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type ExampleApp, startExample } from '../../../testing/vite-example.ts';

let app: ExampleApp;
before(async () => {
  app = await startExample('assistant-ui');
});
after(() => app?.close());

const open = (path = '/') => app.open(path);

async function say(page: Page, text: string) {
  await page.getByLabel('メッセージ').fill(text);
  await page.getByRole('button', { name: '送る' }).click();
}

test('assistant-ui: seed example 1 in the tool UI, submit continues the same turn with the answers', async () => {
  const page = await open();
  await say(page, 'プロジェクトを作りたい');
  await page.getByLabel('プロジェクト名').fill('data-pipeline');
  await page.getByLabel('言語').selectOption('go');
  await page.getByRole('checkbox', { name: 'REST API' }).check();
  await page.getByRole('button', { name: '送信' }).click();
  const values = { project_name: 'data-pipeline', language: 'go', features: ['api'] };
  await page.getByText(`回答を受け取りました: ${JSON.stringify(values)}`).waitFor();
  await page.getByText('新規プロジェクト作成: 回答済み').waitFor();
  assert.equal(
    await page.locator('[data-role="assistant"]').count(),
    1,
    'one assistant message: the same turn',
  );
  assert.deepEqual(page.errors, []);
  await app.release(page);
});

test('assistant-ui: seed example 2 (autocomplete on the sample API) continues with the answers', async () => {
  const page = await open();
  await say(page, '例2: 担当者を決めたい');
  await page.getByRole('combobox', { name: '担当者' }).pressSequentially('鈴木');
  await page.getByRole('option', { name: '鈴木 一郎 (営業部)' }).click();
  await page.getByRole('radio', { name: '低' }).check();
  await page.getByRole('button', { name: '送信' }).click();
  await page.getByText('回答を受け取りました: {"assignee":"u2","priority":"low"}').waitFor();
  assert.deepEqual(page.errors, []);
  await app.release(page);
});
