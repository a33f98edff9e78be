// The form page's HTTP routes, on whatever listener serves them (the MCP HTTP server, or the loopback
// listener `formrequest serve` starts over stdio: form-page-server.ts):
//   GET  /forms/<id>                      the page (or what became of the form)
//   POST /forms/<id>                      {action: "accept", values, utcOffset} | {action: "cancel" | "decline"}
//   POST /forms/<id>/files?field=NAME     one file for a file field (raw body, X-File-Name) -> {name, type, size, url}
//   GET  /forms/<id>/files/<fileId>       an uploaded file back (what the agent fetches)
//   GET  /forms/-/page.js                 the page script
// The id is the unguessable token of one form. Every request must name an allowed Host (DNS
// rebinding); every POST must come from the page's own origin (Origin equal to http://<Host>) with a
// custom header or JSON type, so another site cannot post even with the token; an answer is taken once.
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { clampUtcOffset, isPlainObject } from '@formrequest/schema';
import { pageWords } from '@formrequest/schema/messages';
import { validateHostHeader } from '@modelcontextprotocol/server';
import type { ServerConfig } from './config.js';
import { checkPageAnswers, filePath } from './form-page-answers.js';
import { formPageHtml, messagePageHtml, PAGE_SCRIPT_PATH, pageCsp, pageData } from './form-page-html.js';
import { header, readBody, sendJson } from './http-util.js';
import { type PendingForm, type PendingForms, type StoredFile, UploadRefused } from './pending-forms.js';
import { allowedSearchOrigins } from './search-origins.js';
import { acceptProblem, cleanFileName, uploadFacts } from './uploads.js';

/** The most one uploaded file may weigh unless its field says less (the host's limit too). */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_ANSWER_BYTES = 1024 * 1024;
const ID = /^[A-Za-z0-9_-]{16,64}$/;
// Built by `npm run build:bundle -w packages/server`; the same path from src/ and from dist/.
const PAGE_SCRIPT_FILE = fileURLToPath(new URL('../dist/form-page.js', import.meta.url));

export interface FormPageRoutesOptions {
  forms: PendingForms;
  config: ServerConfig;
  /** Host names accepted in `Host` (and so in a same-origin `Origin`). */
  allowedHostnames: string[];
  /** The origin the page is reached at (`http://127.0.0.1:PORT`), for the file URLs the agent gets. */
  origin: () => string;
  /** The most an upload may weigh. Default 10 MiB. */
  maxFileBytes?: number;
  log: (line: string) => void;
}

