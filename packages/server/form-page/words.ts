// The page's words in the form's language. Japanese, the default, is in the page script; the English
// words are a module of their own (english.ts, built into its own file beside the script by
// scripts/build-form-page.mjs), imported only for an English form, as the renderer loads its own.
import type { Locale } from '@formrequest/schema/core';
import { JA_PAGE_WORDS, type PageKey } from '@formrequest/schema/messages';

export type PageWords = Readonly<Record<PageKey, string>>;

export async function pageWordsIn(locale: Locale): Promise<PageWords> {
  return locale === 'en' ? (await import('./english.js')).EN_PAGE_WORDS : JA_PAGE_WORDS;
}
