// laterWords: the on-demand words (messages/later.ts) by language. Its own module, so that only the
// on-demand parts of the renderer that read it carry it (messages.ts is in every first load).
import * as later from './messages/later.js';
import type { Locale } from './types.js';

export type LaterKey = keyof typeof later.ja;

/** The renderer's on-demand words (the file field, the search box) in `locale`, as one object. */
export function laterWords(locale: Locale | undefined): Readonly<Record<LaterKey, string>> {
  return locale === 'en' ? later.en : later.ja;
}
