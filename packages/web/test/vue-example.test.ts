// The Vue 3 example (examples/vue) in real Chromium, on the Vite dev server its `npm start` runs:
// <form-request> in a single-file component (isCustomElement, `:schema.prop`, `@formrequest-submit`)
// renders seed examples 1 and 2 and submits; the message shown is what the agent would receive.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type ExampleApp, startExample } from '../../../testing/vite-example.ts';

let app: ExampleApp;
before(async () => {
  app = await startExample('vue');
});
after(() => app?.close());

test('Vue renders seed examples 1 and 2 with <form-request> and receives the answers', async () => {
  const page = await app.open();

  await page.getByLabel('プロジェクト名').fill('my-web-app');
  await page.getByLabel('言語').selectOption('go');
  await page.getByRole('checkbox', { name: 'DB連携' }).check();
  await page.getByRole('button', { name: '送信' }).click();
  await page.locator('#out').filter({ hasText: 'my-web-app' }).waitFor();
  assert.deepEqual(JSON.parse((await page.locator('#out').textContent())!), {
    project_name: 'my-web-app',
    language: 'go',
    features: ['db'],
  });

  await page.getByRole('button', { name: '例2: 担当者アサイン' }).click();
  await page.getByRole('combobox', { name: '担当者' }).pressSequentially('高橋');
  await page.getByRole('option', { name: '高橋 健 (開発部)' }).click();
  await page.getByRole('button', { name: '送信' }).click();
  await page.locator('#out').filter({ hasText: 'u3' }).waitFor();
  assert.deepEqual(JSON.parse((await page.locator('#out').textContent())!), {
    assignee: 'u3',
    priority: 'medium',
  });

  await page.getByRole('button', { name: '例1: プロジェクト作成' }).click();
  await page.getByRole('button', { name: 'キャンセル' }).click();
  await page.locator('#out').filter({ hasText: 'フォーム入力をキャンセルしました。' }).waitFor();
  assert.deepEqual(page.errors, [], 'no Vue warning (e.g. "Failed to resolve component: form-request")');
  await app.release(page);
});
