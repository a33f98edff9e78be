// The MCP Apps widget end to end in real Chromium: the tool call over MCP, the widget resource read over
// MCP, shown by ext-apps' AppBridge in a sandboxed iframe under the resource's CSP, filled in by a person
// (Playwright), and the answer arriving as the host's `ui/message`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { cancelMessage, submitMessage } from '@formrequest/schema';
import {
  FORM_META_KEY,
  ISSUED_AT_META_KEY,
  PARTS_META_KEY,
  type RunningHttpServer,
  startHttpServer,
} from '@formrequest/server';
import { build } from 'esbuild';
import type { Browser, Frame, Page } from 'playwright-core';
import { axeViolations } from '../../../testing/axe.ts';
import { launchBrowser } from '../../../testing/browser.ts';
import { domNamesAnswer, domNamesForm, fillDomNames } from '../../../testing/dom-names.ts';
import { PagePool } from '../../../testing/page-pool.ts';
import { connectClient, exampleForm, httpClient, type TestClient } from './support.ts';

const pkg = resolve(import.meta.dirname, '..');
const SHOTS = resolve(import.meta.dirname, '../../../.tmp/screenshots/widget');
const shot = (name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  return resolve(SHOTS, name);
};
const widgetFile = resolve(pkg, 'dist/request-form.html');

/** Builds the widget when it is missing or older than its sources. */
function ensureWidget(): void {
  const sources = [
    resolve(pkg, 'widget/view.ts'),
    resolve(pkg, 'widget/question-part.ts'),
    resolve(pkg, 'src/widget-parts.ts'),
    resolve(pkg, 'src/question-form.ts'),
    resolve(pkg, '../web/dist/formrequest.js'),
  ];
  const fresh =
    existsSync(widgetFile) &&
    existsSync(resolve(pkg, 'dist/widget-parts/question.js')) &&
    sources.every((s) => !existsSync(s) || statSync(s).mtimeMs <= statSync(widgetFile).mtimeMs);
  if (fresh) return;
  const r = spawnSync(process.execPath, [resolve(pkg, 'scripts/build-widget.mjs')], {
    cwd: pkg,
    stdio: 'inherit',
  });
  assert.equal(r.status, 0, 'building the widget failed');
}

const USERS = [
  { id: 'u1', name: '山田太郎', email: 'yamada@example.com' },
  { id: 'u2', name: '山本花子', email: 'yamamoto@example.com' },
];

function listen(server: Server): Promise<string> {
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

let api: Server;
let apiOrigin: string;
let other: Server;
let otherOrigin: string;
let mcp: RunningHttpServer;
let client: TestClient;
let browser: Browser;
let pages: PagePool;
// Where each page's ui/message goes: the bindings are exposed once per page (pages are reused).
const onMessage = new Map<Page, (params: unknown) => void>();
let hostScript: string;
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

before(async () => {
  ensureWidget();
  // The search API the form's autocomplete uses; CORS open because the widget's origin is opaque.
  api = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(USERS.filter((u) => u.name.includes(q))));
  });
  apiOrigin = await listen(api);
  // An origin the config does not list: the widget must not reach it.
  other = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end('[]');
  });
  otherOrigin = await listen(other);
  mcp = await startHttpServer({
    port: 0,
    config: {
      endpoints: [{ purpose: 'ユーザー検索', url: `${apiOrigin}/users`, params: { q: '検索クエリ' } }],
      // The test's Apps host renders the results this client fetches: it declares so.
      hostRendersForms: true,
    },
  });
  // An MCP Apps host's client: it declares the extension, so results carry the widget's parts.
  client = await connectClient('v2-auto', { url: mcp.url }, undefined, APPS);
  const bundled = await build({
    entryPoints: [resolve(import.meta.dirname, 'fixtures/apps-host.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
  });
  hostScript = bundled.outputFiles[0]!.text;
  browser = await launchBrowser();
  pages = new PagePool(browser, { setup: bindings });
});

async function bindings(page: Page): Promise<void> {
  await page.exposeFunction('reportMessage', (params: unknown) => onMessage.get(page)?.(params));
  await page.exposeFunction('readResource', (uri: string) => (client as any).raw.readResource({ uri }));
}

