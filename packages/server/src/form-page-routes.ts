// The form page's HTTP routes, a Hono app mounted by whatever listener serves them (the MCP HTTP
// server, or the loopback listener `formrequest serve` starts over stdio: form-page-server.ts):
//   GET  /forms/<id>                      the page (or what became of the form)
//   POST /forms/<id>                      {action: "accept", values, utcOffset, labels?} | {action: "cancel" | "decline"}
//   GET  /forms/<id>/status?wait=…        what became of it, held until it changes (form-page-status.ts)
//   POST /forms/<id>/files?field=NAME     one file for a file field (raw body, X-File-Name) -> {name, type, size, url}
//   GET  /forms/<id>/files/<fileId>       an uploaded file back (what the agent fetches)
//   GET  /forms/-/page.js                 the page script
//   GET  /forms/-/formrequest-*.<hash>.js the on-demand parts the script imports (cached for good)
// The id is the unguessable token of one form. Every request must name an allowed Host (DNS
// rebinding); every POST must come from the page's own origin (Origin equal to http://<Host>, or the
// published page origin), so another site cannot post even with the token; an answer is taken once.

import type { ServerConfig } from '@formrequest/internal/config';
import { type Access, allowedMethods, allowHeader, bodyLimit, HttpError } from '@formrequest/internal/http';
import { pageWords } from '@formrequest/schema/messages';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { answerRoute } from './form-page-answer.js';
import { type FormPageContext, fileReference } from './form-page-context.js';
import { fileRoute, uploadRoute } from './form-page-files.js';
import { formPageHtml, messagePageHtml, pageCsp, pageData } from './form-page-html.js';
import { pagePart, pageScript } from './form-page-script.js';
import { statusRoute } from './form-page-status.js';
import type { PendingForms } from './pending-forms.js';
import { allowedSearchOrigins } from './search-origins.js';

/** The most one uploaded file may weigh unless its field says less (the host's limit too). */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_ANSWER_BYTES = 1024 * 1024;
const ID = '{[A-Za-z0-9_-]{16,64}}';

export interface FormPageRoutesOptions {
  forms: PendingForms;
  config: ServerConfig;
  /** Host and Origin checks (the listener's names; the published page origin as a public one). */
  access: Access;
  /** The origin the page is reached at (`http://127.0.0.1:PORT`), for the file URLs the agent gets. */
  origin: () => string;
  /** The most an upload may weigh. Default 10 MiB. */
  maxFileBytes?: number;
  log: (line: string) => void;
}

/** The form page's routes, at /forms/… of the app that mounts them (`app.route('/', formPageRoutes(…))`). */
export function formPageRoutes(options: FormPageRoutesOptions): Hono {
  const csp = pageCsp(options.config);
  const searchOrigins = allowedSearchOrigins(options.config);
  const page: FormPageContext = {
    forms: options.forms,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    csp,
    reference: fileReference(options.origin),
    log: options.log,
  };
  const app = new Hono();
  app.onError(formPageErrors(options.log));
  app.use('/forms/*', options.access.middleware({ requireOrigin: true }));

  // Gzip for browsers that take it (every one does): the page script is ~4x smaller on the wire.
  app.get('/forms/-/page.js', compress({ encoding: 'gzip' }), (c) => {
    const script = pageScript();
    if (!script.ok) {
      options.log(`formrequest serve: ${script.error}`);
      throw new HttpError(503, 'page_missing', script.error);
    }
    return c.body(script.code, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  // The on-demand parts (the renderer's, the page's English words): a name carries its content's hash,
  // so a browser keeps it for good.
  app.get('/forms/-/:part{formrequest-[a-z-]+\\.[0-9a-f]{10}\\.js}', compress({ encoding: 'gzip' }), (c) => {
    const code = pagePart(c.req.param('part'));
    if (code === undefined) throw new HttpError(404, 'not_found', 'No such page file.');
    return c.body(code, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  app.get(`/forms/:id${ID}`, async (c) => {
    const form = await page.forms.get(c.req.param('id'));
    if (!form) return notFoundPage(c, csp);
    // A person (or a browser) opened the page: a decline from the client after this is theirs.
    if (c.req.method === 'GET' && !form.outcome) await page.forms.markOpened(form.id);
    return c.body(formPageHtml(pageData(form, page.maxFileBytes, searchOrigins)), 200, pageHeaders(csp));
  });
  app.post(
    `/forms/:id${ID}`,
    bodyLimit(
      MAX_ANSWER_BYTES,
      (limit) => new HttpError(413, 'too_large', `The answer is larger than ${limit} bytes.`),
    ),
    (c) => answerRoute(c, page),
  );
  app.get(`/forms/:id${ID}/status`, (c) => statusRoute(c, page));
  app.post(`/forms/:id${ID}/files`, (c) => uploadRoute(c, page));
  app.get(`/forms/:id${ID}/files/:fileId${ID}`, (c) => fileRoute(c, page));

  // Anything else under /forms/ is the page's "not found" (a wrong or expired link); a known path asked
  // with another method says which it takes.
  app.all('/forms/*', (c) => {
    const allowed = allowedMethods(app, c.req.path);
    if (allowed.length === 0) return notFoundPage(c, csp);
    c.header('Allow', allowHeader(allowed));
    throw new HttpError(405, 'method_not_allowed', `Use ${allowHeader(allowed)} here.`);
  });
  return app;
}

/** Errors as JSON `{error, code, ...}`; anything unexpected is logged and a 500. */
export function formPageErrors(log: (line: string) => void) {
  return (error: Error, c: Context): Response => {
    if (error instanceof HttpError) return c.json(error.toJSON(), error.status);
    // A client that went away (or was cut for sending its body too slowly) is not the server's error.
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') return c.body(null, 400);
    log(`formrequest serve: form page: ${error.message}`);
    return c.json({ error: `Internal error: ${error.message}`, code: 'internal' }, 500);
  };
}

function pageHeaders(csp: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    // The URL holds the form's token: never send it on, never cache the page.
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

function notFoundPage(c: Context, csp: string): Response {
  return c.body(messagePageHtml(pageWords('ja').notFound, pageWords('en').notFound), 404, pageHeaders(csp));
}
