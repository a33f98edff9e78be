// The chat page in real Chromium when a message meets an open form: each new form takes focus and is in
// view in a long conversation on a phone, the box empties as a message leaves and gets back one the host
// refused, a half-filled form is not dropped without asking (also after a reload), and the host's 422
// shows on its field. The rest of the page: page.test.ts; setup is page-support.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axe, inForm, open, PHONE, release, rig, say, slot, useRig, waitForForm } from './page-support.js';

useRig();

describe('a message while a form is open', () => {
  test('phone, a long conversation: each new form takes focus and is in view, one whose first select is still loading too', async () => {
    const page = await open(rig.host.url, { size: PHONE });
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
    await release(page);
  });

  test('the box empties as a message leaves, and a message the host refused comes back to it', async () => {
    const page = await open(rig.host.url);
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
    await release(page);
  });

  test('a half-filled form: the page asks first; going back keeps everything, sending closes it', async () => {
    const page = await open(rig.host.url);
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
    await release(page);
  });

  test('a half-filled form restored after a reload is not dropped silently either', async () => {
    const page = await open(rig.host.url);
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
    await release(page);
  });
});

describe('answers the host refuses', () => {
  test('a 422 shows on its field, with focus there, and the form stays open with what was entered', async () => {
    const page = await open(rig.host.url, { size: PHONE });
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
    await release(page);
  });
});
