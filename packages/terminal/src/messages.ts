// The terminal's words are the `terminal` part of @formrequest/schema's message catalog (Japanese by
// default, English with locale 'en'); validation and answer messages are its `form` part. A template
// (`{n}件選択中`) is filled with say(). Key hints are built from the `key…` words, joined with ' · ',
// so each widget lists exactly the keys it has.
// From the catalog's own entry (not the package root), so the lean question bundle carries no more.
import { format, type Locale, laterWords, terminalWords } from '@formrequest/schema/messages';

export type UiLocale = Locale;

/** The terminal's words in `locale`. */
export const words = terminalWords;

/** The words of the fields that load their options (the catalog's on-demand part, shared with the web renderer). */
export const loadWords = laterWords;

/** A template of the catalog with its placeholders filled. */
export const say = format;

/** A key hint row from its parts. */
export function hint(...parts: (string | false | undefined)[]): string {
  return parts.filter(Boolean).join(' · ');
}
