// The HTTP API and the page (DESIGN.md, Host):
//   POST /api/execute                       {conversationId?, message} | {conversationId, formId, answers|cancel}
//   GET  /api/conversations                 the list, newest first
//   GET  /api/conversations/:id             transcript, pending form and its draft, lastEventId
//   GET  /api/conversations/:id/events      SSE (Last-Event-ID or ?after=N to resume)
//   PUT  /api/conversations/:id/forms/:formId/draft   the person's draft of the pending form
//   POST /api/files?conversationId=ID       upload one file (raw body, X-File-Name header) -> {url, ...}
//   GET  /api/files/:id                     the file back
//   GET  /api/demo/...                      demo search data
// Every error is JSON {error, code, ...} with a 4xx status that says what to fix.
import { randomUUID } from 'node:crypto';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@formrequest/schema';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type Access, TOKEN_HEADER } from './access.js';
import type { EventBus } from './bus.js';
import type { Conversations, ExecuteRequest } from './conversations.js';
import { demoRoutes } from './demo-routes.js';
import { HttpError } from './errors.js';
import { type PageAssets, pageAssets, RENDERER_FILES } from './page.js';
import { resumeId, streamEvents } from './sse.js';
import type { Store } from './store.js';

export interface AppOptions {
  store: Store;
  /** Host, Origin, token and --auth checks (access.ts). */
  access: Access;
  bus: EventBus;
  /** Resolves when the agent and its MCP servers are ready; API calls wait for it, the page does not. */
  conversations: Promise<Conversations>;
  heartbeatMs: number;
  maxBodyBytes: number;
  maxFileBytes: number;
  maxDraftBytes: number;
  agentName: string;
}

