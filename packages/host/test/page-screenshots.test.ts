// Screenshots of each scenario of the chat page's demo at 390x844 and 1280x800, light and dark, in real
// Chromium, to .tmp/screenshots/host/ (git-ignored). Setup is page-support.ts. The scenario runs once per
// width, and each of its states is photographed in both schemes: the page's colours are CSS alone
// (light-dark() on its color-scheme), so switching the emulated scheme redraws the same state as a
// page opened dark would show it, for half the scenario runs.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  formReady,
  open,
  PHONE,
  release,
  rig,
  SCHEMES,
  say,
  slot,
  submitAsIs,
  turnDone,
  useRig,
  waitForForm,
} from './page-support.js';

const SHOTS = resolve(import.meta.dirname, '../../../.tmp/screenshots/host');

/**
 * Each scenario at one width, each state in both schemes: the empty page, each demo form as it appears
 * (loaded, focus in it), its messages after an empty submit, the assignee search, the reply to a sent
 * form, the menu on a phone, a Markdown reply (the fake agent's host). Returns how many screenshots it
 * took.
 */
async function photographDemo(size: { width: number; height: number }): Promise<number> {
  mkdirSync(SHOTS, { recursive: true });
  let n = 0;
  const shot = async (page: Page, name: string) => {
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}/${name}-${size.width}-${scheme}.png` });
      n++;
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };
  const page = await open(rig.host.url, { size, scheme: 'light' });
  await page.locator('.empty').waitFor();
  await shot(page, '1-empty');
  for (const [ask, title, name] of [
    ['新しいプロジェクトを作成して', '新規プロジェクト作成', '2-project'],
    ['タスクの担当者を設定して', 'タスク担当者設定', '3-assign'],
    ['住所を入力したい', '住所入力', '4-address'],
    ['すべてのフィールドタイプを見せて', '全フィールドタイプ', '5-all-types'],
  ] as const) {
    await say(page, ask);
    await formReady(page, title);
    await shot(page, name);
    if (name === '3-assign') {
      await slot(page).getByRole('combobox', { name: '担当者' }).fill('部');
      await slot(page).getByRole('option').nth(1).waitFor();
      await slot(page).getByRole('combobox', { name: '担当者' }).press('ArrowDown');
      await shot(page, `${name}-search`);
    }
    // The all-types form names its own buttons (examples/forms/all-types.json).
    const buttons =
      name === '5-all-types'
        ? { submit: '登録する', cancel: 'やめる' }
        : { submit: '送信', cancel: 'キャンセル' };
    await submitAsIs(page, () => shot(page, `${name}-messages`), buttons);
  }
  await say(page, '新しいプロジェクトを作成して');
  await waitForForm(page, '新規プロジェクト作成');
  await slot(page).getByLabel('プロジェクト名').fill('my-app');
  await slot(page).getByRole('button', { name: '送信' }).click();
  await page.locator('.msg.assistant', { hasText: 'my-app' }).waitFor();
  await turnDone(page);
  await shot(page, '6-reply');
  if (size === PHONE) {
    await page.locator('#menu').click();
    await page.locator('#sidebar').waitFor();
    await shot(page, '7-menu');
  }
  await release(page);
  const md = await open(`${rig.fake.url}/?lang=en`, { size, scheme: 'light' });
  await say(md, 'markdown please');
  await md.locator('.msg.assistant table').waitFor();
  await shot(md, '8-markdown');
  await release(md);
  return n;
}

useRig({ fake: true });

describe('screenshots', () => {
  for (const size of [PHONE, DESKTOP])
    test(`each demo scenario at ${size.width}px, light and dark`, async () => {
      const n = await photographDemo(size);
      // 44 or more over both widths: at least 11 states at each, each photographed light and dark.
      assert.ok(n >= 22, `${n} screenshots in ${SHOTS}`);
    });
});
