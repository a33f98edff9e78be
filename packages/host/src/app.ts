// The HTTP API and the page (DESIGN.md, Host):
//   POST /api/execute                       {conversationId?, message} | {conversationId, formId, answers|cancel}
//   GET  /api/token                         a token for state-changing calls (X-FormRequest-Token)
//   GET  /api/health                        200 while this instance takes traffic, else 503 (no auth)
//   GET  /api/conversations                 the list, newest first, paged (?limit=&cursor=)
//   GET  /api/conversations/:id             transcript, pending form and its draft, lastEventId
//   DELETE /api/conversations/:id           the conversation and everything in it
//   DELETE /api/conversations?updatedBefore=ISO   every conversation last updated before then
//   GET  /api/conversations/:id/events      SSE (Last-Event-ID or ?after=N to resume)
//   PUT  /api/conversations/:id/forms/:formId/draft   the person's draft of the pending form
//   POST /api/files?conversationId=&formId=&field=   upload one file for the pending form -> {url, ...}
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
import type { Capacity } from './capacity.js';
import type { Conversations, ExecuteRequest } from './conversations.js';
import { demoRoutes } from './demo-routes.js';
import { HttpError } from './errors.js';
import { acceptProblem, cleanFileName, uploadFacts } from './files.js';
import { type PageAssets, pageAssets, RENDERER_FILES } from './page.js';
import { readLimited } from './read-limited.js';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER } from './runs/idempotency.js';
import { resumeId, type SseStreams, streamEvents } from './sse.js';
import { type HostStore, type StorageLimits, StoreConflict, StoreInputError } from './store/index.js';

const DEFAULT_PAGE = 50;
const STREAM_PATH = /^\/api\/conversations\/[^/]+\/events$/;
const MAX_PAGE = 200;

export interface AppOptions {
  store: HostStore;
  /** Host, Origin, token and --auth checks (access.ts). */
  access: Access;
  bus: EventBus;
  /** Resolves when the agent and its MCP servers are ready; API calls wait for it, the page does not. */
  conversations: Promise<Conversations>;
  heartbeatMs: number;
  maxBodyBytes: number;
  maxFileBytes: number;
  maxDraftBytes: number;
  /** Upload quotas: per conversation and in all. */
  storageLimits: StorageLimits;
  agentName: string;
  /** This instance's open event streams (ended at shutdown). */
  streams: SseStreams;
  /** What GET /api/health answers: `ok` is 200, anything else 503. */
  health: () => Promise<Health>;
  /** Connection, request and stream limits (capacity.ts): past them, 503 with Retry-After. */
  capacity?: Capacity;
}

