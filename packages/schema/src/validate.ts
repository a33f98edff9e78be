// The checks with every part loaded (check-parts.ts): both languages, the sentences, the reader of what
// a model meant, the first-call repairs (model-repairs.ts), the pattern engine and the answers'
// matching budget. What a server, the terminal, the host and library users call; a page runs the same
// rules with the parts it has and without the repairs (@formrequest/web).
import { type AnswersResult, checkAnswers, checkField, type ValidateOptions } from './answers.js';
import type { CheckParts } from './check-parts.js';
import { checkFormSchema, type SchemaCheckOptions, type SchemaResult } from './check-schema.js';
import { isPlainObject } from './json-depth.js';
import { t } from './messages.js';
import { MODEL_REPAIRS } from './model-repairs.js';
import { normalizeForm } from './normalize.js';
import { matchBudget } from './pattern/budget.js';
import * as patterns from './pattern/index.js';
import { parseRemoteUrl, riskyAddress } from './remote-url.js';
import { schemaMessages } from './schema-messages.js';
import type { FormField, FormSchema } from './types.js';

/** Every part, loaded. */
export const ALL_PARTS: CheckParts = {
  words: t,
  sentences: (locale) => schemaMessages(locale, MODEL_REPAIRS),
  read: (form, ctx) => normalizeForm(form, { ...ctx, repairs: MODEL_REPAIRS }),
  patterns,
  budget: matchBudget,
  riskyAddress,
  remoteUrl: (text) => parseRemoteUrl(text).ok,
};

/**
 * The form as every surface reads it (what validateFormSchema checks and returns), without checking it:
 * for a renderer that checks a long form in parts. Anything but an object is returned as it is.
 */
export function readFormSchema(input: unknown): unknown {
  if (!isPlainObject(input)) return input;
  return ALL_PARTS.read!(input, { say: ALL_PARTS.sentences('ja'), skip: () => false }).form;
}

/**
 * Checks a form definition against the vocabulary, after reading what a model clearly meant (each
 * change a note). Returns every error and warning (unknown properties are warnings: ignored, not fatal)
 * with messages in `locale`, else the form's language.
 */
export function validateFormSchema(given: unknown, options: SchemaCheckOptions = {}): SchemaResult {
  return checkFormSchema(given, options, ALL_PARTS);
}

/**
 * The first message for `value` in `field`, or null when it is acceptable. Display-only and hidden
 * fields always pass (hidden values are fixed by the schema, never by the person).
 */
export function validateField(
  field: FormField,
  value: unknown,
  options: ValidateOptions = {},
): string | null {
  return checkField(field, value, options, ALL_PARTS);
}

/**
 * Validates a whole answer against its form. Hidden fields always carry the schema's value, whatever
 * was submitted; keys that name no input field are reported in `unknown` and dropped.
 */
export function validateAnswers(
  schema: FormSchema,
  answers: unknown,
  options: ValidateOptions = {},
): AnswersResult {
  return checkAnswers(schema, answers, options, ALL_PARTS);
}
