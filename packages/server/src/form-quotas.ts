// How many forms may wait on the form page at once: on the server (every instance of it, counted in
// the store) and per MCP session (one client connection, counted here: a session stays in the process
// that holds it). Past either, the page is not offered and the form goes where routing sends a form
// without the page, with the reason (each form held costs memory and a person's attention).

import type { ServerConfig } from '@formrequest/internal/config';
import type { Locale } from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import type { PendingForms } from './pending-forms.js';

export const DEFAULT_MAX_PENDING_FORMS = 200;
export const DEFAULT_MAX_PENDING_FORMS_PER_SESSION = 20;

/** Each session's forms (keyed by its McpServer instance: one per session), pruned when settled. */
const bySession = new WeakMap<object, Set<string>>();

/** Why one more form may not wait on the page, in the form's language; undefined when it may. */
export async function pageQuotaProblem(
  forms: PendingForms,
  config: ServerConfig,
  session: object,
  locale: Locale | undefined,
): Promise<string | undefined> {
  const perSession = config.maxPendingFormsPerSession ?? DEFAULT_MAX_PENDING_FORMS_PER_SESSION;
  const ids = bySession.get(session);
  if (ids) {
    for (const id of [...ids]) {
      const form = await forms.get(id);
      if (!form || form.outcome) ids.delete(id);
    }
    if (ids.size >= perSession)
      return agentText(locale, 'pageQuotaSession', { count: ids.size, limit: perSession });
  }
  const limit = config.maxPendingForms ?? DEFAULT_MAX_PENDING_FORMS;
  const count = await forms.openCount();
  if (count >= limit) return agentText(locale, 'pageQuotaServer', { count, limit });
  return undefined;
}

/** Counts the form against its session until it is settled. */
export function holdForSession(session: object, formId: string): void {
  let ids = bySession.get(session);
  if (!ids) {
    ids = new Set();
    bySession.set(session, ids);
  }
  ids.add(formId);
}
