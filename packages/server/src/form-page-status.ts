// GET /forms/<id>/status: what became of a form, for the page that shows it, so the page tells the
// person the truth at once: answered elsewhere, withdrawn by the client (a timeout, a cancel), expired,
// and, after a submit, whether a tool result has carried the answer to the client yet (else: "go back to
// <client> and continue"). A call cut by its client leaves the form `withdrawn` for a while: still
// answerable, for a re-ask of the same form (reask.ts). A long poll: `?wait=open` and `?wait=withdrawn`
// hold the answer until the form's state is another, `?wait=undelivered` until its outcome is
// delivered, each for at most STATUS_WAIT_MS; the page asks again at once.
import type { Context } from 'hono';
import type { FormPageContext } from './form-page-context.js';
import type { PendingForm } from './pending-forms.js';

/** The longest a status request is held (under the usual 30-60 s proxy idle limits). */
export const STATUS_WAIT_MS = 20_000;
const DELIVERY_POLL_MS = 300;

export interface FormStatus {
  state: 'open' | 'withdrawn' | 'accept' | 'cancel' | 'decline' | 'closed' | 'gone';
  /** A tool result carried the outcome to the client. */
  delivered: boolean;
  /** The client that asked, when it named itself. */
  client?: string;
  /** Why a closed form closed, or why a withdrawn one's call ended. */
  reason?: string;
  /** Withdrawn: until when (ms) a re-ask receives the form and its answer. */
  until?: number;
}

export function statusOf(form: PendingForm | undefined): FormStatus {
  if (!form) return { state: 'gone', delivered: false };
  const outcome = form.outcome;
  const withdrawn = outcome ? undefined : form.withdrawn;
  return {
    state: outcome?.action ?? (withdrawn ? 'withdrawn' : 'open'),
    delivered: form.deliveredAt !== undefined,
    ...(form.clientName ? { client: form.clientName } : {}),
    ...(outcome?.action === 'closed' ? { reason: outcome.reason } : {}),
    ...(withdrawn ? { reason: withdrawn.reason, until: withdrawn.until } : {}),
  };
}

export async function statusRoute(c: Context, page: FormPageContext): Promise<Response> {
  const id = c.req.param('id')!;
  const wait = c.req.query('wait');
  const signal = AbortSignal.any([c.req.raw.signal, AbortSignal.timeout(STATUS_WAIT_MS)]);
  let form = await page.forms.get(id);
  if (wait === 'open' || wait === 'withdrawn') {
    while (!signal.aborted && form && statusOf(form).state === wait) {
      // Listening before reading again: a change between the two is not missed.
      const stop = new AbortController();
      const both = AbortSignal.any([signal, stop.signal]);
      const change = page.forms.changed(id, both);
      // A settle is also heard through outcome(), which a shared store re-reads on its own while its
      // LISTEN connection is down.
      const settled = page.forms.outcome(id, both).catch(() => {});
      form = await page.forms.get(id);
      if (form && statusOf(form).state === wait) await Promise.race([change, settled]);
      stop.abort();
      form = await page.forms.get(id);
    }
  } else if (wait === 'undelivered' && form?.outcome && form.deliveredAt === undefined) {
    while (!signal.aborted && form?.outcome && form.deliveredAt === undefined) {
      await new Promise((resolve) => setTimeout(resolve, DELIVERY_POLL_MS));
      form = await page.forms.get(id);
    }
  }
  return c.json(statusOf(form), 200, { 'Cache-Control': 'no-store' });
}
