// Screenshots of each scenario of the chat page's demo at 390x844, light and dark, in real Chromium,
// to .tmp/screenshots/host/ (the scenario is page-screenshots.ts; the other width has a file of its own).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { photographDemo, SHOTS } from './page-screenshots.js';
import { PHONE, SCHEMES, useRig } from './page-support.js';

useRig({ fake: true });

describe('screenshots', () => {
  for (const scheme of SCHEMES)
    test(`each demo scenario at ${PHONE.width}px ${scheme}`, async () => {
      const n = await photographDemo(PHONE, scheme);
      // 44 or more over both widths and schemes: at least 11 for each.
      assert.ok(n >= 11, `${n} screenshots in ${SHOTS}`);
    });
});