/** The file's pooled page for a host; what its widget sends with ui/message goes to `messages`. */
async function hostPage(messages: unknown[] = []): Promise<Page> {
  const page = await pages.page();
  onMessage.set(page, (params) => messages.push(params));
  return page;
}

after(async () => {
  await pages?.close();
  await browser?.close();
  await client?.close();
  await mcp?.close();
  api?.close();
  other?.close();
});

const FORM = {
  title: '担当者設定',
  fields: [
    { name: 'task', type: 'text', label: 'タスク名', required: true },
    {
      name: 'priority',
      type: 'select',
      label: '優先度',
      options: [
        { value: 'high', label: '高' },
        { value: 'low', label: '低' },
      ],
      default: 'low',
    },
    {
      name: 'assignee',
      type: 'autocomplete',
      label: '担当者',
      searchUrl: '',
      displayField: 'name',
      valueField: 'id',
      renderTemplate: '{name} ({email})',
    },
    { name: 'form_version', type: 'hidden', value: '2' },
  ],
};

async function readWidget(): Promise<{ html: string; csp: { connectDomains?: string[] } }> {
  const read = await (client as any).raw.readResource({ uri: 'ui://form/request-form.html' });
  const content = read.contents[0];
  assert.equal(content.mimeType, 'text/html;profile=mcp-app');
  return { html: content.text, csp: content._meta.ui.csp };
}

interface Hosted {
  page: Page;
  frame: Frame;
  messages: any[];
}

async function host(
  tool: string,
  args: Record<string, unknown>,
  options: {
    capabilities?: Record<string, unknown>;
    theme?: 'light' | 'dark';
    hostContext?: Record<string, unknown>;
    /** The result as this host hands it on (a host that drops the parts from `_meta`). */
    edit?: (result: any) => any;
    /** Forward the widget's resources/read to the server (declare `serverResources` too). */
    readResources?: boolean;
  } = {},
): Promise<Hosted> {
  const called = await client.callTool({ name: tool, arguments: args });
  const toolResult = options.edit ? options.edit(structuredClone(called)) : called;
  const { html, csp } = await readWidget();
  const messages: any[] = [];
  const page = await hostPage(messages);
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: hostScript });
  await page.evaluate((run) => window.startHost(run), {
    html,
    csp,
    toolInput: args,
    toolResult,
    hostCapabilities: options.capabilities ?? { message: { text: {} } },
    theme: options.theme ?? 'light',
    hostContext: options.hostContext,
    readResources: options.readResources,
  });
  await page.waitForFunction(() => window.hostLog.initialized);
  const frame = await waitForFrame(page);
  return { page, frame, messages };
}

async function waitForFrame(page: Page): Promise<Frame> {
  for (let i = 0; i < 100; i++) {
    const frame = page.frames().find((f) => f !== page.mainFrame());
    if (frame && (await frame.locator('#app').count()) > 0) return frame;
    await page.waitForTimeout(50);
  }
  throw new Error('the widget iframe did not load');
}

