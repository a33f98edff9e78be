// The hostile pattern corpus in real Chromium, through the bundle's own (on-demand) pattern engine: each
// admitted pattern judges 50,000 characters with the verdict every other surface reaches
// (validateAnswers on Node), in time linear in the text; each refused one turns the form into the error
// panel with the field, the property and the limit. The tab stays responsive throughout.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { validateAnswers } from '@formrequest/schema';
import { ADMITTED, hostileTexts, REFUSED } from '../../../testing/hostile-patterns.ts';
import { type Harness, mount, openHarness } from './support/harness.ts';

let H: Harness;
before(async () => {
  H = await openHarness();
});
after(() => H.close());

const MISMATCH = 'MISMATCH';
// `gate` is required and left empty, so submit shows every message and never sends.
const form = (pattern: string) => ({
  title: 'Hostile',
  locale: 'ja',
  fields: [
    { name: 'text', type: 'text', label: 'Text', pattern, patternError: MISMATCH },
    { name: 'gate', type: 'text', label: 'Gate', required: true },
  ],
});

test('admitted hostile patterns on 50,000 characters: the same verdicts as Node, in linear time', async () => {
  const page = await H.page();
  page.setDefaultTimeout(20_000);
  const texts = hostileTexts();
  let worst = { ms: 0, label: '' };
  for (const { name, pattern } of [{ name: 'trivial', pattern: 'z' }, ...ADMITTED]) {
    await mount(page, form(pattern));
    // The first submit waits for the pattern engine (loaded beside the bundle for forms with patterns)
    // and marks every field touched: from then on each input event checks its field, as typing does.
    assert.equal(await page.evaluate(() => (window as any).form.submit()), false);
    for (const text of texts) {
      // What a keystroke costs: the input event runs the field's check (the matcher) and writes its
      // message, synchronously; the browser's own layout of a 50,000-character input is not ours.
      const { ms, message } = await page.evaluate((value) => {
        const input = document.querySelector<HTMLInputElement>('#app input[type=text]')!;
        input.value = value;
        const start = performance.now();
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const ms = performance.now() - start;
        return { ms, message: document.querySelector('#app .fr-msg')!.textContent };
      }, text);
      const expected = validateAnswers(form(pattern) as never, { text }).errors.text ?? null;
      const label = `${name} on ${JSON.stringify(text.slice(0, 12))}… (${text.length})`;
      assert.equal(message || null, expected === null ? null : MISMATCH, label);
      // A backtracking engine takes seconds to hours on these; the benchmark has the exact figures.
      assert.ok(ms < 2000, `${label}: ${ms.toFixed(0)} ms`);
      if (ms > worst.ms) worst = { ms, label };
    }
  }
  // Still responsive: a click is handled at once.
  await page.getByRole('button', { name: '送信' }).click({ timeout: 2000 });
  assert.deepEqual((page as any).errors, []);
  console.log(`worst check in Chromium: ${worst.ms.toFixed(1)} ms (${worst.label})`);
});

test('refused patterns: the error panel names the field, the property and the limit', async () => {
  const page = await H.page();
  for (const { name, pattern } of REFUSED) {
    await mount(page, form(pattern));
    const panel = page.getByRole('alert');
    await panel.waitFor();
    const items = await panel.locator('li').allTextContents();
    assert.ok(
      items.some((item) => item.includes('フィールド[0]（type: text）のpattern')),
      `${name}: ${items.join('\n')}`,
    );
  }
  await mount(page, form('\\s{0,1000}'.repeat(45)));
  await page
    .getByRole('alert')
    .getByText(/規模 4455、上限 40/)
    .waitFor();
});
