// The one place that decides, per call, where a form is shown (DESIGN.md, "Where a form is shown").
// A pure function of the server's policy, the call's `mode`, what the client declared, whether the
// form fits form-mode elicitation and whether the form page can be served; the tools act on its answer
// and route-messages.ts words its reasons. The decision table in the server README is this function.
//
//   1. the client renders MCP Apps                          -> apps (the widget shows the form)
//   2. policy `never`, or the call says mode "never"        -> conversation (the host renders the call)
//   3. form-mode elicitation declared and the form fits     -> form-elicitation (the client's dialog)
//   4. URL-mode elicitation declared, URL mode allowed,
//      the form page can be served                          -> url-elicitation (our form page)
//   5. otherwise                                            -> nowhere (the model is told, with the fix)
import type { ElicitationPolicy } from '@formrequest/internal/config';

export type Surface = 'apps' | 'conversation' | 'form-elicitation' | 'url-elicitation' | 'nowhere';

/** Why a richer or other surface was not used; route-messages.ts says each in words. */
export type RouteReason =
  | { code: 'policy-never' }
  | { code: 'no-elicitation' }
  | { code: 'form-does-not-fit'; fields: string[] }
  | { code: 'no-url-elicitation' }
  | { code: 'url-mode-off' }
  | { code: 'page-unavailable'; error: string };

export interface RouteInput {
  /** The server's policy (`--elicitation`). */
  policy: ElicitationPolicy;
  /** Whether the server may send forms to its page through URL-mode elicitation (`--url-mode`). */
  urlMode: boolean;
  /** The call's own `mode` argument, if any. */
  callMode?: ElicitationPolicy;
  client: { apps: boolean; formElicitation: boolean; urlElicitation: boolean };
  /** Whether the form maps onto form-mode elicitation, and if not, why (one sentence per field). */
  fit: { ok: true } | { ok: false; reasons: string[] };
  /** Why the form page cannot be served, when it cannot; only consulted for URL mode. */
  pageError?: string;
}

export interface Route {
  surface: Surface;
  /** For `conversation` and `nowhere`: why the client's own surfaces were not used. */
  reasons: RouteReason[];
}

export function decideRoute(input: RouteInput): Route {
  if (input.client.apps) return { surface: 'apps', reasons: [] };
  if (input.policy === 'never') {
    // A call that asked for elicitation is told why it did not get it; a plain call needs no note.
    return { surface: 'conversation', reasons: input.callMode === 'auto' ? [{ code: 'policy-never' }] : [] };
  }
  if (input.callMode === 'never') return { surface: 'conversation', reasons: [] };
  const { client } = input;
  if (client.formElicitation && input.fit.ok) return { surface: 'form-elicitation', reasons: [] };
  const reasons: RouteReason[] = [];
  if (!client.formElicitation && !client.urlElicitation) reasons.push({ code: 'no-elicitation' });
  else if (!input.fit.ok && client.formElicitation) {
    reasons.push({ code: 'form-does-not-fit', fields: input.fit.reasons });
  }
  if (client.urlElicitation) {
    if (!input.urlMode) reasons.push({ code: 'url-mode-off' });
    else if (input.pageError !== undefined)
      reasons.push({ code: 'page-unavailable', error: input.pageError });
    else return { surface: 'url-elicitation', reasons: [] };
  } else if (client.formElicitation) {
    reasons.push({ code: 'no-url-elicitation' });
  }
  return { surface: 'nowhere', reasons };
}
