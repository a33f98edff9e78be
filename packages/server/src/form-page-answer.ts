// POST /forms/<id>: the person's answer ({action: "accept", values, utcOffset}) or their cancel or
// decline, taken once: a second submit (another tab, a replay) finds the form settled.

import { HttpError, readJson } from '@formrequest/internal/http';
import { clampUtcOffset, isPlainObject, MAX_JSON_DEPTH } from '@formrequest/schema';
import type { Context } from 'hono';
import { checkPageAnswers } from './form-page-answers.js';
import type { FormPageContext } from './form-page-context.js';
import { settled } from './form-page-context.js';

export async function answerRoute(c: Context, page: FormPageContext): Promise<Response> {
  const id = c.req.param('id')!;
  const body = await readAnswer(c);
  const { forms } = page;
  const form = await forms.get(id);
  if (!form) throw gone();
  if (form.outcome) throw settled(form);
  const action = isPlainObject(body) ? body.action : undefined;
  if (action === 'cancel' || action === 'decline') {
    if (!(await forms.settle(id, { action }))) throw settled(await forms.get(id));
    return c.json({ state: action });
  }
  if (action !== 'accept' || !isPlainObject(body)) {
    throw new HttpError(
      400,
      'bad_request',
      'Send {"action": "accept", "values": {...}, "utcOffset": N}, {"action": "cancel"} or {"action": "decline"}.',
    );
  }
  const checked = await checkPageAnswers(form, body.values, body.utcOffset, forms, page.reference);
  if (!checked.ok) {
    throw new HttpError(
      422,
      'invalid_answers',
      'The answers do not fit the form; see errors (field name -> message).',
      { errors: checked.errors },
    );
  }
  const utcOffset = clampUtcOffset(body.utcOffset);
  const outcome = {
    action: 'accept' as const,
    values: checked.values,
    ...(utcOffset === undefined ? {} : { utcOffset }),
  };
  if (!(await forms.settle(id, outcome))) throw settled(await forms.get(id));
  return c.json({ state: 'accept' });
}

/** The body as JSON, with the page's own codes for what is wrong with it. */
async function readAnswer(c: Context): Promise<unknown> {
  try {
    return await readJson(c.req.raw, MAX_JSON_DEPTH);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'unsupported_media_type') {
      throw new HttpError(415, 'bad_type', 'Send the answer as JSON (Content-Type: application/json).');
    }
    throw error;
  }
}

export function gone(): HttpError {
  return new HttpError(404, 'not_found', 'This form was not found: it expired, or the link is wrong.');
}
