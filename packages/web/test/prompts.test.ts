// What a form says when something goes wrong with a send or a cancel (src/prompts.ts, loaded on demand):
// the error summary at the top of a long form (how many fields, a link to each that focuses it, focus on
// the summary, a list that follows the fields' messages and goes once none is left), and the question
// asked inside the form before typed answers are discarded (never window.confirm, which a sandboxed
// frame blocks; no question when nothing was typed). Both languages, axe on both, in real Chromium.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations } from '../../../testing/axe.ts';
import { events, type Harness, mount, openHarness } from './support/harness.ts';

const SHOTS = resolve(import.meta.dirname, '../../../.tmp/screenshots/web');
/** Photographs what is on screen at 390 and 1280 px, light and dark, into the tests' artefacts. */
async function photograph(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [390, 1280])
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 844 });
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: resolve(SHOTS, `${name}-${width}-${colorScheme}.png`) });
    }
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}

let H: Harness;
before(async () => {
  H = await openHarness();
});
after(() => H.close());

const requested = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(new URL(r.url()).pathname));
  return seen;
};
/** A page where any window.confirm/alert/prompt fails the test. */
const noDialogs = (page: Page) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
};

/** 30 text fields; every third one required (10 required), the 2nd has a minimum length. */
const LONG = (locale?: 'en') => ({
  title: locale ? 'Long' : '長いフォーム',
  ...(locale ? { locale } : {}),
  fields: Array.from({ length: 30 }, (_, i) => ({
    name: `f${i}`,
    type: 'text',
    label: locale ? `Field ${i}` : `項目${i}`,
    ...(i % 3 === 0 ? { required: true } : {}),
  })),
});
const box = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const summary = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('.fr-summary');
    if (!box) return null;
    return {
      heading: box.querySelector('h2')!.textContent,
      links: [...box.querySelectorAll('a')].map((a) => a.textContent),
      focused: document.activeElement === box,
      name:
        box.getAttribute('aria-labelledby') &&
        document.getElementById(box.getAttribute('aria-labelledby')!)!.textContent,
      atTop: box.nextElementSibling?.classList.contains('fr-fields') ?? false,
    };
  });

test('a long form that fails submit: a summary at its top with the count and a link to each field, focused', async () => {
  const page = await H.page();
  await page.setViewportSize({ width: 390, height: 844 });
  await mount(page, LONG());
  await page.getByRole('button', { name: '送信' }).click();
  await page.waitForSelector('.fr-summary');
  const s = (await summary(page))!;
  assert.equal(s.heading, '10件の項目を確認してください');
  assert.equal(s.name, s.heading, 'the summary is named by its heading');
  assert.deepEqual(
    s.links,
    Array.from({ length: 10 }, (_, k) => `項目${k * 3}は必須です`),
  );
  assert.equal(s.focused, true, 'focus moves to the summary');
  assert.equal(s.atTop, true, 'above the fields');
  assert.ok((await page.locator('.fr-summary').boundingBox())!.y < 844, 'on screen');
  assert.deepEqual(await axeViolations(page), [], 'axe with the summary shown');
  await page.evaluate(() => window.scrollTo(0, 0));
  await photograph(page, 'prompts-summary');

  // A link focuses its field (the URL does not change).
  const url = page.url();
  await page.getByRole('link', { name: '項目27は必須です' }).click();
  assert.equal(
    await page.evaluate(() => document.activeElement?.id),
    await box(page, '項目27').getAttribute('id'),
  );
  assert.equal(page.url(), url);
  // A problem fixed leaves the list; the count follows.
  await box(page, '項目27').fill('ok');
  await box(page, '項目28').focus();
  await page.waitForFunction(() => document.querySelectorAll('.fr-summary a').length === 9);
  assert.equal((await summary(page))!.heading, '9件の項目を確認してください');
  for (const k of [0, 3, 6, 9, 12, 15, 18, 21]) await box(page, `項目${k}`).fill('ok');
  await box(page, '項目1').focus();
  await page.waitForFunction(() => document.querySelectorAll('.fr-summary a').length === 1);
  assert.equal((await summary(page))!.heading, '1件の項目を確認してください');
  await box(page, '項目24').fill('ok');
  await box(page, '項目25').focus();
  await page.waitForFunction(() => !document.querySelector('.fr-summary'));
  await page.getByRole('button', { name: '送信' }).click();
  await page.waitForFunction(() => (window as any).events.length === 1);
  assert.equal((await events(page))[0].type, 'submit');
  assert.equal(await page.locator('.fr-summary').count(), 0, 'a sent form tells of no problems');
});

