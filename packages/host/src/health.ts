// What GET /api/health says of the store, for load balancers: it answers (one round trip, no
// retries), it takes writes (not a standby; a SQLite file that can be written), its disk has room (a
// SQLite file's file system: below `minFreeBytes` the instance is taken out before writes stall), and
// whether LISTEN is up (down: the instance still works, polling every second, so it stays in service
// and says so as `degraded`).
import type { Health } from './app.js';
import type { HostStore } from './store/index.js';

/** Free disk below which a SQLite host reports unavailable (64 MiB). */
export const DEFAULT_MIN_FREE_BYTES = 64 * 1024 * 1024;

export async function storeHealth(
  store: HostStore,
  listening: boolean | undefined,
  minFreeBytes = DEFAULT_MIN_FREE_BYTES,
): Promise<Pick<Health, 'status' | 'reason' | 'diskFreeBytes'>> {
  try {
    await store.ping();
  } catch (error) {
    return { status: 'unavailable', reason: `The store does not answer: ${(error as Error).message}` };
  }
  let writable: Awaited<ReturnType<HostStore['writable']>>;
  try {
    writable = await store.writable();
  } catch (error) {
    return {
      status: 'unavailable',
      reason: `The store cannot tell whether it takes writes: ${(error as Error).message}`,
    };
  }
  const disk = writable.diskFreeBytes === undefined ? {} : { diskFreeBytes: writable.diskFreeBytes };
  if (!writable.writable) return { status: 'unavailable', reason: writable.reason, ...disk };
  if (writable.diskFreeBytes !== undefined && writable.diskFreeBytes < minFreeBytes) {
    return {
      status: 'unavailable',
      reason: `The disk of the store has ${writable.diskFreeBytes} bytes free, below ${minFreeBytes}: free space (or delete conversations) before writes fail.`,
      ...disk,
    };
  }
  if (listening === false) {
    return {
      status: 'degraded',
      reason:
        'The PostgreSQL listener is reconnecting: other instances’ events arrive by polling (up to 1 s late).',
      ...disk,
    };
  }
  return { status: 'ok', ...disk };
}
