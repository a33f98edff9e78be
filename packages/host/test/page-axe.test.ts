// axe-core on the chat page in real Chromium, at 390x844 and 1280x800 in light and dark: empty, with a
// form, with its messages. The demo's other states are page-axe-demo.ts; setup is page-support.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axe, open, release, rig, SCHEMES, SIZES, say, slot, useRig, waitForForm } from './page-support.js';

useRig();

describe('axe', () => {
  test('no violations: empty, with a form, with messages, light and dark, at both widths', async () => {
    for (const size of SIZES)
      for (const scheme of SCHEMES) {
        const at = `${size.width}px ${scheme}`;
        const page = await open(rig.host.url, { size, scheme });
        await page.locator('.empty').waitFor();
        assert.deepEqual(await axe(page), [], `${at}: empty`);
        await say(page, 'すべてのフィールドタイプを見せて');
        await waitForForm(page, '全フィールドタイプ');
        await slot(page).locator('select:not([disabled])').nth(1).waitFor();
        assert.deepEqual(await axe(page), [], `${at}: with a form`);
        await slot(page).getByRole('button', { name: '登録する' }).click();
        assert.deepEqual(await axe(page), [], `${at}: with messages`);
        await release(page);
      }
  });
});
