// The MCP endpoint, `/mcp`, as a Hono app. Two eras share it (REFERENCE.md, "Which SDK line"):
// 2025-era clients (the v1 SDK client, the Inspector, Claude Code) get a sessionful transport, so the
// server can still send them requests such as elicitation; 2026-07-28 clients go to the SDK's
// per-request handler. Both are the SDK's web-standard faces, fed the body read here (JSON only, a
// size limit with a clear 413, a nesting limit against stack overflow).
import { randomUUID } from 'node:crypto';
import { bodyLimit, HttpError } from '@formrequest/internal/http';
import { MAX_MESSAGE_DEPTH, nestsDeeperThan } from '@formrequest/schema';
import {
  createMcpHandler,
  isInitializeRequest,
  isJsonContentType,
  isLegacyRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';

export const MCP_PATH = '/mcp';

export interface McpRoutesOptions {
  /** Builds each server instance. */
  factory: () => McpServer;
  maxBodyBytes: number;
  /** 2025-era sessions unused for this long are closed. */
  sessionIdleMs: number;
  onerror: (error: Error) => void;
}

export interface McpRoutes {
  app: Hono;
  /** Ends every 2025 session and the per-request handler. */
  close(): Promise<void>;
}

interface LegacySession {
  transport: WebStandardStreamableHTTPServerTransport;
  lastSeen: number;
}

/** The cancel reason of a call whose connection dropped: nobody is left to re-ask it (reask.ts). */
export const CONNECTION_CLOSED = 'The client connection closed before the answer.';

/**
 * A 2025 call whose response stream is cut before it ends (the client's connection dropped, with no
 * cancel sent) can never be answered: this server keeps no event store to resume it. It is cancelled
 * as if the client had said so, so a form it waits for is closed and its page tells the person that
 * the agent is no longer waiting, instead of accepting an answer nobody will receive. (The request's
 * signal aborts only when its connection closes before the response ended.)
 */
function cancelWhenCut(
  transport: WebStandardStreamableHTTPServerTransport,
  signal: AbortSignal,
  body: unknown,
): void {
  const message = (body ?? {}) as { id?: unknown; method?: unknown };
  if (message.method !== 'tools/call' || (typeof message.id !== 'string' && typeof message.id !== 'number'))
    return;
  const requestId = message.id;
  signal.addEventListener(
    'abort',
    () => {
      transport.onmessage?.({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId, reason: CONNECTION_CLOSED },
      });
    },
    { once: true },
  );
}

const gzipJson = compress({ encoding: 'gzip', contentTypeFilter: /^application\/json(?:[;\s]|$)/i });

/** A single `resources/read` request (not a batch, not a notification). */
function isResourceRead(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { method?: unknown }).method === 'resources/read'
  );
}

/** A refusal in JSON-RPC's words: `{jsonrpc, error: {code, message}, id: null}` (app.ts words it). */
export function rpcError(status: HttpError['status'], code: number, message: string): HttpError {
  return new HttpError(status, 'jsonrpc', message, { rpcCode: code });
}

export function mcpRoutes(options: McpRoutesOptions): McpRoutes {
  const { factory, maxBodyBytes, onerror } = options;
  const modern = createMcpHandler(factory, { legacy: 'reject', maxRequestBodySize: maxBodyBytes, onerror });
  const sessions = new Map<string, LegacySession>();

  async function serveLegacy(c: Context, body: unknown): Promise<Response> {
    const sessionId = c.req.header('mcp-session-id');
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session) {
        throw rpcError(
          404,
          -32001,
          `Unknown or expired session ${sessionId}. Start a new session with initialize.`,
        );
      }
      session.lastSeen = Date.now();
      cancelWhenCut(session.transport, c.req.raw.signal, body);
      return session.transport.handleRequest(c.req.raw, { parsedBody: body });
    }
    if (c.req.method !== 'POST' || !isInitializeRequest(body)) {
      throw rpcError(400, -32000, 'Missing mcp-session-id header: send initialize first to open a session.');
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
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
    transport.send = (message, sendOptions) => {
      const session = transport.sessionId ? sessions.get(transport.sessionId) : undefined;
      if (session) session.lastSeen = Date.now();
      return send(message, sendOptions);
    };
    return transport.handleRequest(c.req.raw, { parsedBody: body });
  }

  /** The JSON-RPC body of a POST: JSON only, within the size and nesting limits. */
  async function readMessage(c: Context): Promise<unknown> {
    if (!isJsonContentType(c.req.header('content-type'))) {
      throw rpcError(415, -32000, 'Unsupported Content-Type: send the JSON-RPC message as application/json.');
    }
    let text = '';
    await bodyLimit(maxBodyBytes, (limit) =>
      rpcError(413, -32000, `Request body too large: the limit is ${limit} bytes.`),
    )(c, async () => {
      text = await c.req.text();
    });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw rpcError(
        400,
        -32700,
        `Parse error: the request body is not valid JSON (${(error as Error).message}).`,
      );
    }
    // Only a hard limit against stack overflow here: a form nested too deep (but far less) reaches
    // request_form and comes back as a tool error naming the field, like every other schema defect.
    if (nestsDeeperThan(body, MAX_MESSAGE_DEPTH)) {
      throw rpcError(
        400,
        -32600,
        `Invalid Request: the body nests objects and arrays more than ${MAX_MESSAGE_DEPTH} levels deep; send a flatter message.`,
      );
    }
    return body;
  }

  const app = new Hono();
  app.post(MCP_PATH, async (c) => {
    const body = await readMessage(c);
    // A POST is classified by the SDK's own rule.
    if (await isLegacyRequest(c.req.raw, body)) return serveLegacy(c, body);
    if (!isResourceRead(body)) return modern.fetch(c.req.raw, { parsedBody: body });
    // A resource (the Apps widget's HTML, ~120 KB) goes gzipped to a client that accepts gzip: the
    // 2026-07-28 handler answers it as one JSON body, which HTTP can compress. A 2025 session answers
    // over an event stream, which is left as it is (compressing it would hold events back).
    await gzipJson(c, async () => {
      c.res = await modern.fetch(c.req.raw, { parsedBody: body });
    });
    return c.res;
  });
  // Body-less GET/DELETE are 2025 session operations.
  app.get(MCP_PATH, (c) => serveLegacy(c, undefined));
  app.delete(MCP_PATH, (c) => serveLegacy(c, undefined));
  app.all(MCP_PATH, (c) => {
    c.header('Allow', 'GET, POST, DELETE');
    throw rpcError(
      405,
      -32000,
      `Method ${c.req.method} is not allowed on ${MCP_PATH}; use POST (or GET/DELETE with a session).`,
    );
  });

  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - options.sessionIdleMs;
      for (const [id, session] of sessions) {
        if (session.lastSeen < cutoff) {
          sessions.delete(id);
          session.transport.close().catch(onerror);
        }
      }
    },
    Math.min(options.sessionIdleMs, 60_000),
  );
  sweep.unref();

  return {
    app,
    async close() {
      clearInterval(sweep);
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map((session) => session.transport.close()));
      await modern.close();
    },
  };
}
