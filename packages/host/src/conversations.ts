// The conversation loop of seed 000 on the backend: a message (or a form answer) starts a run; the
// agent's events are stored and streamed; a request_form result ends the turn with a pending form; the
// answer, re-validated here against that form, starts the next run.
import { randomUUID } from 'node:crypto';
import {
  cancelMessage,
  type FormSchema,
  type Locale,
  submitMessage,
  validateAnswers,
  validateFormSchema,
} from '@formrequest/schema';
import { FORM_META_KEY } from '@formrequest/server';
import type { Agent, AgentEventName, FormAnswer } from './agents/agent.js';
import type { EventBus } from './bus.js';
import { HttpError } from './errors.js';
import { FORM_TOOL } from './mcp.js';
import { type FormRow, type Store, StoreConflict } from './store.js';

export interface ExecuteRequest {
  conversationId?: string;
  /** Free text from the person. */
  message?: string;
  /** Answers a pending form: its id (the request_form tool_use id) and the values, or cancel. */
  formId?: string;
  answers?: Record<string, unknown>;
  cancel?: boolean;
  locale?: Locale;
}

export interface ExecuteResponse {
  conversationId: string;
  runId: string;
}

const MAX_MESSAGE_CHARS = 100_000;
const FILE_URL = /^\/api\/files\/([A-Za-z0-9-]+)$/;

export class Conversations {
  private readonly running = new Map<string, Promise<void>>();
  private readonly shutdown = new AbortController();

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly agent: Agent,
  ) {}

  /** Checks the request, commits the user's turn, starts the run and returns at once. */
  execute(request: ExecuteRequest): ExecuteResponse {
    const input = checkRequest(request);
    let conversationId = input.conversationId;
    let locale: Locale = input.locale ?? 'ja';
    if (conversationId !== undefined) {
      const conversation = this.store.getConversation(conversationId);
      if (!conversation)
        throw new HttpError(404, 'conversation_not_found', `No conversation with id ${conversationId}.`);
      locale = input.locale ?? (conversation.locale as Locale);
    } else {
      conversationId = randomUUID();
    }

    let message: string;
    let form: FormAnswer | undefined;
    let stored: { id: string; status: 'answered' | 'cancelled'; answer: unknown } | undefined;
    if (input.formId !== undefined) {
      const row = this.pendingFormOrThrow(conversationId, input.formId);
      const schema = row.schema as unknown as FormSchema;
      if (input.cancel) {
        message = cancelMessage(locale);
        form = { id: row.id, schema, outcome: 'cancelled' };
        stored = { id: row.id, status: 'cancelled', answer: null };
      } else {
        const values = this.checkAnswers(conversationId, schema, input.answers ?? {}, locale);
        message = submitMessage(schema, values);
        form = { id: row.id, schema, outcome: 'submitted', values };
        stored = { id: row.id, status: 'answered', answer: values };
      }
    } else {
      message = input.message!;
    }

    const runId = randomUUID();
    const userEvent: Record<string, unknown> = { type: 'user_message', text: message };
    if (form) {
      userEvent.form_id = form.id;
      userEvent.form_outcome = form.outcome;
    }
    try {
      this.store.beginTurn({
        conversationId,
        runId,
        title: titleOf(message),
        locale,
        message: userEvent,
        form: stored,
      });
    } catch (error) {
      if (error instanceof StoreConflict) throw new HttpError(409, error.code, error.message);
      throw error;
    }
    this.bus.notify(conversationId);
    const run = this.run(conversationId, runId, message, locale, form).finally(() =>
      this.running.delete(runId),
    );
    this.running.set(runId, run);
    return { conversationId, runId };
  }

  /** Waits for the runs in flight (tests, benchmarks, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** Stops taking part: aborts the runs in flight and waits for them to close. */
  async close(): Promise<void> {
    this.shutdown.abort();
    await this.idle();
  }

  private pendingFormOrThrow(conversationId: string, formId: string): FormRow {
    const row = this.store.getForm(conversationId, formId);
    if (!row)
      throw new HttpError(404, 'form_not_found', `No form ${formId} in conversation ${conversationId}.`);
    if (row.status !== 'pending') {
      throw new HttpError(
        409,
        'form_not_pending',
        `This form was already ${row.status}; it takes no more answers. Reload the conversation.`,
        {
          status: row.status,
        },
      );
    }
    return row;
  }

  private checkAnswers(
    conversationId: string,
    schema: FormSchema,
    answers: Record<string, unknown>,
    locale: Locale,
  ) {
    const result = validateAnswers(schema, answers, { locale });
    // Without a prototype: an unknown key "__proto__" is reported like any other, not swallowed.
    const errors: Record<string, string> = Object.assign(Object.create(null), result.errors);
    for (const key of result.unknown) {
      errors[key] = locale === 'en' ? 'This form has no such field.' : 'このフォームにない項目です。';
    }
    for (const field of schema.fields) {
      if (field.type !== 'file') continue;
      const value = result.values[field.name];
      const files = value === undefined ? [] : Array.isArray(value) ? value : [value];
      for (const file of files as Array<{ url?: string; data?: string }>) {
        const match = typeof file.url === 'string' ? FILE_URL.exec(file.url) : null;
        const stored = match ? this.store.getFile(match[1]) : undefined;
        if (file.data !== undefined || !stored || stored.conversationId !== conversationId) {
          errors[field.name] =
            locale === 'en'
              ? 'Upload the file with POST /api/files first and send its {name, type, size, url} reference.'
              : 'ファイルは POST /api/files で先にアップロードし、その参照 {name, type, size, url} を送ってください。';
        }
      }
    }
    if (Object.keys(errors).length > 0) {
      throw new HttpError(
        422,
        'invalid_answers',
        'The answers do not fit the form; see errors (field name -> message).',
        {
          errors,
        },
      );
    }
    return result.values;
  }

  private async run(
    conversationId: string,
    runId: string,
    message: string,
    locale: Locale,
    form?: FormAnswer,
  ) {
    let pendingForm: { id: string; schema: Record<string, unknown> } | undefined;
    const formCalls = new Map<string, unknown>(); // request_form tool_use id -> its input
    const emit = (name: AgentEventName, data: Record<string, unknown>) => {
      if (name === 'tool_use' && data.name === FORM_TOOL) formCalls.set(String(data.id), data.input);
      const event =
        name === 'tool_result' ? withFormMetadata(data, formCalls.get(String(data.tool_use_id))) : data;
      const metadata = event._metadata as { type?: string; schema?: Record<string, unknown> } | undefined;
      if (name === 'tool_result' && metadata?.type === 'form_request' && !event.is_error && metadata.schema) {
        pendingForm = { id: String(event.tool_use_id), schema: metadata.schema };
      }
      this.store.appendEvent(conversationId, runId, name, { type: name, ...event });
      this.bus.notify(conversationId);
    };
    try {
      const state = this.store.getConversation(conversationId)?.agentState;
      const output = await this.agent.runTurn({
        conversationId,
        message,
        locale,
        form,
        state,
        emit,
        signal: this.shutdown.signal,
      });
      const result: Record<string, unknown> = {
        type: 'result',
        subtype: output.subtype ?? 'success',
        is_error: false,
      };
      if (pendingForm) result.pending_form = pendingForm;
      this.store.finishRun(conversationId, runId, {
        status: 'done',
        result,
        pendingForm,
        agentState: output.state,
      });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.store.appendEvent(conversationId, runId, 'error', { type: 'error', message: text });
      this.store.finishRun(conversationId, runId, {
        status: 'failed',
        result: { type: 'result', subtype: 'error_during_execution', is_error: true },
      });
    }
    this.bus.notify(conversationId);
  }
}