test('the summary in English, with one problem, then two after another submit', async () => {
  const page = await H.page();
  const form = LONG('en');
  await mount(page, form);
  for (let i = 0; i < 30; i += 3) if (i !== 9) await box(page, `Field ${i}`).fill('x');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForSelector('.fr-summary');
  const s = (await summary(page))!;
  assert.equal(s.heading, '1 field needs your attention');
  assert.deepEqual(s.links, ['Field 9 is required']);
  await box(page, 'Field 9').fill('x');
  await box(page, 'Field 10').focus();
  await page.waitForFunction(() => !document.querySelector('.fr-summary'));
  // Two problems; the second submit draws the summary again.
  await box(page, 'Field 9').fill('');
  await box(page, 'Field 12').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.fr-summary a').length === 2);
  assert.equal((await summary(page))!.heading, '2 fields need your attention');
  assert.equal(await page.locator('.fr-summary').count(), 1, 'one summary, not one per submit');
});

test('a short form keeps its focus jump to the first problem and never loads the summary', async () => {
  const page = await H.page();
  const seen = requested(page);
  await mount(page, { title: 's', fields: [{ name: 'a', type: 'text', label: 'A', required: true }] });
  await page.getByRole('button', { name: '送信' }).click();
  await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
  assert.equal(await page.locator('.fr-summary').count(), 0);
  assert.ok(!seen.includes('/formrequest-prompts.js'));
});

test('cancel with nothing typed cancels at once, without loading the question', async () => {
  const page = await H.page();
  const seen = requested(page);
  const dialogs = noDialogs(page);
  await mount(page, {
    title: 'c',
    fields: [
      { name: 'a', type: 'text', label: 'A', default: '既定' },
      { name: 'b', type: 'checkbox', label: 'B' },
    ],
  });
  // Typed and put back as it was: nothing to lose.
  await box(page, 'A').fill('変えた');
  await box(page, 'A').fill('既定');
  await page.getByLabel('B').check();
  await page.getByLabel('B').uncheck();
  await page.getByRole('button', { name: 'キャンセル' }).click();
  assert.deepEqual(await events(page), [{ type: 'cancel', message: 'フォーム入力をキャンセルしました。' }]);
  assert.ok(!seen.includes('/formrequest-prompts.js'));
  assert.deepEqual(dialogs, []);
});

test('cancel with typed answers asks inside the form: keep editing (focused, Escape) or discard and cancel', async () => {
  const page = await H.page();
  const dialogs = noDialogs(page);
  await mount(page, {
    title: 'q',
    fields: [
      { name: 'a', type: 'text', label: 'A' },
      { name: 'b', type: 'textarea', label: 'B' },
    ],
  });
  await box(page, 'A').fill('書きかけ');
  await page.getByRole('button', { name: 'キャンセル' }).click();
  const keep = page.getByRole('button', { name: '入力を続ける' });
  await keep.waitFor();
  assert.equal(await keep.evaluate((b) => b === document.activeElement), true, 'the safe choice is focused');
  assert.equal(
    await keep.evaluate((b) => document.getElementById(b.getAttribute('aria-describedby')!)!.textContent),
    '入力した内容は送信されずに消えます。キャンセルしますか？',
    'the question describes the buttons',
  );
  assert.equal(
    await page
      .locator('.fr-actions')
      .getByText('入力した内容は送信されずに消えます。キャンセルしますか？')
      .isVisible(),
    true,
  );
  assert.deepEqual(await events(page), [], 'nothing is cancelled yet');
  assert.deepEqual(await axeViolations(page), [], 'axe with the question shown');
  await photograph(page, 'prompts-question');
  // Keep editing: the buttons come back, cancel focused, the answer as typed.
  await keep.click();
  assert.deepEqual(await page.locator('.fr-actions button').allTextContents(), ['キャンセル', '送信']);
  assert.equal(
    await page.getByRole('button', { name: 'キャンセル' }).evaluate((b) => b === document.activeElement),
    true,
  );
  assert.equal(await box(page, 'A').inputValue(), '書きかけ');
  // Escape also keeps.
  await page.getByRole('button', { name: 'キャンセル' }).click();
  await keep.waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '送信' }).waitFor();
  assert.deepEqual(await events(page), []);
  // Discard: cancelled once, read-only, its own buttons back.
  await page.getByRole('button', { name: 'キャンセル' }).click();
  await page.getByRole('button', { name: 'キャンセルする' }).click();
  assert.deepEqual(await events(page), [{ type: 'cancel', message: 'フォーム入力をキャンセルしました。' }]);
  assert.deepEqual(await page.locator('.fr-actions button').allTextContents(), ['キャンセル', '送信']);
  assert.equal(await box(page, 'A').isDisabled(), true);
  assert.equal(
    await page.getByText('キャンセルしますか').count(),
    0,
    'no question is left on a cancelled form',
  );
  assert.deepEqual(dialogs, [], 'window.confirm is never used');
});

