// The `formrequest` package is a command: its module exports the entry points the bin calls, and
// nothing else. A change here is a change of what a script importing it can use.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('formrequest exports exactly these names', async () => {
  const entry = await import('formrequest');
  assert.deepEqual(Object.keys(entry).sort(), ['main', 'runCli']);
});