/**
 * The tool_result event as DESIGN.md has it: `_metadata` from the tool's result, or rebuilt where the
 * runtime dropped it (the Claude Agent SDK does): the form from the result's `_meta` (the server puts
 * the checked form there), else from the request_form call's own input, checked the way the server
 * checks it. `structuredContent` (what the model read) and `_meta` are not stored with the event.
 */
export function withFormMetadata(
  data: Record<string, unknown>,
  callInput?: unknown,
): Record<string, unknown> {
  const { structuredContent, _meta, ...rest } = data as {
    structuredContent?: Record<string, unknown>;
    _meta?: Record<string, unknown>;
  } & Record<string, unknown>;
  if (
    rest._metadata === undefined &&
    structuredContent?.type === 'form_request' &&
    structuredContent.status === 'waiting_for_input' &&
    rest.is_error !== true
  ) {
    const schema = _meta?.[FORM_META_KEY] ?? formOfCall(callInput);
    if (schema !== undefined) rest._metadata = { type: 'form_request', schema, status: 'waiting_for_input' };
  }
  if (rest._metadata === undefined) delete rest._metadata;
  return rest;
}

/** The form of a request_form call input, as the server would show it; undefined when it is not valid. */
function formOfCall(input: unknown): FormSchema | undefined {
  const form =
    input && typeof input === 'object' ? (input as { form_schema?: unknown }).form_schema : undefined;
  if (form === undefined) return undefined;
  return validateFormSchema(typeof form === 'string' ? safeParse(form) : form).schema;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function checkRequest(body: ExecuteRequest): ExecuteRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(
      400,
      'bad_request',
      'Send a JSON object: {"conversationId"?, "message"} or {"conversationId", "formId", "answers"|"cancel": true}.',
    );
  }
  const { conversationId, message, formId, answers, cancel, locale } = body;
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

function titleOf(message: string): string {
  const line = message.trim().split('\n')[0];
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
