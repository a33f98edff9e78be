// The form page in real Chromium, reached the way a person reaches it: a real MCP client (v2, 2026-07-28,
// declaring URL-mode elicitation) calls request_form or question on the real HTTP server, gets the URL,
// and the test opens it, fills the form and submits or cancels; the answers arrive in the
// client's tool result.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import type { FormSchema } from '@formrequest/schema';
import { MemoryPendingForms, type RunningHttpServer, startHttpServer } from '@formrequest/server';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
} from '@modelcontextprotocol/client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../../../testing/axe.ts';
import { launchBrowser, newTestContext, wholePageScreenshot } from '../../../testing/browser.ts';
import { PagePool } from '../../../testing/page-pool.ts';
import { ensureFormPage } from './fixtures/form-page-build.ts';
import { assignForm, type SearchApi, startSearchApi } from './fixtures/search-api.ts';
import { connectClient, exampleForm, type TestClient } from './support.ts';

let search: SearchApi;
let http: RunningHttpServer;
let browser: Browser;
let pages: PagePool;

before(async () => {
  ensureFormPage();
  search = await startSearchApi();
  http = await startHttpServer({
    port: 0,
    config: {
      elicitation: 'auto',
      endpoints: [{ purpose: 'ユーザー検索', url: search.usersUrl, params: { q: '検索クエリ' } }],
    },
  });
  browser = await launchBrowser();
  pages = new PagePool(browser);
});

after(async () => {
  await pages?.close();
  await browser?.close();
  await http?.close();
  await search?.close();
});

interface Asked {
  client: TestClient;
  result: Promise<any>;
  url: string;
}

/** A client declaring URL mode only calls `tool`; resolves once it was given the page URL. */
async function ask(tool: string, args: Record<string, unknown>): Promise<Asked> {
  let gotUrl!: (url: string) => void;
  const url = new Promise<string>((resolve) => {
    gotUrl = resolve;
  });
  const client = await connectClient(
    'v2-auto',
    { url: http.url },
    async (params) => {
      gotUrl(params.url);
      return { action: 'accept' };
    },
    { elicitation: { url: {} } },
  );
  const result = client.callTool({ name: tool, arguments: args });
  result.catch(() => {});
  return { client, result, url: await url };
}

/** Runs `run` on a page as fresh as a new one (the file's pooled page; a second tab comes from `context`). */
async function withPage(run: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const page = await pages.page();
  const context = page.context();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/the server responded with a status of 4\d\d/.test(message.text()))
      problems.push(message.text());
  });
  try {
    await run(page, context);
    assert.deepEqual(problems, [], 'no script errors or CSP violations on the page');
  } finally {
    await pages.release(page);
  }
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('seed example 2: autocomplete from the configured search API, a date and a radio; the answers come back', async () => {
  const form = assignForm(exampleForm('example2-assign.json'), search.usersUrl);
  const asked = await ask('request_form', { form_schema: form });
  try {
    await withPage(async (page) => {
      await page.goto(asked.url);
      await page.getByText('MCP サーバー「form」からの入力依頼').waitFor();
      assert.equal(await page.title(), 'タスク担当者設定 — formrequest');
      assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
      // The page's layout: one <main>, the form's title as its <h1>, an icon, the form centred.
      assert.equal(await page.locator('main').count(), 1);
      assert.deepEqual(await page.getByRole('heading', { level: 1 }).allTextContents(), ['タスク担当者設定']);
      assert.match(
        (await page.locator('link[rel=icon]').getAttribute('href')) ?? '',
        /^data:image\/svg\+xml,/,
      );
      await page.setViewportSize({ width: 1280, height: 800 });
      const [form, card, width] = await page.evaluate(() => [
        ...['.fr', '.fp-card'].map((sel) => {
          const r = document.querySelector(sel)!.getBoundingClientRect();
          return (r.left + r.right) / 2;
        }),
        document.documentElement.clientWidth / 2,
      ]);
      assert.ok(Math.abs(form! - card!) < 1, `the form is centred in its card (${form} vs ${card})`);
      assert.ok(Math.abs(card! - width!) < 1, `the card is centred on the page (${card} vs ${width})`);
      await page.getByRole('combobox', { name: '担当者' }).fill('山田');
      await page.getByRole('option', { name: '山田 太郎 (開発部)' }).click();
      await page.getByLabel('期限').fill(inDays(30));
      await page.getByRole('radio', { name: '高' }).check();
      await page.getByRole('button', { name: '送信' }).click();
      await page.getByRole('heading', { name: '送信しました' }).waitFor();
      await page.getByText('このタブは閉じてかまいません').waitFor();
    });
    const result = await asked.result;
    assert.equal(result.structuredContent.status, 'submitted');
    assert.deepEqual(result.structuredContent.values, {
      assignee: 'u001',
      due_date: inDays(30),
      priority: 'high',
    });
    // Beside the ids, what the person saw: the search row's name and the radio's label.
    assert.deepEqual(result.structuredContent.labels, { assignee: '山田 太郎', priority: '高' });
  } finally {
    await asked.client.close();
  }
});

