// The server over Streamable HTTP at `/mcp` (mcp-routes.ts), and the form page at `/forms/<id>`
// (form-page-routes.ts) on the same listener: one Hono app, behind one access middleware (Host and
// Origin: DNS-rebinding protection) and a request body limit with a clear 413.
import { DEFAULT_HTTP_PORT, type ServerConfig } from '@formrequest/internal/config';
import { Access, browsableHost, HttpError, isLoopbackHost, listen } from '@formrequest/internal/http';
import { isPostgresUrl, redactUrl } from '@formrequest/internal/postgres';
import type { McpServer } from '@modelcontextprotocol/server';
import { type Context, Hono } from 'hono';
import { formPageErrors, formPageRoutes } from './form-page-routes.js';
import { fixedPageHost } from './form-page-server.js';
import { bearerMatches } from './mcp-access.js';
import { MCP_PATH, mcpRoutes } from './mcp-routes.js';
import type { PendingForms } from './pending-forms.js';
import { createFormRuntime, type FormRuntime } from './runtime.js';
import { createFormServer } from './server.js';

export { DEFAULT_HTTP_PORT, MCP_PATH };
/** Form schemas are small; 1 MiB leaves room for a 200-field form many times over. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface HttpServerOptions {
  /** TCP port; 0 picks a free one. Default {@link DEFAULT_HTTP_PORT}. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  config?: ServerConfig;
  /** Largest accepted request body in bytes. Default {@link DEFAULT_MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
  /** Extra host names accepted in `Host` and `Origin` besides localhost and the listening host. */
  allowedHosts?: string[];
  /** 2025-era sessions unused for this long are closed. Default one hour. */
  sessionIdleMs?: number;
  /** Where out-of-band errors are reported. Default stderr. */
  log?: (line: string) => void;
  /**
   * Builds each server instance; default `createFormServer(config, runtime)`. For embedding apps that
   * add tools (pass the runtime on so URL-mode forms reach this listener's form page).
   */
  factory?: (runtime: FormRuntime) => McpServer;
  /** Where pending forms live (default: this process's memory); a shared store for several instances. */
  forms?: PendingForms;
  /**
   * A postgres:// URL: pending forms, their uploads and the requestState key are kept in that database,
   * shared by every instance on it (`@formrequest/server/postgres`; needs the `pg` package). Ignored
   * when `forms` is given.
   */
  db?: string;
  /**
   * With `db`: how long a 2025 call's form outlives the instance holding the call (its lease, renewed
   * every third of this). Default 15 s.
   */
  dbLeaseMs?: number;
  /**
   * The origin people open form pages at, when it is not this listener's (a load balancer or reverse
   * proxy, e.g. `https://forms.example.com`). Its host is accepted in `Host` and `Origin` too.
   */
  pageOrigin?: string;
  /**
   * HMAC key of the requestState (32 bytes or more), shared by instances behind one load balancer.
   * Default: the shared store's (`forms.sharedStateKey`, as `db` gives), else random per process.
   */
  stateKey?: Uint8Array | string;
  /**
   * A bearer token every `/mcp` request must carry (`Authorization: Bearer <token>`); form pages are
   * not asked for it (people open them from a link that is itself the secret). `formrequest serve`
   * requires one for any non-loopback `host`.
   */
  token?: string;
  /**
   * How long the form of a call its client cut (a timeout, a cancel) stays answerable for a re-ask of
   * the same form from the same session (reask.ts); 0 closes it at once. Default 30 minutes.
   */
  reaskWindowMs?: number;
}

