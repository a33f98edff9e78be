// URL-mode elicitation: the form opens on the server's own form page, and the answers come back in the
// tool result. Written once for both eras with the SDK's `inputRequired`:
//
// 2026-07-28 (basic/patterns/mrtr, client/elicitation): round 1 opens a pending form and returns
//   `input_required` with `elicitation/create {mode: "url", url, message}` and a sealed requestState
//   naming the form. The client asks the person's consent, opens the URL and retries with the
//   elicitation result; the retry waits (sending progress) until the page is submitted, cancelled or
//   declined, and returns the outcome as the tool result.
// 2025-11-25 (client/elicitation): the SDK's shim sends `elicitation/create {mode: "url", url,
//   elicitationId, message}` on the held tools/call and re-enters the handler with the client's answer;
//   the handler then waits the same way, sends `notifications/elicitation/complete {elicitationId}` to
//   that client when the page is done, and returns the outcome in the same call.
//
// `accept` from the client only means the person agreed to open the page; `decline` and `cancel` there
// end the form at once. The page itself may then submit, cancel or decline.
import type { FormSchema, ResolvedQuestion } from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import {
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { flowState } from './flow-state.js';
import { holdForSession, pageQuotaProblem } from './form-quotas.js';
import type { FormOutcome, PendingForm } from './pending-forms.js';
import { plainLine } from './plain-text.js';
import { elapsedText, holdWhileAsking, protocolEra, releaseHold, startProgress } from './progress.js';
import { keepForReask, takeReask } from './reask.js';
import type { RouteReason } from './routing.js';
import type { FormRuntime } from './runtime.js';
import { UNSEEN_CLOSE_REASON, unseenAnswer } from './unseen.js';
import { SERVER_NAME } from './version.js';

const INPUT_KEY = 'page';

export interface PageAsk {
  schema: FormSchema;
  questions?: ResolvedQuestion[];
}

export type PageFlow =
  /** Return this to the client: it asks the person, opens the page and retries (or the shim does). */
  | { kind: 'ask'; result: InputRequiredResult }
  /** The page cannot be served: route the form elsewhere (routing.ts `page-unavailable`). */
  | { kind: 'unavailable'; error: string }
  /** The client answered the URL request before anyone could see it (unseen.ts). */
  | { kind: 'unseen'; reason: RouteReason }
  | { kind: 'done'; form: PendingForm; outcome: FormOutcome };

export async function askOnPage(
  server: McpServer,
  ctx: ServerContext,
  runtime: FormRuntime,
  ask: PageAsk,
): Promise<PageFlow> {
  releaseHold(ctx);
  const state = flowState(ctx);
  const response = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY);
  if (state.form === undefined || response.kind !== 'elicit') {
    // The same form again from a session whose call was cut: its page, or its answers (reask.ts).
    const again = protocolEra(server, ctx) === 'legacy' ? await takeReask(server, runtime, ask) : undefined;
    if (again?.kind === 'answered') {
      await runtime.forms.markDelivered(again.form.id).catch(() => {});
      return { kind: 'done', form: again.form, outcome: again.outcome };
    }
    if (again?.kind === 'open') {
      runtime.forms.hold?.(again.form.id, ctx.mcpReq.signal);
      return waitOnPage(server, ctx, runtime, again.form, ask);
    }
    return openPage(server, ctx, runtime, ask);
  }

  const form = await runtime.forms.get(state.form);
  if (!form) {
    return {
      kind: 'done',
      form: { ...ask, id: state.form, elicitationId: '', issuedAt: 0, expiresAt: 0, serverName: SERVER_NAME },
      outcome: { action: 'closed', reason: 'The form expired before it was answered.' },
    };
  }
  // The client's answer to the URL request: consent to open the page, or not.
  const unseen = unseenAnswer({
    action: response.action,
    askedAt: state.askedAt,
    pageOpened: form.openedAt !== undefined,
  });
  if (unseen) {
    await runtime.forms.settle(form.id, { action: 'closed', reason: UNSEEN_CLOSE_REASON });
    return { kind: 'unseen', reason: unseen };
  }
  if (response.action !== 'accept') {
    await runtime.forms.settle(form.id, { action: response.action });
    const settled = (await runtime.forms.get(form.id))?.outcome ?? { action: response.action };
    return { kind: 'done', form, outcome: settled };
  }
  return waitOnPage(server, ctx, runtime, form, ask);
}

/** Waits (sending progress) until the page is answered, and returns the outcome in this call. */
async function waitOnPage(
  server: McpServer,
  ctx: ServerContext,
  runtime: FormRuntime,
  form: PendingForm,
  ask: PageAsk,
): Promise<PageFlow> {
  const legacy = protocolEra(server, ctx) === 'legacy';
  const ticker = startProgress(ctx, runtime.progressIntervalMs, waitingText(ask, legacy, runtime));
  let outcome: FormOutcome;
  try {
    outcome = await runtime.forms.outcome(form.id, ctx.mcpReq.signal);
  } catch (error) {
    if (legacy) {
      // 2025: the client cut the call; its session may ask for the same form again (reask.ts).
      await keepForReask(server, runtime, form, ask, ctx.mcpReq.signal.reason);
    } else {
      // 2026-07-28: no session to re-ask in; nobody waits for this form any more.
      await runtime.forms.settle(form.id, { action: 'closed', reason: 'The client cancelled the call.' });
    }
    throw error;
  } finally {
    ticker.stop();
  }
  // This result carries the outcome to the client: the page now says it was delivered.
  await runtime.forms.markDelivered(form.id).catch(() => {});
  if (protocolEra(server, ctx) === 'legacy' && outcome.action !== 'closed') {
    // 2025-11-25: tell the client that started the elicitation that it is over (a MAY, sent once).
    await ctx.mcpReq
      .notify({
        method: 'notifications/elicitation/complete',
        params: { elicitationId: form.elicitationId },
      })
      .catch(() => {});
  }
  return { kind: 'done', form, outcome };
}

