// Whether a decline or cancel came from a person or from a runtime that answers every elicitation by
// itself (headless Claude Code: `claude -p`, the Agent SDK without `onElicitation`, within ~10 ms). The
// rule, documented in the server README ("Nobody saw it"): an elicitation's decline or cancel that comes
// back faster than UNSEEN_ANSWER_MS after it was asked, on its first asking (a re-ask follows answers a
// person gave), and, in URL mode, with the form page never opened, is not a person's: the model is told
// that nobody could see the form, why, and what to do. Anything slower, or after the page was opened, is
// the person's decline or cancel.
import type { RouteReason } from './routing.js';

/** The reason a form is closed with when nobody could see it (its page keeps no listener up). */
export const UNSEEN_CLOSE_REASON = 'The client answered before anyone could see the form.';

/** Faster than this (ms) between asking and the answer, no person read the request. */
export const UNSEEN_ANSWER_MS = 1000;

export interface AnswerTiming {
  action: 'accept' | 'decline' | 'cancel';
  /** When the request was asked (ms), from the sealed requestState; unknown: a person's answer. */
  askedAt?: number;
  /** Which asking this is (0: the first). */
  attempt?: number;
  /** URL mode: whether the form page was ever opened. */
  pageOpened?: boolean;
  now?: number;
}

/** The `unseen` reason when the answer cannot be a person's, else undefined. */
export function unseenAnswer(timing: AnswerTiming): Extract<RouteReason, { code: 'unseen' }> | undefined {
  const { action, askedAt } = timing;
  if (action === 'accept' || askedAt === undefined) return undefined;
  if ((timing.attempt ?? 0) > 0 || timing.pageOpened === true) return undefined;
  const ms = Math.max(0, (timing.now ?? Date.now()) - askedAt);
  if (ms >= UNSEEN_ANSWER_MS) return undefined;
  return {
    code: 'unseen',
    action,
    ms,
    thresholdMs: UNSEEN_ANSWER_MS,
    ...(timing.pageOpened === false ? { page: true } : {}),
  };
}
