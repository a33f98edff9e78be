// The page as a person meets it, in real Chromium against the real host, MCP server and renderer: one
// language for the page while each form keeps its own, focus into a form and back to the message box,
// readable layout at 390x844 and 1280x800, one blue and 4.5:1 buttons in light and dark. The rest of the
// page's Chromium tests: page-messages.test.ts (a message while a form is open, the host's 422),
// page-axe.test.ts and page-axe-demo.test.ts (axe in every state), page-markdown.test.ts (Markdown
// replies, the renderer's speed), page-screenshots.test.ts; their setup is page-support.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contrast, parseColor } from '../../../testing/contrast.ts';
import {
  DESKTOP,
  focused,
  frames,
  open,
  PHONE,
  release,
  rig,
  say,
  slot,
  useRig,
  waitForForm,
} from './page-support.js';

useRig();

describe('language', () => {
  test('an English page shows a Japanese form in Japanese: its buttons, its messages', async () => {
    const page = await open(`${rig.host.url}/?lang=en`);
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
    await release(page);
  });

  test('a Japanese page shows an English form in English', async () => {
    const page = await open(`${rig.host.url}/?lang=ja`);
    await say(page, 'Assign a task to someone');
    await waitForForm(page, 'Assign the task');
    assert.equal(await page.locator('#send').textContent(), '送る');
    assert.deepEqual(await slot(page).locator('.fr-actions button').allTextContents(), ['Cancel', 'Submit']);
    await slot(page).getByRole('button', { name: 'Submit' }).click();
    assert.equal(
      await slot(page).locator('.fr-msg:not(:empty)').first().textContent(),
      'Assignee is required',
    );
    await release(page);
  });
});

describe('focus', () => {
  test('a form that appears takes focus; after submit, focus is in the message box', async () => {
    for (const size of [PHONE, DESKTOP]) {
      const page = await open(rig.host.url, { size });
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
      await release(page);
    }
  });

  test('a form does not take focus from a message being written', async () => {
    const page = await open(rig.host.url);
    // The message reaches the host only once the next one is being written, so the form cannot appear
    // (and, the box still empty, rightly take focus) before it: on a busy machine it could.
    let letThrough!: () => void;
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route('**/api/execute', async (route) => {
      await held;
      await route.continue();
    });
    await say(page, '住所を入力したい');
    await page.locator('#input').fill('writing something');
    letThrough();
    await waitForForm(page, '住所入力');
    // Past the moment the form would take focus: its country list loaded (the first control that takes
    // focus is drawn) and two frames after that (the page moves focus a frame after the form appears).
    await slot(page).locator('select:not([disabled])').first().waitFor();
    await frames(page);
    assert.equal(await focused(page), '#input');
    assert.equal(await page.locator('#input').inputValue(), 'writing something');
    await release(page);
  });
});

describe('layout', () => {
  test('phone: one-line header, the menu under it, the conversation readable above a long form', async () => {
    const page = await open(rig.host.url, { size: PHONE });
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
    await release(page);
  });

  test('desktop: the form in a panel beside the conversation, both with their own scroll', async () => {
    const page = await open(rig.host.url, { size: DESKTOP });
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
    await release(page);
  });
});

describe('colours', () => {
  test('light and dark: one blue for page and form, buttons at 4.5:1, the form on the panel colour', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await open(rig.host.url, { scheme });
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
      await release(page);
    }
  });
});
