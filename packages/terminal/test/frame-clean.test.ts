// Frames measure and paint text through the shared cleaner (@formrequest/schema/printable).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FrameBuilder, paintRow } from '../src/frame.js';
import { displayWidth } from '../src/width.js';

test('frames measure and paint cleaned text; a hand-built row is cleaned when painted', () => {
  const fb = new FrameBuilder(20);
  fb.item([{ text: '> ' }], `\x1b[31m${'x'.repeat(18)}\x1b[0m`);
  assert.equal(fb.rows.length, 1); // 18 visible columns + 2 fit on one row: the escapes take none
  fb.line([{ text: '\x1b]0;t\x07line' }]);
  fb.rows.push([{ text: 'raw\x1b[2Jrow\u202e' }]);
  const painted = fb.rows.map((r) => paintRow(r, false));
  assert.deepEqual(painted, [`> ${'x'.repeat(18)}`, 'line', 'rawrow']);
  for (const p of painted) assert.ok(displayWidth(p) <= 20);
  // With colours on, only our own SGR codes are in the output.
  const colored = paintRow([{ text: '\x1b[8mx', style: 'bold' }], true);
  assert.equal(colored, '\x1b[1mx\x1b[22m');
});
