// How much one instance takes at once, and what it says past that: open sockets in all and per client
// address, short requests in flight, and event streams (counted apart: an open stream costs a socket
// and a timer, not a worker). Past a limit a request is answered 503 with Retry-After and
// `Connection: close`, never reset: a socket over the socket limits is still read, with a short deadline
// to send its request (a slow one is then closed), and only past twice the socket limit is a new
// socket closed at once. `attach` watches a node:http server's sockets; `middleware` is the check in
// front of the routes (Hono's, reading the socket from @hono/node-server's `incoming`).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';

export interface CapacityLimits {
  /** Open sockets in all (default 4096). */
  connections: number;
  /** Open sockets from one client address (default 1024; behind a reverse proxy, every client is the proxy's address: raise it there). */
  perAddress: number;
  /** Requests in flight at once, event streams apart (default 256). */
  requests: number;
  /** Open event streams (default 2000). */
  streams: number;
  /** How long a socket over the socket limits has to send its request, in ms (default 2000). */
  overLimitMs: number;
  /** Seconds a 503 asks the client to wait (Retry-After, default 2). */
  retryAfterS: number;
}

export const DEFAULT_CAPACITY: CapacityLimits = {
  connections: 4096,
  perAddress: 1024,
  requests: 256,
  streams: 2000,
  overLimitMs: 2000,
  retryAfterS: 2,
};

/** Why a socket was over a limit when it opened. */
const OVER = Symbol('formrequest.overLimit');
type Marked = Socket & { [OVER]?: 'connections' | 'perAddress' };

export class Capacity {
  readonly limits: CapacityLimits;
  private sockets = 0;
  private readonly byAddress = new Map<string, number>();
  private inFlight = 0;
  /** 503s answered, by limit (health and benchmarks read them). */
  readonly refused = { connections: 0, perAddress: 0, requests: 0, streams: 0, dropped: 0 };

  constructor(limits: Partial<CapacityLimits> = {}) {
    this.limits = { ...DEFAULT_CAPACITY, ...limits };
  }

  get openSockets(): number {
    return this.sockets;
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Counts the server's sockets; marks those over a limit (and closes those past twice the total). */
  attach(server: Server): void {
    server.on('connection', (socket: Marked) => {
      const address = socket.remoteAddress ?? '';
      if (this.sockets >= this.limits.connections * 2) {
        this.refused.dropped++;
        socket.destroy();
        return;
      }
      this.sockets++;
      const fromAddress = (this.byAddress.get(address) ?? 0) + 1;
      this.byAddress.set(address, fromAddress);
      socket.once('close', () => {
        this.sockets--;
        const left = (this.byAddress.get(address) ?? 1) - 1;
        if (left <= 0) this.byAddress.delete(address);
        else this.byAddress.set(address, left);
      });
      const over =
        this.sockets > this.limits.connections
          ? 'connections'
          : fromAddress > this.limits.perAddress
            ? 'perAddress'
            : undefined;
      if (over) {
        socket[OVER] = over;
        // Its request gets a 503; a socket that has not sent one in time is closed (a deadline from
        // the open, not an idle timeout that a byte now and then would keep extending).
        const timer = setTimeout(() => socket.destroy(), this.limits.overLimitMs);
        timer.unref();
        socket.once('close', () => clearTimeout(timer));
      }
    });
  }

  /**
   * The check before the routes: 503 + Retry-After for a socket that opened over a limit, for a new
   * event stream past `streams`, and for a request past `requests` in flight. `isStream` tells event
   * stream requests apart; `exempt` paths (the health check) skip the request count.
   */
  middleware(options: {
    isStream: (c: Context) => boolean;
    streams: () => number;
    exempt?: (c: Context) => boolean;
  }): MiddlewareHandler {
    return async (c, next) => {
      const socket = (c.env as { incoming?: { socket?: Marked } } | undefined)?.incoming?.socket;
      const over = socket?.[OVER];
      if (over) {
        this.refused[over]++;
        return this.busy(
          c,
          over === 'connections'
            ? `The host holds its limit of ${this.limits.connections} connections.`
            : `This address holds the host's limit of ${this.limits.perAddress} connections per client address.`,
          over,
        );
      }
      if (options.isStream(c)) {
        if (options.streams() >= this.limits.streams) {
          this.refused.streams++;
          return this.busy(
            c,
            `The host serves its limit of ${this.limits.streams} event streams.`,
            'streams',
          );
        }
        return next();
      }
      if (options.exempt?.(c)) return next();
      if (this.inFlight >= this.limits.requests) {
        this.refused.requests++;
        return this.busy(
          c,
          `The host works on its limit of ${this.limits.requests} requests at once.`,
          'requests',
        );
      }
      this.inFlight++;
      try {
        await next();
      } finally {
        this.inFlight--;
      }
    };
  }

  private busy(c: Context, why: string, limit: string) {
    c.header('Retry-After', String(this.limits.retryAfterS));
    c.header('Connection', 'close');
    return c.json(
      {
        error: `${why} Send the request again after ${this.limits.retryAfterS} s (Retry-After).`,
        code: 'over_capacity',
        limit,
      },
      503,
    );
  }
}
