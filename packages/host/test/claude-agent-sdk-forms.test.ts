// The `claude-agent-sdk` agent (the real Claude Agent SDK and its headless Claude Code, against a local
// fake Messages API) with forms that headless Claude Code used to answer by itself with "decline":
//  - `question` from the built-in `form` server: shown in the chat page, the turn ends, and the answer
//    reaches the model in seed 004's words;
//  - elicitations (here from `form` run with --elicitation auto, as any MCP server may ask): the chat
//    links a page, the person answers there, and the answer reaches the model in the tool result.
// The SDK is an optional peer of ~430 MB; CI installs it with
//   npm install --no-save @anthropic-ai/claude-agent-sdk@0.3.330
// and this test is skipped, saying so, only when the package is absent.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../../testing/browser.ts';
import { cliCommand } from '../../../testing/cli.ts';
import { type FakeApi, lastUserText, startFakeMessagesApi } from '../../../testing/fake-messages-api.ts';
import { PagePool } from '../../../testing/page-pool.ts';
import { skipWithoutAgentSdk } from '../../../testing/skips.ts';
import type { RunningHost } from '../src/index.js';
import { startTestHost } from './helpers.js';

const skip = await skipWithoutAgentSdk();

const QUESTIONS = [
  {
    question: 'どのファイルを編集しますか？',
    header: 'ファイル選択',
    options: [{ label: 'main.ts', description: 'エントリーポイント' }, { label: 'utils.ts' }],
  },
];
const TRIP_FORM = {
  title: '出張申請',
  fields: [
    { name: 'destination', type: 'text', label: '行き先', required: true },
    {
      name: 'seat',
      type: 'select',
      label: '座席',
      options: [
        { value: 'economy', label: 'エコノミー' },
        { value: 'business', label: 'ビジネス' },
      ],
      default: 'economy',
    },
    { name: 'memo', type: 'file', label: '資料' },
  ],
};

/** The text blocks of the request's last user message (a resumed session puts the new prompt there). */
function userTexts(body: any): string[] {
  const user = [...(body.messages ?? [])].reverse().find((m: any) => m.role === 'user');
  if (typeof user?.content === 'string') return [user.content];
  return (user?.content ?? []).filter((c: any) => c.type === 'text').map((c: any) => c.text as string);
}

/** The tool result the model got in this request, if its last user message carries one. */
function toolResult(body: any): string | undefined {
  const user = [...(body.messages ?? [])].reverse().find((m: any) => m.role === 'user');
  for (const block of Array.isArray(user?.content) ? user.content : []) {
    if (block.type !== 'tool_result') continue;
    return typeof block.content === 'string'
      ? block.content
      : block.content.map((c: any) => (c.type === 'text' ? c.text : '')).join('');
  }
  return undefined;
}

let api: FakeApi;
let home: string;
let browser: Browser;
let pages: PagePool;
let plain: RunningHost;
let eliciting: RunningHost;

before(async () => {
  if (skip) return;
  api = await startFakeMessagesApi((body) => {
    const answer = userTexts(body).find((text) => text.startsWith('ユーザーの回答:'));
    if (answer) return { text: `了解: ${answer}` };
    const result = toolResult(body);
    if (result !== undefined) return { text: `ツールの結果: ${result.slice(0, 300)}` };
    const text = lastUserText(body);
    if (text.includes('どのファイル'))
      return {
        text: '確認します。',
        toolUse: { name: 'mcp__form__question', input: { questions: QUESTIONS } },
      };
    if (text.includes('出張'))
      return {
        text: 'フォームを出します。',
        toolUse: { name: 'mcp__form__request_form', input: { form_schema: TRIP_FORM } },
      };
    return { text: 'ok' };
  });
  home = mkdtempSync(join(tmpdir(), 'formrequest-sdk-forms-'));
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: api.url,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
  plain = await startTestHost({ agent: 'claude-agent-sdk', env });
  const [command, args] = cliCommand('serve', '--elicitation', 'auto');
  eliciting = await startTestHost({
    agent: 'claude-agent-sdk',
    env,
    mcpServers: { form: { command, args } },
  });
  browser = await launchBrowser();
  pages = new PagePool(browser, { viewport: { width: 1100, height: 900 } });
});

