// The assistant-ui example (examples/assistant-ui) in real Chromium, on the Vite dev server its `npm
// start` runs: the mock model calls our local request_form tool, the tool UI made with
// makeAssistantToolUI draws <FormRequest> in the thread, and submit (addResult) continues the same turn
// with the answers (seed examples 1 and 2).
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { launchBrowser, newTestContext } from '../../../testing/browser.ts';

const root = resolve(import.meta.dirname, '../../../examples/assistant-ui');
let vite: ViteDevServer;
let browser: Browser;

before(async () => {
  vite = await createServer({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'error',
    cacheDir: resolve(import.meta.dirname, '../../../node_modules/.cache/formrequest-assistant-ui-test'),
    server: { port: 0, host: '127.0.0.1' },
  });
  await vite.listen();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await vite?.close();
});

async function open(): Promise<Page & { errors: string[] }> {
  const context = await newTestContext(browser);
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.setDefaultTimeout(20_000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  // The first load waits for Vite to pre-bundle the dependencies (on a cold cache, many seconds).
  await page.goto(vite.resolvedUrls!.local[0]!, { timeout: 90_000 });
  return page;
}

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
  await page.context().close();
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
  await page.context().close();
});
