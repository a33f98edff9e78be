// The page as a person meets it, in real Chromium against the real host, MCP server and renderer: one
// language for the page while each form keeps its own, focus into a form and back to the message box,
// a half-filled form kept when a message would close it, the host's 422 on the fields, readable layout
// at 390x844 and 1280x800, Markdown replies that never become HTML, contrast and axe in light and dark
// (every state of seed examples 1-3: as shown, with messages, the cancel question, sent, the menu).
// Screenshots of each scenario at both widths and schemes go to .tmp/screenshots/host/ (git-ignored).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newTestContext } from '../../../testing/browser.ts';
import { contrast, parseColor } from '../../../testing/contrast.ts';
import type { RunningHost } from '../src/index.js';
import { type FakeApi, lastUserText, startFakeMessagesApi } from './fake-messages-api.js';
import { startTestHost } from './helpers.js';
import { PATHOLOGICAL, pathologicalReply } from './pathological-markdown.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = resolve(import.meta.dirname, '../../../.tmp/screenshots/host');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const HOSTILE_MD = [
  '# Plan',
  'Some **bold**, *soft*, `code` and ~~old~~ text with a [safe link](https://example.com/a?b=1 "title").',
  '<img src=x onerror="window.pwned=1"> <script>window.pwned=2</script>',
  '[click](javascript:window.pwned=3) [data](data:text/html,<b>x</b>) ![pic](https://example.com/p.png)',
  '',
  '- one',
  '- two with snake_case_name',
  '  - nested',
  '',
  '1. first',
  '2. second',
  '',
  '| key | value |',
  '| --- | ---: |',
  '| a | <b>1</b> |',
  '',
  '```js',
  'const x = "<b>not bold</b>";',
  '```',
  '> quoted https://example.com/q.',
].join('\n');

let browser: Browser;
let host: RunningHost;
let api: FakeApi;
let fake: RunningHost;

before(async () => {
  browser = await launchBrowser();
  host = await startTestHost();
  api = await startFakeMessagesApi((body) =>
    /pathological/i.test(lastUserText(body))
      ? { text: pathologicalReply() }
      : /markdown/i.test(lastUserText(body))
        ? { text: HOSTILE_MD }
        : { text: 'Received.' },
  );
  fake = await startTestHost({
    agent: 'anthropic',
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: api.url, ANTHROPIC_MODEL: 'fake-model' },
  });
});
after(async () => {
  await fake?.close();
  await api?.close();
  await host?.close();
  await browser?.close();
});

async function open(
  url: string,
  options: { size?: { width: number; height: number }; scheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const context = await newTestContext(browser, {
    viewport: options.size ?? DESKTOP,
    colorScheme: options.scheme ?? 'light',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  (page as Page & { errors: string[] }).errors = errors;
  await page.goto(url);
  return page;
}

async function say(page: Page, text: string) {
  await page.locator('#input').fill(text);
  await page.locator('#input').press('Enter');
}
const slot = (page: Page) => page.locator('#form-slot');
const waitForForm = (page: Page, title: string) => slot(page).getByRole('heading', { name: title }).waitFor();
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return a?.id ? `#${a.id}` : (a?.getAttribute('aria-label') ?? a?.tagName ?? '');
  });
const inForm = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('#form-slot .fr'));