after(async () => {
  if (skip) return;
  await pages?.close();
  await browser?.close();
  await plain?.close();
  await eliciting?.close();
  await api?.close();
  rmSync(home, { recursive: true, force: true });
});

async function chat(host: RunningHost, text: string): Promise<Page> {
  const page = await pages.page();
  await page.goto(host.pageUrl);
  await page.locator('#input').fill(text);
  await page.locator('#input').press('Enter');
  return page;
}

test('question in the chat page: the turn ends at the form, and the answer reaches the model in seed 004 words', {
  skip,
  timeout: 170_000,
}, async () => {
  const page = await chat(plain, 'どのファイルを編集するか聞いて');
  const form = page.locator('#form-slot');
  await form.getByRole('radio', { name: 'utils.ts' }).check({ timeout: 90_000 });
  await form.getByRole('button', { name: '送信' }).click();
  await page
    .locator('.msg.assistant', { hasText: '了解: ユーザーの回答: "どのファイルを編集しますか？"="utils.ts"' })
    .waitFor({ timeout: 90_000 })
    .catch((error) => {
      const inputs = api.requests.map(
        (r) => `${toolResult(r.body) ?? ''} ${userTexts(r.body).join(' ').slice(-200)}`,
      );
      throw new Error(`${error.message}\nwhat the model got, request by request:\n${inputs.join('\n---\n')}`);
    });
  assert.deepEqual(userTexts(api.requests.at(-1)!.body).slice(-1), [
    'ユーザーの回答: "どのファイルを編集しますか？"="utils.ts"',
  ]);
  // The turn ended at the form: the model did not read "waiting for input" and go on.
  const sawWaiting = api.requests.some(
    (r) => (toolResult(r.body) ?? '').includes('waiting_for_input') && !userTexts(r.body).length,
  );
  assert.equal(sawWaiting, false);
  await pages.release(page);
});

