// request_form through form-mode elicitation (routing.ts chose it: the client declares it and every
// field maps): ask through the client's own form UI and return the answers in this tool result.
// Written once for both eras with the SDK's `inputRequired`: a 2026-07-28 client gets an
// `input_required` result and retries with the answers; for a 2025 client the SDK sends a real
// `elicitation/create` and re-runs this handler with the answer, while the call stays open (progress
// keeps it alive). Answers that fail the checks are asked again, with the messages, a few times.

import { type FormSchema, type Issue, ownValue, validateAnswers } from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import {
  inputRequired,
  inputResponse,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { answersFromElicitation, type ElicitationSchema } from './elicitation-schema.js';
import { flowState } from './flow-state.js';
import { unseenResult } from './page-results.js';
import { elapsedText, holdWhileAsking, releaseHold } from './progress.js';
import {
  cancelledResult,
  declinedResult,
  invalidAnswersResult,
  submittedResult,
} from './request-form-result.js';
import type { FormRuntime } from './runtime.js';
import { unseenAnswer } from './unseen.js';

const INPUT_KEY = 'form';
/** Asks at most this many times when answers fail validation, then reports the problems. */
export const MAX_ELICITATION_ATTEMPTS = 3;

export interface FormElicitation {
  message: string;
  requestedSchema: ElicitationSchema;
}

export async function elicitForm(
  server: McpServer,
  ctx: ServerContext,
  runtime: FormRuntime,
  schema: FormSchema,
  notes: readonly Issue[],
  mapping: FormElicitation,
) {
  releaseHold(ctx);
  const state = flowState(ctx);
  const attempt = state.attempt ?? 0;
  const response = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY);
  if (response.kind !== 'elicit')
    return ask(server, ctx, runtime, schema, mapping.message, mapping.requestedSchema, 0);
  const unseen = unseenAnswer({ action: response.action, askedAt: state.askedAt, attempt });
  if (unseen) return unseenResult(schema, unseen, notes);
  if (response.action === 'decline') return declinedResult(schema, notes);
  if (response.action === 'cancel') return cancelledResult(schema, notes);
  const given = answersFromElicitation(schema, response.content ?? {});
  const checked = validateAnswers(schema, given, { locale: schema.locale });
  if (checked.ok) return submittedResult(schema, checked.values, notes);
  if (attempt + 1 >= MAX_ELICITATION_ATTEMPTS) return invalidAnswersResult(schema, checked.errors, notes);
  const problems = Object.values(checked.errors).map((problem) =>
    agentText(schema.locale, 'askAgainItem', { problem }),
  );
  const message = agentText(schema.locale, 'askAgain', {
    message: mapping.message,
    problems: problems.join('\n'),
  });
  const requestedSchema = withDefaults(mapping.requestedSchema, given);
  return ask(server, ctx, runtime, schema, message, requestedSchema, attempt + 1);
}

async function ask(
  server: McpServer,
  ctx: ServerContext,
  runtime: FormRuntime,
  schema: FormSchema,
  message: string,
  requestedSchema: ElicitationSchema,
  attempt: number,
) {
  holdWhileAsking(server, ctx, runtime.progressIntervalMs, (elapsed) =>
    agentText(schema.locale, 'waitingFormFor', { elapsed: elapsedText(elapsed, schema.locale) }),
  );
  return inputRequired({
    inputRequests: { [INPUT_KEY]: inputRequired.elicit({ mode: 'form', message, requestedSchema }) },
    requestState: await runtime.stateCodec.mint({ attempt, askedAt: Date.now() }, ctx),
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
