// The conversation loop of seed 000 on the backend: a message (or a form answer) starts a run; the
// agent's events are stored and streamed; a request_form result ends the turn with a pending form; the
// answer, re-validated here against that form, starts the next run.
import { randomUUID } from 'node:crypto';
import {
  cancelMessage,
  clampUtcOffset,
  type FormSchema,
  type Locale,
  readFormArgument,
  submitMessage,
  validateAnswers,
  validateFormSchema,
} from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import { FORM_META_KEY } from '@formrequest/server';
import type { Agent, AgentEventName, FormAnswer } from './agents/agent.js';
import type { EventBus } from './bus.js';
import { HttpError } from './errors.js';
import { deadLocalOwner, instanceName } from './instance.js';
import { FORM_TOOL } from './mcp.js';
import { type FormRow, type HostStore, type RunInput, type RunRow, StoreConflict } from './store/index.js';

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
}

export interface ExecuteResponse {
  conversationId: string;
  runId: string;
}

const MAX_MESSAGE_CHARS = 100_000;
const FILE_URL = /^\/api\/files\/([A-Za-z0-9-]+)$/;

export interface ConversationsOptions {
  /** This instance's name in run leases (default: instanceName(), host:pid:random). */
  owner?: string;
  /**
   * How long a run's lease holds without renewal (default 30 s). Leases are renewed, and unfinished
   * runs of other instances looked for, every third of it: a run whose instance died is taken over
   * within about 1.3 times this.
   */
  leaseMs?: number;
  /** Starts of one run (the first and the replays after crashes) before it is given up. */
  maxAttempts?: number;
}

export const DEFAULT_LEASE_MS = 30_000;

/** A run this instance is executing. */
interface LocalRun {
  task: Promise<void>;
  /** Aborted to stop the agent: the host shuts down, or another instance took the run over. */
  stop: AbortController;
  /** When the claim was committed (undefined until then): a renewal that started later must list it. */
  claimedAt?: number;
}

/**
 * Where a test may make the host die at once (kill -9 style), on the first attempt of a form answer's
 * turn: FORMREQUEST_TEST_CRASH_AT=answer-before-commit | answer-after-commit | agent-started |
 * agent-finished | run-finished. Never set outside tests.
 */
export type CrashPoint =
  | 'answer-before-commit'
  | 'answer-after-commit'
  | 'agent-started'
  | 'agent-finished'
  | 'run-finished';

