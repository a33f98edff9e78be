// The lookups of the message catalog (messages/ja.ts, messages/en.ts: every sentence a person or a
// model reads, Japanese by default, English for `en`). `{name}` placeholders are filled by format();
// values are inserted as plain text.
import * as en from './messages/en.js';
import * as ja from './messages/ja.js';
import type { Locale } from './types.js';

export type { Locale } from './types.js';

export type MessageKey = keyof typeof ja.form;
export type AgentKey = keyof typeof ja.agent;
export type TerminalKey = keyof typeof ja.terminal;
export type PageKey = keyof typeof ja.page;
export type ChatKey = keyof typeof ja.chat;

/** One part of the catalog in both languages, as the lookups below read it. */
type Part<K extends string> = Record<Locale, { readonly [key in K]: string }>;

const FORM: Part<MessageKey> = { ja: ja.form, en: en.form };

/** Fills a message template; `{x}` without a value stays as written. */
export function format(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}

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

/** The terminal's words in `locale`, as one object (`words.keyMove`; templates go through format()). */
export function terminalWords(locale: Locale | undefined): Readonly<Record<TerminalKey, string>> {
  return locale === 'en' ? en.terminal : ja.terminal;
}

/** The words of the server's form page and Apps widget in `locale`, as one object. */
export function pageWords(locale: Locale | undefined): Readonly<Record<PageKey, string>> {
  return locale === 'en' ? en.page : ja.page;
}

/** The words of the reference chat app's page in `locale`, as one object. */
export function chatWords(locale: Locale | undefined): Readonly<Record<ChatKey, string>> {
  return locale === 'en' ? en.chat : ja.chat;
}

export function resolveLocale(...candidates: unknown[]): Locale {
  for (const c of candidates) if (c === 'en' || c === 'ja') return c;
  return 'ja';
}

/**
 * The language a form is written in: its own `locale`; else Japanese when its title, description,
 * labels, headings or options have kana or kanji, English when they have Latin words; else undefined.
 * A host that shows forms in a page of another language keeps each form in its own (no
 * `プロジェクト名 is required` beside Cancel and Submit).
 */
export function formLocale(schema: unknown): Locale | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const form = schema as { locale?: unknown; fields?: unknown };
  if (form.locale === 'ja' || form.locale === 'en') return form.locale;
  const texts: unknown[] = [
    (form as Record<string, unknown>).title,
    (form as Record<string, unknown>).description,
  ];
  for (const field of Array.isArray(form.fields) ? form.fields : []) {
    if (!field || typeof field !== 'object') continue;
    const f = field as Record<string, unknown>;
    texts.push(f.label, f.text, f.description, f.placeholder);
    if (Array.isArray(f.options))
      for (const o of f.options) texts.push((o as Record<string, unknown>)?.label);
  }
  const all = texts.filter((t) => typeof t === 'string').join('\n');
  if (/[\u3040-\u30ff\u3400-\u9fff]/.test(all)) return 'ja';
  return /[A-Za-z]{2,}/.test(all) ? 'en' : undefined;
}