async function axe(page: Page): Promise<string[]> {
  // Evaluated through the debugger protocol, which the page's CSP (script-src 'self') does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const result = await page.evaluate(() => (window as any).axe.run(document));
  return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.html).join(' | ')}`);
}

describe('language', () => {
  test('an English page shows a Japanese form in Japanese: its buttons, its messages', async () => {
    const page = await open(`${host.url}/?lang=en`);
    await say(page, '新しいプロジェクトを作成して');
    await waitForForm(page, '新規プロジェクト作成');
    assert.equal(await page.locator('#send').textContent(), 'Send', 'the page speaks English');
    await page.locator('#agent', { hasText: /^Agent: / }).waitFor();
    assert.equal(await slot(page).locator('.form-body').getAttribute('lang'), 'ja');
    assert.deepEqual(await slot(page).locator('.fr-actions button').allTextContents(), [
      'キャンセル',
      '送信',
    ]);
    await slot(page).getByRole('button', { name: '送信' }).click();
    assert.equal(
      await slot(page).locator('.fr-msg:not(:empty)').first().textContent(),
      'プロジェクト名は必須です',
    );
    await slot(page).getByRole('button', { name: 'キャンセル' }).click();
    await page.locator('.msg.user', { hasText: 'フォーム入力をキャンセルしました。' }).waitFor();
    // Switched to Japanese: the whole page follows, the agent's badge too.
    await page.locator('#lang').click();
    await page.locator('#agent', { hasText: /^エージェント: / }).waitFor();
    await page.context().close();
  });

  test('a Japanese page shows an English form in English', async () => {
    const page = await open(`${host.url}/?lang=ja`);
    await say(page, 'Assign a task to someone');
    await waitForForm(page, 'Assign the task');
    assert.equal(await page.locator('#send').textContent(), '送る');
    assert.deepEqual(await slot(page).locator('.fr-actions button').allTextContents(), ['Cancel', 'Submit']);
    await slot(page).getByRole('button', { name: 'Submit' }).click();
    assert.equal(
      await slot(page).locator('.fr-msg:not(:empty)').first().textContent(),
      'Assignee is required',
    );
    await page.context().close();
  });
});

describe('focus', () => {
  test('a form that appears takes focus; after submit, focus is in the message box', async () => {
    for (const size of [PHONE, DESKTOP]) {
      const page = await open(host.url, { size });
      await say(page, '新しいプロジェクトを作成して');
      await waitForForm(page, '新規プロジェクト作成');
      await page.waitForFunction(() => document.activeElement?.closest('#form-slot .fr'));
      assert.equal(
        await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent),
        'プロジェクト名 *',
      );
      const box = await page.evaluate(() => document.activeElement!.getBoundingClientRect().toJSON());
      assert.ok(box.top >= 0 && box.bottom <= size.height, `${size.width}px: the focused field is on screen`);
      await page.keyboard.type('focus-app');
      await slot(page).getByRole('button', { name: '送信' }).click();
      await page.locator('.msg.assistant', { hasText: 'focus-app' }).waitFor();
      assert.equal(await focused(page), '#input', `${size.width}px: focus goes back to the message box`);
      // The transcript names the call for people and reads the answer back with its form's labels.
      await page.locator('.tool summary', { hasText: 'フォーム: 新規プロジェクト作成' }).first().waitFor();
      const sent = page.locator('.msg.user', { hasText: '新規プロジェクト作成' }).last();
      assert.equal(await sent.locator('dt').first().textContent(), 'プロジェクト名');
      assert.equal(await sent.locator('dd').first().textContent(), 'focus-app');
      assert.equal(await sent.locator('details.json pre').isVisible(), false, 'the JSON a click away');
      await page.context().close();
    }
  });

  test('a form does not take focus from a message being written', async () => {
    const page = await open(host.url);
    await say(page, '住所を入力したい');
    await page.locator('#input').fill('writing something');
    await waitForForm(page, '住所入力');
    await page.waitForTimeout(100);
    assert.equal(await focused(page), '#input');
    await page.context().close();
  });
});

describe('a message while a form is open', () => {
  test('phone, a long conversation: each new form takes focus and is in view, one whose first select is still loading too', async () => {
    const page = await open(host.url, { size: PHONE });
    for (const [ask, title] of [
      ['新しいプロジェクトを作成して', '新規プロジェクト作成'],
      ['タスクの担当者を設定して', 'タスク担当者設定'],
      ['住所を入力したい', '住所入力'], // its first field (country) loads its options from the host
    ] as const) {
      await say(page, ask);
      await waitForForm(page, title);
      await page.waitForFunction(() => !!document.activeElement?.closest('#form-slot .fr'));
      const box = await page.evaluate(() => document.activeElement!.getBoundingClientRect().toJSON());
      assert.ok(
        box.top >= 0 && box.bottom <= PHONE.height,
        `${title}: the focused field is on screen (${box.top})`,
      );
      const replies = await page.locator('.msg.assistant').count();
      await slot(page).getByRole('button', { name: 'キャンセル' }).click();
      await page.waitForFunction((n) => document.querySelectorAll('.msg.assistant').length > n, replies);
    }
    await page.context().close();
  });

  test('the box empties as a message leaves, and a message the host refused comes back to it', async () => {
    const page = await open(host.url);
    await page.route('**/api/execute', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"busy","message":"busy"}',
      }),
    );
    await say(page, 'まだ送れないメッセージ');
    await page.locator('.msg.error').waitFor();
    assert.equal(await page.locator('#input').inputValue(), 'まだ送れないメッセージ');
    await page.unroute('**/api/execute');
    await say(page, '新しいプロジェクトを作成して');
    await waitForForm(page, '新規プロジェクト作成');
    assert.equal(await page.locator('#input').inputValue(), '');
    await page.context().close();
  });

  test('a half-filled form: the page asks first; going back keeps everything, sending closes it', async () => {
    const page = await open(host.url);
    await say(page, '新しいプロジェクトを作成して');
    await waitForForm(page, '新規プロジェクト作成');
    await slot(page).getByLabel('プロジェクト名').fill('half-done');
    await say(page, 'ところで');
    const dialog = page.getByRole('dialog', { name: '入力中のフォームがあります' });
    await dialog.waitFor();
    assert.deepEqual(await axe(page), [], 'axe with the dialog open');
    await dialog.getByRole('button', { name: 'フォームに戻る' }).click();
    assert.equal(await slot(page).getByLabel('プロジェクト名').inputValue(), 'half-done');
    assert.equal(await page.locator('#input').inputValue(), 'ところで', 'the message waits too');
    assert.ok(await inForm(page), 'focus goes back into the form');
    assert.equal(await page.locator('.msg.user').count(), 1, 'nothing was sent');
    await page.locator('#input').press('Enter');
    await dialog.getByRole('button', { name: 'フォームを閉じて送信' }).click();
    await page.locator('.msg.user', { hasText: 'ところで' }).waitFor();
    await slot(page).waitFor({ state: 'hidden' });
    await page.context().close();
  });

  test('a half-filled form restored after a reload is not dropped silently either', async () => {
    const page = await open(host.url);
    await say(page, '新しいプロジェクトを作成して');
    await waitForForm(page, '新規プロジェクト作成');
    await slot(page).getByLabel('プロジェクト名').fill('kept-app');
    await page.waitForFunction(() =>
      Object.keys(localStorage).some((k) => (localStorage.getItem(k) ?? '').includes('kept-app')),
    );
    await page.reload();
    await waitForForm(page, '新規プロジェクト作成');
    assert.equal(await slot(page).getByLabel('プロジェクト名').inputValue(), 'kept-app');
    await say(page, 'ところで');
    const dialog = page.getByRole('dialog', { name: '入力中のフォームがあります' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'フォームに戻る' }).click();
    assert.equal(await slot(page).getByLabel('プロジェクト名').inputValue(), 'kept-app');
    await page.context().close();
  });
});

describe('answers the host refuses', () => {
  test('a 422 shows on its field, with focus there, and the form stays open with what was entered', async () => {
    const page = await open(host.url, { size: PHONE });
    // The page and the host resolve "today" alike, so the page would never send a date the host
    // refuses: the answer is changed on its way, as an out-of-date page or a hand-made request would.
    await page.route('**/api/execute', async (route) => {
      const body = route.request().postDataJSON();
      if (body?.answers?.due_date) body.answers.due_date = '2020-06-01';
      await route.continue({ postData: JSON.stringify(body) });
    });
    await say(page, 'タスクの担当者を設定して');
    await waitForForm(page, 'タスク担当者設定');
    const assignee = slot(page).getByRole('combobox', { name: '担当者' });
    await assignee.fill('山田');
    await slot(page).getByRole('option').first().click();
    await slot(page).getByLabel('期限').fill('2099-06-01');
    await slot(page).getByRole('button', { name: '送信' }).click();
    const message = slot(page).locator('.fr-msg:not(:empty)');
    await message.waitFor();
    assert.match((await message.textContent())!, /^期限は\d{4}-\d{2}-\d{2}以降の日付を入力してください$/);
    assert.equal(await slot(page).getByLabel('期限').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).type), 'date');
    const box = await slot(page).getByLabel('期限').boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, 'scrolled to it');
    assert.equal(await assignee.inputValue(), '山田 太郎', 'what was entered is still there');
    assert.equal(
      await slot(page).getByRole('alert').textContent(),
      '送信できませんでした。表示された項目を確認してください。',
    );
    assert.deepEqual(await axe(page), [], 'axe with the refusal shown');
    await page.context().close();
  });
});

describe('layout', () => {
  test('phone: one-line header, the menu under it, the conversation readable above a long form', async () => {
    const page = await open(host.url, { size: PHONE });
    await say(page, 'すべてのフィールドタイプを見せて');
    await waitForForm(page, '全フィールドタイプ');
    const header = await page.locator('header').boundingBox();
    assert.equal(header!.height, 56, 'the header is one row');
    const messages = await page.locator('#messages').boundingBox();
    assert.ok(messages!.width >= 340, `the conversation is ${messages!.width}px wide`);
    // The whole column scrolls: the conversation above the form is there to read, full width.
    await page.locator('.msg.user').first().scrollIntoViewIfNeeded();
    const first = await page.locator('.msg.assistant').first().boundingBox();
    assert.ok(first!.y >= header!.height && first!.height < 200, 'an agent message reads in full');
    await page.locator('#menu').click();
    const drawer = await page.locator('#sidebar').boundingBox();
    assert.ok(drawer!.y >= header!.y + header!.height, 'the drawer opens under the header');
    assert.ok(await page.locator('h1').isVisible());
    await page.keyboard.press('Escape');
    assert.equal(await focused(page), '#menu');
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth),
      PHONE.width,
      'no sideways scroll',
    );
    await page.context().close();
  });

  test('desktop: the form in a panel beside the conversation, both with their own scroll', async () => {
    const page = await open(host.url, { size: DESKTOP });
    await say(page, 'すべてのフィールドタイプを見せて');
    await waitForForm(page, '全フィールドタイプ');
    const messages = (await page.locator('#messages').boundingBox())!;
    const form = (await slot(page).boundingBox())!;
    assert.ok(
      messages.width >= 400 && messages.height >= 600,
      `conversation ${messages.width}x${messages.height}`,
    );
    assert.ok(form.x >= messages.x + messages.width - 1, 'the form is beside it');
    assert.ok(form.height >= 700, 'the form panel takes the height');
    await page.context().close();
  });
});

describe('colours', () => {
  test('light and dark: one blue for page and form, buttons at 4.5:1, the form on the panel colour', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await open(host.url, { scheme });
      await say(page, '新しいプロジェクトを作成して');
      await waitForForm(page, '新規プロジェクト作成');
      const c = await page.evaluate(() => {
        const get = (sel: string, prop: string) =>
          getComputedStyle(document.querySelector(sel)!).getPropertyValue(prop);
        return {
          send: get('#send', 'background-color'),
          sendText: get('#send', 'color'),
          newChat: get('#new', 'background-color'),
          newText: get('#new', 'color'),
          formButton: get('#form-slot .fr-primary', 'background-color'),
          formButtonText: get('#form-slot .fr-primary', 'color'),
          panel: get('#form-slot', 'background-color'),
          form: get('#form-slot .fr', 'background-color'),
        };
      });
      assert.equal(c.send, c.formButton, `${scheme}: one blue`);
      assert.equal(c.form, c.panel, `${scheme}: no slab of another colour under the form`);
      for (const [what, fg, bg] of [
        ['send', c.sendText, c.send],
        ['new conversation', c.newText, c.newChat],
        ['form submit', c.formButtonText, c.formButton],
      ])
        assert.ok(contrast(fg, bg) >= 4.5, `${scheme}: ${what} ${contrast(fg, bg).toFixed(2)}:1`);
      assert.ok(parseColor(c.panel)[3] === 1);
      await page.context().close();
    }
  });
});

describe('axe', () => {
  test('no violations: empty, with a form, with messages, light and dark, at both widths', async () => {
    for (const size of [PHONE, DESKTOP])
      for (const scheme of ['light', 'dark'] as const) {
        const at = `${size.width}px ${scheme}`;
        const page = await open(host.url, { size, scheme });
        await page.locator('.empty').waitFor();
        assert.deepEqual(await axe(page), [], `${at}: empty`);
        await say(page, 'すべてのフィールドタイプを見せて');
        await waitForForm(page, '全フィールドタイプ');
        await slot(page).locator('select:not([disabled])').nth(1).waitFor();
        assert.deepEqual(await axe(page), [], `${at}: with a form`);
        await slot(page).getByRole('button', { name: '登録する' }).click();
        assert.deepEqual(await axe(page), [], `${at}: with messages`);
        await page.context().close();
      }
  });
});

describe('axe on the demo', () => {
  // The same matrix as the widget's and the form page's (both widths, both schemes), over every state
  // of the demo a person meets with seed examples 1-3: each form as it appears, its messages after an
  // empty submit, the question before typed answers are discarded, a sent form (title and rows, the
  // JSON a click away) with the agent's reply, and the conversation menu on a phone.
  test('0 violations at 390 and 1280, light and dark: examples 1-3, messages, the cancel question, a sent form, the menu', async () => {
    for (const size of [PHONE, DESKTOP])
      for (const scheme of ['light', 'dark'] as const) {
        const at = `${size.width}px ${scheme}`;
        const page = await open(host.url, { size, scheme });
        await page.locator('.empty').waitFor();
        for (const [ask, title] of [
          ['タスクの担当者を設定して', 'タスク担当者設定'],
          ['住所を入力したい', '住所入力'],
        ] as const) {
          await say(page, ask);
          await waitForForm(page, title);
          await page.waitForTimeout(100);
          assert.deepEqual(await axe(page), [], `${at}: ${title}`);
          const replies = await page.locator('.msg.assistant').count();
          await slot(page).getByRole('button', { name: '送信' }).click();
          // A form with nothing required goes as it is; the others show their messages.
          await page.waitForFunction(
            () =>
              document.querySelector('#form-slot .fr-msg:not(:empty)') ||
              document.querySelector('#form-slot[hidden]'),
          );
          if (await slot(page).isVisible()) {
            assert.deepEqual(await axe(page), [], `${at}: ${title}, with messages`);
            await slot(page).getByRole('button', { name: 'キャンセル' }).click();
          }
          await page.waitForFunction((n) => document.querySelectorAll('.msg.assistant').length > n, replies);
          assert.deepEqual(await axe(page), [], `${at}: after ${title}`);
        }
        await say(page, '新しいプロジェクトを作成して');
        await waitForForm(page, '新規プロジェクト作成');
        assert.deepEqual(await axe(page), [], `${at}: 新規プロジェクト作成`);
        await slot(page).getByLabel('プロジェクト名').fill('my-app');
        await slot(page).getByRole('button', { name: 'キャンセル' }).click();
        await slot(page).getByRole('button', { name: '入力を続ける' }).waitFor();
        assert.deepEqual(await axe(page), [], `${at}: the question before typed answers are discarded`);
        await slot(page).getByRole('button', { name: '入力を続ける' }).click();
        await slot(page).getByRole('button', { name: '送信' }).click();
        await page.locator('.msg.assistant', { hasText: 'my-app' }).waitFor();
        await page.waitForTimeout(100);
        assert.deepEqual(await axe(page), [], `${at}: a sent form and the reply`);
        if (size === PHONE) {
          await page.locator('#menu').click();
          await page.locator('#sidebar').waitFor();
          assert.deepEqual(await axe(page), [], `${at}: the menu open`);
        }
        assert.deepEqual((page as Page & { errors: string[] }).errors, [], `${at}: no script errors`);
        await page.context().close();
      }
  });
});

describe('Markdown replies', () => {
  test('an agent reply in Markdown becomes headings, lists, tables, code and safe links; no HTML runs', async () => {
    const page = await open(`${fake.url}/?lang=en`);
    await say(page, 'markdown please');
    const reply = page.locator('.msg.assistant').last();
    await reply.locator('table').waitFor();
    assert.equal(await reply.locator('h3').textContent(), 'Plan');
    assert.equal(await reply.locator('strong').first().textContent(), 'bold');
    assert.equal(await reply.locator(':scope > ul > li').count(), 2);
    assert.equal(await reply.locator('ul ul > li').textContent(), 'nested');
    assert.match((await reply.locator(':scope > ul > li').nth(1).textContent())!, /snake_case_name/);
    assert.equal(await reply.locator(':scope > ol > li').count(), 2);
    assert.equal(await reply.locator('td').nth(1).textContent(), '<b>1</b>');
    assert.equal(
      await reply
        .locator('td')
        .nth(1)
        .evaluate((td) => td.style.textAlign),
      'right',
    );
    assert.equal(await reply.locator('pre code').textContent(), 'const x = "<b>not bold</b>";');
    const links = await reply
      .locator('a')
      .evaluateAll((as) =>
        as.map((a) => [
          a.textContent,
          a.getAttribute('href'),
          a.getAttribute('rel'),
          a.getAttribute('target'),
        ]),
      );
    assert.deepEqual(links, [
      ['safe link', 'https://example.com/a?b=1', 'noopener noreferrer', '_blank'],
      ['pic', 'https://example.com/p.png', 'noopener noreferrer', '_blank'],
      ['https://example.com/q', 'https://example.com/q', 'noopener noreferrer', '_blank'],
    ]);
    assert.match((await reply.textContent())!, /<img src=x onerror="window.pwned=1"> <script>/);
    assert.match(
      (await reply.textContent())!,
      /\[click\]\(javascript:window\.pwned=3\) \[data\]\(data:text\/html,<b>x<\/b>\)/,
      'javascript: and data: links stay text',
    );
    assert.equal(await reply.locator('a[href^="javascript:"], a[href^="data:"]').count(), 0);
    assert.equal(await reply.locator('img, script, b').count(), 0, 'no element from the text');
    assert.equal(await page.evaluate(() => (window as any).pwned), undefined);
    assert.deepEqual((page as Page & { errors: string[] }).errors, []);
    await page.context().close();
  });

  test('the renderer: 100 replies of 4 KB rendered in a few milliseconds each; each 20 KB pathological input under 100 ms', async (t) => {
    const code = await markdownModule();
    // markdown-it and what it brings (entities, linkify-it, punycode, mdurl): about 100 KB minified.
    assert.ok(code.length < 110 * 1024, `markdown.ts is ${code.length} B minified`);
    const page = await open(host.url);
    const bound = await renderBound(page);
    const ms = await page.evaluate((text) => {
      const long = Array.from({ length: 8 }, () => text).join('\n\n');
      (window as any).md.renderMarkdown(long);
      const t0 = performance.now();
      for (let i = 0; i < 100; i++) (window as any).md.renderMarkdown(long);
      return (performance.now() - t0) / 100;
    }, HOSTILE_MD);
    assert.ok(ms < bound / 2, `${ms.toFixed(2)} ms per 32 KB reply`);
    const inputs = Object.entries(PATHOLOGICAL).map(([name, make]) => [name, make(20_000)] as const);
    const times = await page.evaluate((list) => {
      const slot = document.createElement('div');
      document.body.append(slot);
      return list.map(([name, text]) => {
        let best = Number.POSITIVE_INFINITY;
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          slot.replaceChildren((window as any).md.renderMarkdown(text));
          slot.getBoundingClientRect(); // layout included
          best = Math.min(best, performance.now() - t0);
        }
        return [name, best] as const;
      });
    }, inputs);
    t.diagnostic(
      `bound ${bound.toFixed(0)} ms; ${times.map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(', ')}`,
    );
    const slow = times.filter(([, ms]) => ms >= bound).map(([n, ms]) => `${n}: ${ms.toFixed(0)} ms`);
    assert.deepEqual(slow, [], `each 20 KB pathological input renders in under ${bound.toFixed(0)} ms`);
    await page.context().close();
  });

  test('a 20 KB pathological reply: no task over 100 ms when it arrives, nor when the conversation is reopened', async (t) => {
    const page = await open(`${fake.url}/?lang=en`);
    let bound = await renderBound(page);
    // Every task over 50 ms the page runs, from its first script on (each navigation).
    await page.addInitScript(() => {
      const w = window as any;
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.reload();
    await page.locator('#input').waitFor();
    await page.evaluate(() => {
      (window as any).longTasks.length = 0;
    });
    await say(page, 'pathological please');
    const reply = page.locator('.msg.assistant').last();
    await reply.locator('table').waitFor();
    const length = ((await reply.textContent()) ?? '').length;
    assert.ok(length > 10_000, `the reply shows ${length} characters`);
    const longest = () => page.evaluate(() => Math.max(0, ...(window as any).longTasks));
    const arrived = await longest();
    // The machine's load now, too (renderBound again): a shared machine's load moves within a test.
    bound = Math.max(bound, await renderBound(page));
    assert.ok(arrived < bound, `the reply: a ${arrived.toFixed(0)} ms task`);
    assert.match(page.url(), /\/c\//);
    await page.reload();
    await page.locator('.msg.assistant').last().locator('table').waitFor();
    const reopened = await longest();
    bound = Math.max(bound, await renderBound(page));
    t.diagnostic(
      `bound ${bound.toFixed(0)} ms; longest task: reply ${arrived.toFixed(0)} ms, reopened ${reopened.toFixed(0)} ms`,
    );
    assert.ok(reopened < bound, `reopened: a ${reopened.toFixed(0)} ms task`);
    assert.deepEqual((page as Page & { errors: string[] }).errors, []);
    await page.context().close();
  });
});

/** page/markdown.ts as one script that sets `md` (built once). */
let markdownCode: Promise<string> | undefined;
function markdownModule(): Promise<string> {
  markdownCode ??= build({
    entryPoints: [resolve(import.meta.dirname, '../page/markdown.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'md',
    write: false,
  }).then((out) => out.outputFiles[0]!.text);
  return markdownCode;
}

/**
 * The time bound for 20 KB of Markdown in this browser now: 100 ms, or 10x an ordinary 20 KB reply
 * (HOSTILE_MD repeated to 20 KB) when the shared machine is so busy that an ordinary reply takes over 10 ms
 * (quietly it takes 2-5). A quadratic renderer takes seconds either way. Leaves `window.md` loaded.
 */
async function renderBound(page: Page): Promise<number> {
  await page.evaluate(`${await markdownModule()};window.md = md;`);
  const ordinary = await page.evaluate((text) => {
    const long = Array.from({ length: Math.ceil(20_000 / text.length) }, () => text).join('\n\n');
    // In the document and laid out, as a reply is: the long tasks measured on the page include both.
    const slot = document.createElement('div');
    document.body.append(slot);
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      slot.replaceChildren((window as any).md.renderMarkdown(long));
      slot.getBoundingClientRect();
      best = Math.min(best, performance.now() - t0);
    }
    slot.remove();
    return best;
  }, HOSTILE_MD);
  return Math.max(100, 10 * ordinary);
}

describe('screenshots', () => {
  test('each demo scenario at both widths and schemes', async () => {
    mkdirSync(SHOTS, { recursive: true });
    let n = 0;
    for (const size of [PHONE, DESKTOP])
      for (const scheme of ['light', 'dark'] as const) {
        const tag = `${size.width}-${scheme}`;
        const shot = async (page: Page, name: string) => {
          await page.screenshot({ path: `${SHOTS}/${name}-${tag}.png` });
          n++;
        };
        const page = await open(host.url, { size, scheme });
        await page.locator('.empty').waitFor();
        await shot(page, '1-empty');
        for (const [ask, title, name] of [
          ['新しいプロジェクトを作成して', '新規プロジェクト作成', '2-project'],
          ['タスクの担当者を設定して', 'タスク担当者設定', '3-assign'],
          ['住所を入力したい', '住所入力', '4-address'],
          ['すべてのフィールドタイプを見せて', '全フィールドタイプ', '5-all-types'],
        ] as const) {
          await say(page, ask);
          await waitForForm(page, title);
          await page.waitForTimeout(200);
          await shot(page, name);
          if (name === '3-assign') {
            await slot(page).getByRole('combobox', { name: '担当者' }).fill('部');
            await slot(page).getByRole('option').nth(1).waitFor();
            await slot(page).getByRole('combobox', { name: '担当者' }).press('ArrowDown');
            await shot(page, `${name}-search`);
          }
          const replies = await page.locator('.msg.assistant').count();
          // The all-types form names its own buttons (examples/forms/all-types.json).
          const [submit, cancel] = name === '5-all-types' ? ['登録する', 'やめる'] : ['送信', 'キャンセル'];
          await slot(page).getByRole('button', { name: submit }).click();
          // A form with nothing required goes as it is; the others show their messages.
          await page.waitForFunction(
            () =>
              document.querySelector('#form-slot .fr-msg:not(:empty)') ||
              document.querySelector('#form-slot[hidden]'),
          );
          if (await slot(page).isVisible()) {
            await shot(page, `${name}-messages`);
            await slot(page).getByRole('button', { name: cancel }).click();
          }
          await page.waitForFunction((n) => document.querySelectorAll('.msg.assistant').length > n, replies);
        }
        await say(page, '新しいプロジェクトを作成して');
        await waitForForm(page, '新規プロジェクト作成');
        await slot(page).getByLabel('プロジェクト名').fill('my-app');
        await slot(page).getByRole('button', { name: '送信' }).click();
        await page.locator('.msg.assistant', { hasText: 'my-app' }).waitFor();
        await page.waitForTimeout(100);
        await shot(page, '6-reply');
        if (size === PHONE) {
          await page.locator('#menu').click();
          await shot(page, '7-menu');
        }
        await page.context().close();
        const md = await open(`${fake.url}/?lang=en`, { size, scheme });
        await say(md, 'markdown please');
        await md.locator('.msg.assistant table').waitFor();
        await shot(md, '8-markdown');
        await md.context().close();
      }
    assert.ok(n >= 44, `${n} screenshots in ${SHOTS}`);
  });
});
