// The words a form says things in: Japanese at once (the default language), English when an English
// form renders (english.js, loaded then). The English drawn with the form or soon after is FIRST; a
// word asked for before the rest arrives is the Japanese one for that moment, and the form writes its
// messages again once English is there (submit waits for it).
import { format, JA_FORM_WORDS, type Locale, type MessageKey } from '@formrequest/schema/core';

/**
 * English drawn with the form or soon after (buttons, empty selects, the cancel message). The fields that
 * fetch read theirs from laterWords, in their own chunk.
 */
export const FIRST: Partial<Record<MessageKey, string>> = {
  submit: 'Submit',
  cancel: 'Cancel',
  cancelled: 'Form input was cancelled.',
  choose: 'Choose…',
  suggestions: 'Suggestions:',
  loadError: 'Could not load the options.',
  remove: 'Remove {item}',
  invalidForm: 'This form cannot be shown',
};

let english: Readonly<Record<MessageKey, string>> | undefined;
let loading: Promise<void> | undefined;

/** The form word `key` in `locale`, its placeholders filled. */
export function say(locale: Locale | undefined, key: MessageKey, params?: Record<string, unknown>): string {
  return format((locale === 'en' && (english?.[key] ?? FIRST[key])) || JA_FORM_WORDS[key], params);
}

/** Loads the rest of English once; resolves when it is there (or could not be loaded). */
export function englishReady(): Promise<void> {
  loading ??= import('./english.js').then(
    (m) => {
      english = m.default;
    },
    () => {},
  );
  return loading;
}
