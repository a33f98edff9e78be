// The result shapes of `request_form` (seed 000 output format, seed 002 error policy).

import {
  type Answers,
  answerValues,
  cancelMessage,
  type FormSchema,
  formatIssues,
  formRequestText,
  type Issue,
  submitMessage,
} from '@formrequest/schema';
import type { CallToolResult } from '@modelcontextprotocol/server';

/** A result with the seed's top-level `_metadata` beside the standard fields. */
export type FormRequestResult = CallToolResult & {
  _metadata?: { type: 'form_request'; schema: FormSchema; status: 'waiting_for_input' };
};

/**
 * The conversation-mode result: the text of seed 000, `_metadata` for hosts that read it, and the same
 * in `structuredContent` (Claude-based hosts show the model `structuredContent` and drop `_metadata`).
 * `note` says why elicitation was not used when it was asked for.
 */
export function waitingForInputResult(
  schema: FormSchema,
  warnings: Issue[] = [],
  note?: string,
): FormRequestResult {
  const message = formRequestText(schema);
  const content: CallToolResult['content'] = [{ type: 'text', text: message }];
  if (note) content.push({ type: 'text', text: note });
  if (warnings.length > 0) content.push({ type: 'text', text: formatIssues(warnings) });
  const structuredContent: Record<string, unknown> = {
    type: 'form_request',
    status: 'waiting_for_input',
    schema,
    message,
  };
  if (note) structuredContent.note = note;
  return {
    content,
    structuredContent,
    _metadata: { type: 'form_request', schema, status: 'waiting_for_input' },
  };
}

/** A bad call: `isError`, the message as text, and `structuredContent` keeping its shape with `error`. */
export function formErrorResult(message: string): FormRequestResult {
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    structuredContent: { type: 'form_request', status: 'error', schema: null, message, error: message },
  };
}

// Outcomes of asking through elicitation. `type: 'form_response'` (not form_request) so no host mistakes
// them for a form still to show; no `_metadata` for the same reason.

export function submittedResult(schema: FormSchema, values: Answers): CallToolResult {
  const message = `ユーザーがフォーム「${schema.title}」に入力しました。入力内容:\n${submitMessage(schema, values)}`;
  return {
    content: [{ type: 'text', text: message }],
    structuredContent: {
      type: 'form_response',
      status: 'submitted',
      values: answerValues(schema, values),
      message,
    },
  };
}

export function declinedResult(schema: FormSchema): CallToolResult {
  const message = `ユーザーはフォーム「${schema.title}」への入力を断りました。`;
  return {
    content: [{ type: 'text', text: message }],
    structuredContent: { type: 'form_response', status: 'declined', values: null, message },
  };
}

export function cancelledResult(schema: FormSchema): CallToolResult {
  const message = cancelMessage(schema.locale);
  return {
    content: [{ type: 'text', text: message }],
    structuredContent: { type: 'form_response', status: 'cancelled', values: null, message },
  };
}

export function invalidAnswersResult(schema: FormSchema, errors: Record<string, string>): CallToolResult {
  const lines = Object.entries(errors).map(([name, error]) => `- ${name}: ${error}`);
  const message = `エラー: フォーム「${schema.title}」の入力内容が条件を満たしていません（再入力の上限に達しました）。\n${lines.join('\n')}\nフォームを会話で表示するには mode: "never" で呼び直してください。`;
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    structuredContent: {
      type: 'form_response',
      status: 'invalid',
      values: null,
      message,
      error: message,
      errors,
    },
  };
}
