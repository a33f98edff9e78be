// One "today" per form, in the person's zone: the renderer resolves relative bounds once, for its `now`
// (the form's issue instant), in the browser's time zone, and hands that zone's UTC offset to onSubmit
// so a server re-checking the answers resolves them the same way. Chromium runs in two zones here.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { resolveDateBound, validateAnswers } from '@formrequest/schema';
import type { Page } from 'playwright-core';
import { newTestContext } from '../../../testing/browser.ts';
import { events, type Harness, mount, openHarness } from './support/harness.ts';

let H: Harness;
before(async () => {
  H = await openHarness();
});
after(() => H.close());

async function pageIn(timezoneId: string): Promise<Page> {
  const context = await newTestContext(H.browser, { timezoneId });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  await page.goto(`${H.server.url}/blank.html`);
  await page.evaluate(async () => {
    (window as any).fr = await import('/formrequest.js' as string);
  });
  return page;
}

// 06:00 UTC: still the 23rd in Los Angeles (UTC-8), already afternoon of the 24th in Tokyo (UTC+9).
const ISSUED = '2026-11-24T06:00:00Z';
const FORM = {
  title: '日付の入力',
  fields: [{ name: 'due', type: 'date', label: '期限', required: true, minDate: 'today', maxDate: '+2days' }],
};

for (const [timezoneId, utcOffset, today] of [
  ['America/Los_Angeles', -480, '2026-11-23'],
  ['Asia/Tokyo', 540, '2026-11-24'],
] as const) {
  test(`in ${timezoneId}: bounds from the issue instant in this zone, and its offset with the answer`, async () => {
    const page = await pageIn(timezoneId);
    await mount(page, FORM, { now: ISSUED });
    const input = page.getByLabel(/^期限/);
    assert.equal(await input.getAttribute('min'), today);
    assert.equal(await input.getAttribute('max'), resolveDateBound('+2days', new Date(ISSUED), utcOffset));
    await input.fill(resolveDateBound('-1days', new Date(ISSUED), utcOffset)!);
    await page.getByRole('button', { name: '送信' }).click();
    await page.locator('.fr-msg', { hasText: `${today}以降` }).waitFor();
    await input.fill(today);
    await page.getByRole('button', { name: '送信' }).click();
    const [sent] = await events(page);
    assert.deepEqual(sent.values, { due: today });
    // What a host re-checks with: the same instant and the offset the page reported.
    const context = await page.evaluate(() => (window as any).lastContext);
    assert.deepEqual(context, { utcOffset, shown: {} });
    assert.equal(validateAnswers(FORM as never, sent.values, { now: new Date(ISSUED), utcOffset }).ok, true);
    await page.context().close();
  });
}

test('without `now` the form keeps the instant it was drawn at: "today" does not move while it is open', async () => {
  const page = await pageIn('Asia/Tokyo');
  await page.clock.install({ time: new Date('2026-11-24T14:59:00Z') }); // 23:59 in Tokyo
  await mount(page, FORM);
  const input = page.getByLabel(/^期限/);
  assert.equal(await input.getAttribute('min'), '2026-11-24');
  await page.clock.runFor(5 * 60_000); // past midnight in Tokyo
  await input.fill('2026-11-24');
  await page.getByRole('button', { name: '送信' }).click();
  assert.deepEqual((await events(page))[0]?.values, { due: '2026-11-24' });
  await page.context().close();
});
