// Search-backed fields against the local sample-data server, second part (remote.test.ts has the
// autocomplete basics): async-select defaults and the cascade country -> prefecture -> city, a custom
// fetch, mouse clicks over later fields, sandboxed submit, IME composition, text typed but never picked,
// 100,000 results or options cut to the first 100, a searchUrl trick refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type Harness, messageFor, mount, openHarness, waitForMessage } from './support/harness.ts';
import { SLOW_AL, searches, users, value } from './support/remote.ts';

let H: Harness;
before(async () => {
  H = await openHarness(SLOW_AL);
});
after(() => H.close());

test('async-select preselects its default; the cascade clears, reloads and chains', async () => {
  const page = await H.page();
  const address = (countryDefault?: string) => ({
    title: '住所入力',
    fields: [
      {
        name: 'country',
        type: 'async-select',
        label: '国',
        loadUrl: '/api/demo/countries',
        displayField: 'name',
        valueField: 'code',
        ...(countryDefault ? { default: countryDefault } : {}),
      },
      {
        name: 'prefecture',
        type: 'cascading-select',
        label: '都道府県',
        searchUrl: '/api/demo/prefectures',
        dependsOn: 'country',
        dependsOnParam: 'country_code',
        displayField: 'name',
        valueField: 'code',
      },
      {
        name: 'city',
        type: 'cascading-select',
        label: '市区町村',
        searchUrl: '/api/demo/cities',
        dependsOn: 'prefecture',
        dependsOnParam: 'prefecture_code',
        displayField: 'name',
        valueField: 'code',
      },
    ],
  });
  const opts = (label: string) => page.getByLabel(label).locator('option').allTextContents();
  await mount(page, address('JP'));
  // The second select may not be built yet on a busy machine: wait for it too.
  await page.waitForFunction(
    () =>
      ((document.querySelectorAll('select')[1] as HTMLSelectElement | undefined)?.options.length ?? 0) > 1,
  );
  assert.equal(
    await page
      .getByLabel('国')
      .inputValue()
      .then((v) => page.getByLabel('国').locator(`option[value="${v}"]`).textContent()),
    '日本',
  );
  assert.equal(await value(page, 'country'), 'JP');
  assert.deepEqual(await opts('都道府県'), ['選択してください', '東京都', '大阪府', '北海道']);
  assert.equal(await page.getByLabel('市区町村').isDisabled(), true);
  assert.deepEqual(await opts('市区町村'), ['先に都道府県を選択してください']);

  await page.getByLabel('都道府県').selectOption({ label: '東京都' });
  await page.getByLabel('市区町村').locator('option', { hasText: '新宿区' }).waitFor({ state: 'attached' });
  await page.getByLabel('市区町村').selectOption({ label: '新宿区' });
  assert.deepEqual(await page.evaluate(() => (window as any).form.values()), {
    country: 'JP',
    prefecture: '13',
    city: '13104',
  });

  await page.getByLabel('都道府県').selectOption({ label: '大阪府' });
  assert.deepEqual(await page.evaluate(() => (window as any).form.values()), {
    country: 'JP',
    prefecture: '27',
  });
  await page.getByLabel('市区町村').locator('option', { hasText: '堺市' }).waitFor({ state: 'attached' });
  assert.deepEqual(await opts('市区町村'), ['選択してください', '大阪市', '堺市']);

  await page.getByLabel('国').selectOption({ label: 'アメリカ合衆国' });
  await page
    .getByLabel('都道府県')
    .locator('option', { hasText: 'California' })
    .waitFor({ state: 'attached' });
  assert.deepEqual(await page.evaluate(() => (window as any).form.values()), { country: 'US' });
  assert.equal(await page.getByLabel('市区町村').isDisabled(), true);

  // Without a default nothing below the first select is usable yet.
  await mount(page, address());
  await page.waitForFunction(() => !(document.querySelector('select') as HTMLSelectElement).disabled);
  assert.equal(await page.getByLabel('都道府県').isDisabled(), true);
  assert.deepEqual(await opts('都道府県'), ['先に国を選択してください']);
  assert.equal(await messageFor(page, '都道府県'), '');
});

