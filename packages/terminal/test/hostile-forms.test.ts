// Forms a model can be steered into writing, in the terminal's form flow (the same state machine
// `formrequest ask` runs): field names that are Object.prototype members start empty and answer like
// any other name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type FormSchema, validateFormSchema } from '@formrequest/schema';
import type { FileSystem } from '../src/fields/index.js';
import { createForm, formUpdate } from '../src/form-flow.js';
import type { InputEvent } from '../src/keys.js';

const k = (name: string): InputEvent => ({ type: 'key', name });
const t = (text: string): InputEvent => ({ type: 'text', text });
const noFiles: FileSystem = { stat: () => null, read: () => Buffer.from(''), list: () => [] };

test('fields named toString, valueOf, hasOwnProperty: required means typed, and the answer is theirs', () => {
  const names = ['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'];
  const check = validateFormSchema({
    title: 'T',
    fields: names.map((name, i) => ({ name, type: 'text', label: name, required: i < 3 })),
  });
  assert.ok(check.ok);
  const s = createForm(check.schema as FormSchema, {
    now: new Date(2026, 10, 23),
    load: async () => [],
    files: noFiles,
    home: '/home/me',
    cwd: '/work',
  });
  formUpdate(s, k('enter'));
  assert.equal(s.error, 'toStringは必須です', 'an empty field is empty, not a function');
  for (const name of names.slice(0, 3)) {
    formUpdate(s, t(`v-${name}`));
    formUpdate(s, k('enter'));
  }
  formUpdate(s, k('enter')); // the optional isPrototypeOf stays empty
  formUpdate(s, k('enter')); // review: send
  assert.equal(s.status, 'submitted');
  assert.deepEqual(s.result, {
    toString: 'v-toString',
    valueOf: 'v-valueOf',
    hasOwnProperty: 'v-hasOwnProperty',
  });
});
