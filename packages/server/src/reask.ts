// Re-ask: nothing typed is lost to a cut call. A 2025 client that withdraws a call waiting on the form
// page (its request timeout, e.g. the v1 SDK's 60 s without resetTimeoutOnProgress; or a cancel) never
// gets our result: the model sees only the client's error, and usually calls the tool again with the
// same form. That call is the handle. Within the re-ask window, in the same MCP session:
//   - the person submitted (or declined, or cancelled) after the cut -> the call returns that at once,
//     without asking again;
//   - the page was opened and is still unanswered                    -> the call waits on that same page
//     (no new page, no new elicitation: the person keeps what they typed);
//   - the page was never opened                                      -> it is closed and asked anew.
// Meanwhile the page says that the call ended, keeps the form answerable and offers what was typed as
// text. Past the window, or once the session ends, the form closes (its page says nobody waits).
//
// Scope: the session is the McpServer instance of one 2025 connection (stdio) or one Mcp-Session-Id
// (HTTP), so the answers go to no other session and no other user; a session is sticky to the process
// that holds it, so this index is in memory even when the forms are in PostgreSQL (that process keeps
// the form's lease while it waits for the re-ask). "The same form" is the same checked form (and, for
// `question`, the same questions). A dropped connection (nobody left to re-ask) still closes the form
// at once, and 2026-07-28 calls (no session) are not kept.
import { createHash } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/server';
import { CONNECTION_CLOSED } from './mcp-routes.js';
import type { FormOutcome, PendingForm } from './pending-forms.js';
import type { FormRuntime } from './runtime.js';
import type { PageAsk } from './url-elicitation.js';

/** How long a cut call's form waits for the re-ask, by default: a person may take a while to finish. */
export const DEFAULT_REASK_WINDOW_MS = 30 * 60 * 1000;
export const REASK_EXPIRED = 'Nobody asked for the form again in time after the call ended.';
export const SESSION_ENDED = 'The client session that asked ended.';

interface Kept {
  formId: string;
  until: number;
  /** Aborted when the form is taken by a re-ask, expires, or the session ends. */
  stop: AbortController;
  taken: boolean;
}

/** Each session's cut forms by form key. */
const bySession = new WeakMap<McpServer, Map<string, Kept>>();

/** What makes two calls "the same form". */
export function formKey(ask: PageAsk): string {
  return createHash('sha256')
    .update(JSON.stringify([ask.schema, ask.questions ?? null]))
    .digest('base64url');
}

/**
 * Whether an aborted call was withdrawn by a client still there to re-ask: its cancel (a timeout or
 * the person's), not a dropped connection (http.ts cancels for it, with CONNECTION_CLOSED) nor a
 * transport that closed (the SDK aborts with an Error).
 */
export function withdrawnByClient(server: McpServer, reason: unknown): boolean {
  if (!server.isConnected() || reason === CONNECTION_CLOSED) return false;
  if (typeof reason === 'string') return true;
  return reason instanceof DOMException && reason.name === 'AbortError';
}

/**
 * The call waiting on `form` was cut: keeps the form for a re-ask from this session (the page says so),
 * or closes it when nobody can re-ask. Idempotent per form.
 */
export async function keepForReask(
  server: McpServer,
  runtime: FormRuntime,
  form: PendingForm,
  ask: PageAsk,
  reason: unknown,
): Promise<void> {
  const windowMs = runtime.reaskWindowMs;
  if (windowMs <= 0 || !withdrawnByClient(server, reason)) {
    await runtime.forms.settle(form.id, {
      action: 'closed',
      reason: 'The client cancelled the call or its connection closed.',
    });
    return;
  }
  const forms = sessionForms(server);
  const key = formKey(ask);
  const earlier = forms.get(key);
  if (earlier?.formId === form.id) return;
  earlier?.stop.abort();
  const at = Date.now();
  const kept: Kept = { formId: form.id, until: at + windowMs, stop: new AbortController(), taken: false };
  forms.set(key, kept);
  const timer = setTimeout(() => kept.stop.abort(), windowMs);
  timer.unref();
  kept.stop.signal.addEventListener(
    'abort',
    () => {
      clearTimeout(timer);
      if (forms.get(key) === kept) forms.delete(key);
      if (!kept.taken) {
        const why = server.isConnected() ? REASK_EXPIRED : SESSION_ENDED;
        runtime.forms.settle(form.id, { action: 'closed', reason: why }).catch(() => {});
      }
    },
    { once: true },
  );
  const text = typeof reason === 'string' && reason.trim() !== '' ? reason : 'The client cancelled the call.';
  await runtime.forms.setWithdrawn(form.id, { at, reason: text.slice(0, 200), until: kept.until });
  // A shared store: this process keeps the form's lease while the session may re-ask (the cut call's
  // own hold ended with it).
  if (!kept.stop.signal.aborted) runtime.forms.hold?.(form.id, kept.stop.signal);
}

export type Reask =
  /** The person answered after the cut: return it without asking again. */
  | { kind: 'answered'; form: PendingForm; outcome: Exclude<FormOutcome, { action: 'closed' }> }
  /** The page is open and unanswered: wait on it again. */
  | { kind: 'open'; form: PendingForm };

/** A re-ask of a cut form by this session within the window, taken (once); undefined otherwise. */
export async function takeReask(
  server: McpServer,
  runtime: FormRuntime,
  ask: PageAsk,
): Promise<Reask | undefined> {
  const forms = bySession.get(server);
  const key = formKey(ask);
  const kept = forms?.get(key);
  if (!forms || !kept) return undefined;
  forms.delete(key);
  kept.taken = Date.now() < kept.until;
  // Ends the window (and this process's lease on it: the re-ask's call holds the form from here).
  kept.stop.abort();
  const form = await runtime.forms.get(kept.formId);
  if (!kept.taken || !form) {
    if (form && !form.outcome)
      await runtime.forms.settle(form.id, { action: 'closed', reason: REASK_EXPIRED });
    return undefined;
  }
  if (form.outcome)
    return form.outcome.action === 'closed' ? undefined : { kind: 'answered', form, outcome: form.outcome };
  if (form.openedAt === undefined) {
    // Nobody has seen it: nothing typed to keep, so the form is simply asked anew.
    await runtime.forms.settle(form.id, { action: 'closed', reason: 'Asked again on a new page.' });
    return undefined;
  }
  if (!(await runtime.forms.setWithdrawn(form.id, undefined))) {
    // Settled meanwhile (the person submitted just now).
    const settled = await runtime.forms.get(form.id);
    return settled?.outcome && settled.outcome.action !== 'closed'
      ? { kind: 'answered', form: settled, outcome: settled.outcome }
      : undefined;
  }
  return { kind: 'open', form };
}

/** This session's kept forms; the first use hooks the session's end, which closes what is kept. */
function sessionForms(server: McpServer): Map<string, Kept> {
  let forms = bySession.get(server);
  if (forms) return forms;
  const made = new Map<string, Kept>();
  forms = made;
  bySession.set(server, made);
  const previous = server.server.onclose;
  server.server.onclose = () => {
    previous?.();
    for (const kept of [...made.values()]) kept.stop.abort();
  };
  return forms;
}
