// End to end in real Chromium, what a conversation survives: a reload mid-form, two tabs on one
// conversation, the real `formrequest demo` killed and started again mid-form (a real SQLite file).
// The scenarios themselves: e2e.test.ts. The browser, the host and the page's steps: page-support.ts.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { cliCommand } from '../../../testing/cli.ts';
import { call, tempDir } from './helpers.js';
import { open, release, rig, say, slot, useRig, waitForForm } from './page-support.js';

useRig();

/** The page at the width these scenarios were written for (1100 px, or a phone's). */
const newPage = (url: string, options: { width?: number } = {}) =>
  open(url, { size: { width: options.width ?? 1100, height: 900 } });

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

describe('resilience in Chromium', () => {
  test('reload mid-form keeps the form and what was typed; the answer continues the conversation', async () => {
    const page = await newPage(rig.host.url);
    await say(page, '新しいプロジェクトを作成して');
    await waitForForm(page, '新規プロジェクト作成');
    await slot(page).getByLabel('プロジェクト名').fill('half-typed');
    await waitForServerDraft(rig.host.url, conversationIdOf(page), (d) => d.v?.project_name === 'half-typed');
    await page.reload();
    await waitForForm(page, '新規プロジェクト作成');
    assert.equal(await slot(page).getByLabel('プロジェクト名').inputValue(), 'half-typed');
    assert.equal(await page.locator('.msg.user').count(), 1, 'the transcript is back');
    await slot(page).getByRole('button', { name: '送信' }).click();
    await page.locator('.msg.assistant', { hasText: 'half-typed' }).waitFor();
    await release(page);
  });

  test('two tabs on one conversation both see every event; answering in one closes the form in the other', async () => {
    const a = await newPage(rig.host.url);
    await say(a, '住所を入力したい');
    await waitForForm(a, '住所入力');
    const b = await a
      .context()
      .browser()!
      .newContext()
      .then((c) => c.newPage());
    await b.goto(a.url());
    await waitForForm(b, '住所入力');
    await slot(a).getByLabel('番地・建物名').fill('two-tabs');
    await slot(a).getByRole('button', { name: '送信' }).click();
    await b.locator('.msg.assistant', { hasText: 'two-tabs' }).waitFor();
    await slot(b).waitFor({ state: 'hidden' });
    assert.equal(await a.locator('#messages > *').count(), await b.locator('#messages > *').count());
    await release(a);
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
      await slot(page).getByLabel('プロジェクト名').fill('after-restart');
      const id = conversationIdOf(page);
      await waitForServerDraft(first.url, id, (d) => d.v?.project_name === 'after-restart');
      child.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));
      await release(page);

      const port = new URL(first.url).port;
      const second = await startDemo(['--port', port, '--db', db]);
      child = second.child;
      // A fresh browser profile: the draft can only come from the server.
      const fresh = await newPage(`${second.url}/c/${id}`);
      await waitForForm(fresh, '新規プロジェクト作成');
      assert.equal(await slot(fresh).getByLabel('プロジェクト名').inputValue(), 'after-restart');
      await slot(fresh).getByRole('button', { name: '送信' }).click();
      await fresh.locator('.msg.assistant', { hasText: 'after-restart' }).waitFor();
      const transcript = await call({ url: second.url }, 'GET', `/api/conversations/${id}`);
      assert.equal(transcript.json.pendingForm, null);
      await release(fresh);
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