test('labels beside ids through URL mode: a select, an autocomplete and a cascading-select', async () => {
  const form = {
    title: '配送先',
    fields: [
      {
        name: 'pref',
        type: 'select',
        label: '都道府県',
        options: [
          { value: '13', label: '東京都' },
          { value: '27', label: '大阪府' },
        ],
        required: true,
      },
      {
        name: 'city',
        type: 'cascading-select',
        label: '市区町村',
        searchUrl: search.citiesUrl,
        dependsOn: 'pref',
        dependsOnParam: 'pref',
        displayField: 'name',
        valueField: 'code',
        required: true,
      },
      {
        name: 'assignee',
        type: 'autocomplete',
        label: '担当者',
        searchUrl: search.usersUrl,
        displayField: 'name',
        valueField: 'id',
        renderTemplate: '{name} ({department})',
      },
    ],
  };
  const asked = await ask('request_form', { form_schema: form });
  try {
    await withPage(async (page) => {
      await page.goto(asked.url);
      await page.getByLabel('都道府県').selectOption({ label: '東京都' });
      await page.getByLabel('市区町村').selectOption({ label: '新宿区' });
      await page.getByRole('combobox', { name: '担当者' }).fill('山田');
      await page.getByRole('option', { name: '山田 太郎 (開発部)' }).click();
      await page.getByRole('button', { name: '送信' }).click();
      await page.getByRole('heading', { name: '送信しました' }).waitFor();
    });
    const result = await asked.result;
    assert.deepEqual(result.structuredContent.values, { pref: '13', city: '13104', assignee: 'u001' });
    assert.deepEqual(result.structuredContent.labels, {
      pref: '東京都',
      city: '新宿区',
      assignee: '山田 太郎',
    });
    // In the text too, for clients that show content.
    assert.match(result.content[0].text, /"city": "新宿区"/);
  } finally {
    await asked.client.close();
  }
});

test('a reload keeps what was typed; a file goes up and comes back as a reference; reloading after submit shows it was sent', async () => {
  const form = {
    title: '経費精算',
    fields: [
      { name: 'purpose', type: 'text', label: '用途', required: true },
      { name: 'amount', type: 'number', label: '金額', min: 1 },
      { name: 'receipt', type: 'file', label: '領収書', accept: '.txt,.pdf', maxSize: 10_000 },
    ],
  };
  const asked = await ask('request_form', { form_schema: form });
  try {
    await withPage(async (page) => {
      await page.goto(asked.url);
      await page.getByLabel('用途').fill('交通費');
      await page.getByLabel('金額').fill('1200');
      await page.getByLabel('金額').blur();
      await page.waitForFunction(
        (id) => (localStorage.getItem(`formrequest-draft:form-page:${id}`) ?? '').includes('1200'),
        new URL(asked.url).pathname.split('/').pop(),
      );
      await page.reload();
      assert.equal(await page.getByLabel('用途').inputValue(), '交通費');
      assert.equal(await page.getByLabel('金額').inputValue(), '1200');
      await page
        .getByLabel('領収書')
        .setInputFiles({ name: 'receipt.txt', mimeType: 'text/plain', buffer: Buffer.from('taxi 1200') });
      await page.getByRole('button', { name: '送信' }).click();
      await page.getByRole('heading', { name: '送信しました' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: '送信しました' }).waitFor();
    });
    const result = await asked.result;
    const { values } = result.structuredContent;
    assert.equal(values.purpose, '交通費');
    assert.equal(values.amount, 1200);
    assert.equal(values.receipt.name, 'receipt.txt');
    assert.equal(values.receipt.size, 9);
    assert.equal(await (await fetch(values.receipt.url)).text(), 'taxi 1200');
  } finally {
    await asked.client.close();
  }
});