/** A request handler that answers the form page's routes and returns false for any other path. */
export function formPageRoutes(options: FormPageRoutesOptions) {
  const { forms } = options;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const csp = pageCsp(options.config);
  const reference = (file: StoredFile) => ({
    name: file.name,
    type: file.type,
    size: file.size,
    url: `${options.origin()}${filePath(file.formId, file.id)}`,
  });

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (!path.startsWith('/forms/')) return false;
    const hostCheck = validateHostHeader(header(req, 'host'), options.allowedHostnames);
    if (!hostCheck.ok) {
      sendJson(res, 403, { error: `Forbidden: ${hostCheck.message} (DNS-rebinding protection).` });
      return true;
    }
    const parts = path.slice('/forms/'.length).split('/');
    if (path === PAGE_SCRIPT_PATH) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET');
      return sendScript(res);
    }
    const [id, sub, fileId, ...rest] = parts;
    if (!id || !ID.test(id) || rest.length > 0 || (sub !== undefined && sub !== 'files')) {
      return notFoundPage(res, csp);
    }
    if (sub === undefined) {
      if (req.method === 'GET' || req.method === 'HEAD') return showPage(res, id);
      if (req.method === 'POST') return answer(req, res, id);
      return methodNotAllowed(res, 'GET, POST');
    }
    if (fileId === undefined) {
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      return upload(req, res, id);
    }
    if (!ID.test(fileId)) return notFoundPage(res, csp);
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET');
    return sendFile(res, id, fileId);
  };

  async function showPage(res: ServerResponse, id: string): Promise<boolean> {
    const form = await forms.get(id);
    if (!form) return notFoundPage(res, csp);
    res.writeHead(200, pageHeaders(csp, 'text/html; charset=utf-8'));
    res.end(formPageHtml(pageData(form, maxFileBytes, allowedSearchOrigins(options.config))));
    return true;
  }

  async function answer(req: IncomingMessage, res: ServerResponse, id: string): Promise<boolean> {
    if (!sameOrigin(req)) return forbiddenOrigin(res);
    if (!/^application\/json\s*(;|$)/i.test(header(req, 'content-type') ?? '')) {
      sendJson(res, 415, {
        error: 'Send the answer as JSON (Content-Type: application/json).',
        code: 'bad_type',
      });
      return true;
    }
    const raw = await readBody(req, MAX_ANSWER_BYTES);
    if (raw === undefined) {
      res.setHeader('Connection', 'close');
      sendJson(res, 413, {
        error: `The answer is larger than ${MAX_ANSWER_BYTES} bytes.`,
        code: 'too_large',
      });
      return true;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch (error) {
      sendJson(res, 400, {
        error: `The body is not valid JSON: ${(error as Error).message}`,
        code: 'bad_json',
      });
      return true;
    }
    const form = await forms.get(id);
    if (!form) return goneJson(res);
    if (form.outcome) return settledJson(res, form);
    const action = isPlainObject(body) ? body.action : undefined;
    if (action === 'cancel' || action === 'decline') {
      return (await forms.settle(id, { action }))
        ? doneJson(res, action)
        : settledJson(res, await forms.get(id));
    }
    if (action !== 'accept' || !isPlainObject(body)) {
      sendJson(res, 400, {
        error:
          'Send {"action": "accept", "values": {...}, "utcOffset": N}, {"action": "cancel"} or {"action": "decline"}.',
        code: 'bad_request',
      });
      return true;
    }
    const checked = await checkPageAnswers(form, body.values, body.utcOffset, forms, reference);
    if (!checked.ok) {
      sendJson(res, 422, {
        error: 'The answers do not fit the form; see errors (field name -> message).',
        code: 'invalid_answers',
        errors: checked.errors,
      });
      return true;
    }
    // One answer per form: a second submit (another tab, a replay) finds it settled.
    const utcOffset = clampUtcOffset(body.utcOffset);
    const outcome = {
      action: 'accept' as const,
      values: checked.values,
      ...(utcOffset === undefined ? {} : { utcOffset }),
    };
    if (!(await forms.settle(id, outcome))) {
      return settledJson(res, await forms.get(id));
    }
    return doneJson(res, 'accept');
  }

  async function upload(req: IncomingMessage, res: ServerResponse, id: string): Promise<boolean> {
    if (!sameOrigin(req)) return forbiddenOrigin(res);
    const form = await forms.get(id);
    if (!form) return goneJson(res);
    if (form.outcome) return settledJson(res, form);
    const fieldName = new URL(req.url ?? '/', 'http://localhost').searchParams.get('field') ?? '';
    const field = form.schema.fields.find((f) => f.type === 'file' && f.name === fieldName) as
      | { name: string; maxSize?: number; accept?: string }
      | undefined;
    if (!field) {
      req.resume();
      const names = form.schema.fields
        .filter((f) => f.type === 'file')
        .map((f) => (f as { name: string }).name);
      sendJson(res, 400, {
        error: names.length
          ? `Say which file field the file is for: ?field=NAME, one of ${names.join(', ')}.`
          : 'This form has no file field: it takes no uploads.',
        code: 'bad_request',
      });
      return true;
    }
    const rawName = header(req, 'x-file-name');
    let name: string | undefined;
    try {
      name = rawName === undefined ? undefined : cleanFileName(decodeURIComponent(rawName));
    } catch {
      name = undefined;
    }
    if (!name) {
      req.resume();
      sendJson(res, 400, {
        error: 'Send the file name in the X-File-Name header, URI-encoded (encodeURIComponent).',
        code: 'bad_request',
      });
      return true;
    }
    const limit = Math.min(maxFileBytes, typeof field.maxSize === 'number' ? field.maxSize : Infinity);
    const data = await readBody(req, limit);
    if (data === undefined) {
      res.setHeader('Connection', 'close');
      sendJson(res, 413, {
        error: `"${name}" is larger than ${limit} bytes, the most the field "${field.name}" takes here.`,
        code: 'file_too_large',
        limit,
      });
      return true;
    }
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const facts = await uploadFacts(name, bytes);
    const problem = acceptProblem(field.accept, facts);
    if (problem) {
      sendJson(res, 415, { error: problem, code: 'file_type_not_accepted', accept: field.accept });
      return true;
    }
    try {
      const stored = await forms.putFile({
        formId: id,
        field: field.name,
        name,
        type: facts.type,
        data: bytes,
      });
      sendJson(res, 201, reference(stored));
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      sendJson(res, error.status, { error: error.message, code: error.code });
    }
    return true;
  }

  async function sendFile(res: ServerResponse, id: string, fileId: string): Promise<boolean> {
    const file = await forms.getFile(id, fileId);
    if (!file) {
      sendJson(res, 404, {
        error: 'No such file: it expired with its form, or the link is wrong.',
        code: 'not_found',
      });
      return true;
    }
    res.writeHead(200, {
      'Content-Type': file.type,
      'Content-Length': file.size,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'X-Content-Type-Options': 'nosniff',
      // Opened directly, an uploaded HTML or SVG file runs nothing in this origin.
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cache-Control': 'no-store',
    });
    res.end(file.data);
    return true;
  }

  function sendScript(res: ServerResponse): boolean {
    const script = pageScript();
    if (!script.ok) {
      options.log(`formrequest serve: ${script.error}`);
      sendJson(res, 503, { error: script.error, code: 'page_missing' });
      return true;
    }
    res.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(script.code);
    return true;
  }

  /**
   * Same origin: the Origin a browser sends with fetch() must be this very host and port, or the origin
   * the pages are published at (a load balancer that ends TLS: https outside, http here).
   */
  function sameOrigin(req: IncomingMessage): boolean {
    const origin = header(req, 'origin');
    const host = header(req, 'host');
    if (!origin || !host) return false;
    if (origin === options.origin()) return true;
    try {
      const url = new URL(origin);
      return url.protocol === 'http:' && url.host === host.toLowerCase();
    } catch {
      return false;
    }
  }
}

