// Search-backed fields against the local sample-data server: autocomplete (minChars, debounce, stale
// answers, keyboard per the WAI-ARIA combobox pattern, error states) and multi-autocomplete chips with
// maxSelect. The rest (async-select and the cascade, custom fetch, clicks, sandboxing, IME, text never
// picked) is in remote-more.test.ts, which runs beside this file.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type Harness, messageFor, mount, openHarness } from './support/harness.ts';
import { optionTexts, SLOW_AL, searches, slowSearch, users, value } from './support/remote.ts';

let H: Harness;
before(async () => {
  H = await openHarness(SLOW_AL);
});
after(() => H.close());

test('minChars and debounce: one request for a burst of typing, none below minChars', async () => {
  const page = await H.page();
  await mount(page, users({ debounceMs: 1000 })); // longer than any pause between keys on a busy machine
  const box = page.getByRole('combobox', { name: '担当者' });
  const before = searches(H).length;
  await box.pressSequentially('b');
  await page.waitForTimeout(400);
  assert.equal(searches(H).length, before, 'one character is below minChars 2');
  assert.equal(await box.getAttribute('aria-expanded'), 'false');
  await box.pressSequentially('ob', { delay: 30 });
  await page.getByRole('option', { name: 'Bob Lee (Engineering)' }).waitFor();
  assert.deepEqual(searches(H).slice(before), ['/api/demo/users/search?q=bob&limit=10']);
});

test('an older answer never overwrites a newer one', async () => {
  const page = await H.page();
  await mount(page, users());
  const box = page.getByRole('combobox', { name: '担当者' });
  const al = slowSearch(page);
  await box.pressSequentially('Al');
  await al.sent; // the slow "Al" request is in flight
  assert.equal(await page.locator('[role=status]').textContent(), '読み込み中…');
  await box.pressSequentially('i');
  await page.getByRole('option', { name: 'Alice Johnson (Engineering)' }).waitFor();
  await al.answered; // "Al" has answered, after "Ali"
  assert.deepEqual(await optionTexts(page), ['Alice Johnson (Engineering)']);
});

test('a search still running when the form is cancelled shows no error on the closed form', async () => {
  const page = await H.page();
  await mount(page, users());
  const box = page.getByRole('combobox', { name: '担当者' });
  const al = slowSearch(page);
  await box.pressSequentially('Al');
  await al.sent; // the slow "Al" request is in flight
  await page.getByRole('button', { name: 'キャンセル' }).click();
  await al.answered; // "Al" has answered, after the cancel
  assert.notEqual(
    await page.locator('[role=status]').textContent(),
    '検索できませんでした。もう一度お試しください。',
  );
  assert.equal(await box.isDisabled(), true);
});

test('keyboard: arrows move the active option, Enter picks, Escape closes then clears', async () => {
  const page = await H.page();
  await mount(page, users());
  const box = page.getByRole('combobox', { name: '担当者' });
  await box.pressSequentially('開発');
  await page.getByRole('option').first().waitFor();
  assert.deepEqual(await optionTexts(page), ['佐藤 花子 (開発部)', '高橋 健 (開発部)']);
  assert.equal(await box.getAttribute('aria-expanded'), 'true');
  const active = async () => {
    const id = await box.getAttribute('aria-activedescendant');
    return id ? page.locator(`[id="${id}"]`).textContent() : null;
  };
  assert.equal(await active(), null);
  await box.press('ArrowDown');
  assert.equal(await active(), '佐藤 花子 (開発部)');
  await box.press('ArrowDown');
  assert.equal(await active(), '高橋 健 (開発部)');
  await box.press('ArrowDown');
  assert.equal(await active(), '佐藤 花子 (開発部)', 'wraps around');
  await box.press('ArrowUp');
  assert.equal(await active(), '高橋 健 (開発部)');
  assert.equal(await page.locator('[aria-selected=true]').textContent(), '高橋 健 (開発部)');
  await box.press('Enter');
  assert.equal(await box.inputValue(), '高橋 健');
  assert.equal(await box.getAttribute('aria-expanded'), 'false');
  assert.equal(await value(page, 'assignee'), 'u3');
  // Typing again drops the chosen value until an option is picked.
  await box.press('Backspace');
  assert.equal(await value(page, 'assignee'), undefined);
  await page.getByRole('option').first().waitFor();
  await box.press('Escape');
  assert.equal(await box.getAttribute('aria-expanded'), 'false');
  await box.press('Escape');
  assert.equal(await box.inputValue(), '');
  await box.press('Enter');
  assert.deepEqual(
    await page.evaluate(() => (window as any).events),
    [],
    'Enter in the search box never submits',
  );
  // Escape right after typing also drops the search still waiting for its debounce (a long one here,
  // so that a loaded machine cannot run it before the Escape).
  await mount(page, users({ debounceMs: 1500 }));
  const sent = searches(H).length;
  await box.pressSequentially('Bob');
  await box.press('Escape');
  await page.waitForTimeout(1700);
  assert.equal(await box.inputValue(), '');
  assert.equal(await box.getAttribute('aria-expanded'), 'false');
  assert.equal(searches(H).length, sent, 'no request for the cleared text');
});