test("one way not to answer: the form's Cancel (no second button); the tab says it reached the agent; cancelled", async () => {
  const asked = await ask('request_form', { form_schema: exampleForm('example1-project.json') });
  try {
    await withPage(async (page) => {
      await page.goto(asked.url);
      await page.getByRole('heading', { level: 1, name: '新規プロジェクト作成' }).waitFor();
      const buttons = await page.getByRole('button').allTextContents();
      assert.deepEqual(
        buttons.filter((b) => /キャンセル|回答しない|断る/.test(b)),
        ['キャンセル'],
        `one way to decline (${buttons.join(', ')})`,
      );
      // Typed answers are not thrown away without asking.
      await page.getByLabel('プロジェクト名').fill('my-project');
      await page.getByRole('button', { name: 'キャンセル' }).click();
      await page.getByRole('button', { name: '入力を続ける' }).click();
      assert.equal(await page.getByLabel('プロジェクト名').inputValue(), 'my-project');
      await page.getByRole('button', { name: 'キャンセル' }).click();
      await page.getByRole('button', { name: 'キャンセルする' }).click();
      await page.getByRole('heading', { name: 'キャンセルしました' }).waitFor();
      // Said to have reached the agent once a tool result carried it (this client's call returns at once).
      await page
        .getByText('キャンセルしたことをエージェントに伝えました。このタブは閉じてかまいません。')
        .waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'キャンセルしました' }).waitFor();
      await page
        .getByText('キャンセルしたことをエージェントに伝えました。このタブは閉じてかまいません。')
        .waitFor();
    });
    const result = await asked.result;
    assert.equal(result.structuredContent.status, 'cancelled');
    assert.equal(result.content[0].text, 'フォーム入力をキャンセルしました。');
  } finally {
    await asked.client.close();
  }
});

test('cancel on the page in English for an English form: nothing typed, no question; cancelled', async () => {
  const form = { title: 'Survey', locale: 'en', fields: [{ name: 'name', type: 'text', label: 'Name' }] };
  const asked = await ask('request_form', { form_schema: form });
  try {
    await withPage(async (page) => {
      await page.goto(asked.url);
      await page.getByText('Requested by the MCP server "form"').waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
      assert.equal(await page.getByRole('button', { name: 'Decline' }).count(), 0);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('heading', { name: 'Cancelled' }).waitFor();
    });
    const result = await asked.result;
    assert.equal(result.structuredContent.status, 'cancelled');
  } finally {
    await asked.client.close();
  }
});

test('the same page in two tabs: the other tab says at once that the form was answered, keeping what it had', async () => {
  const form = { title: '連絡先', fields: [{ name: 'mail', type: 'text', label: 'メール', required: true }] };
  const asked = await ask('request_form', { form_schema: form });
  try {
    await withPage(async (first, context) => {
      const second = await context.newPage();
      await first.goto(asked.url);
      await second.goto(asked.url);
      await second.getByLabel('メール').fill('b@example.com');
      await first.getByLabel('メール').fill('a@example.com');
      await first.getByRole('button', { name: '送信' }).click();
      await first.getByRole('heading', { name: '送信しました' }).waitFor();
      // Told by the server (a long poll), not on its next submit.
      await second.getByRole('heading', { name: 'このフォームは回答済みです' }).waitFor({ timeout: 3000 });
      assert.equal(await second.locator('.fp-answers pre').textContent(), '連絡先\nメール: b@example.com');
    });
    const result = await asked.result;
    assert.deepEqual(result.structuredContent.values, { mail: 'a@example.com' });
  } finally {
    await asked.client.close();
  }
});

