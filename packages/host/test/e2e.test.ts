// End to end in real Chromium: the page, the host, the scripted agent, the real MCP server and the
// web renderer, from the first message to the agent's reply after submit or cancel; reload mid-form,
// a killed-and-restarted server mid-form (real SQLite file), two tabs, a phone-width screen.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newTestContext } from '../../../testing/browser.ts';
import { cliCommand } from '../../../testing/cli.ts';
import type { RunningHost } from '../src/index.js';
import { call, startTestHost, tempDir } from './helpers.js';

let browser: Browser;
let host: RunningHost;

before(async () => {
  browser = await launchBrowser();
  host = await startTestHost();
});
after(async () => {
  await host?.close();
  await browser?.close();
});

async function newPage(url: string, options: { width?: number } = {}): Promise<Page> {
  const context = await newTestContext(browser, { viewport: { width: options.width ?? 1100, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  (page as any).errors = errors;
  await page.goto(url);
  return page;
}

async function say(page: Page, text: string) {
  await page.locator('#input').fill(text);
  await page.locator('#input').press('Enter');
}

const form = (page: Page) => page.locator('#form-slot');
const lastReply = (page: Page) => page.locator('.msg.assistant').last();

async function waitForForm(page: Page, title: string) {
  await form(page).getByText(title, { exact: true }).waitFor();
}

/** Fills the required fields of the all-types form in English (examples/forms/all-types.json). */
async function fillAllTypes(page: Page) {
  await form(page).getByLabel('Project name').fill('my-app');
  await form(page).getByRole('checkbox', { name: 'Authentication' }).check();
  await form(page).getByRole('combobox', { name: 'Assignee' }).fill('Al');
  await form(page).getByRole('listbox').getByRole('option').first().click(); // the search's list, not a select's
  await form(page).getByLabel('I agree to the terms').check();
}

function conversationIdOf(page: Page): string {
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

async function waitForServerDraft(base: string, conversationId: string, check: (draft: any) => boolean) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${base}/api/conversations/${conversationId}`);
    const data = await response.json();
    if (data.pendingForm?.draft && check(data.pendingForm.draft)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the draft never reached the server');
}

describe('scripted scenarios in Chromium', () => {
  test('create a project (ja): form from the tool_use event, submit, the agent summarises', async () => {
    const page = await newPage(host.url);
    await say(page, '新しいプロジェクトを作成して');
    await waitForForm(page, '新規プロジェクト作成');
    await page.locator('.tool summary', { hasText: 'フォーム: 新規プロジェクト作成' }).waitFor();
    await form(page).getByLabel('プロジェクト名').fill('my-web-app');
    await form(page).getByLabel('言語').selectOption('typescript');
    await form(page).getByRole('checkbox', { name: '認証' }).check();
    await form(page).getByRole('checkbox', { name: 'REST API' }).check();
    await form(page).getByRole('button', { name: '送信' }).click();
    await page.locator('.msg.assistant', { hasText: 'my-web-app' }).waitFor();
    const reply = await lastReply(page).textContent();
    assert.match(reply!, /TypeScript/);
    assert.match(reply!, /認証, REST API/);
    assert.match(reply!, /デモ/);
    const sent = await page.locator('.msg.user pre').last().textContent();
    assert.deepEqual(JSON.parse(sent!), {
      project_name: 'my-web-app',
      language: 'typescript',
      features: ['auth', 'api'],
    });
    assert.equal(await form(page).isHidden(), true);
    assert.deepEqual((page as any).errors, []);
    await page.context().close();
  });

  test('create a project, then cancel: the cancel message goes back and the agent acknowledges', async () => {
    const page = await newPage(host.url);
    await say(page, 'プロジェクトを作りたい');
    await waitForForm(page, '新規プロジェクト作成');
    await form(page).getByRole('button', { name: 'キャンセル' }).click();
    await page.locator('.msg.user', { hasText: 'フォーム入力をキャンセルしました。' }).waitFor();
    await page.locator('.msg.assistant', { hasText: 'キャンセルされました' }).waitFor();
    assert.equal(await form(page).isHidden(), true);
    await page.context().close();
  });

  test('assign a task (en): search the demo users, pick one, submit', async () => {
    const page = await newPage(`${host.url}/?lang=en`);
    await say(page, 'Assign a task to someone');
    await waitForForm(page, 'Assign the task');
    const assignee = form(page).getByRole('combobox', { name: 'Assignee' });
    await assignee.fill('ｙａｍａｄａ');
    // A mouse click on the option: the popup must sit above the fields and buttons after it.
    await form(page).getByRole('option', { name: '山田 太郎 (開発部)' }).click({ timeout: 3000 });
    await form(page).getByRole('radio', { name: 'High' }).check();
    await form(page).getByRole('button', { name: 'Submit' }).click();
    await page.locator('.msg.assistant', { hasText: 'u001' }).waitFor();
    const reply = await lastReply(page).textContent();
    assert.match(reply!, /Assignee: 山田 太郎 \(u001\)/);
    assert.match(reply!, /Priority: High/);
    assert.match(reply!, /demo/);
    await page.context().close();
  });

  test('assign a task, then cancel (en)', async () => {
    const page = await newPage(`${host.url}/?lang=en`);
    await say(page, 'assign a reviewer');
    await waitForForm(page, 'Assign the task');
    await form(page).getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.msg.user', { hasText: 'Form input was cancelled.' }).waitFor();
    await page.locator('.msg.assistant', { hasText: 'was cancelled' }).waitFor();
    await page.context().close();
  });

  test('enter an address on a phone-width screen: cascading selects, submit', async () => {
    const page = await newPage(host.url, { width: 375 });
    await say(page, '住所を入力したい');
    await waitForForm(page, '住所入力');
    await form(page)
      .getByLabel('都道府県')
      .locator('option', { hasText: '東京都' })
      .waitFor({ state: 'attached' });
    await form(page).getByLabel('都道府県').selectOption({ label: '東京都' });
    await form(page)
      .getByLabel('市区町村')
      .locator('option', { hasText: '新宿区' })
      .waitFor({ state: 'attached' });
    await form(page).getByLabel('市区町村').selectOption({ label: '新宿区' });
    await form(page).getByLabel('番地・建物名').fill('西新宿2-8-1');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at 375 px (overflow ${overflow})`);
    await form(page).getByRole('button', { name: '送信' }).click();
    await page.locator('.msg.assistant', { hasText: '西新宿2-8-1' }).waitFor();
    const sent = JSON.parse((await page.locator('.msg.user pre').last().textContent())!);
    assert.deepEqual(sent, { country: 'JP', prefecture: '13', city: '13004', address: '西新宿2-8-1' });
    // The agent was given what the person saw beside the codes (the user's message stays the values).
    const reply = await lastReply(page).textContent();
    assert.match(reply!, /都道府県: 東京都 \(13\)/);
    assert.match(reply!, /市区町村: 新宿区 \(13004\)/);
    await page.context().close();
  });

  test('typing instead of answering supersedes the pending form', async () => {
    const page = await newPage(host.url);
    await say(page, '新しいプロジェクトを作成して');
    await waitForForm(page, '新規プロジェクト作成');
    await say(page, 'こんにちは');
    await page.locator('.msg.assistant', { hasText: 'オフラインデモ用エージェント' }).waitFor();
    assert.equal(await form(page).isHidden(), true, 'the superseded form is gone');
    await page.reload();
    await page.locator('.msg.assistant', { hasText: 'オフラインデモ用エージェント' }).waitFor();
    assert.equal(await form(page).isHidden(), true, 'and stays gone after a reload');
    await page.context().close();
  });

  test('enter an address, then cancel', async () => {
    const page = await newPage(host.url);
    await say(page, '住所を登録して');
    await waitForForm(page, '住所入力');
    await form(page).getByRole('button', { name: 'キャンセル' }).click();
    await page.locator('.msg.assistant', { hasText: 'キャンセルされました' }).waitFor();
    await page.context().close();
  });

  test('all 18 field types: a file is uploaded to the host and the answer carries its URL', async () => {
    const page = await newPage(`${host.url}/?lang=en`);
    await say(page, 'Show all field types');
    await waitForForm(page, 'All field types');
    await fillAllTypes(page);
    await form(page)
      .getByLabel('Attachment')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello file') });
    await form(page).getByRole('button', { name: 'Register' }).click();
    await page.locator('.msg.assistant', { hasText: 'notes.txt' }).waitFor();
    const sent = JSON.parse((await page.locator('.msg.user pre').last().textContent())!);
    assert.equal(sent.form_version, '1.0');
    assert.equal(sent.attachment.name, 'notes.txt');
    assert.equal(sent.attachment.data, undefined, 'no base64 in the chat');
    assert.match(sent.attachment.url, /^\/api\/files\//);
    const stored = await fetch(host.url + sent.attachment.url);
    assert.equal(await stored.text(), 'hello file');
    assert.deepEqual((page as any).errors, [], 'no script errors or CSP violations with all 18 widgets');
    await page.context().close();
  });

  test('a file over the host limit is refused in the page with the limit, and the form stays', async () => {
    const small = await startTestHost({ maxFileBytes: 8 });
    try {
      const page = await newPage(`${small.url}/?lang=en`);
      await say(page, 'Show all field types');
      await waitForForm(page, 'All field types');
      await fillAllTypes(page);
      await form(page)
        .getByLabel('Attachment')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello file') });
      await form(page).getByRole('button', { name: 'Register' }).click();
      await form(page)
        .getByText('The file "notes.txt" is over the 8 B limit. Choose a smaller file.')
        .waitFor();
      await form(page).getByLabel('Project name').waitFor();
      assert.equal(await page.locator('.msg.user').count(), 1, 'nothing was sent');
      await page.context().close();
    } finally {
      await small.close();
    }
  });
});

