// The agent's events during a run, stored one after another in the order the agent emits them, each
// only while this instance still holds the run: a request_form call becomes a form asked (stored
// once), everything else an event. Streams are woken after each one.
import { type FormSchema, readFormArgument, validateFormSchema } from '@formrequest/schema';
import { FORM_META_KEY } from '@formrequest/server';
import type { AgentEventName } from '../agents/agent.js';
import { FORM_TOOL } from '../mcp.js';
import { type RunRow, StoreConflict } from '../store/index.js';
import type { RunContext } from './context.js';

export interface AgentEvents {
  /** What the agent calls for each event (never throws; a store failure is kept in `failure`). */
  emit(name: AgentEventName, data: Record<string, unknown>): void;
  /** Settles when every event emitted so far is stored (or failed). */
  stored(): Promise<void>;
  /** The first store failure, if any (then the rest was not stored). */
  readonly failure: unknown;
  /** The form the run asked for last (it is left pending when the run ends). */
  readonly pendingFormId: string | undefined;
}

/**
 * Stores the events of `run`. `first` is called once, after the first event is stored; a lost run
 * (another instance took it) aborts `stop`, so the agent stops instead of talking to nobody.
 */
export function agentEvents(
  context: Pick<RunContext, 'store' | 'bus' | 'owner'>,
  run: Pick<RunRow, 'id' | 'conversationId'>,
  stop: AbortController,
  first: () => void,
): AgentEvents {
  const { store, owner } = context;
  const { conversationId, id: runId } = run;
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown;
  let started = false;
  let pendingFormId: string | undefined;
  const formCalls = new Map<string, { input: unknown; eventId?: number }>(); // tool_use id -> call

  const save = async (name: AgentEventName, data: Record<string, unknown>) => {
    if (name === 'tool_use' && data.name === FORM_TOOL) {
      const event = await store.appendEvent(conversationId, runId, name, { type: name, ...data }, owner);
      formCalls.set(String(data.id), { input: data.input, eventId: event.id });
    } else if (name === 'tool_result') {
      const call = formCalls.get(String(data.tool_use_id));
      const event = withFormMetadata(data, call?.input);
      const metadata = event._metadata as { type?: string; schema?: Record<string, unknown> } | undefined;
      if (metadata?.type === 'form_request' && !event.is_error && metadata.schema) {
        const { recorded } = await store.recordFormAsked({
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
        await store.appendEvent(conversationId, runId, name, { type: name, ...event }, owner);
      }
    } else {
      await store.appendEvent(conversationId, runId, name, { type: name, ...data }, owner);
    }
    context.bus.notify(conversationId);
    if (!started) {
      started = true;
      first();
    }
  };

  return {
    emit(name, data) {
      chain = chain
        .then(() => save(name, data))
        .catch((error) => {
          failure ??= error;
          // Taken over by another instance: stop the agent instead of letting it talk to nobody.
          if (error instanceof StoreConflict && error.code === 'run_lost') stop.abort('lost');
          // The database went away: this attempt is cut and run again once it is back.
          else if (context.store.isTransient(error)) stop.abort('interrupted');
        });
    },
    stored: () => chain,
    get failure() {
      return failure;
    },
    get pendingFormId() {
      return pendingFormId;
    },
  };
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