test('question on the page: an option and typed text for a single choice are refused on the field, then one answer goes', async () => {
  const questions = [
    {
      question: 'どのファイルを編集しますか？',
      header: 'ファイル選択',
      options: [{ label: 'main.ts', description: 'エントリーポイント' }, { label: 'utils.ts' }],
    },
  ];
  const asked = await ask('question', { questions });
  try {
    await withPage(async (page) => {
      await page.goto(asked.url);
      await page.getByText('MCP サーバー「form」からの質問').waitFor();
      await page.getByRole('radio', { name: 'main.ts — エントリーポイント' }).check();
      await page.getByLabel('その他').fill('index.ts');
      await page.getByRole('button', { name: '送信' }).click();
      await page.getByText('回答は1つです').waitFor();
      assert.equal(await page.getByLabel('その他').getAttribute('aria-invalid'), 'true');
      await page.getByLabel('その他').fill('');
      await page.getByRole('button', { name: '送信' }).click();
      await page.getByRole('heading', { name: '送信しました' }).waitFor();
    });
    const result = await asked.result;
    assert.equal(result.content[0].text, 'ユーザーの回答: "どのファイルを編集しますか？"="main.ts"');
  } finally {
    await asked.client.close();
  }
});

test('an unknown or mistyped link shows a page that says so, in both languages', async () => {
  await withPage(async (page) => {
    const response = await page.goto(`${http.url.replace('/mcp', '')}/forms/AAAAAAAAAAAAAAAAAAAAAA`);
    assert.equal(response?.status(), 404);
    await page.getByText('このフォームは見つかりません').waitFor();
    await page.getByText('This form was not found').waitFor();
  });
});

test('the page script goes gzipped to a browser that takes gzip', async () => {
  const base = http.url.replace('/mcp', '');
  const script = await fetch(`${base}/forms/-/page.js`, {
    headers: { host: new URL(base).host, 'accept-encoding': 'gzip' },
  });
  assert.equal(script.status, 200);
  assert.equal(script.headers.get('content-encoding'), 'gzip');
  assert.match(await script.text(), /renderForm|formrequest-data/);
});

test("the renderer's on-demand parts load only when a form needs them: gzipped, cached for good", async () => {
  const base = http.url.replace('/mcp', '');
  const form = await http.forms.open({
    schema: assignForm(exampleForm('example2-assign.json'), search.usersUrl) as FormSchema,
    serverName: 'form',
  });
  const scripts: string[] = [];
  await withPage(async (page) => {
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${base}/forms/${form.id}`);
    await page.getByRole('combobox', { name: '担当者' }).fill('山田');
    await page.getByRole('option', { name: '山田 太郎 (開発部)' }).click();
  });
  // A search form: the page script, then the fields that fetch; no pattern engine, no English.
  assert.equal(scripts[0], '/forms/-/page.js');
  const remote = scripts.find((path) => /^\/forms\/-\/formrequest-remote\.[0-9a-f]{10}\.js$/.test(path));
  assert.ok(remote, `the search part was loaded: ${scripts.join(', ')}`);
  assert.ok(!scripts.some((path) => /formrequest-(pattern|en|page-en)\./.test(path)), scripts.join(', '));
  // An English form: the page's English words and the renderer's, each from its own file.
  const english = await http.forms.open({
    schema: { title: 'Survey', locale: 'en', fields: [{ name: 'name', type: 'text', label: 'Name' }] },
    serverName: 'form',
  });
  scripts.length = 0;
  await withPage(async (page) => {
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${base}/forms/${english.id}`);
    await page.getByText('Requested by the MCP server "form"').waitFor();
    await page.getByRole('button', { name: 'Submit' }).waitFor();
  });
  for (const part of ['page-en', 'en'])
    assert.ok(
      scripts.some((path) => new RegExp(`^/forms/-/formrequest-${part}\\.[0-9a-f]{10}\\.js$`).test(path)),
      `${part}: ${scripts.join(', ')}`,
    );
  const part = await fetch(`${base}${remote}`, {
    headers: { host: new URL(base).host, 'accept-encoding': 'gzip' },
  });
  assert.equal(part.status, 200);
  assert.equal(part.headers.get('content-encoding'), 'gzip');
  assert.match(part.headers.get('cache-control') ?? '', /immutable/);
  assert.match(part.headers.get('content-type') ?? '', /^text\/javascript/);
  const unknown = await fetch(`${base}/forms/-/formrequest-remote.0000000000.js`, {
    headers: { host: new URL(base).host },
  });
  assert.equal(unknown.status, 404);
});

