// The HTTP API and the page (DESIGN.md, Host), one Hono app of route modules (routes/*):
//   GET  /, /c/:id, /app.js, /app.css, the renderer      the page (routes/page.ts)
//   GET  /api/token, /api/health, /api/info              (routes/meta.ts)
//   POST /api/execute                                    a turn or an answer (routes/execute.ts)
//   GET|DELETE /api/conversations[/:id], …/events (SSE), PUT …/forms/:formId/draft   (routes/conversations.ts)
//   DELETE /api/conversations?updatedBefore=ISO           bulk delete (routes/conversations.ts)
//   POST /api/files?conversationId=&formId=&field=, GET /api/files/:id               (routes/files.ts)
//   GET  /api/demo/...                                   demo search data (routes/demo.ts)
// Before every route, the access middleware (Host, Origin, --auth, the page token: written once in
// @formrequest/internal/http). Every error is JSON {error, code, ...} with a status that says what to fix.
import { type Access, allowedMethods, allowHeader, HttpError } from '@formrequest/internal/http';
import { Hono } from 'hono';
import type { EventBus } from './bus.js';
import type { Capacity } from './capacity.js';
import type { Conversations } from './conversations.js';
import { conversationRoutes } from './routes/conversations.js';
import { demoRoutes } from './routes/demo.js';
import { executeRoutes } from './routes/execute.js';
import { fileRoutes } from './routes/files.js';
import { metaRoutes } from './routes/meta.js';
import { pageRoutes } from './routes/page.js';
import type { SseStreams } from './sse.js';
import type { HostStore, StorageLimits } from './store/index.js';

/** Event streams, counted apart from short requests by the capacity limits. */
const STREAM_PATH = /^\/api\/conversations\/[^/]+\/events$/;

export interface AppOptions {
  store: HostStore;
  /** Host, Origin, token and --auth checks (@formrequest/internal/http). */
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

export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.toJSON(), error.status);
    // A client that went away (or was cut for sending its body too slowly) is not the host's error.
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') return c.body(null, 400);
    // The database is restarting or the pool is full, past the store's own retries: try again soon.
    if (options.store.isTransient(error)) {
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
  app.use(
    '*',
    options.access.middleware({
      publicPrefixes: ['/api/demo/', '/api/health'],
      apiPrefix: '/api/',
      tokenPrefix: '/api/',
    }),
  );
  app.route('/', pageRoutes(options));
  app.route('/', metaRoutes(options));
  app.route('/api/demo', demoRoutes());
  app.route('/', executeRoutes(options));
  app.route('/', conversationRoutes(options));
  app.route('/', fileRoutes(options));

  // A known path asked with the wrong method is a 405 naming the methods it takes (read from the
  // routes themselves), not a 404 that suggests the path is wrong.
  app.notFound((c) => {
    const allowed = allowedMethods(app, c.req.path);
    if (allowed.length === 0) {
      return c.json(
        {
          error: `No route for ${c.req.method} ${c.req.path}. The paths are listed under "HTTP API" in the @formrequest/host README.`,
          code: 'not_found',
        },
        404,
      );
    }
    c.header('Allow', allowHeader(allowed));
    return c.json(
      {
        error: `${c.req.path} does not take ${c.req.method}; use ${allowed.join(' or ')}.`,
        code: 'method_not_allowed',
        allowed,
      },
      405,
    );
  });
  return app;
}