let cachedScript: string | undefined;

function pageScript(): { ok: true; code: string } | { ok: false; error: string } {
  if (cachedScript === undefined) {
    if (!existsSync(PAGE_SCRIPT_FILE)) {
      return {
        ok: false,
        error: `The form page script ${PAGE_SCRIPT_FILE} has not been built. Run \`npm run build\` (or \`npm run build:bundle -w packages/server\`).`,
      };
    }
    cachedScript = readFileSync(PAGE_SCRIPT_FILE, 'utf8');
  }
  return { ok: true, code: cachedScript };
}

/** Whether the page script is there to serve (routing falls back when it is not). */
export function formPageBuilt(): string | undefined {
  const script = pageScript();
  return script.ok ? undefined : script.error;
}

function pageHeaders(csp: string, type: string): Record<string, string> {
  return {
    'Content-Type': type,
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    // The URL holds the form's token: never send it on, never cache the page.
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

function notFoundPage(res: ServerResponse, csp: string): boolean {
  res.writeHead(404, pageHeaders(csp, 'text/html; charset=utf-8'));
  res.end(messagePageHtml(pageWords('ja').notFound, pageWords('en').notFound));
  return true;
}

function methodNotAllowed(res: ServerResponse, allow: string): boolean {
  res.setHeader('Allow', allow);
  sendJson(res, 405, { error: `Use ${allow} here.`, code: 'method_not_allowed' });
  return true;
}

function forbiddenOrigin(res: ServerResponse): boolean {
  sendJson(res, 403, {
    error: 'Forbidden: answers and files are taken only from the form page itself (Origin must be its own).',
    code: 'forbidden_origin',
  });
  return true;
}

function goneJson(res: ServerResponse): boolean {
  sendJson(res, 404, {
    error: 'This form was not found: it expired, or the link is wrong.',
    code: 'not_found',
  });
  return true;
}

function settledJson(res: ServerResponse, form: PendingForm | undefined): boolean {
  const state = form?.outcome?.action ?? 'closed';
  sendJson(res, 409, {
    error:
      state === 'closed'
        ? 'This form was closed: the request for it was withdrawn or it expired. Your answer was not sent.'
        : 'This form was answered already; it takes one answer.',
    code: 'form_settled',
    state,
  });
  return true;
}

function doneJson(res: ServerResponse, state: 'accept' | 'cancel' | 'decline'): boolean {
  sendJson(res, 200, { state });
  return true;
}
