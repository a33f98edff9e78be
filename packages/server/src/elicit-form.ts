// request_form in `auto` mode: ask through the client's own form UI (elicitation) when the client
// declares it and the form fits the restricted elicitation schema; otherwise the conversation mode with
// the reason. Written once for both eras with the SDK's `inputRequired`: a 2026-07-28 client gets an
// `input_required` result and retries with the answers; for a 2025 client the SDK sends a real
// `elicitation/create` and re-runs this handler with the answer.

import { type FormSchema, type Issue, ownValue, validateAnswers } from '@formrequest/schema';
import {
  inputRequired,
  inputResponse,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { clientCapabilities, supportsFormElicitation } from './client-capabilities.js';
import { answersFromElicitation, type ElicitationSchema, toElicitation } from './elicitation-schema.js';
import {
  cancelledResult,
  declinedResult,
  invalidAnswersResult,
  submittedResult,
  waitingForInputResult,
} from './request-form-result.js';

const INPUT_KEY = 'form';
/** Asks at most this many times when answers fail validation, then reports the problems. */
export const MAX_ELICITATION_ATTEMPTS = 3;

export function elicitForm(server: McpServer, ctx: ServerContext, schema: FormSchema, warnings: Issue[]) {
  if (!supportsFormElicitation(clientCapabilities(server, ctx))) {
    return waitingForInputResult(
      schema,
      warnings,
      'クライアントがフォーム入力（elicitation）に対応していないため、会話でフォームを表示します。',
    );
  }
  const mapping = toElicitation(schema);
  if (!mapping.ok) {
    return waitingForInputResult(
      schema,
      warnings,
      `クライアントのフォーム（elicitation）は使わず、会話でフォームを表示します:\n${mapping.reasons.join('\n')}`,
    );
  }
  const attempt = Number(ctx.mcpReq.requestState() ?? 0) || 0;
  const response = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY);
  if (response.kind !== 'elicit') return ask(mapping.message, mapping.requestedSchema, attempt);
  if (response.action === 'decline') return declinedResult(schema);
  if (response.action === 'cancel') return cancelledResult(schema);
  const given = answersFromElicitation(schema, response.content ?? {});
  const checked = validateAnswers(schema, given, { locale: schema.locale });
  if (checked.ok) return submittedResult(schema, checked.values);
  if (attempt + 1 >= MAX_ELICITATION_ATTEMPTS) return invalidAnswersResult(schema, checked.errors);
  const problems = Object.values(checked.errors).map((error) => `・${error}`);
  const message = `${mapping.message}\n\n入力内容を確認してください:\n${problems.join('\n')}`;
  return ask(message, withDefaults(mapping.requestedSchema, given), attempt + 1);
}

function ask(message: string, requestedSchema: ElicitationSchema, attempt: number) {
  return inputRequired({
    inputRequests: { [INPUT_KEY]: inputRequired.elicit({ mode: 'form', message, requestedSchema }) },
    requestState: String(attempt),
  });
}

/** The schema again with the person's previous answers as defaults, so a retry keeps what was typed. */
function withDefaults(schema: ElicitationSchema, given: Record<string, unknown>): ElicitationSchema {
  const properties: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties)) {
    const value = ownValue(given, name); // a field "toString" the person left empty has no default
    properties[name] = value === undefined || value === '' ? prop : { ...prop, default: value };
  }
  return { ...schema, properties } as ElicitationSchema;
}