test('a custom fetch receives every search request, without credentials by default', async () => {
  const page = await H.page();
  await page.evaluate(() => {
    const w = window as any;
    w.seen = [];
    w.form = w.fr.renderForm(
      document.getElementById('app'),
      {
        title: 'f',
        fields: [
          {
            name: 'cat',
            type: 'async-select',
            label: 'カテゴリ',
            loadUrl: '/x/categories',
            displayField: 'name',
            valueField: 'id',
          },
        ],
      },
      {
        fetch: async (url: string, init: RequestInit) => {
          w.seen.push([url, init.credentials]);
          return new Response(JSON.stringify({ items: [{ id: 7, name: 'from custom fetch' }] }));
        },
      },
    );
  });
  await page
    .getByLabel('カテゴリ')
    .locator('option', { hasText: 'from custom fetch' })
    .waitFor({ state: 'attached' });
  await page.getByLabel('カテゴリ').selectOption({ label: 'from custom fetch' });
  assert.deepEqual(await page.evaluate(() => (window as any).seen), [
    [`${H.server.url}/x/categories`, 'omit'],
  ]);
  assert.deepEqual(await page.evaluate(() => (window as any).form.values()), { cat: 7 });
});

test('a mouse click picks an option even where the list covers later fields and the buttons', async () => {
  const page = await H.page();
  await mount(page, {
    title: 'users',
    fields: [
      users().fields[0],
      { name: 'note', type: 'text', label: 'メモ' },
      { name: 'ok', type: 'checkbox', label: '確認' },
    ],
  });
  const box = page.getByRole('combobox', { name: '担当者' });
  await box.pressSequentially('Al');
  const option = page.getByRole('option', { name: 'Albert Brown (Design)' });
  await option.waitFor();
  await option.click({ timeout: 2000 }); // fails if another element would receive the click
  assert.equal(await value(page, 'assignee'), 'u8');
  assert.equal(await box.inputValue(), 'Albert Brown');
});

test('the submit button works where form submission is sandboxed (no allow-forms)', async () => {
  const page = await H.page();
  await page.evaluate(
    () =>
      new Promise((loaded) => {
        const frame = document.createElement('iframe');
        frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
        frame.addEventListener('load', loaded, { once: true });
        frame.src = '/blank.html';
        document.body.append(frame);
      }),
  );
  const inner = (await (await page.$('iframe'))!.contentFrame())!;
  await inner.evaluate(async () => {
    const fr = await import('/formrequest.js' as string);
    (window as any).sent = [];
    fr.renderForm(
      document.body,
      { title: 't', fields: [{ name: 'a', type: 'text', label: 'A' }] },
      {
        onSubmit: (_v: unknown, m: string) => (window as any).sent.push(m),
      },
    );
  });
  await inner.getByRole('textbox', { name: 'A' }).fill('x');
  await inner.getByRole('button', { name: '送信' }).click();
  await inner.getByRole('textbox', { name: 'A' }).press('Enter');
  assert.deepEqual(await inner.evaluate(() => (window as any).sent), ['{\n  "a": "x"\n}']);
});

