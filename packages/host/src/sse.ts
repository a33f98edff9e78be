// GET /api/conversations/:id/events: the conversation's events as Server-Sent Events.
// Each event carries its store id; a reconnecting EventSource sends Last-Event-ID and gets what it
// missed. The stream reads from the store only when the socket took the previous write (backpressure),
// sends a comment every heartbeat interval so proxies keep it open, and ends when the client goes: the
// run itself never depends on a listener.
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventBus } from './bus.js';
import type { HostStore } from './store/index.js';

export interface SseOptions {
  heartbeatMs: number;
  batchSize?: number;
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
) {
  c.header('X-Accel-Buffering', 'no');
  c.header('Cache-Control', 'no-cache, no-transform');
  return streamSSE(c, async (stream) => {
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
    const batchSize = options.batchSize ?? 200;
    try {
      await stream.write('retry: 2000\n\n');
      while (!closed && !stream.aborted) {
        if (dirty) {
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
        if (timedOut && !closed) await stream.write(': heartbeat\n\n');
      }
    } finally {
      unsubscribe();
    }
  });
}
