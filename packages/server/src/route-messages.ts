// The words of routing.ts's reasons, for the model: why a form is shown in the conversation, or why it
// is shown nowhere and what to do instead. From the message catalog's `agent` part: Japanese by
// default (the seed's language), English for a form written in English.
import type { Locale } from '@formrequest/schema';
import { type AgentKey, agentText } from '@formrequest/schema/messages';
import type { RouteReason } from './routing.js';

/** The catalog entry of each reason: every reason routing.ts can give has one (the compiler checks). */
const REASON: Record<RouteReason['code'], AgentKey> = {
  'policy-never': 'routePolicyNever',
  'no-elicitation': 'routeNoElicitation',
  'form-does-not-fit': 'routeFormDoesNotFit',
  'no-url-elicitation': 'routeNoUrlElicitation',
  'url-mode-off': 'routeUrlModeOff',
  'page-unavailable': 'routePageUnavailable',
  unseen: 'routeUnseen',
};

function reasonText(reason: RouteReason, locale: Locale | undefined): string {
  if (reason.code === 'unseen') {
    return agentText(locale, 'routeUnseen', {
      action: reason.action,
      ms: String(Math.round(reason.ms)),
      threshold: String(reason.thresholdMs),
      where: agentText(locale, reason.page ? 'unseenNotOpened' : 'unseenDialog'),
    });
  }
  return agentText(locale, REASON[reason.code], {
    fields: 'fields' in reason ? reason.fields.join('\n') : '',
    error: 'error' in reason ? reason.error : '',
  });
}

/** The note of a conversation-mode result (why elicitation was not used), or undefined for none. */
export function conversationNote(reasons: RouteReason[], locale?: Locale): string | undefined {
  if (reasons.length === 0) return undefined;
  return reasonTexts(reasons, locale).join('\n');
}

/** Each reason as a sentence. */
export function reasonTexts(reasons: RouteReason[], locale?: Locale): string[] {
  return reasons.map((reason) => reasonText(reason, locale));
}

/** What to do when nothing can show a form (or a question): ask in the conversation, or use URL mode. */
export function nowhereFix(locale?: Locale): string {
  return agentText(locale, 'nowhereFix', { urlMode: nowhereUrlMode(locale) });
}

/** The way to show any form: URL mode (the second half of nowhereFix, on its own for `question`). */
export function nowhereUrlMode(locale?: Locale): string {
  return agentText(locale, 'nowhereUrlMode');
}

/** What the model is told when the form is shown nowhere: that, why, and what to do instead. */
export function nowhereMessage(title: string, reasons: RouteReason[], locale?: Locale): string {
  const unseen = reasons.some((reason) => reason.code === 'unseen');
  return [
    agentText(locale, 'nowhereHead', { title }),
    agentText(locale, 'nowhereBecause'),
    ...reasons.map((reason) => `- ${reasonText(reason, locale).replace(/\n/g, '\n  ')}`),
    unseen ? agentText(locale, 'unseenFix') : nowhereFix(locale),
  ].join('\n');
}