test('IME: keys that belong to a composition never move or pick (isComposing, and keyCode 229 as Safari sends)', async () => {
  const page = await H.page();
  await mount(page, users({ minChars: 1, debounceMs: 0 }));
  const box = page.getByRole('combobox', { name: '担当者' });
  await box.focus();
  // A real composition through Chromium's IME interface: the text is still being converted.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: '開発', selectionStart: 2, selectionEnd: 2 });
  await page.getByRole('option').first().waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter'); // confirms the conversion: the IME's key, not ours
  assert.equal(await box.getAttribute('aria-activedescendant'), null);
  assert.equal(await value(page, 'assignee'), undefined);
  assert.equal(await box.getAttribute('aria-expanded'), 'true');
  const before = searches(H).length;
  await cdp.send('Input.insertText', { text: '開発' }); // the composition ends, and searches again
  while (searches(H).length === before) await page.waitForTimeout(20);
  await page.waitForFunction(() => document.querySelector('[role=status]')?.textContent === '');
  await box.press('ArrowDown');
  // Safari reports the Enter that ends a composition with keyCode 229 and isComposing false.
  await box.evaluate((el) =>
    el.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', keyCode: 229, bubbles: true, cancelable: true } as never),
    ),
  );
  assert.equal(await value(page, 'assignee'), undefined);
  await box.press('Enter');
  assert.equal(await value(page, 'assignee'), 'u1');
  assert.equal(await box.inputValue(), '佐藤 花子');
});

test('text typed but never picked: named when the box is left and on submit, blocking it until picked or cleared', async () => {
  const page = await H.page();
  await mount(page, {
    title: 'pick',
    fields: [
      users({ minChars: 1, debounceMs: 0 }).fields[0],
      {
        name: 'members',
        type: 'multi-autocomplete',
        label: 'レビュアー',
        searchUrl: '/api/demo/users/search',
        displayField: 'name',
        valueField: 'id',
        debounceMs: 0,
      },
      { name: 'note', type: 'text', label: 'メモ' },
    ],
  });
  const box = page.getByRole('combobox', { name: '担当者' });
  const unpicked = (text: string) =>
    `「${text}」はまだ選択されていません。一覧から選ぶか、入力を消してください`;
  await box.pressSequentially('zzz');
  await page.getByText('該当する項目がありません').waitFor();
  assert.equal(await messageFor(page, '担当者'), '', 'nothing while the person is typing');
  await page.getByLabel('メモ').click();
  await waitForMessage(page, '担当者', unpicked('zzz'));
  await page.getByRole('button', { name: '送信' }).click();
  assert.deepEqual(await page.evaluate(() => (window as any).events), [], 'submit is blocked');
  assert.equal(await box.evaluate((el) => el === document.activeElement), true, 'focus goes to the box');
  await box.press('Escape'); // clears the box: nothing typed is left, so nothing is lost
  assert.equal(await messageFor(page, '担当者'), '');
  // The same for a chip list: text left in its box is named too.
  const members = page.getByRole('combobox', { name: 'レビュアー' });
  await members.pressSequentially('Ali');
  await page.getByRole('option', { name: 'Alice Johnson' }).waitFor();
  await page.getByLabel('メモ').click();
  await waitForMessage(page, 'レビュアー', unpicked('Ali'));
  await members.focus();
  await members.press('ArrowDown'); // the list of the last search opens again
  await members.press('Enter');
  assert.equal(await messageFor(page, 'レビュアー'), '');
  await page.getByRole('button', { name: '送信' }).click();
  await page.waitForFunction(() => (window as any).events.length === 1);
  assert.deepEqual((await page.evaluate(() => (window as any).events))[0].values, { members: ['u6'] });
});

/**
 * A search API that answers 100,000 results for every query, given as the renderer's `fetch` (the
 * parsed list handed over at once, so what is measured is the renderer, not JSON parsing): each keystroke,
 * from the input event to the list drawn with its results, measured inside the page.
 */
async function mountHuge(page: Page, field: Record<string, unknown>, locale: 'ja' | 'en' = 'ja') {
  await page.evaluate(
    ({ field, locale }) => {
      const w = window as any;
      const all = Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `User ${i}` }));
      w.fetched = 0;
      w.all = all;
      w.form?.destroy();
      w.form = w.fr.renderForm(
        document.getElementById('app'),
        { title: 'huge', fields: [field] },
        {
          locale,
          fetch: async () => {
            w.fetched++;
            return { ok: true, status: 200, json: async () => w.results ?? all };
          },
        },
      );
    },
    { field, locale },
  );
}

