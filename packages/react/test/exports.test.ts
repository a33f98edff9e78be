// The public API of @formrequest/react, pinned: the component, the hook and the part readers at the
// root; the AI SDK tool under ./ai. A change here is a change of the package's API.
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('@formrequest/react exports exactly these names', async () => {
  const entry = await import('@formrequest/react');
  assert.deepEqual(Object.keys(entry).sort(), [
    'FormRequest',
    'REQUEST_FORM_NAMES',
    'findFormRequest',
    'formOfResult',
    'isToolAnswer',
    'useFormRequestTool',
  ]);
});

test('@formrequest/react/ai exports exactly these names', async () => {
  const entry = await import('@formrequest/react/ai');
  assert.deepEqual(Object.keys(entry).sort(), [
    'REQUEST_FORM_TOOL',
    'checkRequestFormInput',
    'requestFormTool',
  ]);
});
