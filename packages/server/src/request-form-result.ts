// The result shapes of `request_form` (seed 000 output format, seed 002 error policy).

import {
  type Answers,
  answerLabels,
  answerValues,
  cancelMessage,
  type FormSchema,
  type Issue,
  submitMessage,
} from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { formText } from './form-check-cache.js';
import { FORM_META_KEY, ISSUED_AT_META_KEY, PARTS_META_KEY } from './form-meta.js';

/** A result with the seed's top-level `_metadata` beside the standard fields. */
export type FormRequestResult = CallToolResult & {
  _metadata?: { type: 'form_request'; schema: FormSchema; status: 'waiting_for_input' };
};

/**
 * What the model reads besides `message`: the warnings, and what the server changed in the form
 * (severity `normalized`), each as its sentence. Empty lists are left out.
 */
export function notesOf(notes: readonly Issue[]): { normalized?: string[]; warnings?: string[] } {
  const normalized = notes.filter((n) => n.severity === 'normalized').map((n) => n.message);
  const warnings = notes.filter((n) => n.severity !== 'normalized').map((n) => n.message);
  return {
    ...(normalized.length > 0 ? { normalized } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** The text blocks after the message, for clients that show `content` (one block per kind). */
export function noteBlocks(parts: { note?: string; normalized?: string[]; warnings?: string[] }) {
  const blocks: CallToolResult['content'] = [];
  if (parts.note) blocks.push({ type: 'text', text: parts.note });
  if (parts.normalized) blocks.push({ type: 'text', text: parts.normalized.join('\n') });
  if (parts.warnings) blocks.push({ type: 'text', text: parts.warnings.join('\n') });
  return blocks;
}

/**
 * The conversation-mode result. `content[0]` is the text of seed 000 and `_metadata` its metadata.
 * `structuredContent` is what Claude-based hosts show the model (as JSON, a large one cut to a ~2 KB
 * preview): it leads with `message` and carries the notes, and does not repeat the form, which
 * travels in `_metadata` (seed 000) and `_meta[FORM_META_KEY]` (hosts and the widget).
 * `notes` holds the checker's warnings and normalisations; `note` says why elicitation was not used.
 * `content[0]` stays the seed's text word for word; `message` adds what to do if no form is seen.
 */
export function waitingForInputResult(
  schema: FormSchema,
  notes: readonly Issue[] = [],
  note?: string,
  options: {
    declared?: boolean;
    issuedAt?: Date;
    /** The widget's parts for this form (apps.ts widgetPartsCode): only for an MCP Apps host. */
    parts?: Record<string, string>;
  } = {},
): FormRequestResult {
  const text = formText(schema);
  const issuedAt = options.issuedAt ?? new Date();
  // Without the host's declaration (`--host-renders-forms`) the server cannot tell a host that renders
  // the call from one that shows nothing (`claude -p` looks the same), so the model is told both cases,
  // after the seed's text. A declared host gets the seed's text alone.
  const unseen = options.declared ? undefined : agentText(schema.locale, 'waitingUnseen');
  const message = unseen ? `${text}\n${unseen}` : text;
  const parts = { ...(note ? { note } : {}), ...notesOf(notes) };
  return {
    content: [
      { type: 'text', text },
      ...(unseen ? [{ type: 'text' as const, text: unseen }] : []),
      ...noteBlocks(parts),
    ],
    structuredContent: { message, type: 'form_request', status: 'waiting_for_input', ...parts },
    _meta: {
      [FORM_META_KEY]: schema,
      [ISSUED_AT_META_KEY]: issuedAt.getTime(),
      ...(options.parts ? { [PARTS_META_KEY]: options.parts } : {}),
    },
    _metadata: { type: 'form_request', schema, status: 'waiting_for_input' },
  };
}

/**
 * A bad call: `isError`, the errors as `message` (seed 000's wording), and the warnings and
 * normalisations of the same check, which often explain the error.
 */
export function formErrorResult(message: string, notes: readonly Issue[] = []): FormRequestResult {
  const parts = notesOf(notes);
  return {
    isError: true,
    content: [{ type: 'text', text: message }, ...noteBlocks(parts)],
    structuredContent: { message, type: 'form_request', status: 'error', ...parts },
  };
}

// Outcomes of asking through elicitation (the dialog or the page). `type: 'form_response'` (not
// form_request) so no host mistakes them for a form still to show; no `_metadata` for the same reason.
// Each carries the call's notes: the model learns what the server changed in its form (a `select` with
// `multiple` asked as one choice) whichever surface showed it.

/** A form_response result: `message` first, then the status fields, then the notes. */
export function responseResult(
  message: string,
  fields: Record<string, unknown>,
  notes: readonly Issue[] = [],
  isError = false,
): CallToolResult {
  const parts = notesOf(notes);
  return {
    ...(isError ? { isError: true } : {}),
    content: [{ type: 'text', text: message }, ...noteBlocks(parts)],
    structuredContent: { message, type: 'form_response', ...fields, ...parts },
  };
}

/**
 * The answers, and beside them what the person saw for the ids (`labels`: the option label, the search
 * row the page showed; `shown` carries the page's texts, option labels come from the form). The labels
 * are in the message too, for clients that show the text.
 */
export function submittedResult(
  schema: FormSchema,
  values: Answers,
  notes: readonly Issue[] = [],
  shown: Record<string, unknown> = {},
): CallToolResult {
  const labels = answerLabels(schema, values, shown);
  const hasLabels = Object.keys(labels).length > 0;
  const message = [
    agentText(schema.locale, 'submitted', { title: schema.title, values: submitMessage(schema, values) }),
    ...(hasLabels
      ? [agentText(schema.locale, 'answerLabels', { labels: JSON.stringify(labels, null, 2) })]
      : []),
  ].join('\n');
  return responseResult(
    message,
    { status: 'submitted', values: answerValues(schema, values), ...(hasLabels ? { labels } : {}) },
    notes,
  );
}

export function declinedResult(schema: FormSchema, notes: readonly Issue[] = []): CallToolResult {
  const message = agentText(schema.locale, 'declined', { title: schema.title });
  return responseResult(message, { status: 'declined', values: null }, notes);
}

export function cancelledResult(schema: FormSchema, notes: readonly Issue[] = []): CallToolResult {
  return responseResult(cancelMessage(schema.locale), { status: 'cancelled', values: null }, notes);
}

export function invalidAnswersResult(
  schema: FormSchema,
  errors: Record<string, string>,
  notes: readonly Issue[] = [],
): CallToolResult {
  const lines = Object.entries(errors).map(([name, error]) => `- ${name}: ${error}`);
  const message = agentText(schema.locale, 'invalidAnswers', {
    title: schema.title,
    errors: lines.join('\n'),
  });
  return responseResult(message, { status: 'invalid', values: null, errors }, notes, true);
}
