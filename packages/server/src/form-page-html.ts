// The form page's HTML: a static shell, the form's data as an inert JSON block, and the page script
// (form-page/view.ts, built to dist/form-page.js) that renders it with @formrequest/web. Nothing a model
// wrote is ever parsed as HTML: the data block escapes `<`, and the script sets text only.

import type { ServerConfig } from '@formrequest/internal/config';
import type { FormSchema, ResolvedQuestion } from '@formrequest/schema';
import { pageWords } from '@formrequest/schema/messages';
import type { FormOutcome } from './pending-forms.js';
import { allowedSearchOrigins } from './search-origins.js';

export const PAGE_SCRIPT_PATH = '/forms/-/page.js';

/** What the page script reads from `<script type="application/json" id="formrequest-data">`. */
export interface FormPageData {
  id: string;
  schema: FormSchema;
  serverName: string;
  issuedAt: number;
  /** `open`, or how the form ended (a reload after submit shows that, not the form). */
  state: 'open' | FormOutcome['action'];
  /** Whether it came from `question` (the page then says "question" rather than "form"). */
  question: boolean;
  /** The most a file may weigh on this server, checked before uploading. */
  maxFileBytes: number;
  /** The origins the page may search (its CSP's connect-src besides itself): any other is refused. */
  searchOrigins: string[];
}

export function pageData(
  form: {
    id: string;
    schema: FormSchema;
    serverName: string;
    issuedAt: number;
    outcome?: FormOutcome;
    questions?: ResolvedQuestion[];
  },
  maxFileBytes: number,
  searchOrigins: string[] = [],
): FormPageData {
  return {
    id: form.id,
    schema: form.schema,
    serverName: form.serverName,
    issuedAt: form.issuedAt,
    state: form.outcome?.action ?? 'open',
    question: form.questions !== undefined,
    maxFileBytes,
    searchOrigins,
  };
}

/** The page's Content-Security-Policy: itself and the configured search endpoints, nothing else. */
export function pageCsp(config: ServerConfig): string {
  const origins = allowedSearchOrigins(config);
  return [
    "default-src 'none'",
    "script-src 'self'",
    // The renderer and the page style themselves with constructed stylesheets, which style-src does not
    // govern; no <style> or style attribute is needed.
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src 'self'${origins.map((origin) => ` ${origin}`).join('')}`,
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** JSON that cannot end the surrounding <script> element or open a comment. */
function inertJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text for HTML (the title): `&`, `<`, `>` and `"` as references. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tab's icon, inline (no request, allowed by img-src data:): a form card with two lines and a tick. */
export const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect x='3' y='3' " +
  "width='26' height='26' rx='6' fill='%230b5cd5'/%3E%3Cpath d='M9 11h14M9 16h9' stroke='%23fff' " +
  "stroke-width='2.5' stroke-linecap='round'/%3E%3Cpath d='m17 21 3 3 5-6' fill='none' stroke='%23fff' " +
  "stroke-width='2.5' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E";

export function formPageHtml(data: FormPageData): string {
  const lang = data.schema.locale === 'en' ? 'en' : 'ja';
  const { loading, noScript } = pageWords(lang);
  const title =
    typeof data.schema.title === 'string' && data.schema.title
      ? `${data.schema.title} — formrequest`
      : 'formrequest';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${FAVICON}">
</head>
<body>
<main id="page" aria-live="polite"><p id="loading">${loading}</p><noscript><p>${noScript}</p></noscript></main>
<script type="application/json" id="formrequest-data">${inertJson(data)}</script>
<script type="module" src="${PAGE_SCRIPT_PATH}"></script>
</body>
</html>
`;
}

/** A page with one message and no script: unknown or expired links. */
export function messagePageHtml(ja: string, en: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>formrequest</title>
<link rel="icon" href="${FAVICON}">
</head>
<body>
<main><p>${escapeHtml(ja)}</p><p lang="en">${escapeHtml(en)}</p></main>
</body>
</html>
`;
}
