// The per-call `mode` argument of request_form. It can only narrow what the server's policy allows:
// "never" keeps a call in the conversation; "auto" asks for the client's own surfaces, which the server
// uses only when its policy (`--elicitation auto`) allows them (routing.ts).

import { ELICITATION_POLICIES, type ElicitationPolicy } from '@formrequest/internal/config';
import { isPlainObject, type Locale } from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';

export type ModeChoice = { ok: true; mode?: ElicitationPolicy } | { ok: false; message: string };

export function chooseMode(args: unknown, locale: Locale = 'ja'): ModeChoice {
  const raw = isPlainObject(args) ? args.mode : undefined;
  if (raw === undefined || raw === null) return { ok: true };
  if (ELICITATION_POLICIES.includes(raw as ElicitationPolicy))
    return { ok: true, mode: raw as ElicitationPolicy };
  return { ok: false, message: agentText(locale, 'badMode', { value: JSON.stringify(raw) }) };
}

export const MODE_JSON_SCHEMA = {
  type: 'string',
  enum: ELICITATION_POLICIES,
  description: "Usually omit. auto: the client's own form UI if the server allows (answers in this result).",
};