async function waitForMessage(messages: any[]): Promise<string> {
  for (let i = 0; i < 200 && messages.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  assert.equal(messages.length, 1, 'exactly one ui/message');
  assert.equal(messages[0].role, 'user');
  return messages[0].content[0].text;
}

test('the tools point at the widget; the resource declares the endpoint origins as its only connectDomains', async () => {
  const { tools } = await client.listTools();
  for (const name of ['request_form', 'question']) {
    const meta = tools.find((t) => t.name === name)._meta;
    assert.equal(meta.ui.resourceUri, 'ui://form/request-form.html');
    assert.equal(meta['openai/outputTemplate'], 'ui://form/request-form.html');
    for (const key of ['openai/toolInvocation/invoking', 'openai/toolInvocation/invoked']) {
      assert.ok(meta[key].length > 0 && meta[key].length <= 64, `${name} ${key}`);
    }
  }
  const { html, csp } = await readWidget();
  assert.deepEqual(csp.connectDomains, [apiOrigin]);
  assert.ok(html.startsWith('<!doctype html>'));
  assert.ok(!/<script[^>]+src=/.test(html), 'self-contained: no external scripts');
});

test('a field searching an origin the config does not list: the tool result warns an Apps host at call time', async () => {
  const form = structuredClone(FORM);
  form.fields[2]!.searchUrl = `${otherOrigin}/users`;
  const apps = await connectClient('v2-auto', { url: mcp.url }, undefined, APPS);
  try {
    const shown: any = await apps.callTool({ name: 'request_form', arguments: { form_schema: form } });
    const warnings: string[] = shown.structuredContent.warnings ?? [];
    assert.ok(
      warnings.some((w) => w.includes(otherOrigin) && w.includes('「assignee」') && w.includes('--config')),
      JSON.stringify(shown.structuredContent),
    );
    form.fields[2]!.searchUrl = `${apiOrigin}/users`;
    const listed: any = await apps.callTool({ name: 'request_form', arguments: { form_schema: form } });
    assert.equal(listed.structuredContent.warnings, undefined, 'a listed origin: no warning');
  } finally {
    await apps.close();
  }
});

test('fill in the form inside the host (with search inside the CSP), submit: ui/message carries the answers', async () => {
  const form = structuredClone(FORM);
  form.fields[2]!.searchUrl = `${apiOrigin}/users`;
  const { page, frame, messages } = await host('request_form', { form_schema: form }, { theme: 'dark' });
  try {
    await frame.getByLabel('タスク名').fill('レビュー');
    await frame.getByLabel('優先度').selectOption('high');
    const search = frame.getByRole('combobox', { name: '担当者' });
    await search.fill('山田');
    await frame.getByRole('option', { name: '山田太郎 (yamada@example.com)' }).waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    assert.equal(await frame.locator('html').getAttribute('data-theme'), 'dark');
    await page.evaluate(() => window.setTheme('light'));
    await frame.locator('html[data-theme=light]').waitFor();
    // The CSP is real: an origin the config does not list is unreachable from the widget.
    const blocked = await frame.evaluate(
      (url) =>
        fetch(url).then(
          () => 'reached',
          () => 'blocked',
        ),
      `${otherOrigin}/x`,
    );
    assert.equal(blocked, 'blocked');
    await frame.getByRole('button', { name: '送信' }).click();
    const text = await waitForMessage(messages);
    const values = { task: 'レビュー', priority: 'high', assignee: 'u1', form_version: '2' };
    assert.equal(text, submitMessage(form as never, values));
    await frame.getByText('送信しました。').waitFor();
    const sizes = await page.evaluate(() => window.hostLog.sizes);
    assert.ok(
      sizes.some((s) => (s.height ?? 0) > 100),
      'the widget reported its size',
    );
  } finally {
    await pages.release(page);
  }
});

// The renderer's on-demand parts are not in the widget's HTML: a form with a pattern, in English, with a
// search and a file field needs five of them, which the widget runs before it draws the form.
const partsForm = () => ({
  title: 'Upload',
  locale: 'en',
  fields: [
    {
      name: 'slug',
      type: 'text',
      label: 'Slug',
      required: true,
      pattern: '^[a-z]+$',
      patternError: 'Lowercase only',
    },
    {
      name: 'assignee',
      type: 'autocomplete',
      label: 'Assignee',
      searchUrl: `${apiOrigin}/users`,
      displayField: 'name',
      valueField: 'id',
      renderTemplate: '{name} ({email})',
    },
    { name: 'doc', type: 'file', label: 'Document' },
  ],
});
const PARTS_FORM_NEEDS = ['en', 'file', 'pattern', 'prompts', 'remote'];
const withoutParts = (result: any) => {
  delete result._meta[PARTS_META_KEY];
  return result;
};

/** Fills the parts form (each part at work: the pattern's English message, the search, the file). */
async function fillPartsForm({ frame, messages }: Hosted): Promise<string> {
  await frame.getByLabel('Slug').fill('Not Valid');
  await frame.getByRole('button', { name: 'Submit' }).click();
  await frame.getByText('Lowercase only').waitFor();
  assert.equal(messages.length, 0, 'the pattern refused the answer');
  await frame.getByLabel('Slug').fill('ok');
  const search = frame.getByRole('combobox', { name: 'Assignee' });
  await search.fill('山田');
  await frame.getByRole('option', { name: '山田太郎 (yamada@example.com)' }).waitFor();
  await search.press('ArrowDown');
  await search.press('Enter');
  await frame.getByLabel('Document').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await frame.getByText('notes.txt').first().waitFor();
  await frame.getByRole('button', { name: 'Submit' }).click();
  const text = await waitForMessage(messages);
  await frame.getByText('Sent.').waitFor();
  return text;
}

test("a form needing five parts (pattern, English, search, file, prompts): they come in the result's _meta; it renders and submits", async () => {
  const result: any = await client.callTool({
    name: 'request_form',
    arguments: { form_schema: partsForm() },
  });
  assert.deepEqual(Object.keys(result._meta[PARTS_META_KEY]).sort(), PARTS_FORM_NEEDS);
  const hosted = await host('request_form', { form_schema: partsForm() });
  try {
    const text = await fillPartsForm(hosted);
    for (const piece of ['ok', 'u1', 'notes.txt']) assert.ok(text.includes(piece), `${piece} in ${text}`);
    assert.deepEqual(
      await hosted.page.evaluate(() => window.hostLog.reads),
      [],
      'nothing read through the host',
    );
  } finally {
    await pages.release(hosted.page);
  }
});

test('the same form from a host that dropped the parts but proxies resources/read: the widget reads each part', async () => {
  const hosted = await host(
    'request_form',
    { form_schema: partsForm() },
    {
      edit: withoutParts,
      capabilities: { message: { text: {} }, serverResources: {} },
      readResources: true,
    },
  );
  try {
    const text = await fillPartsForm(hosted);
    assert.ok(text.includes('notes.txt'), text);
    const reads = await hosted.page.evaluate(() => window.hostLog.reads);
    assert.deepEqual(
      [...reads].sort(),
      PARTS_FORM_NEEDS.map((name) => `ui://form/parts/${name}.js`),
    );
  } finally {
    await pages.release(hosted.page);
  }
});

test("neither in _meta nor through the host: a note in the form's language, no half-working form", async () => {
  for (const [form, note] of [
    [partsForm(), 'This host could not load what this form needs, so it is not shown.'],
    [
      { title: 'メモ', fields: [{ name: 'memo', type: 'text', label: 'メモ' }] },
      'このホストでは、このフォームの表示に必要な部分を読み込めませんでした。',
    ],
  ] as const) {
    const { page, frame } = await host('request_form', { form_schema: form }, { edit: withoutParts });
    try {
      await frame.getByRole('alert').getByText(note).waitFor();
      assert.equal(await frame.locator('form, .fr').count(), 0);
    } finally {
      await pages.release(page);
    }
  }
});

test('a client without MCP Apps gets the form in _meta and no parts (no extra bytes)', async () => {
  const plain = await httpClient('v2-auto', mcp.url);
  try {
    const result: any = await plain.callTool({
      name: 'request_form',
      arguments: { form_schema: partsForm() },
    });
    assert.ok(result._meta[FORM_META_KEY]);
    assert.equal(result._meta[PARTS_META_KEY], undefined);
  } finally {
    await plain.close();
  }
});

test('cancel sends the cancel message', async () => {
  const { page, frame, messages } = await host('request_form', {
    form_schema: { title: 'x', fields: [{ name: 'a', type: 'text' }] },
  });
  try {
    await frame.getByRole('button', { name: 'キャンセル' }).click();
    assert.equal(await waitForMessage(messages), cancelMessage());
  } finally {
    await pages.release(page);
  }
});

test('a host without ui/message support: the person gets the answer to paste, nothing is lost', async () => {
  const form = { title: '名前', fields: [{ name: 'name', type: 'text', label: '名前' }] };
  const { page, frame, messages } = await host('request_form', { form_schema: form }, { capabilities: {} });
  try {
    await frame.getByRole('textbox', { name: '名前' }).fill('花子');
    await frame.getByRole('button', { name: '送信' }).click();
    await frame.getByText('次の内容をコピーして').waitFor();
    assert.equal(
      await frame.locator('textarea').inputValue(),
      submitMessage(form as never, { name: '花子' }),
    );
    assert.equal(messages.length, 0);
  } finally {
    await pages.release(page);
  }
});

test('a question shown as a form answers in seed 004 format', async () => {
  const questions = {
    questions: [
      {
        question: 'どのファイルを編集しますか？',
        header: 'ファイル選択',
        options: [{ label: 'main.ts', description: 'エントリーポイント' }, { label: 'utils.ts' }],
      },
    ],
  };
  const { page, frame, messages } = await host('question', questions);
  try {
    // An option and typed text for a single choice: refused on the field, nothing sent.
    await frame.getByLabel('main.ts — エントリーポイント').check();
    await frame.getByLabel('その他').fill('index.ts');
    await frame.getByRole('button', { name: '送信' }).click();
    await frame.getByText('回答は1つです').waitFor();
    assert.equal(messages.length, 0);
    await frame.getByLabel('その他').fill('');
    await frame.getByRole('button', { name: '送信' }).click();
    assert.equal(await waitForMessage(messages), 'ユーザーの回答: "どのファイルを編集しますか？"="main.ts"');
  } finally {
    await pages.release(page);
  }
});

test('a bad form: the widget shows the tool error, no form', async () => {
  const { page, frame } = await host('request_form', {
    form_schema: { title: 'x', fields: [{ type: 'text' }] },
  });
  try {
    await frame.getByText('エラー: フィールド[0]（type: text）にnameが指定されていません。').waitFor();
    assert.equal(await frame.locator('form, .fr').count(), 0);
  } finally {
    await pages.release(page);
  }
});

test("ChatGPT's window.openai: the widget renders toolOutput and answers with sendFollowUpMessage", async () => {
  const form = { title: '名前', fields: [{ name: 'name', type: 'text', label: '名前', required: true }] };
  const result = await client.callTool({ name: 'request_form', arguments: { form_schema: form } });
  const { html, csp } = await readWidget();
  const messages: any[] = [];
  const page = await hostPage(messages);
  try {
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: hostScript });
    await page.evaluate((run) => window.startOpenAiHost(run), {
      html,
      csp,
      toolOutput: result.structuredContent,
      toolResponseMetadata: result._meta,
    });
    const frame = await waitForFrame(page);
    await frame.getByRole('textbox', { name: '名前' }).fill('太郎');
    await frame.getByRole('textbox', { name: '名前' }).press('Enter');
    assert.equal(await waitForMessage(messages), submitMessage(form as never, { name: '太郎' }));
    assert.equal(await frame.locator('html').getAttribute('data-theme'), 'dark');
  } finally {
    await pages.release(page);
  }
});

