// axe-core over every state of the chat page's demo a person meets with seed examples 1-3, at 390x844 and
// 1280x800, light and dark (the same matrix as the widget's and the form page's), in real Chromium: the
// scenario runs once per width, and each state is checked in both schemes (axeInBothSchemes). Setup is
// page-support.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  axeInBothSchemes as axe,
  DESKTOP,
  formReady,
  open,
  PHONE,
  release,
  rig,
  say,
  slot,
  submitAsIs,
  turnDone,
  useRig,
  waitForForm,
} from './page-support.js';

/** The demo's states at `size`, each in both schemes. */
function axeOnTheDemo(size: { width: number; height: number }): void {
  describe(`axe on the demo at ${size.width}px`, () => {
    // The same matrix as the widget's and the form page's (both widths, both schemes), over every state
    // of the demo a person meets with seed examples 1-3: each form as it appears, its messages after an
    // empty submit, the question before typed answers are discarded, a sent form (title and rows, the
    // JSON a click away) with the agent's reply, and the conversation menu on a phone.
    const at = `${size.width}px`;
    test(`0 violations at ${at}, light and dark: examples 1-3, messages, the cancel question, a sent form${size === PHONE ? ', the menu' : ''}`, async () => {
      const page = await open(rig.host.url, { size });
      await page.locator('.empty').waitFor();
      for (const [ask, title] of [
        ['タスクの担当者を設定して', 'タスク担当者設定'],
        ['住所を入力したい', '住所入力'],
      ] as const) {
        await say(page, ask);
        await formReady(page, title);
        assert.deepEqual(await axe(page), [], `${at}: ${title}`);
        await submitAsIs(page, async () => {
          assert.deepEqual(await axe(page), [], `${at}: ${title}, with messages`);
        });
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
      await turnDone(page);
      assert.deepEqual(await axe(page), [], `${at}: a sent form and the reply`);
      if (size === PHONE) {
        await page.locator('#menu').click();
        await page.locator('#sidebar').waitFor();
        assert.deepEqual(await axe(page), [], `${at}: the menu open`);
      }
      assert.deepEqual(page.errors, [], `${at}: no script errors`);
      await release(page);
    });
  });
}

useRig();
axeOnTheDemo(PHONE);
axeOnTheDemo(DESKTOP);
