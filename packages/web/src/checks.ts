// The vocabulary's checks (@formrequest/schema/core) with what a page has: its words (words.ts), the
// pattern engine (patterns.ts) and the sentences (issues.ts), each loaded when a form needs it, and the
// reader of what a model meant (reader.js) once a form had something to say as written, and the reading
// of search URLs with the fields that fetch. Same rules as
// every surface; only when each part arrives differs.
import {
  type AnswersResult,
  type CheckParts,
  checkAnswers,
  checkField,
  checkFormSchema,
  type FormField,
  type FormSchema,
  isPlainObject,
  type Locale,
  type SchemaResult,
} from '@formrequest/schema/core';
import { network } from './fields/later.js';
import { sentences } from './issues.js';
import { patterns } from './patterns.js';
import { say } from './words.js';

interface Options {
  locale: Locale;
  now?: Date;
}

let reader: typeof import('./reader.js') | undefined;
let loading: Promise<unknown> | undefined;
let tried = false;

const parts: CheckParts = {
  words: say,
  sentences,
  patterns,
  get read() {
    return reader?.normalizeForm;
  },
  // searchUrl / loadUrl get their verdict with the fields that fetch (the only fields that have one):
  // the form waits for that module before it is drawn, and is checked again then (form.ts).
  remoteUrl: (text) => network()?.remoteUrl(text) ?? true,
};

export const checkSchema = (input: unknown, options: Options): SchemaResult =>
  checkFormSchema(input, options, parts);

/** The first message for `value` in `field`, or null. */
export const fieldProblem = (field: FormField, value: unknown, options: Options): string | null =>
  checkField(field, value, options, parts);

export const answersOf = (schema: FormSchema, values: unknown, options: Options): AnswersResult =>
  checkAnswers(schema, values, options, parts);

/** The form as every surface reads it once the reader is here; before that, as written. */
export const readForm = (input: unknown): unknown =>
  reader && isPlainObject(input)
    ? reader.normalizeForm(input, { say: sentences('ja'), skip: () => false }).form
    : input;

/** The reader was not tried yet: a form with something to say as written waits for it. */
export const unread = (): boolean => !tried;

/** Loads the reader once; resolves when it is there or could not be loaded. */
export const readerReady = (): Promise<unknown> =>
  (loading ??= import('./reader.js')
    .then((r) => {
      reader = r;
    })
    .catch(() => {})
    .finally(() => {
      tried = true;
    }));
