// Field names that are DOM member names (remove, submit, elements, querySelectorAll, toString, ...):
// the renderer never looks a field up through a property a name can shadow, so every one of them
// renders, fills, keeps its draft, submits, and lets the form be destroyed, in real Chromium.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { submitMessage, validateFormSchema } from '@formrequest/schema';
import {
  DOM_NAMES,
  domNamesAnswer,
  domNamesForm,
  fillDomNames,
  RESERVED_NAMES,
} from '../../../testing/dom-names.ts';
import { events, type Harness, mount, openHarness } from './support/harness.ts';

let H: Harness;
before(async () => {
  H = await openHarness();
});
after(() => H.close());

test('every DOM member name renders, fills and submits; destroy works afterwards', async () => {
  const page = await H.page();
  page.setDefaultTimeout(10_000);
  const form = { ...domNamesForm(), locale: 'ja' };
  await mount(page, form);
  // Nothing is filled yet: every required field says so (none reads a prototype's function as a value).
  await page.getByRole('button', { name: '送信' }).click();
  assert.equal(await page.locator('.fr-msg', { hasText: 'は必須です' }).count(), DOM_NAMES.length - 6);
  assert.deepEqual(await events(page), []);
  await fillDomNames(page);
  await page.getByRole('button', { name: '送信' }).click();
  const [event] = await events(page);
  assert.equal(event?.type, 'submit', JSON.stringify(await events(page)));
  assert.deepEqual(event.values, domNamesAnswer());
  assert.equal(event.message, submitMessage(form as never, domNamesAnswer()));
  // The form element keeps its own members: disabling, removing and re-rendering all work.
  assert.equal(await page.locator('#app input:not([disabled])').count(), 0, 'the answered form is read-only');
  await page.evaluate(() => (window as any).form.destroy());
  assert.equal(await page.locator('#app form').count(), 0);
  assert.deepEqual((page as any).errors, []);
});

test('Enter in a field named submit submits once; cancel works with a field named reset', async () => {
  const page = await H.page();
  const form = {
    title: 'x',
    locale: 'ja',
    fields: [
      { name: 'submit', type: 'text', label: 'submit' },
      { name: 'reset', type: 'text', label: 'reset' },
      { name: 'elements', type: 'checkbox', label: 'elements' },
    ],
  };
  await mount(page, form);
  await page.getByLabel('submit', { exact: true }).fill('go');
  await page.getByLabel('submit', { exact: true }).press('Enter');
  assert.deepEqual(await events(page), [
    {
      type: 'submit',
      values: { submit: 'go', elements: false },
      message: submitMessage(form as never, { submit: 'go', elements: false }),
    },
  ]);
  await mount(page, form);
  await page.getByRole('button', { name: 'キャンセル' }).click();
  assert.equal((await events(page))[0]?.type, 'cancel');
  assert.deepEqual((page as any).errors, []);
});

test('a draft of fields named toString, valueOf and hasOwnProperty comes back after a reload', async () => {
  const page = await H.page();
  const form = {
    title: 'draft',
    fields: ['toString', 'valueOf', 'hasOwnProperty', 'length'].map((name) => ({
      name,
      type: 'text',
      label: name,
    })),
  };
  await mount(page, form, { draftKey: 'dom-names' });
  await page.getByLabel('toString', { exact: true }).fill('one');
  await page.getByLabel('length', { exact: true }).fill('four');
  await page.evaluate(() => dispatchEvent(new Event('pagehide')));
  await page.reload();
  await page.evaluate(async () => {
    (window as any).fr = await import('/formrequest.js' as string);
  });
  await mount(page, form, { draftKey: 'dom-names' });
  assert.equal(await page.getByLabel('toString', { exact: true }).inputValue(), 'one');
  assert.equal(await page.getByLabel('valueOf', { exact: true }).inputValue(), '', 'no function leaks in');
  assert.equal(await page.getByLabel('length', { exact: true }).inputValue(), 'four');
  assert.deepEqual(await page.evaluate(() => (window as any).form.values()), {
    toString: 'one',
    length: 'four',
  });
});

test('__proto__, constructor and prototype are refused with a message, never magic', () => {
  for (const name of RESERVED_NAMES) {
    const result = validateFormSchema({ title: 't', fields: [{ name, type: 'text' }] });
    assert.deepEqual(
      result.errors.map((e) => e.message),
      [`エラー: フィールド[0]（type: text）のname '${name}' は使用できません。別のnameを指定してください。`],
    );
  }
});