test('request_form in the chat page (the host declares it renders forms): shown, and the answers arrive as the next message', {
  skip,
  timeout: 170_000,
}, async () => {
  const page = await chat(plain, '出張の申請をしたい');
  const form = page.locator('#form-slot');
  await form.getByLabel('行き先').fill('札幌', { timeout: 90_000 });
  await form.getByRole('button', { name: '送信' }).click();
  const deadline = Date.now() + 90_000;
  const answered = () =>
    api.requests.find((r) => userTexts(r.body).some((text) => /"destination":\s*"札幌"/.test(text)));
  while (!answered() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  assert.ok(
    answered(),
    `the answers reached the model as a user message; it got:\n${api.requests.map((r) => userTexts(r.body).join(' ').slice(-200)).join('\n')}`,
  );
  // The seed's message (the values JSON), then what the person saw for the select's value.
  const said = userTexts(answered()!.body).join('\n\n');
  assert.match(
    said,
    /^\{[\s\S]*"seat": "economy"[\s\S]*\}\n\n選択肢と検索結果の表示名（値の横にユーザーが見たもの）:\n\{\n {2}"seat": "エコノミー"\n\}$/,
    said,
  );
  // The model was told the seed's waiting text, with nothing about nobody seeing it.
  const waiting = api.requests
    .map((r) => toolResult(r.body))
    .find((text) => text?.includes('出張申請') && text.includes('waiting_for_input'));
  assert.ok(waiting, 'the waiting result');
  assert.doesNotMatch(waiting, /誰にも|host-renders-forms/);
  await pages.release(page);
});

test('an elicitation (a question in form mode) is answered by the person on the page the chat links to', {
  skip,
  timeout: 170_000,
}, async () => {
  const page = await chat(eliciting, 'どのファイルを編集するか聞いて');
  const link = page.locator('.msg.assistant a', { hasText: 'フォームを開く' });
  await link.waitFor({ timeout: 90_000 });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.getByText('MCP サーバー「form」からの入力依頼').waitFor();
  await tab.getByRole('radio', { name: 'main.ts — エントリーポイント' }).check();
  await tab.getByRole('button', { name: '送信' }).click();
  await tab.getByRole('heading', { name: '送信しました' }).waitFor();
  await page.locator('.msg.assistant', { hasText: 'ツールの結果' }).waitFor({ timeout: 90_000 });
  const result = JSON.parse(toolResult(api.requests.at(-1)!.body)!);
  assert.equal(result.message, 'ユーザーの回答: "どのファイルを編集しますか？"="main.ts"');
  assert.deepEqual(result.answers, [['main.ts']]);
  await pages.release(page);
});

test('question in the dialog: one row per question, その他 one choice whose text a second dialog asks; that text is the answer', {
  skip,
  timeout: 170_000,
}, async () => {
  const page = await chat(eliciting, 'どのファイルを編集するか聞いて（その他）');
  const links = page.locator('.msg.assistant a', { hasText: 'フォームを開く' });
  await links.first().waitFor({ timeout: 90_000 });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), links.first().click()]);
  await tab.getByText('MCP サーバー「form」からの入力依頼').waitFor();
  // One row: the options and その他 as radios of one group; the question's text once on the page.
  assert.equal(await tab.getByRole('radio').count(), 3);
  assert.equal(await tab.getByText('どのファイルを編集しますか？').count(), 1);
  assert.equal(await tab.getByRole('textbox').count(), 0);
  await tab.getByRole('radio', { name: 'その他' }).check();
  await tab.getByRole('button', { name: '送信' }).click();
  await tab.getByRole('heading', { name: '送信しました' }).waitFor();
  // The second dialog: one text row for その他.
  await links.nth(1).waitFor({ timeout: 90_000 });
  const [second] = await Promise.all([page.context().waitForEvent('page'), links.nth(1).click()]);
  await second.getByText('MCP サーバー「form」からの入力依頼').waitFor();
  assert.equal(await second.getByRole('textbox').count(), 1);
  assert.equal(await second.getByRole('radio').count(), 0);
  await second.getByRole('textbox').fill('index.ts');
  await second.getByRole('button', { name: '送信' }).click();
  await second.getByRole('heading', { name: '送信しました' }).waitFor();
  await page.locator('.msg.assistant', { hasText: 'ツールの結果' }).waitFor({ timeout: 90_000 });
  const result = JSON.parse(toolResult(api.requests.at(-1)!.body)!);
  assert.equal(result.message, 'ユーザーの回答: "どのファイルを編集しますか？"="index.ts"');
  assert.deepEqual(result.answers, [['index.ts']]);
  await pages.release(page);
});

test("an elicitation in URL mode (a form with a file) links the server's own page; the answers come back in the result", {
  skip,
  timeout: 170_000,
}, async () => {
  const page = await chat(eliciting, '出張の申請をしたい');
  const link = page.locator('.msg.assistant a', { hasText: 'フォームを開く' });
  await link.waitFor({ timeout: 90_000 });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.getByLabel('行き先').fill('福岡');
  await tab.getByRole('button', { name: '送信' }).click();
  await tab.getByRole('heading', { name: '送信しました' }).waitFor();
  await page.locator('.msg.assistant', { hasText: 'ツールの結果' }).waitFor({ timeout: 90_000 });
  const result = JSON.parse(toolResult(api.requests.at(-1)!.body)!);
  assert.equal(result.status, 'submitted');
  assert.deepEqual(result.values, { destination: '福岡', seat: 'economy' });
  assert.deepEqual(result.labels, { seat: 'エコノミー' });
  await pages.release(page);
});
