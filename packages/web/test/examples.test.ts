// The example page (examples/web) renders the seed's three examples and the all-types form from
// examples/forms against the sample search API, and shows the message the agent would receive.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Harness, openHarness } from './support/harness.ts';

let H: Harness;
before(async () => {
  H = await openHarness();
});
after(() => H.close());

test('each example form renders; example 1 submits the seed sample answer; example 3 cascades', async () => {
  const page = await H.page();
  await page.goto(`${H.server.url}/`);
  for (const [button, title] of [
    ['例2: 担当者アサイン', 'タスク担当者設定'],
    ['例3: 住所入力', '住所入力'],
    ['全18タイプ', null],
    ['例1: プロジェクト作成', '新規プロジェクト作成'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const heading = page.locator('#app .fr > h2');
    if (title) await heading.filter({ hasText: title }).waitFor();
    else await page.locator('#app .fr-field').nth(15).waitFor();
    assert.equal(await page.locator('#app [role=alert]').count(), 0, `${button} is a valid form`);
  }
  await page.getByLabel('プロジェクト名').fill('my-web-app');
  await page.getByLabel('言語').selectOption('typescript');
  await page.getByRole('checkbox', { name: '認証' }).check();
  await page.getByRole('checkbox', { name: 'REST API' }).check();
  await page.locator('.fr-sugg button').nth(3).click();
  await page.getByRole('button', { name: '送信' }).click();
  assert.deepEqual(JSON.parse((await page.locator('#out').textContent())!), {
    project_name: 'my-web-app',
    language: 'typescript',
    features: ['auth', 'api'],
    description: 'ユーザー認証機能を持つWebアプリケーション。JWT認証、ソーシャルログイン対応。',
  });

  await page.getByRole('button', { name: '例3: 住所入力' }).click();
  await page.getByLabel('都道府県').locator('option', { hasText: '東京都' }).waitFor({ state: 'attached' });
  await page.getByLabel('都道府県').selectOption({ label: '東京都' });
  await page.getByLabel('市区町村').locator('option', { hasText: '渋谷区' }).waitFor({ state: 'attached' });
  await page.getByLabel('市区町村').selectOption({ label: '渋谷区' });
  await page.getByLabel('番地・建物名').fill('1-2-3');
  await page.getByRole('button', { name: '送信' }).click();
  assert.deepEqual(JSON.parse((await page.locator('#out').textContent())!), {
    country: 'JP',
    prefecture: '13',
    city: '13113',
    address: '1-2-3',
  });
  assert.deepEqual((page as any).errors, []);
});
