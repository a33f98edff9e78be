// A person's turn, accepted: the request checked, a form answer re-validated against its form, then
// the user's message, the answered form and the queued run holding the agent's input committed in one
// step (the outbox: from here on the answer reaches the agent exactly once, whatever crashes).
import { randomUUID } from 'node:crypto';
import { HttpError } from '@formrequest/internal/http';
import {
  answerLabels,
  cancelMessage,
  clampUtcOffset,
  type FormSchema,
  type Locale,
  submitMessage,
} from '@formrequest/schema';
import { checkMessageSize, checkTurnQuotas } from '../quotas.js';
import { type RunInput, StoreConflict, type UserTurn } from '../store/index.js';
import { checkpoint } from './checkpoints.js';
import type { RunContext } from './context.js';
import { checkAnswers, pendingFormOrThrow } from './form-answer.js';
import { fingerprint, repeatedTurn } from './idempotency.js';
import { checkRequest, type ExecuteRequest, type ExecuteResponse } from './turn-request.js';

/**
 * Commits the person's turn and returns its conversation and run (not started here). With an
 * Idempotency-Key already used for the same request, returns that turn (`repeated`) and writes nothing.
 */
export async function acceptTurn(
  context: Pick<RunContext, 'store' | 'owner' | 'leaseMs' | 'quotas'>,
  request: ExecuteRequest,
  idempotencyKey?: string,
): Promise<ExecuteResponse & { repeated?: true }> {
  const { store } = context;
  const input = checkRequest(request);
  const print = idempotencyKey === undefined ? undefined : fingerprint(input);
  if (idempotencyKey !== undefined) {
    const repeat = await repeatedTurn(store, idempotencyKey, print!);
    if (repeat) return repeat;
  }
  if (input.message !== undefined) checkMessageSize(input.message, context.quotas);
  await checkTurnQuotas(store, input.conversationId, context.quotas);
  let conversationId = input.conversationId;
  let locale: Locale = input.locale ?? 'ja';
  if (conversationId !== undefined) {
    const conversation = await store.getConversation(conversationId);
    if (!conversation)
      throw new HttpError(404, 'conversation_not_found', `No conversation with id ${conversationId}.`);
    locale = input.locale ?? (conversation.locale as Locale);
  } else {
    conversationId = randomUUID();
  }

  let message: string;
  let form: RunInput['form'];
  let stored: UserTurn['form'];
  if (input.formId !== undefined) {
    const row = await pendingFormOrThrow(store, conversationId, input.formId);
    const schema = row.schema as unknown as FormSchema;
    if (input.cancel) {
      message = cancelMessage(locale);
      form = { id: row.id, outcome: 'cancelled' };
      stored = { id: row.id, status: 'cancelled', answer: null };
    } else {
      // The form's own clock: relative dates from its issue instant, in the person's zone if sent.
      const clock = { now: new Date(row.createdAt), utcOffset: clampUtcOffset(input.utcOffset) };
      const values = await checkAnswers(
        store,
        { conversationId, id: row.id, schema },
        input.answers ?? {},
        locale,
        clock,
      );
      message = submitMessage(schema, values);
      // What the person saw for the answers that are ids, for the agent to tell the model beside them.
      const labels = answerLabels(schema, values, input.labels ?? {});
      form = {
        id: row.id,
        outcome: 'submitted',
        values,
        ...(Object.keys(labels).length > 0 ? { labels } : {}),
      };
      stored = { id: row.id, status: 'answered', answer: values };
    }
  } else {
    message = input.message!;
  }

  const runId = randomUUID();
  const userEvent: Record<string, unknown> = { type: 'user_message', text: message };
  const point = { conversationId, runId, answering: form !== undefined, attempt: 0 };
  if (form) {
    userEvent.form_id = form.id;
    userEvent.form_outcome = form.outcome;
  }
  checkpoint({ point: 'answer-before-commit', ...point });
  try {
    await store.beginTurn({
      conversationId,
      runId,
      title: titleOf(message),
      locale,
      message: userEvent,
      input: { message, locale, form },
      form: stored,
      owner: context.owner,
      leaseMs: context.leaseMs,
      idempotency: idempotencyKey === undefined ? undefined : { key: idempotencyKey, fingerprint: print! },
    });
  } catch (error) {
    // The same key committed meanwhile (a concurrent repeat): its turn is the answer.
    if (
      error instanceof StoreConflict &&
      error.code === 'idempotency_repeat' &&
      idempotencyKey !== undefined
    ) {
      const repeat = await repeatedTurn(store, idempotencyKey, print!);
      if (repeat) return repeat;
    }
    if (error instanceof StoreConflict) throw new HttpError(409, error.code, error.message);
    throw error;
  }
  checkpoint({ point: 'answer-after-commit', ...point });
  return { conversationId, runId };
}

function titleOf(message: string): string {
  const line = message.trim().split('\n')[0];
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