describe('resilience in Chromium', () => {
  test('reload mid-form keeps the form and what was typed; the answer continues the conversation', async () => {
    const page = await newPage(host.url);
    await say(page, '新しいプロジェクトを作成して');
    await waitForForm(page, '新規プロジェクト作成');
    await form(page).getByLabel('プロジェクト名').fill('half-typed');
    await waitForServerDraft(host.url, conversationIdOf(page), (d) => d.v?.project_name === 'half-typed');
    await page.reload();
    await waitForForm(page, '新規プロジェクト作成');
    assert.equal(await form(page).getByLabel('プロジェクト名').inputValue(), 'half-typed');
    assert.equal(await page.locator('.msg.user').count(), 1, 'the transcript is back');
    await form(page).getByRole('button', { name: '送信' }).click();
    await page.locator('.msg.assistant', { hasText: 'half-typed' }).waitFor();
    await page.context().close();
  });

  test('two tabs on one conversation both see every event; answering in one closes the form in the other', async () => {
    const a = await newPage(host.url);
    await say(a, '住所を入力したい');
    await waitForForm(a, '住所入力');
    const b = await a
      .context()
      .browser()!
      .newContext()
      .then((c) => c.newPage());
    await b.goto(a.url());
    await waitForForm(b, '住所入力');
    await form(a).getByLabel('番地・建物名').fill('two-tabs');
    await form(a).getByRole('button', { name: '送信' }).click();
    await b.locator('.msg.assistant', { hasText: 'two-tabs' }).waitFor();
    await form(b).waitFor({ state: 'hidden' });
    assert.equal(await a.locator('#messages > *').count(), await b.locator('#messages > *').count());
    await a.context().close();
    await b.context().close();
  });

  test('kill the server mid-form, start it again: form and server-side draft are back, the answer continues', async () => {
    const dir = tempDir();
    let child: ChildProcess | undefined;
    try {
      const db = `${dir.path}/demo.db`;
      const first = await startDemo(['--port', '0', '--db', db]);
      child = first.child;
      const page = await newPage(first.url);
      await say(page, '新しいプロジェクトを作成して');
      await waitForForm(page, '新規プロジェクト作成');
      await form(page).getByLabel('プロジェクト名').fill('after-restart');
      const id = conversationIdOf(page);
      await waitForServerDraft(first.url, id, (d) => d.v?.project_name === 'after-restart');
      child.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));
      await page.context().close();

      const port = new URL(first.url).port;
      const second = await startDemo(['--port', port, '--db', db]);
      child = second.child;
      // A fresh browser profile: the draft can only come from the server.
      const fresh = await newPage(`${second.url}/c/${id}`);
      await waitForForm(fresh, '新規プロジェクト作成');
      assert.equal(await form(fresh).getByLabel('プロジェクト名').inputValue(), 'after-restart');
      await form(fresh).getByRole('button', { name: '送信' }).click();
      await fresh.locator('.msg.assistant', { hasText: 'after-restart' }).waitFor();
      const transcript = await call({ url: second.url }, 'GET', `/api/conversations/${id}`);
      assert.equal(transcript.json.pendingForm, null);
      await fresh.context().close();
    } finally {
      child?.kill('SIGTERM');
      if (child && child.exitCode === null) await new Promise((r) => child!.once('exit', r));
      dir.remove();
    }
  });
});

/** Starts the real `formrequest demo` and resolves with the URL it prints. */
function startDemo(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const [command, argv] = cliCommand('demo', ...args);
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`demo did not start: ${err}`)), 30_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
    child.stderr!.on('data', (chunk) => {
      err += chunk;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`demo exited with ${code}: ${err}`));
    });
  });
}
