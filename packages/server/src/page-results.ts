// The request_form results this change adds: a form shown nowhere (the model is told, with the fix),
// a form whose page closed unanswered, and the form page's outcomes mapped onto the elicitation
// results of request-form-result.ts (submitted / cancelled / declined, the same as form mode).
import type { FormSchema, Issue } from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { FormOutcome } from './pending-forms.js';
import {
  cancelledResult,
  declinedResult,
  noteBlocks,
  notesOf,
  responseResult,
  submittedResult,
} from './request-form-result.js';
import { nowhereMessage } from './route-messages.js';
import type { RouteReason } from './routing.js';

/**
 * No surface can show the form. An error result (no form is pending anywhere), `status: "not_shown"`,
 * and a message that says so, why, and what to do: ask in the conversation, or run the server so that
 * forms open as a page (URL mode). No `_metadata`: no host should show a form the model was told is not shown.
 */
export function notShownResult(
  schema: FormSchema,
  reasons: RouteReason[],
  notes: readonly Issue[] = [],
): CallToolResult {
  const message = nowhereMessage(schema.title, reasons, schema.locale);
  const parts = notesOf(notes);
  return {
    isError: true,
    content: [{ type: 'text', text: message }, ...noteBlocks(parts)],
    structuredContent: { message, type: 'form_request', status: 'not_shown', ...parts },
  };
}

/**
 * The client answered the elicitation before anyone could see it (unseen.ts): never reported as the
 * person's decline or cancel. An error result like not_shown, `status: "unseen"`, with the reason and
 * the fix.
 */
export function unseenResult(
  schema: FormSchema,
  reason: RouteReason,
  notes: readonly Issue[] = [],
): CallToolResult {
  const message = nowhereMessage(schema.title, [reason], schema.locale);
  const parts = notesOf(notes);
  return {
    isError: true,
    content: [{ type: 'text', text: message }, ...noteBlocks(parts)],
    structuredContent: { message, type: 'form_response', status: 'unseen', values: null, ...parts },
  };
}

/** The form page closed without an answer (expired, or the server stopped). */
export function closedResult(
  schema: FormSchema,
  reason: string,
  notes: readonly Issue[] = [],
): CallToolResult {
  const message = agentText(schema.locale, 'closed', { title: schema.title, reason });
  return responseResult(message, { status: 'closed', values: null }, notes, true);
}

/** The result of a form answered on the page, in form mode's shapes. */
export function pageOutcomeResult(
  schema: FormSchema,
  outcome: FormOutcome,
  notes: readonly Issue[] = [],
): CallToolResult {
  switch (outcome.action) {
    case 'accept':
      return submittedResult(schema, outcome.values, notes, outcome.labels);
    case 'cancel':
      return cancelledResult(schema, notes);
    case 'decline':
      return declinedResult(schema, notes);
    case 'closed':
      return closedResult(schema, outcome.reason, notes);
  }
}