test('CSP: the page may fetch the configured search origin, and a fetch to any other origin is blocked', async () => {
  // A second live API on another port: reachable and CORS-open, so only the page's CSP can stop it.
  const other = await startSearchApi();
  const form = await http.forms.open({
    schema: { title: 'CSP', fields: [{ name: 'a', type: 'text', label: 'A' }] },
    serverName: 'form',
  });
  const context = await newTestContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${http.url.replace('/mcp', '')}/forms/${form.id}`);
    const tryFetch = (url: string) =>
      page.evaluate(async (target) => {
        const violations: string[] = [];
        const seen = (e: SecurityPolicyViolationEvent) =>
          violations.push(`${e.violatedDirective} ${e.blockedURI}`);
        document.addEventListener('securitypolicyviolation', seen);
        try {
          const response = await fetch(target);
          return { ok: response.ok, violations };
        } catch (error) {
          // The violation event is queued as a task: let it arrive before reporting.
          await new Promise((resolve) => setTimeout(resolve, 0));
          return { ok: false, error: String(error), violations };
        } finally {
          document.removeEventListener('securitypolicyviolation', seen);
        }
      }, url);
    const listed = await tryFetch(`${search.usersUrl}?q=a`);
    assert.equal(listed.ok, true, JSON.stringify(listed));
    const unlisted = await tryFetch(`${other.usersUrl}?q=a`);
    assert.equal(unlisted.ok, false);
    assert.equal(unlisted.violations.length, 1, JSON.stringify(unlisted));
    assert.ok(unlisted.violations[0]!.startsWith(`connect-src ${other.origin}`), JSON.stringify(unlisted));
  } finally {
    await context.close();
    await other.close();
  }
});

test('2026-07-28, a client that retries only when told (Claude Code): the page says "go back and continue", then "delivered"', async () => {
  const client = new V2Client({ name: 'claude-code', version: '0' }, {
    capabilities: { elicitation: { url: {} } },
    versionNegotiation: { mode: 'auto' },
    inputRequired: { autoFulfill: false },
  } as never);
  await client.connect(new V2HttpTransport(new URL(http.url)));
  try {
    const form = { title: '出張申請', fields: [{ name: 'destination', type: 'text', label: '行き先' }] };
    const call = { name: 'request_form', arguments: { form_schema: form } };
    const first: any = await client.callTool(call as never, { allowInputRequired: true } as never);
    const url = first.inputRequests.page.params.url as string;
    await withPage(async (page) => {
      await page.goto(url);
      await page.getByLabel('行き先').fill('福岡');
      await page.getByRole('button', { name: '送信' }).click();
      await page.getByRole('heading', { name: '送信しました' }).waitFor();
      // The title and a summary of what was sent.
      assert.equal(await page.locator('.fp-answers pre').textContent(), '出張申請\n行き先: 福岡');
      // Nobody has carried the answer to the client yet: the person is told to go back to it.
      await page
        .getByText('claude-code に戻って、続けてください', { exact: false })
        .waitFor({ timeout: 5000 })
        .catch(async (error) => {
          throw new Error(`${error.message}\nthe page: ${await page.locator('main').textContent()}`);
        });
      const retry = {
        ...call,
        inputResponses: { page: { action: 'accept' } },
        requestState: first.requestState,
      };
      const second: any = await client.callTool(retry as never, { allowInputRequired: true } as never);
      assert.equal(second.structuredContent.status, 'submitted');
      assert.deepEqual(second.structuredContent.values, { destination: '福岡' });
      await page.getByText('入力内容はエージェントに届きました').waitFor({ timeout: 5000 });
    });
  } finally {
    await client.close();
  }
});

test('an answer nobody carried to the agent, whose form then expired from the server: the page never says "delivered"', async () => {
  // Settled forms are kept 1 h by default; 4 s here, so the form goes while the page waits.
  const brief = await startHttpServer({
    port: 0,
    config: { elicitation: 'auto' },
    forms: new MemoryPendingForms({ settledTtlMs: 4000 }),
  });
  const client = new V2Client({ name: 'claude-code', version: '0' }, {
    capabilities: { elicitation: { url: {} } },
    versionNegotiation: { mode: 'auto' },
    inputRequired: { autoFulfill: false },
  } as never);
  await client.connect(new V2HttpTransport(new URL(brief.url)));
  const cases = [
    {
      form: { title: '出張申請', fields: [{ name: 'destination', type: 'text', label: '行き先' }] },
      label: '行き先',
      answer: '福岡',
      submit: '送信',
      sent: '送信しました',
      waiting: 'claude-code に戻って、続けてください',
      gone: 'このフォームはもうサーバーに保存されていないため、エージェントに届いたかどうかは確認できません',
      delivered: '届きました',
      summary: '出張申請\n行き先: 福岡',
    },
    {
      form: {
        title: 'Trip',
        locale: 'en',
        fields: [{ name: 'destination', type: 'text', label: 'Destination' }],
      },
      label: 'Destination',
      answer: 'Fukuoka',
      submit: 'Submit',
      sent: 'Sent',
      waiting: 'Go back to claude-code and continue',
      gone: 'This form is no longer kept on the server, so whether the agent received this cannot be confirmed',
      delivered: 'close this tab and return to the agent',
      summary: 'Trip\nDestination: Fukuoka',
    },
  ];
  try {
    for (const c of cases) {
      const call = { name: 'request_form', arguments: { form_schema: c.form } };
      const first: any = await client.callTool(call as never, { allowInputRequired: true } as never);
      const url = first.inputRequests.page.params.url as string;
      await withPage(async (page) => {
        await page.goto(url);
        await page.getByLabel(c.label).fill(c.answer);
        await page.getByRole('button', { name: c.submit }).click();
        await page.getByRole('heading', { name: c.sent, exact: true }).waitFor();
        await page.getByText(c.waiting, { exact: false }).waitFor({ timeout: 5000 });
        // The client never retried; the settled form expires and the status says `gone`.
        await page.getByText(c.gone, { exact: false }).waitFor({ timeout: 10_000 });
        assert.equal(await page.getByText(c.delivered).count(), 0, `${c.sent}: never said to be delivered`);
        assert.equal((await (await fetch(`${url}/status`)).json()).state, 'gone');
        // The summary of what was sent stays, to copy into the conversation.
        assert.equal(await page.locator('.fp-answers pre').textContent(), c.summary);
      });
    }
  } finally {
    await client.close();
    await brief.close();
  }
});

test('2026-07-28, a cancel on the page: "go back and continue" until the retry carries it, never "told the agent" before', async () => {
  const client = new V2Client({ name: 'claude-code', version: '0' }, {
    capabilities: { elicitation: { url: {} } },
    versionNegotiation: { mode: 'auto' },
    inputRequired: { autoFulfill: false },
  } as never);
  await client.connect(new V2HttpTransport(new URL(http.url)));
  try {
    const form = { title: '出張申請', fields: [{ name: 'destination', type: 'text', label: '行き先' }] };
    const call = { name: 'request_form', arguments: { form_schema: form } };
    const first: any = await client.callTool(call as never, { allowInputRequired: true } as never);
    const url = first.inputRequests.page.params.url as string;
    await withPage(async (page) => {
      await page.goto(url);
      await page.getByRole('button', { name: 'キャンセル' }).click();
      await page.getByRole('heading', { name: 'キャンセルしました' }).waitFor();
      await page.getByText('まだエージェントには届いていません', { exact: false }).waitFor({ timeout: 5000 });
      assert.equal(await page.getByText('エージェントに伝えました').count(), 0);
      assert.match((await page.locator('.fp-done p').textContent())!, /claude-code に戻って、続けてください/);
      const retry = {
        ...call,
        inputResponses: { page: { action: 'accept' } },
        requestState: first.requestState,
      };
      const second: any = await client.callTool(retry as never, { allowInputRequired: true } as never);
      assert.equal(second.structuredContent.status, 'cancelled');
      await page
        .getByText('キャンセルしたことをエージェントに伝えました。このタブは閉じてかまいません。')
        .waitFor({ timeout: 5000 });
    });
  } finally {
    await client.close();
  }
});

test('a v1 client with a 3 s timeout and no progress reset: the page says the call ended within 2 s, the typed answers kept', async () => {
  let gotUrl!: (url: string) => void;
  const url = new Promise<string>((resolve) => {
    gotUrl = resolve;
  });
  const client = await connectClient(
    'v1',
    { url: http.url },
    async (params) => {
      gotUrl(params.url);
      return { action: 'accept' };
    },
    { elicitation: { url: {} } },
  );
  try {
    await withPage(async (page) => {
      const form = {
        title: '経費精算',
        fields: [
          { name: 'purpose', type: 'text', label: '用途' },
          {
            name: 'kind',
            type: 'select',
            label: '種類',
            options: [
              { value: 'train', label: '電車' },
              { value: 'taxi', label: 'タクシー' },
            ],
          },
        ],
      };
      // The v1 SDK's own timeout, without resetTimeoutOnProgress: it cuts the call after 3 s.
      const cut = client.raw
        .callTool({ name: 'request_form', arguments: { form_schema: form } }, undefined, { timeout: 3000 })
        .then(
          () => undefined,
          () => Date.now(),
        );
      await page.goto(await url);
      await page.getByLabel('用途').fill('出張の交通費');
      await page.getByLabel('種類').selectOption({ label: 'タクシー' });
      const endedAt = await cut;
      assert.ok(endedAt, 'the client cut the call');
      await page.getByRole('heading', { name: 'この依頼は終わりました' }).waitFor({ timeout: 2000 });
      assert.ok(Date.now() - endedAt < 2000, `shown ${Date.now() - endedAt} ms after the cut`);
      assert.equal(
        await page.locator('.fp-answers pre').textContent(),
        '経費精算\n用途: 出張の交通費\n種類: タクシー',
      );
      await page.getByRole('button', { name: '入力内容をテキストとしてコピー' }).waitFor();
    });
  } finally {
    await client.close();
  }
});

test('a field searching an origin the config does not list: the tool result warns at call time; the page says the server may not search there, with no retry', async () => {
  const other = await startSearchApi();
  const form = assignForm(exampleForm('example2-assign.json'), other.usersUrl);
  const asked = await ask('request_form', { form_schema: form });
  try {
    await withPage(async (page) => {
      await page.goto(asked.url);
      const search = page.getByRole('combobox', { name: '担当者' });
      await search.fill('山田');
      const refused = page.getByText(`このサーバーは ${other.origin} を検索できません`);
      await refused.waitFor();
      assert.equal(await page.getByRole('button', { name: '再試行' }).isVisible(), false, 'no retry');
      assert.equal(await page.getByText('もう一度お試しください').count(), 0);
      // Styled as an error, not a hint.
      const [color, error] = await page.evaluate(() => {
        const status = [...document.querySelectorAll('.fr-hint')].find((e) =>
          e.textContent?.includes('検索できません'),
        )!;
        const probe = document.createElement('p');
        probe.className = 'fr-msg';
        status.after(probe);
        const out = [getComputedStyle(status).color, getComputedStyle(probe).color];
        probe.remove();
        return out;
      });
      assert.equal(color, error);
      await page.getByRole('button', { name: 'キャンセル' }).click();
      await page.getByRole('heading', { name: 'キャンセルしました' }).waitFor();
    });
    const result = await asked.result;
    const warnings: string[] = result.structuredContent.warnings ?? [];
    const warning = warnings.find((w) => w.includes(other.origin));
    assert.ok(warning, JSON.stringify(result.structuredContent));
    assert.match(warning, /「assignee」/, 'names the field');
    assert.match(warning, /--config/, 'names the config');
    assert.match(warning, /endpoints/);
  } finally {
    await asked.client.close();
    await other.close();
  }
});

// Seed examples 1-3 on the page at phone and desktop widths, light and dark: axe finds nothing, and each
// is photographed into .tmp/screenshots/form-page/ (the tests' artefacts; never committed).
test('axe: no violations on the page for seed examples 1-3 at 390 and 1280, light and dark; screenshots', async () => {
  const shots = resolve(import.meta.dirname, '../../../.tmp/screenshots/form-page');
  mkdirSync(shots, { recursive: true });
  const base = http.url.replace('/mcp', '');
  const examples = [
    ['example1', exampleForm('example1-project.json')],
    ['example2', assignForm(exampleForm('example2-assign.json'), search.usersUrl)],
    ['example3', exampleForm('example3-address.json')],
  ] as const;
  const context = await newTestContext(browser);
  try {
    const page = await context.newPage();
    for (const [name, schema] of examples) {
      const form = await http.forms.open({ schema: schema as FormSchema, serverName: 'form' });
      for (const width of [390, 1280]) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(`${base}/forms/${form.id}`);
          await page.locator('.fr-title').waitFor();
          await page
            .locator('.fr[aria-busy]')
            .waitFor({ state: 'detached' })
            .catch(() => {});
          assert.deepEqual(await axeViolations(page), [], `${name} ${width} ${scheme}`);
          await wholePageScreenshot(page, resolve(shots, `${name}-${width}-${scheme}.png`));
        }
      }
    }
  } finally {
    await context.close();
  }
});