test('100,000 search results: the first 100 are shown with "refine your search", keystrokes under 50 ms', async () => {
  const page = await H.page();
  await mountHuge(page, {
    name: 'who',
    type: 'autocomplete',
    label: 'Who',
    searchUrl: '/api/users',
    displayField: 'name',
    valueField: 'id',
    minChars: 1,
    debounceMs: 0,
  });
  await page.getByRole('combobox').waitFor(); // the fields that fetch are a module of their own
  // Each keystroke answered with 100,000 results, and (the anchor, interleaved so a busy machine slows
  // both alike) the same keystroke answered with 100: the cap makes the first cost about the second.
  const { times, anchor } = await page.evaluate(async () => {
    const w = window as any;
    const input = document.querySelector<HTMLInputElement>('[role=combobox]')!;
    const list = document.querySelector('[role=listbox]')!;
    const out: number[] = [];
    const small: number[] = [];
    input.focus(); // a person types into the box: its list opens only while it has focus
    for (const [i, text] of [
      'U',
      'Us',
      'Use',
      'User',
      'User ',
      'User 1',
      'User 12',
      'User 1',
      'User ',
      'User',
      'Use',
      'Us',
      'U',
      'Us',
      'Use',
    ].entries()) {
      w.results = i % 2 ? w.all.slice(0, 100) : w.all;
      list.replaceChildren();
      const before = (window as any).fetched;
      const t0 = performance.now();
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // Until the answer to this keystroke is drawn (the debounce is 0: a timer, then the fetch).
      while ((window as any).fetched === before || list.children.length === 0 || list.hasAttribute('hidden'))
        await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => setTimeout(r, 0));
      list.getBoundingClientRect(); // layout included
      (i % 2 ? small : out).push(performance.now() - t0);
    }
    w.results = undefined;
    return { times: out, anchor: small };
  });
  assert.equal(await page.locator('[role=option]').count(), 100);
  assert.equal(
    await page.locator('[role=status]').first().textContent(),
    '最初の100件です。検索語を絞り込んでください',
  );
  // Medians of 8 and 7, for a shared machine's pauses. Under 50 ms on a quiet machine; on a busy one, within
  // 3x the 100-result keystroke. Without the cap each keystroke takes seconds (over 100x).
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  assert.ok(
    median(times) < 50 || median(times) < 3 * median(anchor),
    `keystrokes: ${times.map((t) => t.toFixed(1)).join(', ')} ms; with 100 results: ${anchor.map((t) => t.toFixed(1)).join(', ')} ms`,
  );
  await page.getByRole('combobox').press('ArrowDown');
  await page.getByRole('combobox').press('Enter');
  assert.equal(await value(page, 'who'), 0);
});

test('100,000 loaded options: the first 100 and a line that says so; a default past them is kept', async () => {
  const page = await H.page();
  await mountHuge(
    page,
    {
      name: 'u',
      type: 'async-select',
      label: 'User',
      loadUrl: '/api/users',
      displayField: 'name',
      valueField: 'id',
      default: 5000,
    },
    'en',
  );
  const select = page.getByRole('combobox', { name: 'User' });
  await page.waitForFunction(() => document.body.textContent?.includes('First 100 shown'));
  assert.equal(await select.locator('option').count(), 102, 'the prompt, 100 options and the default');
  assert.equal(await value(page, 'u'), 5000);
});

test('a searchUrl with a backslash trick is refused by the page as by the server: the error panel, no request', async () => {
  const page = await H.page();
  const before = H.server.requests.length;
  await mount(page, users({ searchUrl: '/\\evil.example/users' }));
  await page.getByText('このフォームは表示できません').waitFor();
  assert.match((await page.locator('#app').textContent())!, /はURLとして正しくありません/);
  assert.equal(H.server.requests.length, before);
});
