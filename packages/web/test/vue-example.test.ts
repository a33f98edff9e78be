// The Vue 3 example (examples/vue) in real Chromium, on the Vite dev server its `npm start` runs:
// <form-request> in a single-file component (isCustomElement, `:schema.prop`, `@formrequest-submit`)
// renders seed examples 1 and 2 and submits; the message shown is what the agent would receive.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { launchBrowser, newTestContext } from '../../../testing/browser.ts';

const root = resolve(import.meta.dirname, '../../../examples/vue');
let vite: ViteDevServer;
let browser: Browser;

before(async () => {
  vite = await createServer({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    logLevel: 'error',
    cacheDir: resolve(import.meta.dirname, '../../../node_modules/.cache/formrequest-vue-example-test'),
    server: { port: 0, host: '127.0.0.1' },
  });
  await vite.listen();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await vite?.close();
});

test('Vue renders seed examples 1 and 2 with <form-request> and receives the answers', async () => {
  const context = await newTestContext(browser);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    // The browser's own request for /favicon.ico is not the example's.
    if (m.location().url.endsWith('/favicon.ico')) return;
    if (m.type() === 'warning' || m.type() === 'error') errors.push(m.text());
  });
  // The first load waits for Vite to pre-bundle the dependencies (on a cold cache, many seconds).
  await page.goto(vite.resolvedUrls!.local[0]!, { timeout: 90_000 });

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
  assert.deepEqual(errors, [], 'no Vue warning (e.g. "Failed to resolve component: form-request")');
  await context.close();
});
