// What a page needs of the message catalog at once: filling a template, choosing the language, and the
// Japanese form words (the default language). The whole catalog, with English and the other parts, is
// messages.ts; a page loads English when an English form needs it (@formrequest/web).
import type { Locale } from './types.js';

export { form as JA_FORM_WORDS } from './messages/ja.js';

/** Fills a message template; `{x}` without a value stays as written. */
export function format(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
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
