// The form with every field type of the catalog: examples/forms/all-types.json, the one file the
// examples, the tests and the demo (@formrequest/host's "show all field types") share.
// packages/schema/test/all-types.test.ts pins it to the catalog.
import { readFileSync } from 'node:fs';
import type { FormSchema } from '@formrequest/schema';

export const ALL_TYPES_FILE = new URL('../examples/forms/all-types.json', import.meta.url);

/** A fresh copy of the form (tests may change theirs). */
export function allTypesForm(): FormSchema {
  return JSON.parse(readFileSync(ALL_TYPES_FILE, 'utf8')) as FormSchema;
}