test("relative dates mean the form's issue instant (_meta's issuedAt), not the time the widget draws it", async () => {
  const form = {
    title: '日付',
    fields: [{ name: 'due', type: 'date', label: '期限', min: 'today', max: '+7days' }],
  };
  const result: any = await client.callTool({ name: 'request_form', arguments: { form_schema: form } });
  const issuedAt = result._meta[ISSUED_AT_META_KEY];
  assert.ok(Math.abs(issuedAt - Date.now()) < 60_000, 'the server stamps the issue instant');
  const { html, csp } = await readWidget();
  const bounds = async (issued: unknown) => {
    const page = await hostPage();
    try {
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({ content: hostScript });
      await page.evaluate((run) => window.startOpenAiHost(run), {
        html,
        csp,
        toolOutput: result.structuredContent,
        toolResponseMetadata: { ...result._meta, [ISSUED_AT_META_KEY]: issued },
      });
      const input = (await waitForFrame(page)).getByLabel('期限');
      await input.waitFor();
      return [await input.getAttribute('min'), await input.getAttribute('max')];
    } finally {
      await pages.release(page);
    }
  };
  // A form issued on 2020-06-01 (noon UTC) and drawn today: its bounds stay that day's.
  assert.deepEqual(await bounds(Date.UTC(2020, 5, 1, 12)), ['2020-06-01', '2020-06-08']);
  // An instant that is no date (a hostile or broken server) is ignored: today's bounds, a working form.
  const today = new Date().toLocaleDateString('sv'); // YYYY-MM-DD in this machine's zone, as the browser's
  assert.equal((await bounds(1e20))[0], today);
  assert.equal((await bounds('soon'))[0], today);
});

