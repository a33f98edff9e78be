// A request to take a turn (POST /api/execute), checked for its shape before anything is read or
// written: free text, or the answer to a pending form (values or cancel).

import { HttpError } from '@formrequest/internal/http';
import type { Locale } from '@formrequest/schema';

export interface ExecuteRequest {
  conversationId?: string;
  /** Free text from the person. */
  message?: string;
  /** Answers a pending form: its id (the request_form tool_use id) and the values, or cancel. */
  formId?: string;
  answers?: Record<string, unknown>;
  cancel?: boolean;
  locale?: Locale;
  /**
   * With answers: the page's UTC offset (minutes east of UTC) at the form's issue instant, so relative
   * date bounds resolve in the person's zone as the page resolved them. Clamped to -720..840.
   */
  utcOffset?: number;
  /**
   * With answers: what the page showed for its search and loaded fields (SubmitContext.shown of
   * @formrequest/web), read by answerLabels as untrusted text; option labels come from the form.
   */
  labels?: Record<string, unknown>;
}

export interface ExecuteResponse {
  conversationId: string;
  runId: string;
}

const MAX_MESSAGE_CHARS = 100_000;

/** The request as it was sent, once its shape is right; a 400 (or 413) saying what is wrong otherwise. */
export function checkRequest(body: ExecuteRequest): ExecuteRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(
      400,
      'bad_request',
      'Send a JSON object: {"conversationId"?, "message"} or {"conversationId", "formId", "answers"|"cancel": true}.',
    );
  }
  const { conversationId, message, formId, answers, cancel, locale, utcOffset, labels } = body;
  if (labels !== undefined && (typeof labels !== 'object' || labels === null || Array.isArray(labels))) {
    throw new HttpError(
      400,
      'bad_request',
      '"labels" must be an object of field name -> the text the page showed for its answer.',
    );
  }
  if (utcOffset !== undefined && (typeof utcOffset !== 'number' || !Number.isFinite(utcOffset))) {
    throw new HttpError(
      400,
      'bad_request',
      '"utcOffset" must be the page\'s UTC offset in minutes east of UTC (e.g. 540 for Tokyo, -480 for Los Angeles).',
    );
  }
  if (conversationId !== undefined && (typeof conversationId !== 'string' || conversationId === '')) {
    throw new HttpError(
      400,
      'bad_request',
      '"conversationId" must be a non-empty string (or left out to start a new conversation).',
    );
  }
  if (locale !== undefined && locale !== 'ja' && locale !== 'en') {
    throw new HttpError(400, 'bad_request', '"locale" must be "ja" or "en".');
  }
  if (formId !== undefined) {
    if (typeof formId !== 'string' || formId === '')
      throw new HttpError(400, 'bad_request', '"formId" must be the pending form\'s id.');
    if (conversationId === undefined)
      throw new HttpError(
        400,
        'bad_request',
        'A form answer needs the "conversationId" of its conversation.',
      );
    if (message !== undefined) {
      throw new HttpError(
        400,
        'bad_request',
        'Send either "message" or a form answer ("formId" with "answers" or "cancel"), not both.',
      );
    }
    if (cancel !== undefined && cancel !== true)
      throw new HttpError(400, 'bad_request', '"cancel" must be true when given.');
    if (cancel && answers !== undefined)
      throw new HttpError(400, 'bad_request', 'Send "answers" or "cancel": true, not both.');
    if (!cancel && (typeof answers !== 'object' || answers === null || Array.isArray(answers))) {
      throw new HttpError(
        400,
        'bad_request',
        '"answers" must be an object of field name -> value (or send "cancel": true).',
      );
    }
    return body;
  }
  if (answers !== undefined || cancel !== undefined) {
    throw new HttpError(400, 'bad_request', '"answers" and "cancel" need the "formId" of the pending form.');
  }
  if (typeof message !== 'string' || message.trim() === '') {
    throw new HttpError(400, 'bad_request', '"message" must be a non-empty string.');
  }
  if (message.length > MAX_MESSAGE_CHARS) {
    throw new HttpError(413, 'message_too_long', `"message" is longer than ${MAX_MESSAGE_CHARS} characters.`);
  }
  return body;
}
