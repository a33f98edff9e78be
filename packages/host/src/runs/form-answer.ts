// A form answer, checked on the host before it is accepted: the form must be the one waiting, and the
// values must fit it, re-validated here with the same checks the page ran. And, when a run is claimed,
// the answered form read back for the agent.

import { HttpError } from '@formrequest/internal/http';
import { type FormSchema, type Locale, validateAnswers } from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import type { FormAnswer } from '../agents/agent.js';
import type { FormRow, HostStore, RunInput } from '../store/index.js';
import { demoValueErrors } from './demo-values.js';

const FILE_URL = /^\/api\/files\/([A-Za-z0-9-]+)$/;

/** The form `formId` of the conversation, while it waits for an answer; a 404 or 409 otherwise. */
export async function pendingFormOrThrow(
  store: HostStore,
  conversationId: string,
  formId: string,
): Promise<FormRow> {
  const row = await store.getForm(conversationId, formId);
  if (!row || row.status === 'asked')
    throw new HttpError(404, 'form_not_found', `No form ${formId} in conversation ${conversationId}.`);
  if (row.status !== 'pending') {
    throw new HttpError(
      409,
      'form_not_pending',
      `This form was already ${row.status}; it takes no more answers. Reload the conversation.`,
      { status: row.status },
    );
  }
  return row;
}

/**
 * Re-validates the answers against the pending form. File answers must be references to uploads the
 * host stored for this form and field; what they claim (name, type, size) must be what the host
 * measured, and the stored facts are what is checked (maxSize, accept) and what the agent is told.
 */
export async function checkAnswers(
  store: HostStore,
  form: { conversationId: string; id: string; schema: FormSchema },
  answers: Record<string, unknown>,
  locale: Locale,
  clock: { now: Date; utcOffset?: number },
): Promise<Record<string, unknown>> {
  const fileErrors: Record<string, string> = Object.create(null);
  const given: Record<string, unknown> = { ...answers };
  for (const field of form.schema.fields) {
    if (field.type !== 'file' || !Object.hasOwn(answers, field.name)) continue;
    const value = answers[field.name];
    if (value === null || value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    const facts: unknown[] = [];
    for (const item of items) {
      const problem = await storedFile(store, form, field.name, item, locale);
      if (typeof problem === 'string') {
        fileErrors[field.name] = problem;
        break;
      }
      facts.push(problem);
    }
    if (!fileErrors[field.name]) given[field.name] = Array.isArray(value) ? facts : facts[0];
  }
  const result = validateAnswers(form.schema, given, { locale, ...clock });
  // Without a prototype: an unknown key "__proto__" is reported like any other, not swallowed.
  const errors: Record<string, string> = Object.assign(
    Object.create(null),
    demoValueErrors(form.schema.fields, given, locale),
    result.errors,
    fileErrors,
  );
  for (const key of result.unknown) {
    errors[key] = agentText(locale, 'noSuchField');
  }
  if (Object.keys(errors).length > 0) {
    throw new HttpError(
      422,
      'invalid_answers',
      'The answers do not fit the form; see errors (field name -> message).',
      { errors },
    );
  }
  return result.values;
}

/** The stored facts of a file reference, or what is wrong with it. */
async function storedFile(
  store: HostStore,
  form: { conversationId: string; id: string },
  field: string,
  item: unknown,
  locale: Locale,
): Promise<{ name: string; type: string; size: number; url: string } | string> {
  const ref =
    item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
  const match = typeof ref.url === 'string' ? FILE_URL.exec(ref.url) : null;
  const meta = match ? await store.getFileMeta(match[1]) : undefined;
  if (ref.data !== undefined || !meta || meta.conversationId !== form.conversationId) {
    return agentText(locale, 'fileNotUploadedApi');
  }
  if (meta.formId !== form.id || meta.field !== field) {
    return agentText(locale, 'fileOtherForm', { field });
  }
  const claimed: Array<[string, unknown, unknown]> = [
    ['name', ref.name, meta.name],
    ['type', ref.type, meta.type],
    ['size', ref.size, meta.size],
  ];
  const wrong = claimed.filter(([, said, stored]) => said !== undefined && said !== stored);
  if (wrong.length > 0) {
    const list = wrong
      .map(([key, said, stored]) => `${key} ${JSON.stringify(said)} (stored: ${JSON.stringify(stored)})`)
      .join(', ');
    return agentText(locale, 'fileMismatchApi', { list });
  }
  return { name: meta.name, type: meta.type, size: meta.size, url: `/api/files/${meta.id}` };
}

/** The answer a run carries, with its form read from `forms` (where the schema is kept, once). */
export async function answeredForm(
  store: HostStore,
  conversationId: string,
  answer: NonNullable<RunInput['form']>,
): Promise<FormAnswer> {
  // A run written by an earlier release kept the schema in its input: use it if the row is gone.
  const legacy = (answer as { schema?: Record<string, unknown> }).schema;
  const schema = (await store.getForm(conversationId, answer.id))?.schema ?? legacy;
  if (!schema) throw new Error(`The answered form ${answer.id} is no longer stored.`);
  return {
    id: answer.id,
    outcome: answer.outcome,
    values: answer.values,
    ...(answer.labels ? { labels: answer.labels } : {}),
    schema: schema as unknown as FormSchema,
  };
}