test('field names that are DOM members (remove, submit, querySelectorAll, toString, ...): fill, submit, one ui/message', async () => {
  const form = domNamesForm('DOM の名前'); // Japanese words: the widget speaks Japanese
  const { page, frame, messages } = await host('request_form', { form_schema: form });
  try {
    await fillDomNames(frame);
    await frame.getByRole('button', { name: '送信' }).click();
    assert.equal(await waitForMessage(messages), submitMessage(form as never, domNamesAnswer()));
    await frame.getByText('送信しました。').waitFor();
  } finally {
    await pages.release(page);
  }
});

// A host with its own look (MCP Apps `styles.variables` and `styles.css.fonts`): cream paper, a serif, 2 px
// radii, each colour a light-dark() pair as hosts send them.
const CREAM = {
  styles: {
    variables: {
      '--color-background-primary': 'light-dark(rgb(247, 241, 227), rgb(31, 29, 26))',
      '--color-background-secondary': 'light-dark(rgb(236, 228, 210), rgb(47, 44, 39))',
      '--color-text-primary': 'light-dark(rgb(43, 33, 24), rgb(240, 233, 220))',
      '--color-text-secondary': 'light-dark(rgb(94, 82, 68), rgb(190, 180, 165))',
      '--color-border-primary': 'light-dark(rgb(140, 126, 106), rgb(130, 120, 105))',
      '--font-sans': '"Host Serif", Georgia, serif',
      '--border-radius-md': '2px',
    },
    css: { fonts: '@font-face { font-family: "Host Serif"; src: local("DejaVu Serif"); }' },
  },
};