export interface Health {
  /** `ok` and `degraded` (working, slower: the PostgreSQL listener reconnecting) answer 200. */
  status: 'ok' | 'degraded' | 'starting' | 'draining' | 'unavailable';
  /** Why the status is not ok, in a sentence. */
  reason?: string;
  store: 'sqlite' | 'postgres';
  /** PostgreSQL: whether this instance hears the others' events through LISTEN right now. */
  listening?: boolean;
  /** Runs this instance is executing; event streams it serves. */
  runs: number;
  streams: number;
  /** Open sockets (event streams included). */
  connections?: number;
  /** SQLite: free bytes on the store's file system. */
  diskFreeBytes?: number;
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
    // A client that went away (or was cut for sending its body too slowly) is not the host's error.
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') return c.body(null, 400);
    // The database is restarting or the pool is full, past the store's own retries: try again soon.
    if (store.isTransient(error)) {
      c.header('Retry-After', '2');
      return c.json(
        {
          error: `The host's store cannot take this request right now (${error.message}); send it again in a few seconds.`,
          code: 'store_unavailable',
        },
        503,
      );
    }
    console.error(error);
    return c.json({ error: `Internal error: ${error.message}`, code: 'internal' }, 500);
  });
  // First, as cheap as it gets: past a limit, 503 with Retry-After (event streams counted apart).
  if (options.capacity) {
    app.use(
      '*',
      options.capacity.middleware({
        isStream: (c) => c.req.method === 'GET' && STREAM_PATH.test(c.req.path),
        streams: () => options.streams.count,
        exempt: (c) => c.req.path === '/api/health',
      }),
    );
  }
  // Before every route (and before the 404/405 answers): Host, Origin, --auth and the page token.
  // The demo data is fictional and public (any origin may read it), so only its Host is checked; so is
  // the health check, which a load balancer asks without credentials and which tells nothing private.
  app.use('*', options.access.middleware(['/api/demo/', '/api/health']));

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
  app.get('/app.js', async (c) => {
    const script = await assets.script().catch((error: Error) => {
      throw new HttpError(503, 'page_missing', error.message);
    });
    return c.body(script, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
  });
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
  app.get('/api/health', async (c) => {
    const health = await options.health();
    c.header('Cache-Control', 'no-store');
    return c.json(health, health.status === 'ok' || health.status === 'degraded' ? 200 : 503);
  });
  app.get('/api/info', (c) => c.json({ agent: options.agentName, maxFileBytes: options.maxFileBytes }));

  app.route('/api/demo', demoRoutes());

  app.post('/api/execute', limit(options.maxBodyBytes), async (c) => {
    const key = checkIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    const body = (await readJson(c.req.raw)) as ExecuteRequest;
    const conversations = await options.conversations.catch((error: Error) => {
      throw new HttpError(503, 'agent_unavailable', `The agent could not start: ${error.message}`);
    });
    return c.json(await conversations.execute(body, key), 202);
  });

  // The list, newest first, a page at a time: ?limit=N (1-200, default 50) and ?cursor= from `next`.
  app.get('/api/conversations', async (c) => {
    const rawLimit = c.req.query('limit');
    const limit = rawLimit === undefined ? DEFAULT_PAGE : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
      throw new HttpError(400, 'bad_request', `"limit" must be a whole number from 1 to ${MAX_PAGE}.`);
    }
    let page: Awaited<ReturnType<HostStore['listConversations']>>;
    try {
      page = await store.listConversations({ limit, cursor: c.req.query('cursor') || undefined });
    } catch (error) {
      if (error instanceof StoreInputError) throw new HttpError(400, 'bad_request', error.message);
      throw error;
    }
    return c.json({
      conversations: page.items.map((row) => ({
        id: row.id,
        title: row.title,
        updatedAt: new Date(row.updatedAt).toISOString(),
        pendingForm: row.pendingForm,
        running: row.running,
      })),
      next: page.next,
    });
  });

  app.get('/api/conversations/:id', async (c) => {
    const id = c.req.param('id');
    const conversation = await store.getConversation(id);
    if (!conversation) throw notFound(id);
    const events = (await store.eventsAfter(id, 0, 100_000)).map((e) => ({
      id: e.id,
      event: e.name,
      data: JSON.parse(e.data),
    }));
    const form = await store.pendingForm(id);
    return c.json({
      id,
      title: conversation.title,
      locale: conversation.locale,
      running: await store.isRunning(id),
      events,
      lastEventId: events.at(-1)?.id ?? 0,
      pendingForm: form
        ? { id: form.id, schema: form.schema, draft: form.draft ?? null, issuedAt: form.createdAt }
        : null,
    });
  });

  // Bulk delete: every conversation last updated before the instant (ISO 8601), runs going on excepted.
  app.delete('/api/conversations', async (c) => {
    const raw = c.req.query('updatedBefore');
    const before = raw === undefined ? Number.NaN : Date.parse(raw);
    if (!Number.isFinite(before)) {
      throw new HttpError(
        400,
        'bad_request',
        'Say which conversations to delete: DELETE /api/conversations?updatedBefore=2026-01-01T00:00:00Z (those last updated before that instant; ISO 8601).',
      );
    }
    let deleted = 0;
    for (;;) {
      const batch = await store.deleteConversationsBefore(before, 500);
      deleted += batch;
      if (batch < 500) break;
    }
    return c.json({ deleted, updatedBefore: new Date(before).toISOString() });
  });

  // Deletes the conversation with its events, forms, drafts and uploads; the space goes back to the disk.
  app.delete('/api/conversations/:id', async (c) => {
    const id = c.req.param('id');
    let deleted: boolean;
    try {
      deleted = await store.deleteConversation(id);
    } catch (error) {
      if (error instanceof StoreConflict) throw new HttpError(409, error.code, error.message);
      throw error;
    }
    if (!deleted) throw notFound(id);
    bus.notify(id);
    return c.json({ deleted: true, id });
  });

  app.get('/api/conversations/:id/events', async (c) => {
    const id = c.req.param('id');
    if (!(await store.getConversation(id))) throw notFound(id);
    const after = resumeId(c);
    if (after === undefined)
      throw new HttpError(
        400,
        'bad_request',
        'Last-Event-ID (or ?after=) must be a non-negative integer event id.',
      );
    return streamEvents(c, store, bus, id, after, { heartbeatMs: options.heartbeatMs }, options.streams);
  });

  app.put('/api/conversations/:id/forms/:formId/draft', limit(options.maxDraftBytes), async (c) => {
    const id = c.req.param('id');
    const formId = c.req.param('formId');
    if (!(await store.getConversation(id))) throw notFound(id);
    const form = await store.getForm(id, formId);
    if (!form || form.status === 'asked')
      throw new HttpError(404, 'form_not_found', `No form ${formId} in conversation ${id}.`);
    const draft = await readJson(c.req.raw);
    if (typeof draft !== 'object' || draft === null || Array.isArray(draft)) {
      throw new HttpError(
        400,
        'bad_request',
        'Send the draft as a JSON object (the form state the page saved).',
      );
    }
    if (!(await store.saveDraft(id, formId, draft))) {
      throw new HttpError(
        409,
        'form_not_pending',
        `This form was already ${form.status}; its draft is closed.`,
        { status: form.status },
      );
    }
    return c.json({ saved: true });
  });

  // One upload for a file field of the pending form: the raw body, its name in X-File-Name.
  // No body limit in front: the body is read only once the field is known, up to its maxSize.
  app.post('/api/files', async (c) => {
    const conversationId = c.req.query('conversationId');
    const formId = c.req.query('formId');
    const fieldName = c.req.query('field');
    if (!conversationId || !formId || !fieldName) {
      throw new HttpError(
        400,
        'bad_request',
        'Say which form field the file is for: POST /api/files?conversationId=ID&formId=FORM&field=NAME.',
      );
    }
    if (!(await store.getConversation(conversationId))) throw notFound(conversationId);
    const form = await store.getForm(conversationId, formId);
    if (!form || form.status === 'asked')
      throw new HttpError(404, 'form_not_found', `No form ${formId} in conversation ${conversationId}.`);
    if (form.status !== 'pending') {
      throw new HttpError(
        409,
        'form_not_pending',
        `Files are taken only for the form waiting for an answer; this one was already ${form.status}.`,
        { status: form.status },
      );
    }
    const fields =
      (form.schema.fields as Array<{ name?: string; type?: string; maxSize?: number; accept?: string }>) ??
      [];
    const field = fields.find((f) => f.type === 'file' && f.name === fieldName);
    if (!field) {
      const names = fields.filter((f) => f.type === 'file').map((f) => f.name);
      throw new HttpError(
        400,
        'bad_request',
        names.length
          ? `The form has no file field "${fieldName}"; its file fields are: ${names.join(', ')}.`
          : 'The form has no file field: it takes no uploads.',
      );
    }
    const rawName = c.req.header('X-File-Name');
    if (!rawName)
      throw new HttpError(400, 'bad_request', 'Send the file name in the X-File-Name header (URI-encoded).');
    let name: string | undefined;
    try {
      name = cleanFileName(decodeURIComponent(rawName));
    } catch {
      throw new HttpError(400, 'bad_request', 'X-File-Name must be URI-encoded (encodeURIComponent).');
    }
    if (!name)
      throw new HttpError(
        400,
        'bad_request',
        'X-File-Name is empty once paths and control characters are removed.',
      );
    // Read up to the field's maxSize (or the host's limit) and no further: a larger file is refused
    // while it streams in, not after it was read whole.
    const max =
      typeof field.maxSize === 'number'
        ? Math.min(field.maxSize, options.maxFileBytes)
        : options.maxFileBytes;
    const read = await readLimited(c.req.raw, max);
    if ('over' in read) {
      c.header('Connection', 'close');
      const fieldLimit = typeof field.maxSize === 'number' && field.maxSize <= options.maxFileBytes;
      throw new HttpError(
        413,
        fieldLimit ? 'file_too_large' : 'body_too_large',
        fieldLimit
          ? `"${name}" is larger than ${field.maxSize} bytes; the field "${fieldName}" takes files up to ${field.maxSize} bytes (maxSize).`
          : `The request body is larger than the limit of ${options.maxFileBytes} bytes.`,
        { limit: max },
      );
    }
    const data = read.data;
    const facts = await uploadFacts(name, data);
    const problem = acceptProblem(field.accept, facts);
    if (problem)
      throw new HttpError(415, 'file_type_not_accepted', problem, { accept: field.accept, type: facts.type });
    const id = randomUUID();
    try {
      await store.putFile(
        {
          id,
          conversationId,
          formId,
          field: fieldName,
          name,
          type: facts.type,
          size: facts.size,
          createdAt: Date.now(),
          data,
        },
        options.storageLimits,
      );
    } catch (error) {
      if (error instanceof StoreConflict) {
        const status = error.code === 'form_not_pending' ? 409 : 413;
        throw new HttpError(status, error.code, error.message, error.details);
      }
      throw error;
    }
    return c.json({ id, url: `/api/files/${id}`, name, type: facts.type, size: facts.size }, 201);
  });

  app.get('/api/files/:id', async (c) => {
    const file = await store.getFile(c.req.param('id'));
    if (!file) throw new HttpError(404, 'file_not_found', `No file with id ${c.req.param('id')}.`);
    return c.body(new Uint8Array(file.data), 200, {
      'Content-Type': file.type,
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'X-Content-Type-Options': 'nosniff',
      // Opened directly, an uploaded HTML or SVG file runs nothing in this origin.
      'Content-Security-Policy': "sandbox; default-src 'none'",
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
