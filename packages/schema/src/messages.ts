// The lookups of the message catalog (messages/ja.ts, messages/en.ts: every sentence a person or a
// model reads, Japanese by default, English for `en`). `{name}` placeholders are filled by format();
// values are inserted as plain text.
import * as en from './messages/en.js';
import * as ja from './messages/ja.js';
import type { Locale } from './types.js';
import { format } from './words.js';

/** The English form words, for a page that loads them when an English form needs them. */
/**
 * The form page's words by language, for a page that loads the English ones only when an English form
 * needs them (pageWords() holds both).
 */
export { form as EN_FORM_WORDS, page as EN_PAGE_WORDS } from './messages/en.js';
export { page as JA_PAGE_WORDS } from './messages/ja.js';
export type { Locale } from './types.js';
export { format, formLocale, resolveLocale } from './words.js';

export type MessageKey = keyof typeof ja.form;
export type AgentKey = keyof typeof ja.agent;
export type TerminalKey = keyof typeof ja.terminal;
export type PageKey = keyof typeof ja.page;
export type QuestionKey = keyof typeof ja.question;
export type ChatKey = keyof typeof ja.chat;
export type WidgetKey = keyof typeof ja.widget;

/** One part of the catalog in both languages, as the lookups below read it. */
type Part<K extends string> = Record<Locale, { readonly [key in K]: string }>;

const FORM: Part<MessageKey> = { ja: ja.form, en: en.form };

/** The form message `key` in `locale` (Japanese unless 'en'), with its placeholders filled. */
export function t(locale: Locale | undefined, key: MessageKey, params?: Record<string, unknown>): string {
  return format(FORM[locale === 'en' ? 'en' : 'ja'][key], params);
}

/** What a model reads (the tool's result text, the server's results and notes) in `locale`. */
export function agentText(
  locale: Locale | undefined,
  key: AgentKey,
  params?: Record<string, unknown>,
): string {
  return format((locale === 'en' ? en.agent : ja.agent)[key], params);
}

/**
 * The words of a `question` asked as a form in `locale` (its title, the one-answer message), with the
 * placeholders filled: what the Apps widget reads of the question's words, without the agent's.
 */
export function questionText(
  locale: Locale | undefined,
  key: QuestionKey,
  params?: Record<string, unknown>,
): string {
  return format((locale === 'en' ? en.question : ja.question)[key], params);
}

/** The terminal's words in `locale`, as one object (`words.keyMove`; templates go through format()). */
export function terminalWords(locale: Locale | undefined): Readonly<Record<TerminalKey, string>> {
  return locale === 'en' ? en.terminal : ja.terminal;
}

/** The words of the server's form page in `locale`, as one object. */
export function pageWords(locale: Locale | undefined): Readonly<Record<PageKey, string>> {
  return locale === 'en' ? en.page : ja.page;
}

/** The MCP Apps widget's words in `locale`, as one object (its own: the widget carries no page's words). */
export function widgetWords(locale: Locale | undefined): Readonly<Record<WidgetKey, string>> {
  return locale === 'en' ? en.widget : ja.widget;
}

/** The words of the reference chat app's page in `locale`, as one object. */
export function chatWords(locale: Locale | undefined): Readonly<Record<ChatKey, string>> {
  return locale === 'en' ? en.chat : ja.chat;
}

export { type LaterKey, laterWords } from './later-words.js';