const LOOKS_FORM = {
  title: 'レビュー依頼',
  fields: [
    { name: 'task', type: 'text', label: 'タスク名', required: true },
    { name: 'note', type: 'textarea', label: 'メモ' },
    {
      name: 'priority',
      type: 'radio',
      label: '優先度',
      options: [
        { value: 'high', label: '高' },
        { value: 'low', label: '低' },
      ],
    },
    { name: 'ok', type: 'checkbox', label: '確認しました' },
  ],
};

test("the host's look: background, font and radius follow its variables; a theme change after render turns the form dark; controls line up; a compact summary after submit", async () => {
  const { page, frame, messages } = await host(
    'request_form',
    { form_schema: LOOKS_FORM },
    { hostContext: CREAM },
  );
  try {
    await frame.getByLabel('タスク名').waitFor();
    // (No named functions inside evaluate: the test runner's transform would wrap them in a helper the
    // page does not have.)
    const look = async () => {
      const [bg, body, text, font, radius, buttonRadius] = await frame.evaluate(() =>
        [
          ['.fr', 'background-color'],
          ['body', 'background-color'],
          ['.fr-label', 'color'],
          ['.fr-in', 'font-family'],
          ['.fr-in', 'border-top-left-radius'],
          ['.fr-btn', 'border-top-left-radius'],
        ].map(([sel, prop]) => getComputedStyle(document.querySelector(sel!)!).getPropertyValue(prop!)),
      );
      return { bg, body, text, font, radius, buttonRadius };
    };
    const light = await look();
    assert.equal(light.bg, 'rgb(247, 241, 227)', 'the form takes the host background');
    assert.equal(light.body, 'rgb(247, 241, 227)', 'so does the frame around it');
    assert.equal(light.text, 'rgb(43, 33, 24)');
    assert.match(light.font, /Host Serif/, 'the host font');
    assert.equal(light.radius, '2px');
    assert.equal(light.buttonRadius, '2px');
    assert.equal(await frame.locator('style#host-fonts').count(), 1, "the host's font CSS applied");
    // Every textarea and button lines up with the inputs: same left edge and width, buttons on one row.
    const [input, area, cancel, submit, optA, optB] = await frame.evaluate(() =>
      [
        'input.fr-in',
        'textarea.fr-in',
        '.fr-actions .fr-btn:not(.fr-primary)',
        '.fr-actions .fr-primary',
        '.fr-opt',
        '.fr-opt + .fr-opt',
      ].map((sel) => {
        const r = document.querySelector(sel)!.getBoundingClientRect();
        return {
          left: Math.round(r.left),
          right: Math.round(r.right),
          top: Math.round(r.top),
          bottom: Math.round(r.bottom),
        };
      }),
    );
    const boxes = {
      input: input!,
      area: area!,
      cancel: cancel!,
      submit: submit!,
      radioGap: optB!.top - optA!.bottom,
    };
    assert.deepEqual(
      [boxes.area.left, boxes.area.right],
      [boxes.input.left, boxes.input.right],
      'the textarea is as wide as the input',
    );
    assert.equal(boxes.cancel.top, boxes.submit.top, 'cancel and submit on one row');
    assert.ok(boxes.submit.right <= boxes.input.right, 'submit ends within the field column');
    assert.ok(boxes.radioGap < 16, `options sit close together (${boxes.radioGap}px)`);
    // The host turns dark after render: the form follows.
    await page.evaluate(() => window.setTheme('dark'));
    await frame.locator('html[data-theme=dark]').waitFor();
    const dark = await look();
    assert.equal(dark.bg, 'rgb(31, 29, 26)', 'dark after the theme change');
    assert.equal(dark.text, 'rgb(240, 233, 220)');
    // New variables in a later context change are applied too.
    await page.evaluate(() =>
      window.setHostContext({ styles: { variables: { '--border-radius-md': '0px' } } }),
    );
    await frame.waitForFunction(
      () => getComputedStyle(document.querySelector('.fr-in')!).borderTopLeftRadius === '0px',
    );
    await frame.getByLabel('タスク名').fill('レビュー');
    await frame.getByLabel('メモ').fill('急ぎで');
    await frame.getByLabel('高').check();
    await frame.getByRole('button', { name: '送信' }).click();
    await waitForMessage(messages);
    // The summary: title, status, answers as label: value; the frame shrinks to it.
    const summary = frame.locator('.w-sum');
    await summary.waitFor();
    assert.equal(await summary.locator('h1').textContent(), 'レビュー依頼');
    assert.deepEqual(await summary.locator('dt').allTextContents(), [
      'タスク名',
      'メモ',
      '優先度',
      '確認しました',
    ]);
    assert.deepEqual(await summary.locator('dd').allTextContents(), ['レビュー', '急ぎで', '高', 'いいえ']);
    await frame.getByText('送信しました。').waitFor();
    assert.equal(
      await frame.evaluate(() => getComputedStyle(document.body).backgroundColor),
      'rgb(31, 29, 26)',
      'the summary in the host look',
    );
    await page.waitForFunction(() => {
      const last = window.hostLog.sizes.at(-1);
      return last !== undefined && (last.height ?? 1e9) < 300;
    });
    const last = await page.evaluate(() => window.hostLog.sizes.at(-1)!);
    assert.ok(last.height! < 300, `the frame shrinks to the summary (${last.height}px)`);
    await page.screenshot({ path: shot('widget-host-look-summary.png') });
  } finally {
    await pages.release(page);
  }
});

