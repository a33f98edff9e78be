// The one place a Node HTTP server is made for a Hono app (the host, the MCP server, stdio's form page
// listener): listen, say why it cannot, and close (in-flight requests get a moment, idle sockets go
// at once). Connection limits and timeouts are set here, so every surface has the same ones.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface ListenOptions {
  /** The app's fetch (`app.fetch`). */
  fetch: (request: Request, env: never) => Response | Promise<Response>;
  port: number;
  hostname: string;
  /** A request whose body has not all come in this long is answered 408 and its socket closed. */
  requestTimeoutMs?: number;
  /** A request whose headers have not all come in this long is answered 408 (default 20 s). */
  headersTimeoutMs?: number;
  /** Past this many open sockets new connections are closed at once. */
  maxConnections?: number;
  /** Called with the server before it listens (a connection-limit module attaches itself here). */
  prepare?: (server: Server) => void;
}

export interface Listening {
  server: Server;
  port: number;
  /** Stops listening; requests in flight get `graceMs` (default 1 s), idle keep-alive sockets go now. */
  close(graceMs?: number): Promise<void>;
}

/** Starts listening; rejects with Node's error (EADDRINUSE…) for the caller to word. */
export async function listen(options: ListenOptions): Promise<Listening> {
  const requestTimeout = options.requestTimeoutMs;
  const server = serve({
    fetch: options.fetch as never,
    port: options.port,
    hostname: options.hostname,
    // A body that trickles in, or a chunked body that never ends, holds a socket for requestTimeout at
    // most (then Node answers 408 and closes it); the check runs often enough to keep to that.
    serverOptions:
      requestTimeout === undefined
        ? {}
        : {
            requestTimeout,
            headersTimeout: Math.min(requestTimeout, options.headersTimeoutMs ?? 20_000),
            connectionsCheckingInterval: Math.max(100, Math.min(1000, requestTimeout / 4)),
          },
  }) as Server;
  if (options.maxConnections !== undefined) server.maxConnections = options.maxConnections;
  options.prepare?.(server);
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      server.off('listening', ok);
      reject(error);
    };
    const ok = () => {
      server.off('error', failed);
      resolve();
    };
    server.once('listening', ok);
    server.once('error', failed);
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: (graceMs = 1000) =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        if (graceMs <= 0) server.closeAllConnections();
        else setTimeout(() => server.closeAllConnections(), graceMs).unref();
      }),
  };
}

/** The address to put in a URL a browser opens: a wildcard listen address is not one. */
export function browsableHost(hostname: string): string {
  if (hostname === '0.0.0.0' || hostname === '') return '127.0.0.1';
  if (hostname === '::') return '[::1]';
  return hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
}
