// The request_form results this change adds: a form shown nowhere (the model is told, with the fix),
// a form whose page closed unanswered, and the form page's outcomes mapped onto the elicitation
// results of request-form-result.ts (submitted / cancelled / declined, the same as form mode).
import type { FormSchema } from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { FormOutcome } from './pending-forms.js';
import { cancelledResult, declinedResult, submittedResult } from './request-form-result.js';
import { nowhereMessage } from './route-messages.js';
import type { RouteReason } from './routing.js';

/**
 * No surface can show the form. An error result (no form is pending anywhere), `status: "not_shown"`,
 * and a message that says so, why, and what to do: ask in the conversation, or run the server so that
 * forms open as a page (URL mode). No `_metadata`: no host should show a form the model was told is not shown.
 */
export function notShownResult(schema: FormSchema, reasons: RouteReason[]): CallToolResult {
  const message = nowhereMessage(schema.title, reasons, schema.locale);
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    structuredContent: { message, type: 'form_request', status: 'not_shown' },
  };
}

/** The form page closed without an answer (expired, or the server stopped). */
export function closedResult(schema: FormSchema, reason: string): CallToolResult {
  const message = agentText(schema.locale, 'closed', { title: schema.title, reason });
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    structuredContent: { message, type: 'form_response', status: 'closed', values: null },
  };
}

/** The result of a form answered on the page, in form mode's shapes. */
export function pageOutcomeResult(schema: FormSchema, outcome: FormOutcome): CallToolResult {
  switch (outcome.action) {
    case 'accept':
      return submittedResult(schema, outcome.values);
    case 'cancel':
      return cancelledResult(schema);
    case 'decline':
      return declinedResult(schema);
    case 'closed':
      return closedResult(schema, outcome.reason);
  }
}
