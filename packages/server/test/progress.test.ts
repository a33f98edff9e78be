// The progress line counts real elapsed time (Claude Code shows "1m 1s" beside it), in the form's language.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentText } from '@formrequest/schema/messages';
import { elapsedText } from '../src/progress.ts';

test('elapsed time in seconds, then minutes and seconds, in both languages', () => {
  assert.equal(elapsedText(0, 'ja'), '0秒');
  assert.equal(elapsedText(10_400, 'ja'), '10秒');
  assert.equal(elapsedText(61_000, 'ja'), '1分1秒');
  assert.equal(elapsedText(61_000, 'en'), '1m 1s');
  assert.equal(elapsedText(3_600_000, 'en'), '60m 0s');
  assert.equal(elapsedText(-5, undefined), '0秒');
  assert.equal(
    agentText('ja', 'waitingPageFor', { elapsed: elapsedText(61_000, 'ja') }),
    'ブラウザのフォームへの入力を待っています（1分1秒経過）',
  );
  assert.equal(
    agentText('en', 'waitingFormFor', { elapsed: elapsedText(10_000, 'en') }),
    'Waiting for the form to be filled in (10s)',
  );
});
