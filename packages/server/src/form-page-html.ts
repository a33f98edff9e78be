// The form page's HTML: a static shell, the form's data as an inert JSON block, and the page script
// (form-page/view.ts, built to dist/form-page.js) that renders it with @formrequest/web. Nothing a model
// wrote is ever parsed as HTML: the data block escapes `<`, and the script sets text only.
import type { FormSchema, ResolvedQuestion } from '@formrequest/schema';
import { pageWords } from '@formrequest/schema/messages';
import type { ServerConfig } from './config.js';
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

export function formPageHtml(data: FormPageData): string {
  const lang = data.schema.locale === 'en' ? 'en' : 'ja';
  const { loading, noScript } = pageWords(lang);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>formrequest</title>
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
  const escapeHtml = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>formrequest</title>
</head>
<body>
<main><p>${escapeHtml(ja)}</p><p lang="en">${escapeHtml(en)}</p></main>
</body>
</html>
`;
}
