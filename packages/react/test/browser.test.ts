// <FormRequest> and useFormRequestTool in real Chromium, with React 19 (the workspace's) and React 18
// (testing/react18): the page hydrates the HTML renderToString made (no mismatch, nothing drawn on the
// server), draws seed example 1 once per mount (a re-render with a copy of the schema keeps what was
// typed), validates and submits {values, message}, exposes the controller through ref, and turns chat
// parts into forms: a local tool call answered with its output, the MCP server's seed 000 result
// answered with the next message; a reload mid-form keeps what was typed (the draft of its tool call).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { workspaceSources } from '../../../scripts/sources/esbuild.mjs';
import { launchBrowser } from '../../../testing/browser.ts';
import { PagePool } from '../../../testing/page-pool.ts';

const root = resolve(import.meta.dirname, '../../..');
const example1 = JSON.parse(readFileSync(resolve(root, 'examples/forms/example1-project.json'), 'utf8'));
const ORIGIN = 'http://react.test';

/** The test page bundled with the React of `react18` (testing/react18) or the workspace's. */
async function bundle(react18: boolean): Promise<string> {
  const from = createRequire(resolve(root, 'testing/react18/package.json'));
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, 'support/page.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
    // From the sources (as the web renderer's tests do), so a stale dist/ is never what is tested.
    plugins: react18
      ? [
          workspaceSources,
          {
            name: 'react-18',
            setup(b) {
              b.onResolve({ filter: /^(react|react-dom)(\/.*)?$/ }, (args: { path: string }) => ({
                path: from.resolve(args.path),
              }));
            },
          },
        ]
      : [workspaceSources],
  });
  return result.outputFiles[0]!.text;
}

/** What the server sends for <FormRequest>: renderToString of the workspace's React. */
async function serverHtml(): Promise<string> {
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const { FormRequest } = await import('@formrequest/react');
  return renderToString(createElement(FormRequest, { schema: example1, className: 'single' }));
}

let browser: Browser;
let pages: PagePool;
const scripts = new Map<string, string>();
before(async () => {
  const [r19, r18] = await Promise.all([bundle(false), bundle(true)]);
  scripts.set('19', r19);
  scripts.set('18', r18);
  browser = await launchBrowser();
  pages = new PagePool(browser);
});
after(async () => {
  await pages?.close();
  await browser?.close();
});