export interface RunningHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3939/mcp`. */
  url: string;
  port: number;
  /** The forms waiting on this server's form page. */
  forms: PendingForms;
  close(): Promise<void>;
}

export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const config = options.config ?? {};
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const onerror = (error: Error) => log(`formrequest serve: ${error.message}`);
  const token = options.token === undefined || options.token === '' ? undefined : options.token;
  if (token === undefined && !isLoopbackHost(host)) {
    log(
      `formrequest serve: listening on ${host} without a token: anyone who reaches this address can use the server. Give one (the token option; formrequest serve --token).`,
    );
  }
  const pageOrigin = options.pageOrigin === undefined ? undefined : parsePageOrigin(options.pageOrigin);
  const access = new Access({
    listenHost: host,
    names: options.allowedHosts,
    publicOrigins: pageOrigin ? [pageOrigin] : [],
    self: 'server',
    hint: 'Open the URL the server printed, or name the host in allowedHosts (or the page origin).',
  });

  const forms =
    options.forms ?? (options.db ? await openSharedForms(options.db, log, options.dbLeaseMs) : undefined);
  let stateKey: Uint8Array | string | undefined;
  try {
    stateKey = options.stateKey ?? (await forms?.sharedStateKey?.());
  } catch (error) {
    if (!options.forms) await forms?.close();
    throw error;
  }
  let origin = '';
  const runtime = createFormRuntime(config, {
    forms,
    page: () => fixedPageHost(() => origin),
    stateKey,
    log,
    ...(options.reaskWindowMs === undefined ? {} : { reaskWindowMs: options.reaskWindowMs }),
  });
  const factory = options.factory ? () => options.factory!(runtime) : () => createFormServer(config, runtime);
  const mcp = mcpRoutes({
    factory,
    maxBodyBytes,
    sessionIdleMs: options.sessionIdleMs ?? 60 * 60 * 1000,
    onerror,
  });

  const app = new Hono();
  const pageErrors = formPageErrors(log);
  app.onError((error, c) => (c.req.path === MCP_PATH ? mcpError(error, c, onerror) : pageErrors(error, c)));
  // Every path: the Host, and an Origin by its name; the form page adds its own stricter rule for answers
  // and files. /mcp: an Origin must be this very origin, its port too (another app on localhost:5173 is
  // not this server), and the bearer token when there is one.
  app.use('*', access.middleware({ origin: 'name' }));
  app.use(MCP_PATH, access.middleware({ origin: 'same' }));
  if (token !== undefined) {
    app.use(MCP_PATH, async (c, next) => {
      if (bearerMatches(c.req.header('Authorization'), token)) return next();
      c.header('WWW-Authenticate', 'Bearer realm="formrequest"');
      throw new HttpError(
        401,
        'auth_required',
        'Unauthorized: this server needs the header "Authorization: Bearer <token>" with the token it was started with (formrequest serve --token, or FORMREQUEST_SERVE_TOKEN).',
        { rpcCode: -32001 },
      );
    });
  }
  app.route('/', mcp.app);
  app.route('/', formPageRoutes({ forms: runtime.forms, config, access, origin: () => origin, log }));
  app.notFound((c) =>
    c.json(
      {
        error: `Not found: ${c.req.path}. The MCP endpoint of this server is ${MCP_PATH}; form pages are at /forms/<id>.`,
      },
      404,
    ),
  );

  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    listening = await listen({ fetch: app.fetch, port: options.port ?? DEFAULT_HTTP_PORT, hostname: host });
  } catch (error) {
    await mcp.close();
    await runtime.close();
    throw error;
  }
  const port = listening.port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  origin = pageOrigin ?? `http://${browsableHost(host)}:${port}`;
  return {
    url: `http://${urlHost}:${port}${MCP_PATH}`,
    port,
    forms: runtime.forms,
    async close() {
      await mcp.close();
      await runtime.close();
      await listening.close(0);
    },
  };
}

/** An error on /mcp as JSON-RPC: `{jsonrpc, error: {code, message}, id: null}`. */
function mcpError(error: Error, c: Context, onerror: (error: Error) => void): Response {
  if (error instanceof HttpError) {
    const code = typeof error.details.rpcCode === 'number' ? error.details.rpcCode : -32000;
    return c.json({ jsonrpc: '2.0', error: { code, message: error.message }, id: null }, error.status);
  }
  onerror(error);
  return c.json(
    { jsonrpc: '2.0', error: { code: -32603, message: `Internal error: ${error.message}` }, id: null },
    500,
  );
}

/** Pending forms in the database `url` names; the PostgreSQL entry (and `pg`) load only here. */
async function openSharedForms(
  url: string,
  log: (line: string) => void,
  leaseMs: number | undefined,
): Promise<PendingForms> {
  const { PostgresPendingForms } = await import('./postgres/index.js');
  if (!isPostgresUrl(url)) {
    throw new Error(
      `The database for pending forms must be a postgres:// URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE), not "${redactUrl(url)}". Without one, pending forms stay in this process's memory.`,
    );
  }
  return PostgresPendingForms.open(url, { log, leaseMs });
}

/** `http(s)://host[:port]` with nothing after it, or an error saying what to give. */
export function parsePageOrigin(raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const bare = url && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !bare || url.username) {
    throw new Error(
      `The page origin must be http:// or https:// with a host and an optional port and nothing after it (e.g. https://forms.example.com), not "${raw}".`,
    );
  }
  return url.origin;
}
