// The server over Streamable HTTP at `/mcp`, and the form page at `/forms/<id>` on the same listener.
//
// Two eras share one endpoint (REFERENCE.md, "Which SDK line"): 2025-era clients (the v1 SDK client, the
// Inspector, Claude Code) get a sessionful transport, so the server can still send them requests such
// as elicitation; 2026-07-28 clients go to the SDK's per-request handler. In front of both: DNS-rebinding
// protection (Host and Origin checks) and a request body limit with a clear 413.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_MESSAGE_DEPTH, nestsDeeperThan } from '@formrequest/schema';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  isInitializeRequest,
  isJsonContentType,
  isLegacyRequest,
  type McpServer,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import { DEFAULT_HTTP_PORT, type ServerConfig } from './config.js';
import { formPageRoutes } from './form-page-routes.js';
import { fixedPageHost } from './form-page-server.js';
import { allowedNames, browsableHost, header, readBody, sendJson } from './http-util.js';
import type { PendingForms } from './pending-forms.js';
import { createFormRuntime, type FormRuntime } from './runtime.js';
import { createFormServer } from './server.js';

export const MCP_PATH = '/mcp';
export { DEFAULT_HTTP_PORT };
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
   * The origin people open form pages at, when it is not this listener's (a load balancer or reverse
   * proxy, e.g. `https://forms.example.com`). Its host is accepted in `Host` and `Origin` too.
   */
  pageOrigin?: string;
  /**
   * HMAC key of the requestState (32 bytes or more), shared by instances behind one load balancer.
   * Default: the shared store's (`forms.sharedStateKey`, as `db` gives), else random per process.
   */
  stateKey?: Uint8Array | string;
}