async function open(react: '18' | '19'): Promise<Page & { errors: string[] }> {
  const page = (await pages.page()) as Page & { errors: string[] };
  page.setDefaultTimeout(5000);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  const html = await serverHtml();
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/page.js')
      return route.fulfill({ contentType: 'text/javascript', body: scripts.get(react)! });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="ja"><body><div id="app">${html}</div><script type="module" src="/page.js"></script></body></html>`,
    });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => (window as any).t);
  return page;
}

const events = (page: Page) => page.evaluate(() => structuredClone((window as any).t.events));

for (const react of ['19', '18'] as const) {
  test(`React ${react}: hydrates the server's empty container, draws seed example 1 once, validates and submits`, async () => {
    const html = await serverHtml();
    assert.equal(
      html,
      '<div class="single" data-formrequest=""></div>',
      'the server renders the container only',
    );
    const page = await open(react);
    assert.match(await page.evaluate(() => (window as any).t.version), new RegExp(`^${react}\\.`));
    await page.evaluate((schema) => (window as any).t.hydrate(schema), example1);
    await page.getByLabel('プロジェクト名').waitFor();
    assert.equal(
      await page.locator('.single form').count(),
      1,
      'one form (StrictMode mounts twice, one stays)',
    );

    await page.getByRole('button', { name: '送信' }).click();
    assert.deepEqual(await events(page), [], 'the required field stops submit');
    assert.equal(await page.evaluate(() => (window as any).t.controller().validate()), false);
    await page.getByLabel('プロジェクト名').fill('My App');
    await page.getByLabel('プロジェクト名').blur();
    await page.getByText('小文字英数字とハイフンのみ使用可能です').waitFor();

    await page.getByLabel('プロジェクト名').fill('my-web-app');
    // The chat re-creates its messages: the same form as a new object is not drawn again.
    await page.evaluate((schema) => (window as any).t.rerender(schema), example1);
    assert.equal(await page.getByLabel('プロジェクト名').inputValue(), 'my-web-app');
    await page.getByLabel('言語').selectOption('typescript');
    await page.getByRole('checkbox', { name: '認証' }).check();
    await page.getByRole('checkbox', { name: 'REST API' }).check();
    assert.deepEqual(await page.evaluate(() => (window as any).t.controller().values()), {
      project_name: 'my-web-app',
      language: 'typescript',
      features: ['auth', 'api'],
    });
    await page.getByRole('button', { name: '送信' }).click();
    const values = { project_name: 'my-web-app', language: 'typescript', features: ['auth', 'api'] };
    assert.deepEqual(await events(page), [
      { type: 'submit', values, message: JSON.stringify(values, null, 2) },
    ]);
    assert.deepEqual(await page.evaluate(() => (window as any).t.recoverable), [], 'no hydration mismatch');
    await page.evaluate(() => (window as any).t.unmount());
    assert.equal(await page.locator('form').count(), 0, 'unmount removes the form');
    assert.deepEqual(page.errors, []);
    await pages.release(page);
  });

  test(`React ${react}: useFormRequestTool answers a local tool with its output and the MCP result with a message`, async () => {
    const page = await open(react);
    const small = { title: '確認', fields: [{ name: 'ok', type: 'checkbox', label: '同意する' }] };
    const mcpForm = { title: 'MCP', fields: [{ name: 'name', type: 'text', label: '名前', required: true }] };
    await page.evaluate(
      (parts) => (window as any).t.chat(parts),
      [
        { type: 'text', text: 'hello' },
        { type: 'tool-request_form', toolCallId: 'c1', state: 'input-streaming', input: {} },
        {
          type: 'tool-request_form',
          toolCallId: 'c2',
          state: 'input-available',
          input: { form_schema: small },
        },
        {
          type: 'dynamic-tool',
          toolName: 'request_form',
          toolCallId: 'c3',
          state: 'output-available',
          input: { form_schema: mcpForm },
          output: {
            content: [{ type: 'text', text: 'フォーム入力を待機しています。' }],
            _metadata: { type: 'form_request', schema: mcpForm, status: 'waiting_for_input' },
          },
        },
      ],
    );
    assert.equal(await page.locator('[data-part="0"]').textContent(), 'other');
    assert.equal(
      await page.locator('[data-part="1"]').textContent(),
      'other',
      'input still streaming: no form yet',
    );
    await page.locator('[data-part="2"]').getByLabel('同意する').check();
    await page.locator('[data-part="2"]').getByRole('button', { name: '送信' }).click();
    await page.locator('[data-part="3"]').getByLabel('名前').fill('花子');
    await page.locator('[data-part="3"]').getByRole('button', { name: 'キャンセル' }).click();
    // Something was typed: the form asks before it is discarded.
    await page.locator('[data-part="3"]').getByRole('button', { name: 'キャンセルする' }).click();
    assert.deepEqual(await events(page), [
      {
        type: 'tool-output',
        tool: 'request_form',
        toolCallId: 'c2',
        output: { status: 'submitted', values: { ok: true } },
      },
      { type: 'message', text: 'フォーム入力をキャンセルしました。' },
    ]);
    assert.equal(await page.locator('[data-part="2"] .answer').textContent(), 'tool-output');
    assert.equal(await page.locator('[data-part="3"] .answer').textContent(), 'next-message');
    assert.deepEqual(page.errors, []);
    await pages.release(page);
  });

  test(`React ${react}: a reload mid-form keeps the draft of a tool call's form`, async () => {
    const page = await open(react);
    const form = { title: '下書き', fields: [{ name: 'name', type: 'text', label: '名前' }] };
    const parts = [
      {
        type: 'tool-request_form',
        toolCallId: 'keep-1',
        state: 'input-available',
        input: { form_schema: form },
      },
    ];
    await page.evaluate((p) => (window as any).t.chat(p), parts);
    await page.getByLabel('名前').fill('途中まで');
    await page.getByLabel('名前').blur();
    await page.reload();
    await page.waitForFunction(() => (window as any).t);
    await page.evaluate((p) => (window as any).t.chat(p), parts);
    await page.getByLabel('名前').waitFor();
    assert.equal(await page.getByLabel('名前').inputValue(), '途中まで');
    assert.deepEqual(page.errors, []);
    await pages.release(page);
  });
}
