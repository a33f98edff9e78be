// One attempt of a claimed run: the agent answers the run's input from its last saved state, its
// events are stored as they come (agent-events.ts), and the run ends in the store (done or failed),
// is handed over (shutting down), or is left to the instance that took it over. An attempt the
// database cut (a restart mid-run) is reported 'interrupted' for local-runs.ts to run it again.
import type { Locale } from '@formrequest/schema';
import { type RunRow, StoreConflict } from '../store/index.js';
import { agentEvents } from './agent-events.js';
import { type Checkpoint, checkpoint } from './checkpoints.js';
import type { RunContext } from './context.js';
import { answeredForm } from './form-answer.js';

const FAILED = { type: 'result', subtype: 'error_during_execution', is_error: true };

/**
 * Runs the claimed `run` to its end; `halt` aborts it ('shutdown': hand it over; 'lost': taken).
 * `storeRetries`: the times the database cut this run here before (they do not count as crashes);
 * past `maxStoreRetries` a cut fails the run. 'interrupted': the database went away; run it again.
 */
export async function runClaimed(
  context: RunContext,
  run: RunRow,
  halt: AbortController,
  storeRetries = 0,
  maxStoreRetries = 0,
): Promise<'ended' | 'interrupted'> {
  // This attempt's own switch: the host's (shutdown, lost) reaches it, and a store failure cuts it.
  const stop = new AbortController();
  const forward = () => stop.abort(halt.signal.reason);
  if (halt.signal.aborted) forward();
  else halt.signal.addEventListener('abort', forward, { once: true });
  try {
    return await attempt(context, run, stop, storeRetries, maxStoreRetries);
  } finally {
    halt.signal.removeEventListener('abort', forward);
  }
}

async function attempt(
  context: RunContext,
  run: RunRow,
  stop: AbortController,
  storeRetries: number,
  maxStoreRetries: number,
): Promise<'ended' | 'interrupted'> {
  const { store, owner } = context;
  const { conversationId, id: runId, input } = run;
  const notify = () => context.bus.notify(conversationId);
  const reached = (point: Checkpoint) =>
    checkpoint({ point, conversationId, runId, answering: input.form !== undefined, attempt: run.attempts });
  if (run.attempts - storeRetries > context.maxAttempts) {
    await store.finishRun(conversationId, runId, owner, {
      status: 'failed',
      error: {
        type: 'error',
        message: `The host stopped ${run.attempts - 1} times while the agent was answering this message; it gives up. Send your message again (as text if it was a form).`,
      },
      result: FAILED,
    });
    notify();
    return 'ended';
  }
  if (run.attempts > 1) {
    // The run id tells a client which events to drop: the replay says them again.
    const retrying = {
      type: 'error',
      message:
        storeRetries > 0
          ? 'The store failed while the agent was answering (the database restarted, or its disk was full); now that it answers again, the agent answers this message again.'
          : 'The host stopped while the agent was answering; the agent answers this message again.',
      retrying: true,
      runId,
      attempt: run.attempts,
    };
    await store.appendEvent(conversationId, runId, 'error', retrying, owner);
    notify();
  }

  const events = agentEvents(context, run, stop, () => reached('agent-started'));
  try {
    const state = (await store.getConversation(conversationId))?.agentState;
    const form = input.form ? await answeredForm(store, conversationId, input.form) : undefined;
    const output = await context.agent.runTurn({
      conversationId,
      message: input.message,
      locale: input.locale as Locale,
      form,
      state,
      emit: events.emit,
      signal: stop.signal,
    });
    await events.stored();
    if (events.failure) throw events.failure;
    reached('agent-finished');
    await store.finishRun(conversationId, runId, owner, {
      status: 'done',
      result: { type: 'result', subtype: output.subtype ?? 'success', is_error: false },
      pendingFormId: events.pendingFormId,
      agentState: output.state,
    });
    reached('run-finished');
  } catch (error) {
    await events.stored();
    if (stop.signal.reason === 'shutdown') {
      // Shutting down: the run is not over, it is handed to another instance or the next start.
      await store.releaseRun(runId, owner);
      return 'ended';
    }
    const cut =
      stop.signal.reason === 'interrupted' || store.isTransient(error) || store.isTransient(events.failure);
    if (cut && stop.signal.reason !== 'lost' && storeRetries < maxStoreRetries) return 'interrupted';
    if (cut && stop.signal.reason !== 'lost') {
      // Past the retries: a failed run with the reason, if the store takes even that.
      await store
        .finishRun(conversationId, runId, owner, {
          status: 'failed',
          error: {
            type: 'error',
            message: `The store failed ${storeRetries + 1} times while the agent was answering this message (${errorText(error)}); the host gives up. Send your message again once the service is back.`,
          },
          result: FAILED,
        })
        .catch(() => {});
      notify();
      return 'ended';
    }
    if (stop.signal.reason === 'lost' || isRunLost(error) || isRunLost(events.failure)) {
      // This instance was frozen or cut off past its lease and another one took the run: whatever
      // it did since is not stored, and the other instance answers the message.
      console.error(
        `formrequest host: run ${runId} was taken over by another instance; this one (${owner}) stopped it.`,
      );
      return 'ended';
    }
    const text = errorText(error);
    await store.finishRun(conversationId, runId, owner, {
      status: 'failed',
      error: { type: 'error', message: text },
      result: FAILED,
    });
  }
  notify();
  return 'ended';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isRunLost(error: unknown): boolean {
  return error instanceof StoreConflict && error.code === 'run_lost';
}