function crashAt(point: CrashPoint): void {
  if (process.env.FORMREQUEST_TEST_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}

export class Conversations {
  private readonly running = new Map<string, LocalRun>();
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly leaseTimer: NodeJS.Timeout;
  private readonly stopHearingFreedRuns: () => void;
  private draining = false;
  private sweeping: Promise<number> | undefined;

  constructor(
    private readonly store: HostStore,
    private readonly bus: EventBus,
    private readonly agent: Agent,
    options: ConversationsOptions = {},
  ) {
    this.owner = options.owner ?? instanceName();
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.maxAttempts = options.maxAttempts ?? 3;
    // Every third of a lease: renew ours, and take the runs whose instance died (lease expired).
    this.leaseTimer = setInterval(() => {
      this.renew().catch(() => {});
      this.recover().catch(() => {});
    }, this.leaseMs / 3);
    this.leaseTimer.unref();
    // Another instance let go of its runs (it is shutting down): take them now, not at the next sweep.
    this.stopHearingFreedRuns = bus.onRunsFreed(() => {
      this.recover().catch(() => {});
    });
  }

  /** Runs this instance is executing now. */
  get activeRuns(): number {
    return this.running.size;
  }

  /** Whether close() has begun: no new turns are taken. */
  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * Delivers what a crash left undelivered: every run that was committed but not finished (an answer
   * accepted, then the host killed before or while the agent answered, here or on another instance) is
   * run again from the agent's last saved state, so the agent gets the message exactly once. Called at
   * start, every third of a lease, and when another instance lets go of runs. Returns how many it took.
   */
  recover(): Promise<number> {
    if (this.draining) return Promise.resolve(0);
    this.sweeping ??= this.sweep().finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  private async sweep(): Promise<number> {
    let taken = 0;
    for (const run of await this.store.unfinishedRuns()) {
      if (this.running.has(run.id) || this.draining) continue;
      // Free or expired by the store's clock, or held by a process of this machine that is gone (a
      // kill -9 leaves its lease running; there is no need to wait it out when the pid is dead).
      // claimRun decides in the store: of several instances sweeping at once, one gets it.
      const dead = run.owner !== null && deadLocalOwner(run.owner, this.owner);
      if (!run.leaseExpired && !dead && run.owner !== this.owner) continue;
      this.startRun(run.id, dead ? run.owner! : undefined);
      taken++;
    }
    return taken;
  }

  /** Renews our leases; a run the store no longer lists as ours was taken over: it is stopped here. */
  private async renew(): Promise<void> {
    if (this.running.size === 0) return;
    const asked = Date.now();
    const owned = new Set(await this.store.renewLeases(this.owner, this.leaseMs));
    for (const [runId, run] of this.running) {
      if (run.claimedAt !== undefined && run.claimedAt < asked && !owned.has(runId)) {
        run.stop.abort('lost');
      }
    }
  }

  /** Checks the request, commits the user's turn, starts the run and returns at once. */
  async execute(request: ExecuteRequest): Promise<ExecuteResponse> {
    if (this.draining) throw shuttingDown();
    const input = checkRequest(request);
    let conversationId = input.conversationId;
    let locale: Locale = input.locale ?? 'ja';
    if (conversationId !== undefined) {
      const conversation = await this.store.getConversation(conversationId);
      if (!conversation)
        throw new HttpError(404, 'conversation_not_found', `No conversation with id ${conversationId}.`);
      locale = input.locale ?? (conversation.locale as Locale);
    } else {
      conversationId = randomUUID();
    }

    let message: string;
    let form: RunInput['form'];
    let stored: { id: string; status: 'answered' | 'cancelled'; answer: unknown } | undefined;
    if (input.formId !== undefined) {
      const row = await this.pendingFormOrThrow(conversationId, input.formId);
      const schema = row.schema as unknown as FormSchema;
      if (input.cancel) {
        message = cancelMessage(locale);
        form = { id: row.id, outcome: 'cancelled' };
        stored = { id: row.id, status: 'cancelled', answer: null };
      } else {
        // The form's own clock: relative dates from its issue instant, in the person's zone if sent.
        const clock = { now: new Date(row.createdAt), utcOffset: clampUtcOffset(input.utcOffset) };
        const values = await this.checkAnswers(
          conversationId,
          row.id,
          schema,
          input.answers ?? {},
          locale,
          clock,
        );
        message = submitMessage(schema, values);
        form = { id: row.id, outcome: 'submitted', values };
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
      crashAt('answer-before-commit');
    }
    try {
      await this.store.beginTurn({
        conversationId,
        runId,
        title: titleOf(message),
        locale,
        message: userEvent,
        input: { message, locale, form },
        form: stored,
        owner: this.owner,
        leaseMs: this.leaseMs,
      });
    } catch (error) {
      if (error instanceof StoreConflict) throw new HttpError(409, error.code, error.message);
      throw error;
    }
    if (form) crashAt('answer-after-commit');
    this.bus.notify(conversationId);
    // Accepted while shutting down began: hand it over rather than start what close() would cut.
    if (this.draining) await this.store.releaseRun(runId, this.owner);
    else this.startRun(runId);
    return { conversationId, runId };
  }

  /** Waits for the runs in flight (tests, benchmarks, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()].map((r) => r.task));
  }

  /**
   * Stops taking part. New turns are refused at once (503, so a load balancer's retry goes to another
   * instance); runs in flight get `drainMs` to finish; the rest are stopped and let go of unfinished,
   * so another instance (told at once on PostgreSQL) or the next start answers them from the agent's
   * last saved state. Nothing a person sent is lost to a restart.
   */
  async close(options: { drainMs?: number } = {}): Promise<void> {
    this.draining = true;
    this.stopHearingFreedRuns();
    const drainMs = options.drainMs ?? 0;
    if (drainMs > 0 && this.running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.idle(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, drainMs);
        }),
      ]);
      clearTimeout(timer);
    }
    for (const run of this.running.values()) run.stop.abort('shutdown');
    await this.idle();
    clearInterval(this.leaseTimer);
  }

  private startRun(runId: string, takeFrom?: string): void {
    if (this.running.has(runId)) return;
    const local: LocalRun = { stop: new AbortController(), task: Promise.resolve() };
    local.task = (async () => {
      const run = await this.store.claimRun(runId, this.owner, this.leaseMs, { takeFrom });
      if (!run) return;
      local.claimedAt = Date.now();
      await this.runClaimed(run, local.stop);
    })()
      .catch((error) => console.error(`formrequest host: run ${runId}: ${(error as Error).message}`))
      .finally(() => this.running.delete(runId));
    this.running.set(runId, local);
  }

  private async pendingFormOrThrow(conversationId: string, formId: string): Promise<FormRow> {
    const row = await this.store.getForm(conversationId, formId);
    if (!row || row.status === 'asked')
      throw new HttpError(404, 'form_not_found', `No form ${formId} in conversation ${conversationId}.`);
    if (row.status !== 'pending') {
      throw new HttpError(
        409,
        'form_not_pending',
        `This form was already ${row.status}; it takes no more answers. Reload the conversation.`,
        { status: row.status },
      );
    }
    return row;
  }

  /**
   * Re-validates the answers against the pending form. File answers must be references to uploads the
   * host stored for this form and field; what they claim (name, type, size) must be what the host
   * measured, and the stored facts are what is checked (maxSize, accept) and what the agent is told.
   */
  private async checkAnswers(
    conversationId: string,
    formId: string,
    schema: FormSchema,
    answers: Record<string, unknown>,
    locale: Locale,
    clock: { now: Date; utcOffset?: number },
  ) {
    const fileErrors: Record<string, string> = Object.create(null);
    const given: Record<string, unknown> = { ...answers };
    for (const field of schema.fields) {
      if (field.type !== 'file' || !Object.hasOwn(answers, field.name)) continue;
      const value = answers[field.name];
      if (value === null || value === undefined) continue;
      const items = Array.isArray(value) ? value : [value];
      const facts: unknown[] = [];
      for (const item of items) {
        const problem = await this.storedFile(conversationId, formId, field.name, item, locale);
        if (typeof problem === 'string') {
          fileErrors[field.name] = problem;
          break;
        }
        facts.push(problem);
      }
      if (!fileErrors[field.name]) given[field.name] = Array.isArray(value) ? facts : facts[0];
    }
    const result = validateAnswers(schema, given, { locale, ...clock });
    // Without a prototype: an unknown key "__proto__" is reported like any other, not swallowed.
    const errors: Record<string, string> = Object.assign(Object.create(null), result.errors, fileErrors);
    for (const key of result.unknown) {
      errors[key] = agentText(locale, 'noSuchField');
    }
    if (Object.keys(errors).length > 0) {
      throw new HttpError(
        422,
        'invalid_answers',
        'The answers do not fit the form; see errors (field name -> message).',
        { errors },
      );
    }
    return result.values;
  }

  /** The stored facts of a file reference, or what is wrong with it. */
  private async storedFile(
    conversationId: string,
    formId: string,
    field: string,
    item: unknown,
    locale: Locale,
  ): Promise<{ name: string; type: string; size: number; url: string } | string> {
    const ref =
      item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    const match = typeof ref.url === 'string' ? FILE_URL.exec(ref.url) : null;
    const meta = match ? await this.store.getFileMeta(match[1]) : undefined;
    if (ref.data !== undefined || !meta || meta.conversationId !== conversationId) {
      return agentText(locale, 'fileNotUploadedApi');
    }
    if (meta.formId !== formId || meta.field !== field) {
      return agentText(locale, 'fileOtherForm', { field });
    }
    const claimed: Array<[string, unknown, unknown]> = [
      ['name', ref.name, meta.name],
      ['type', ref.type, meta.type],
      ['size', ref.size, meta.size],
    ];
    const wrong = claimed.filter(([, said, stored]) => said !== undefined && said !== stored);
    if (wrong.length > 0) {
      const list = wrong
        .map(([key, said, stored]) => `${key} ${JSON.stringify(said)} (stored: ${JSON.stringify(stored)})`)
        .join(', ');
      return agentText(locale, 'fileMismatchApi', { list });
    }
    return { name: meta.name, type: meta.type, size: meta.size, url: `/api/files/${meta.id}` };
  }

  /** The answer the run carries, with its form read from `forms` (where the schema is kept, once). */
  private async answeredForm(
    conversationId: string,
    answer: NonNullable<RunInput['form']>,
  ): Promise<FormAnswer> {
    // A run written by an earlier release kept the schema in its input: use it if the row is gone.
    const legacy = (answer as { schema?: Record<string, unknown> }).schema;
    const schema = (await this.store.getForm(conversationId, answer.id))?.schema ?? legacy;
    if (!schema) throw new Error(`The answered form ${answer.id} is no longer stored.`);
    return {
      id: answer.id,
      outcome: answer.outcome,
      values: answer.values,
      schema: schema as unknown as FormSchema,
    };
  }

  private async runClaimed(run: RunRow, stop: AbortController): Promise<void> {
    const { conversationId, id: runId, input } = run;
    const owner = this.owner;
    const firstAttempt = run.attempts === 1;
    const answering = input.form !== undefined;
    const notify = () => this.bus.notify(conversationId);
    if (run.attempts > this.maxAttempts) {
      await this.store.finishRun(conversationId, runId, this.owner, {
        status: 'failed',
        error: {
          type: 'error',
          message: `The host stopped ${run.attempts - 1} times while the agent was answering this message; it gives up. Send your message again (as text if it was a form).`,
        },
        result: { type: 'result', subtype: 'error_during_execution', is_error: true },
      });
      notify();
      return;
    }
    if (!firstAttempt) {
      await this.store.appendEvent(
        conversationId,
        runId,
        'error',
        {
          type: 'error',
          message: 'The host stopped while the agent was answering; the agent answers this message again.',
          retrying: true,
        },
        owner,
      );
      notify();
    }

    // Events are stored in the order the agent emits them, one after another.
    let chain: Promise<void> = Promise.resolve();
    let storeFailure: unknown;
    let started = false;
    let pendingFormId: string | undefined;
    const formCalls = new Map<string, { input: unknown; eventId?: number }>(); // tool_use id -> call
    const store = async (name: AgentEventName, data: Record<string, unknown>) => {
      if (name === 'tool_use' && data.name === FORM_TOOL) {
        const event = await this.store.appendEvent(
          conversationId,
          runId,
          name,
          { type: name, ...data },
          owner,
        );
        formCalls.set(String(data.id), { input: data.input, eventId: event.id });
      } else if (name === 'tool_result') {
        const call = formCalls.get(String(data.tool_use_id));
        const event = withFormMetadata(data, call?.input);
        const metadata = event._metadata as { type?: string; schema?: Record<string, unknown> } | undefined;
        if (metadata?.type === 'form_request' && !event.is_error && metadata.schema) {
          const { recorded } = await this.store.recordFormAsked({
            conversationId,
            runId,
            formId: String(event.tool_use_id),
            schema: metadata.schema,
            toolUseEventId: call?.eventId,
            toolResult: { type: name, ...event },
            owner,
          });
          if (recorded) pendingFormId = String(event.tool_use_id);
        } else {
          await this.store.appendEvent(conversationId, runId, name, { type: name, ...event }, owner);
        }
      } else {
        await this.store.appendEvent(conversationId, runId, name, { type: name, ...data }, owner);
      }
      notify();
      if (!started && answering && firstAttempt) {
        started = true;
        crashAt('agent-started');
      }
    };
    const emit = (name: AgentEventName, data: Record<string, unknown>) => {
      chain = chain
        .then(() => store(name, data))
        .catch((error) => {
          storeFailure ??= error;
          // Taken over by another instance: stop the agent instead of letting it talk to nobody.
          if (error instanceof StoreConflict && error.code === 'run_lost') stop.abort('lost');
        });
    };
    try {
      const state = (await this.store.getConversation(conversationId))?.agentState;
      const form = input.form ? await this.answeredForm(conversationId, input.form) : undefined;
      const output = await this.agent.runTurn({
        conversationId,
        message: input.message,
        locale: input.locale as Locale,
        form,
        state,
        emit,
        signal: stop.signal,
      });
      await chain;
      if (storeFailure) throw storeFailure;
      if (answering && firstAttempt) crashAt('agent-finished');
      const result: Record<string, unknown> = {
        type: 'result',
        subtype: output.subtype ?? 'success',
        is_error: false,
      };
      await this.store.finishRun(conversationId, runId, this.owner, {
        status: 'done',
        result,
        pendingFormId,
        agentState: output.state,
      });
      if (answering && firstAttempt) crashAt('run-finished');
    } catch (error) {
      await chain;
      if (stop.signal.reason === 'shutdown') {
        // Shutting down: the run is not over, it is handed to another instance or the next start.
        await this.store.releaseRun(runId, this.owner);
        return;
      }
      if (
        stop.signal.reason === 'lost' ||
        (error instanceof StoreConflict && error.code === 'run_lost') ||
        (storeFailure instanceof StoreConflict && storeFailure.code === 'run_lost')
      ) {
        // This instance was frozen or cut off past its lease and another one took the run: whatever
        // it did since is not stored, and the other instance answers the message.
        console.error(
          `formrequest host: run ${runId} was taken over by another instance; this one (${owner}) stopped it.`,
        );
        return;
      }
      const text = error instanceof Error ? error.message : String(error);
      await this.store.finishRun(conversationId, runId, this.owner, {
        status: 'failed',
        error: { type: 'error', message: text },
        result: { type: 'result', subtype: 'error_during_execution', is_error: true },
      });
    }
    notify();
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
  const argument = readFormArgument(input);
  return argument.ok ? validateFormSchema(argument.form).schema : undefined;
}

function shuttingDown(): HttpError {
  return new HttpError(
    503,
    'shutting_down',
    'This host instance is shutting down and takes no new turns; send again (another instance, or this one once restarted, takes it).',
  );
}

function checkRequest(body: ExecuteRequest): ExecuteRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(
      400,
      'bad_request',
      'Send a JSON object: {"conversationId"?, "message"} or {"conversationId", "formId", "answers"|"cancel": true}.',
    );
  }
  const { conversationId, message, formId, answers, cancel, locale, utcOffset } = body;
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

function titleOf(message: string): string {
  const line = message.trim().split('\n')[0];
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