test('a double click on Cancel asks once', async () => {
  const page = await H.page();
  const errors = (page as Page & { errors: string[] }).errors;
  await mount(page, { title: 'd', fields: [{ name: 'a', type: 'text', label: 'A' }] });
  await box(page, 'A').fill('x');
  await page.getByRole('button', { name: 'キャンセル' }).dblclick();
  await page.getByRole('button', { name: '入力を続ける' }).waitFor();
  await page.waitForTimeout(100);
  assert.deepEqual(await page.locator('.fr-actions button').allTextContents(), [
    '入力を続ける',
    'キャンセルする',
  ]);
  assert.deepEqual(await events(page), []);
  assert.deepEqual(errors, []);
});

test('the question in English; a draft restored counts as typed; controller.cancel() never asks', async () => {
  const page = await H.page();
  const form = { title: 'E', locale: 'en', fields: [{ name: 'a', type: 'text', label: 'A' }] };
  await mount(page, form, { draftKey: 'd1' });
  await box(page, 'A').fill('kept');
  await page.evaluate(() => (window as any).form.destroy()); // writes the draft
  await mount(page, form, { draftKey: 'd1' });
  assert.equal(await box(page, 'A').inputValue(), 'kept');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('What you entered will not be sent. Discard it and cancel?').waitFor();
  assert.deepEqual(await page.locator('.fr-actions button').allTextContents(), ['Keep editing', 'Discard']);
  await page.getByRole('button', { name: 'Keep editing' }).click();
  // The embedding app's own cancel is its decision: no question.
  await page.evaluate(() => (window as any).form.cancel());
  assert.deepEqual(await events(page), [{ type: 'cancel', message: 'Form input was cancelled.' }]);
});

test("the embedding app's cancel() or submit() while the question is open: the question goes with the form", async () => {
  const page = await H.page();
  const errors = (page as Page & { errors: string[] }).errors;
  const form = { title: 'c', fields: [{ name: 'a', type: 'text', label: 'A' }] };
  for (const close of ['cancel', 'submit'] as const) {
    await mount(page, form);
    await box(page, 'A').fill('書きかけ');
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await page.getByRole('button', { name: '入力を続ける' }).waitFor();
    await page.evaluate((how) => (window as any).form[how](), close);
    await page.waitForFunction(() => (window as any).events.length === 1);
    assert.equal((await events(page))[0].type, close);
    // The form's own buttons, read-only like the rest of a closed form; no question over it.
    assert.deepEqual(
      await page.locator('.fr-actions button').allTextContents(),
      ['キャンセル', '送信'],
      close,
    );
    assert.equal(await page.getByText('キャンセルしますか').count(), 0, `${close}: no question left`);
    for (const name of ['キャンセル', '送信'])
      assert.equal(await page.getByRole('button', { name }).isDisabled(), true, `${close}: ${name} disabled`);
  }
  assert.deepEqual(errors, []);
});

test("the embedding app's validate() on a long form shows the summary as submit does", async () => {
  const page = await H.page();
  await mount(page, LONG());
  assert.equal(await page.evaluate(() => (window as any).form.validate()), false);
  await page.waitForSelector('.fr-summary');
  const s = (await summary(page))!;
  assert.equal(s.heading, '10件の項目を確認してください');
  assert.equal(s.focused, true, 'focus moves to the summary');
  assert.equal(s.atTop, true);
  assert.deepEqual(await events(page), [], 'validate() sends nothing');
  // Fixed and validated again: true, and the summary is gone.
  for (let k = 0; k < 30; k += 3) await box(page, `項目${k}`).fill('ok');
  assert.equal(await page.evaluate(() => (window as any).form.validate()), true);
  await page.waitForFunction(() => !document.querySelector('.fr-summary'));
});

test('in a sandboxed frame (scripts only: no modals) the question still asks', async () => {
  const page = await H.page();
  const dialogs = noDialogs(page);
  await page.evaluate(async () => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
    frame.src = '/blank.html';
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  });
  const frame = page.frames()[1]!;
  await frame.evaluate(async () => {
    const w = window as any;
    const { renderForm } = await import('/formrequest.js' as string);
    w.events = [];
    renderForm(
      document.getElementById('app'),
      { title: 's', fields: [{ name: 'a', type: 'text', label: 'A' }] },
      {
        onCancel: (m: string) => w.events.push(m),
      },
    );
  });
  await frame.getByLabel('A').fill('x');
  await frame.getByRole('button', { name: 'キャンセル' }).click();
  await frame.getByRole('button', { name: 'キャンセルする' }).click();
  assert.deepEqual(await frame.evaluate(() => (window as any).events), [
    'フォーム入力をキャンセルしました。',
  ]);
  assert.deepEqual(dialogs, []);
});