const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A hono route path ("/api/files/:id") as a pattern for a request path. */
function routePattern(path: string): RegExp {
  const parts = path
    .split('/')
    .map((p) => (p.startsWith(':') ? '[^/]+' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}

export function createApp(options: AppOptions): Hono {
  const { store, bus } = options;
  const app = new Hono();
  const assets: PageAssets = pageAssets();

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.toJSON(), error.status as ContentfulStatusCode);
    console.error(error);
    return c.json({ error: `Internal error: ${error.message}`, code: 'internal' }, 500);
  });
  // Before every route (and before the 404/405 answers): Host, Origin, --auth and the page token.
  // The demo data is fictional and public (any origin may read it), so only its Host is checked.
  app.use('*', options.access.middleware(['/api/demo/']));

  // A known path asked with the wrong method is a 405 naming the methods it takes (read from the
  // routes themselves), not a 404 that suggests the path is wrong.
  app.notFound((c) => {
    const allowed = [
      ...new Set(
        app.routes
          .filter((r) => r.method !== 'ALL' && routePattern(r.path).test(c.req.path))
          .map((r) => r.method),
      ),
    ];
    if (allowed.length === 0) {
      return c.json(
        {
          error: `No route for ${c.req.method} ${c.req.path}. The paths are listed under "HTTP API" in the @formrequest/host README.`,
          code: 'not_found',
        },
        404,
      );
    }
    // hono answers HEAD with the GET route, so a GET path takes HEAD too.
    c.header('Allow', (allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed).join(', '));
    return c.json(
      {
        error: `${c.req.path} does not take ${c.req.method}; use ${allowed.join(' or ')}.`,
        code: 'method_not_allowed',
        allowed,
      },
      405,
    );
  });

  const limit = (max: number) =>
    bodyLimit({
      maxSize: max,
      onError: (c) => {
        // The rest of the body stays unread and the socket is dropped: the client must not reuse it.
        c.header('Connection', 'close');
        throw new HttpError(
          413,
          'body_too_large',
          `The request body is larger than the limit of ${max} bytes.`,
          { limit: max },
        );
      },
    });

  // The page. Its CSP keeps everything same-origin: forms search this host's demo API, and nothing a
  // model writes into a form can load scripts or reach other hosts from the page.
  const page = (c: Context) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(assets.html(options.access.newPageToken()));
  };
  app.get('/', page);
  app.get('/c/:id', page);
  app.get('/app.js', (c) => c.body(assets.script, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/app.css', (c) => c.body(assets.style, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  for (const name of RENDERER_FILES)
    app.get(`/${name}`, (c) => {
      const bundle = assets.renderer(name);
      if (!bundle.ok) throw new HttpError(503, 'renderer_missing', bundle.error);
      return c.body(bundle.code, 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
    });
  app.get('/favicon.ico', (c) => c.body(null, 204));
  // The token for state-changing calls, for clients other than the page (which has it in a <meta>).
  // Only a page of this origin can read it: other origins get no CORS headers, and Host is checked.
  app.get('/api/token', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ token: options.access.newPageToken(), header: TOKEN_HEADER });
  });
  app.get('/api/info', (c) => c.json({ agent: options.agentName, maxFileBytes: options.maxFileBytes }));

  app.route('/api/demo', demoRoutes());

  app.post('/api/execute', limit(options.maxBodyBytes), async (c) => {
    const body = (await readJson(c.req.raw)) as ExecuteRequest;
    const conversations = await options.conversations.catch((error: Error) => {
      throw new HttpError(503, 'agent_unavailable', `The agent could not start: ${error.message}`);
    });
    return c.json(conversations.execute(body), 202);
  });

  app.get('/api/conversations', (c) =>
    c.json(
      store.listConversations().map((row) => ({
        id: row.id,
        title: row.title,
        updatedAt: new Date(row.updatedAt).toISOString(),
        pendingForm: row.pendingForm,
        running: row.running,
      })),
    ),
  );

  app.get('/api/conversations/:id', (c) => {
    const id = c.req.param('id');
    const conversation = store.getConversation(id);
    if (!conversation) throw notFound(id);
    const events = store
      .eventsAfter(id, 0, 100_000)
      .map((e) => ({ id: e.id, event: e.name, data: JSON.parse(e.data) }));
    const form = store.pendingForm(id);
    return c.json({
      id,
      title: conversation.title,
      locale: conversation.locale,
      running: store.isRunning(id),
      events,
      lastEventId: events.at(-1)?.id ?? 0,
      pendingForm: form ? { id: form.id, schema: form.schema, draft: form.draft ?? null } : null,
    });
  });

  app.get('/api/conversations/:id/events', (c) => {
    const id = c.req.param('id');
    if (!store.getConversation(id)) throw notFound(id);
    const after = resumeId(c);
    if (after === undefined)
      throw new HttpError(
        400,
        'bad_request',
        'Last-Event-ID (or ?after=) must be a non-negative integer event id.',
      );
    return streamEvents(c, store, bus, id, after, { heartbeatMs: options.heartbeatMs });
  });

  app.put('/api/conversations/:id/forms/:formId/draft', limit(options.maxDraftBytes), async (c) => {
    const id = c.req.param('id');
    const formId = c.req.param('formId');
    if (!store.getConversation(id)) throw notFound(id);
    const form = store.getForm(id, formId);
    if (!form) throw new HttpError(404, 'form_not_found', `No form ${formId} in conversation ${id}.`);
    const draft = await readJson(c.req.raw);
    if (typeof draft !== 'object' || draft === null || Array.isArray(draft)) {
      throw new HttpError(
        400,
        'bad_request',
        'Send the draft as a JSON object (the form state the page saved).',
      );
    }
    if (!store.saveDraft(id, formId, draft)) {
      throw new HttpError(
        409,
        'form_not_pending',
        `This form was already ${form.status}; its draft is closed.`,
        { status: form.status },
      );
    }
    return c.json({ saved: true });
  });

  app.post('/api/files', limit(options.maxFileBytes), async (c) => {
    const conversationId = c.req.query('conversationId');
    if (!conversationId) {
      throw new HttpError(
        400,
        'bad_request',
        'Say which conversation the file belongs to: POST /api/files?conversationId=ID.',
      );
    }
    if (!store.getConversation(conversationId)) throw notFound(conversationId);
    const rawName = c.req.header('X-File-Name');
    if (!rawName)
      throw new HttpError(400, 'bad_request', 'Send the file name in the X-File-Name header (URI-encoded).');
    let name: string;
    try {
      name = decodeURIComponent(rawName);
    } catch {
      throw new HttpError(400, 'bad_request', 'X-File-Name must be URI-encoded (encodeURIComponent).');
    }
    const data = Buffer.from(await c.req.arrayBuffer());
    const type = (c.req.header('Content-Type') ?? 'application/octet-stream').split(';')[0].trim();
    const id = randomUUID();
    store.putFile({ id, conversationId, name, type, size: data.length, data });
    return c.json({ id, url: `/api/files/${id}`, name, type, size: data.length }, 201);
  });

  app.get('/api/files/:id', (c) => {
    const file = store.getFile(c.req.param('id'));
    if (!file) throw new HttpError(404, 'file_not_found', `No file with id ${c.req.param('id')}.`);
    return c.body(new Uint8Array(file.data), 200, {
      'Content-Type': file.type,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return app;
}

function notFound(id: string): HttpError {
  return new HttpError(404, 'conversation_not_found', `No conversation with id ${id}.`);
}

async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!isJsonType(type)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      `Send the body as JSON with Content-Type: application/json (got ${type ? `"${type}"` : 'none'}).`,
    );
  }
  const text = await request.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, 'bad_json', `The body is not valid JSON: ${(error as Error).message}`);
  }
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
    throw new HttpError(
      400,
      'bad_json',
      `The body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep; send a flatter body.`,
    );
  }
  return value;
}

/** `application/json`, optionally with `charset=utf-8`; nothing else (not `text/plain; application/json`). */
export function isJsonType(header: string): boolean {
  const [type, ...params] = header.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((p) => p === '' || p.replace(/\s*=\s*/, '=').replace(/"/g, '') === 'charset=utf-8');
}