test('cancel: a compact summary saying so, no answers', async () => {
  const { page, frame, messages } = await host('request_form', { form_schema: LOOKS_FORM });
  try {
    await frame.getByRole('button', { name: 'キャンセル' }).click();
    assert.equal(await waitForMessage(messages), cancelMessage());
    await frame.locator('.w-sum').waitFor();
    assert.equal(await frame.locator('.w-sum h1').textContent(), 'レビュー依頼');
    await frame.getByText('キャンセルしました。').waitFor();
    assert.equal(await frame.locator('.w-sum dt').count(), 0);
  } finally {
    await pages.release(page);
  }
});

// Seed examples 1-3 in the widget at phone and desktop widths, light and dark (the host's theme): axe
// finds nothing in the frame, and each is photographed (.tmp/screenshots/widget/, the tests' artefacts).
test('axe: no violations in the widget for seed examples 1-3 at 390 and 1280, light and dark; screenshots', async () => {
  const examples = [
    ['example1', exampleForm('example1-project.json')],
    ['example2', exampleForm('example2-assign.json')],
    ['example3', exampleForm('example3-address.json')],
  ] as const;
  for (const [name, schema] of examples) {
    for (const theme of ['light', 'dark'] as const) {
      const { page, frame } = await host('request_form', { form_schema: schema }, { theme });
      try {
        await frame.locator('.fr-title').waitFor();
        // The widget sees only its frame's width (a chat column: the whole 390 px phone, at most 760 px
        // on a desktop), so the frame is resized, not the page.
        for (const width of [390, 1280]) {
          await page.evaluate((w) => {
            document.querySelector('iframe')!.style.width = `${Math.min(w, 760)}px`;
          }, width);
          assert.deepEqual(await axeViolations(frame), [], `${name} ${width} ${theme}`);
          await page.locator('iframe').screenshot({ path: shot(`${name}-${width}-${theme}.png`) });
        }
      } finally {
        await pages.release(page);
      }
    }
  }
});