test('no results, failing, non-JSON and wrongly shaped answers show a state in that field only', async () => {
  const page = await H.page();
  await mount(page, users());
  await page.getByRole('combobox', { name: '担当者' }).pressSequentially('zzz');
  await page.getByText('該当する項目がありません').waitFor();
  for (const path of ['/api/broken/status', '/api/broken/text', '/api/broken/shape']) {
    await mount(page, {
      title: 'broken',
      fields: [
        { name: 'ok', type: 'text', label: '普通の欄' },
        {
          name: 'who',
          type: 'autocomplete',
          label: '担当者',
          searchUrl: path,
          displayField: 'name',
          valueField: 'id',
          debounceMs: 0,
        },
        {
          name: 'cat',
          type: 'async-select',
          label: 'カテゴリ',
          loadUrl: path,
          displayField: 'name',
          valueField: 'id',
        },
      ],
    });
    await page.getByRole('combobox', { name: '担当者' }).pressSequentially('a');
    await page.getByText('検索できませんでした。もう一度お試しください。').waitFor();
    await page.getByText('選択肢を読み込めませんでした。').waitFor();
    const retry = (label: string) =>
      page.locator('.fr-field', { has: page.getByLabel(label) }).getByRole('button', { name: '再試行' });
    for (const label of ['担当者', 'カテゴリ']) {
      const tries = H.server.requests.filter((r) => r.startsWith(path)).length;
      await retry(label).click();
      await retry(label).waitFor();
      assert.equal(
        H.server.requests.filter((r) => r.startsWith(path)).length,
        tries + 1,
        `${label}: retry loads again`,
      );
    }
    await page.getByLabel('普通の欄').fill('still works');
    assert.equal(await value(page, 'ok'), 'still works');
  }
  assert.deepEqual((page as any).errors, []);
});

test('multi-autocomplete: chips, maxSelect, remove by button and Backspace', async () => {
  const page = await H.page();
  await mount(page, {
    title: 'members',
    fields: [
      {
        name: 'members',
        type: 'multi-autocomplete',
        label: 'レビュアー',
        searchUrl: '/api/demo/users/search',
        displayField: 'name',
        valueField: 'id',
        maxSelect: 2,
        debounceMs: 0,
      },
    ],
  });
  const box = page.getByRole('combobox', { name: 'レビュアー' });
  const pick = async (q: string, name: string) => {
    await box.pressSequentially(q);
    await page.getByRole('option', { name }).click();
  };
  await pick('Ali', 'Alice Johnson');
  await pick('Bob', 'Bob Lee');
  assert.deepEqual(await value(page, 'members'), ['u6', 'u9']);
  assert.equal(await box.inputValue(), '');
  await pick('Carol', 'Carol White');
  assert.equal(await messageFor(page, 'レビュアー'), 'レビュアーは2個以下で選択してください');
  assert.deepEqual(await value(page, 'members'), ['u6', 'u9']);
  await page.getByRole('button', { name: 'Alice Johnsonを削除' }).click();
  assert.deepEqual(await value(page, 'members'), ['u9']);
  assert.equal(await messageFor(page, 'レビュアー'), '', 'the maxSelect message goes with the removed chip');
  await pick('Carol', 'Carol White');
  assert.deepEqual(await page.$$eval('.fr-chips li span', (s) => s.map((e) => e.textContent)), [
    'Bob Lee',
    'Carol White',
  ]);
  await box.press('Backspace');
  assert.deepEqual(await value(page, 'members'), ['u9']);
});
