// The public API of @formrequest/web, pinned: renderForm and defineFormRequest (types beside them);
// ./element defines <form-request> and exports no value; ./formrequest.js (the one-file bundle, whose
// entry is src/bundle.ts) exports what the root does. A change here is a change of the package's API.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('@formrequest/web exports exactly these names', async () => {
  const entry = await import('@formrequest/web');
  assert.deepEqual(Object.keys(entry).sort(), ['defineFormRequest', 'renderForm']);
});

test('@formrequest/web/element exports exactly these names', async () => {
  const entry = await import('@formrequest/web/element');
  assert.deepEqual(Object.keys(entry).sort(), []);
});

test('the one-file bundle exports what the root does', async () => {
  const bundle = await import('../src/bundle.ts');
  const root = await import('@formrequest/web');
  assert.deepEqual(Object.keys(bundle).sort(), Object.keys(root).sort());
});