async function openPage(
  server: McpServer,
  ctx: ServerContext,
  runtime: FormRuntime,
  ask: PageAsk,
): Promise<PageFlow> {
  const over = await pageQuotaProblem(runtime.forms, runtime.config, server, ask.schema.locale);
  if (over) return { kind: 'unavailable', error: over };
  const clientName = callerName(server, ctx);
  const form = await runtime.forms.open({
    ...ask,
    serverName: SERVER_NAME,
    ...(clientName ? { clientName } : {}),
  });
  holdForSession(server, form.id);
  let url: string;
  try {
    url = await runtime.pageUrl(form.id);
  } catch (error) {
    await runtime.forms.settle(form.id, { action: 'closed', reason: 'The form page could not be served.' });
    return { kind: 'unavailable', error: (error as Error).message };
  }
  const legacy = protocolEra(server, ctx) === 'legacy';
  if (legacy) {
    // 2025: this one call holds the form from here on. Cancelled (or cut: http.ts) before the person
    // answers, even while the client is still being asked, this call cannot receive the answer.
    // A client that withdrew the call (a timeout, a cancel) may ask again: the form is kept for that
    // (reask.ts); a dropped connection or a closed session closes it.
    const signal = ctx.mcpReq.signal;
    const close = () => {
      keepForReask(server, runtime, form, ask, signal.reason).catch(() => {});
    };
    if (signal.aborted) close();
    else {
      signal.addEventListener('abort', close, { once: true });
      // With a shared store, other instances learn from the lease when this process is gone.
      runtime.forms.hold?.(form.id, signal);
    }
  }
  const params = {
    mode: 'url' as const,
    message: consentText(ask),
    url,
    // 2025-11-25 needs an elicitationId (the completion notification names it); 2026-07-28 removed it.
    ...(legacy ? { elicitationId: form.elicitationId } : {}),
  };
  const request = legacy
    ? { method: 'elicitation/create' as const, params }
    : inputRequired.elicitUrl({ message: params.message, url });
  const requestState = await runtime.stateCodec.mint({ form: form.id, askedAt: Date.now() }, ctx);
  // On 2025 the call stays open while the client asks the person: keep it alive meanwhile.
  holdWhileAsking(server, ctx, runtime.progressIntervalMs, waitingText(ask, legacy, runtime));
  return {
    kind: 'ask',
    result: inputRequired({ inputRequests: { [INPUT_KEY]: request as never }, requestState }),
  };
}

/** The calling client's name (2026-07-28: the request's envelope; 2025: initialize), cut short. */
function callerName(server: McpServer, ctx: ServerContext): string | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const info = (envelope?.['io.modelcontextprotocol/clientInfo'] ?? server.server.getClientVersion()) as
    | { name?: unknown; title?: unknown }
    | undefined;
  const name = typeof info?.title === 'string' ? info.title : info?.name;
  return typeof name === 'string' && name.trim() !== '' ? plainLine(name).trim().slice(0, 60) : undefined;
}

/**
 * What the client shows beside the URL when it asks whether to open it: one line, with no control or
 * bidi-control characters from the form (a client may print it to a terminal or a native dialog).
 */
function consentText(ask: PageAsk): string {
  const { locale } = ask.schema;
  const title = plainLine(ask.schema.title);
  if (!ask.questions) return agentText(locale, 'consentForm', { title });
  const questions = ask.questions
    .map((q) => plainLine(q.question))
    .join(agentText(locale, 'consentQuestionsJoin'));
  return agentText(locale, 'consentQuestions', { questions });
}

/** Told with every progress message of a 2025 wait: how to get the answers if the call is cut. */
function reaskHint(ask: PageAsk, windowMs: number): string {
  return agentText(ask.schema.locale, 'reaskHint', {
    tool: ask.questions ? 'question' : 'request_form',
    minutes: Math.max(1, Math.round(windowMs / 60_000)),
  });
}

/**
 * The progress message of a page wait. On 2025 a cut call keeps its form for a re-ask from the moment
 * the client is asked (openPage), so every message of the wait carries the hint, the first included.
 */
function waitingText(ask: PageAsk, legacy: boolean, runtime: FormRuntime): (elapsedMs: number) => string {
  const locale = ask.schema.locale;
  const hint = legacy && runtime.reaskWindowMs > 0 ? reaskHint(ask, runtime.reaskWindowMs) : '';
  return (elapsed) => agentText(locale, 'waitingPageFor', { elapsed: elapsedText(elapsed, locale) }) + hint;
}
