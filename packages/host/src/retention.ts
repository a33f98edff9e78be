// Retention: conversations not touched for `days` are deleted with everything in them (events, forms,
// drafts, uploads), every hour and shortly after start, a batch at a time, skipping any with a run
// going on. Off unless set (--retention DAYS, $FORMREQUEST_RETENTION_DAYS). On SQLite the space goes
// back to the file system; on PostgreSQL autovacuum makes it reusable (see the README's "Retention").
import type { HostStore } from './store/index.js';

export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Reads a number of days (1-36500) from `text`; `from` names where it came from in the message. */
export function parseRetentionDays(text: string, from = '--retention'): number {
  const days = Number(text.trim());
  if (!Number.isInteger(days) || days < 1 || days > 36_500) {
    throw new Error(
      `${from} takes a whole number of days from 1 to 36500 after which an untouched conversation is deleted (got "${text}"); leave it out to keep conversations until deleted.`,
    );
  }
  return days;
}

/** Deletes what is older than `days` now, in batches; returns how many conversations went. */
export async function sweepOld(store: HostStore, days: number, now = Date.now()): Promise<number> {
  const cutoff = now - days * DAY_MS;
  let total = 0;
  for (;;) {
    const deleted = await store.deleteConversationsBefore(cutoff, 500);
    total += deleted;
    if (deleted < 500) return total;
  }
}

/** Sweeps every hour (the first a few seconds after start); returns the stop function. */
export function startRetention(store: HostStore, days: number, log: (line: string) => void): () => void {
  const sweep = () =>
    sweepOld(store, days).then(
      (n) => {
        if (n > 0) log(`formrequest host: retention: deleted ${n} conversations untouched for ${days} days.`);
      },
      (error: Error) =>
        log(`formrequest host: retention sweep failed (${error.message}); it runs again in an hour.`),
    );
  const first = setTimeout(sweep, 5000);
  const every = setInterval(sweep, RETENTION_INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