export interface RunningHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3939/mcp`. */
  url: string;
  port: number;
  /** The forms waiting on this server's form page. */
  forms: PendingForms;
  close(): Promise<void>;
}

interface LegacySession {
  transport: NodeStreamableHTTPServerTransport;
  lastSeen: number;
}

export async function startHttpServer(options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const config = options.config ?? {};
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const sessionIdleMs = options.sessionIdleMs ?? 60 * 60 * 1000;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const onerror = (error: Error) => log(`formrequest serve: ${error.message}`);
  const pageOrigin = options.pageOrigin === undefined ? undefined : parsePageOrigin(options.pageOrigin);
  const allowedHostnames = allowedNames(host, [
    ...(options.allowedHosts ?? []),
    ...(pageOrigin ? [new URL(pageOrigin).hostname] : []),
  ]);

  const forms = options.forms ?? (options.db ? await openSharedForms(options.db, log) : undefined);
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
  });
  const pages = formPageRoutes({
    forms: runtime.forms,
    config,
    allowedHostnames,
    origin: () => origin,
    log,
  });
  const factory = options.factory ? () => options.factory!(runtime) : () => createFormServer(config, runtime);
  const modern = createMcpHandler(factory, {
    legacy: 'reject',
    maxRequestBodySize: maxBodyBytes,
    onerror,
  });
  const serveModern = toNodeHandler(modern, { maxRequestBodySize: maxBodyBytes, onerror });
  const sessions = new Map<string, LegacySession>();

  async function serveLegacy(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const sessionId = header(req, 'mcp-session-id');
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session) {
        return sendJsonRpcError(
          res,
          404,
          -32001,
          `Unknown or expired session ${sessionId}. Start a new session with initialize.`,
        );
      }
      session.lastSeen = Date.now();
      cancelWhenCut(session.transport, res, body);
      return session.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return sendJsonRpcError(
        res,
        400,
        -32000,
        'Missing mcp-session-id header: send initialize first to open a session.',
      );
    }
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, lastSeen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await factory().connect(transport);
    // What the server sends counts as activity too: a call held while a person fills a form (its
    // progress, every few seconds) keeps its session from being swept as idle.
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      const session = transport.sessionId ? sessions.get(transport.sessionId) : undefined;
      if (session) session.lastSeen = Date.now();
      return send(message, options);
    };
    await transport.handleRequest(req, res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const hostCheck = validateHostHeader(header(req, 'host'), allowedHostnames);
    if (!hostCheck.ok) {
      return sendJsonRpcError(
        res,
        403,
        -32000,
        `Forbidden: ${hostCheck.message} (DNS-rebinding protection).`,
      );
    }
    const originCheck = validateOriginHeader(header(req, 'origin'), allowedHostnames);
    if (!originCheck.ok) {
      return sendJsonRpcError(
        res,
        403,
        -32000,
        `Forbidden: ${originCheck.message} (DNS-rebinding protection).`,
      );
    }
    if (path !== MCP_PATH) {
      if (await pages(req, res)) return;
      return sendJson(res, 404, {
        error: `Not found: ${path}. The MCP endpoint of this server is ${MCP_PATH}; form pages are at /forms/<id>.`,
      });
    }
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') {
      res.setHeader('Allow', 'GET, POST, DELETE');
      return sendJsonRpcError(
        res,
        405,
        -32000,
        `Method ${req.method} is not allowed on ${MCP_PATH}; use POST (or GET/DELETE with a session).`,
      );
    }
    let body: unknown;
    if (req.method === 'POST') {
      if (!isJsonContentType(header(req, 'content-type'))) {
        return sendJsonRpcError(
          res,
          415,
          -32000,
          'Unsupported Content-Type: send the JSON-RPC message as application/json.',
        );
      }
      const raw = await readBody(req, maxBodyBytes);
      if (raw === undefined) {
        res.setHeader('Connection', 'close');
        return sendJsonRpcError(
          res,
          413,
          -32000,
          `Request body too large: the limit is ${maxBodyBytes} bytes.`,
        );
      }
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch (error) {
        return sendJsonRpcError(
          res,
          400,
          -32700,
          `Parse error: the request body is not valid JSON (${(error as Error).message}).`,
        );
      }
      // Only a hard limit against stack overflow here: a form nested too deep (but far less) reaches
      // request_form and comes back as a tool error naming the field, like every other schema defect.
      if (nestsDeeperThan(body, MAX_MESSAGE_DEPTH)) {
        return sendJsonRpcError(
          res,
          400,
          -32600,
          `Invalid Request: the body nests objects and arrays more than ${MAX_MESSAGE_DEPTH} levels deep; send a flatter message.`,
        );
      }
    }
    // Body-less GET/DELETE are 2025 session operations; a POST is classified by the SDK's own rule.
    const legacy = req.method !== 'POST' || (await isLegacyRequest(await toWebRequest(req, body), body));
    return legacy ? serveLegacy(req, res, body) : serveModern(req, res, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      onerror(error);
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, `Internal error: ${error.message}`);
      else res.end();
    });
  });
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - sessionIdleMs;
      for (const [id, session] of sessions) {
        if (session.lastSeen < cutoff) {
          sessions.delete(id);
          session.transport.close().catch(onerror);
        }
      }
    },
    Math.min(sessionIdleMs, 60_000),
  );
  sweep.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULT_HTTP_PORT, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    clearInterval(sweep);
    await modern.close();
    await runtime.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  origin = pageOrigin ?? `http://${browsableHost(host)}:${port}`;
  return {
    url: `http://${urlHost}:${port}${MCP_PATH}`,
    port,
    forms: runtime.forms,
    async close() {
      clearInterval(sweep);
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map((session) => session.transport.close()));
      await modern.close();
      await runtime.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Pending forms in the database `url` names; the PostgreSQL entry (and `pg`) load only here. */
/**
 * A 2025 call whose response stream is cut before it ends (the client's connection dropped, with no
 * cancel sent) can never be answered: this server keeps no event store to resume it. It is cancelled
 * as if the client had said so, so a form it waits for is closed and its page tells the person that
 * the agent is no longer waiting, instead of accepting an answer nobody will receive.
 */
function cancelWhenCut(
  transport: NodeStreamableHTTPServerTransport,
  res: ServerResponse,
  body: unknown,
): void {
  const message = (body ?? {}) as { id?: unknown; method?: unknown };
  if (message.method !== 'tools/call' || (typeof message.id !== 'string' && typeof message.id !== 'number'))
    return;
  res.once('close', () => {
    if (res.writableFinished) return;
    transport.onmessage?.({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: {
        requestId: message.id as string | number,
        reason: 'The client connection closed before the answer.',
      },
    });
  });
}

async function openSharedForms(url: string, log: (line: string) => void): Promise<PendingForms> {
  const { isPostgresUrl, PostgresPendingForms, redactUrl } = await import('./postgres/index.js');
  if (!isPostgresUrl(url)) {
    throw new Error(
      `The database for pending forms must be a postgres:// URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE), not "${redactUrl(url)}". Without one, pending forms stay in this process's memory.`,
    );
  }
  return PostgresPendingForms.open(url, { log });
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

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}
