// GET /api/conversations/:id/events: the conversation's events as Server-Sent Events.
// Each event carries its store id; a reconnecting EventSource sends Last-Event-ID and gets what it
// missed. The stream reads from the store only when the socket took the previous write (backpressure),
// sends a comment every heartbeat interval so proxies keep it open (and reads the store then too, so
// a wake-up lost on the way can delay an event by one heartbeat at most), and ends when the client
// goes: the run itself never depends on a listener. When the host shuts down, each stream sends what
// is stored and ends; the browser's EventSource reconnects (through a load balancer, to another
// instance) with Last-Event-ID and misses nothing.
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventBus } from './bus.js';
import type { HostStore } from './store/index.js';

export interface SseOptions {
  heartbeatMs: number;
  batchSize?: number;
}

/** The open streams of this instance, and the switch that ends them all at shutdown. */
export class SseStreams {
  private readonly draining = new AbortController();
  private open = 0;
  private readonly emptied = new Set<() => void>();

  get count(): number {
    return this.open;
  }

  get signal(): AbortSignal {
    return this.draining.signal;
  }

  /** @internal a stream began (false: the host is shutting down; end it at once). */
  opened(): boolean {
    if (this.draining.signal.aborted) return false;
    this.open++;
    return true;
  }

  /** @internal a stream ended. */
  closed(): void {
    this.open--;
    if (this.open === 0) for (const done of this.emptied) done();
  }

  /** Ends every stream once it has sent what is stored; resolves when all are closed (or after maxMs). */
  async drain(maxMs = 5000): Promise<void> {
    this.draining.abort();
    if (this.open === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, maxMs);
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.emptied.add(finish);
    });
  }
}

/** The id to resume after: Last-Event-ID (reconnects) wins over `?after=` (first connect after a load). */
export function resumeId(c: Context): number | undefined {
  const raw = c.req.header('Last-Event-ID') ?? c.req.query('after') ?? '0';
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

export function streamEvents(
  c: Context,
  store: HostStore,
  bus: EventBus,
  conversationId: string,
  after: number,
  options: SseOptions,
  streams: SseStreams,
) {
  c.header('X-Accel-Buffering', 'no');
  c.header('Cache-Control', 'no-cache, no-transform');
  return streamSSE(c, async (stream) => {
    if (!streams.opened()) return;
    let cursor = after;
    let closed = false;
    let dirty = true;
    let wake: (() => void) | undefined;
    const signal = () => {
      dirty = true;
      wake?.();
    };
    const unsubscribe = bus.subscribe(conversationId, signal);
    stream.onAbort(() => {
      closed = true;
      wake?.();
    });
    const onDrain = () => signal();
    streams.signal.addEventListener('abort', onDrain);
    const batchSize = options.batchSize ?? 200;
    try {
      await stream.write('retry: 2000\n\n');
      while (!closed && !stream.aborted) {
        // Shutting down: one last read sends what is stored, then the stream ends.
        const last = streams.signal.aborted;
        if (dirty || last) {
          dirty = false;
          let batch = await store.eventsAfter(conversationId, cursor, batchSize);
          // Woken with nothing new: the conversation may have been deleted; then the stream ends.
          if (batch.length === 0 && !(await store.getConversation(conversationId))) break;
          while (batch.length > 0 && !closed) {
            for (const event of batch) {
              await stream.writeSSE({ id: String(event.id), event: event.name, data: event.data });
              cursor = event.id;
            }
            batch =
              batch.length === batchSize ? await store.eventsAfter(conversationId, cursor, batchSize) : [];
          }
          if (last) break;
          continue;
        }
        const timedOut = await new Promise<boolean>((resolve) => {
          if (dirty || closed) return resolve(false);
          const timer = setTimeout(() => resolve(true), options.heartbeatMs);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = undefined;
        if (timedOut && !closed) {
          await stream.write(': heartbeat\n\n');
          dirty = true;
        }
      }
    } finally {
      unsubscribe();
      streams.signal.removeEventListener('abort', onDrain);
      streams.closed();
    }
  });
}
