// How fast an answer reaches the call that waits for it: the time from `settle` (the page took the
// answer) to the waiting `outcome` resolving. Anchor: MemoryPendingForms in one process (what
// `formrequest serve` uses). Subjects, on a real PostgreSQL server (testing/postgres.ts): the same
// instance, and across two instances on one database (settled on B, waited on A: NOTIFY), each with
// the fallback re-read switched off so only the notification can wake the wait.
// Run: npm run bench pending-forms
import { performance } from 'node:perf_hooks';
import { MemoryPendingForms, type PendingForms } from '@formrequest/server';
import { PostgresPendingForms } from '@formrequest/server/postgres';
import { createTestDatabase, postgresServer } from '../testing/postgres.ts';

const WARMUP = 30;
const ROUNDS = 300;
const SCHEMA = { title: 'T', fields: [{ name: 'a', type: 'text', label: 'A' }] } as never;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** ms from settle (on `answering`) to the wait (on `waiting`) resolving, per round. */
async function measure(waiting: PendingForms, answering: PendingForms): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const form = await waiting.open({ schema: SCHEMA, serverName: 'form' });
    let woke = 0;
    const outcome = waiting.outcome(form.id).then(() => (woke = performance.now()));
    // The wait has read the form (and is listening) before the answer comes.
    await waiting.get(form.id);
    await new Promise((r) => setImmediate(r));
    const started = performance.now();
    if (!(await answering.settle(form.id, { action: 'accept', values: { a: String(round) } })))
      throw new Error('settle refused');
    await outcome;
    if (round >= WARMUP) times.push(woke - started);
  }
  return times.sort((x, y) => x - y);
}

function report(label: string, times: number[], anchor?: number[]): void {
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);
  const ratio = anchor ? `  (${(p50 / percentile(anchor, 50)).toFixed(0)}x the anchor's p50)` : '';
  console.log(`${label.padEnd(48)} p50 ${p50.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms${ratio}`);
}

const server = await postgresServer();
const memory = new MemoryPendingForms();
const anchor = await measure(memory, memory);
await memory.close();
report('memory, one process (anchor)', anchor);
if ('skip' in server) {
  console.log(server.skip);
} else {
  const db = await createTestDatabase();
  const quiet = () => {};
  const a = await PostgresPendingForms.open(db.url, { instance: 'a', fallbackMs: 600_000, log: quiet });
  const b = await PostgresPendingForms.open(db.url, { instance: 'b', fallbackMs: 600_000, log: quiet });
  try {
    report('PostgreSQL, same instance', await measure(a, a), anchor);
    report('PostgreSQL, settled on B, waited on A (NOTIFY)', await measure(a, b), anchor);
  } finally {
    await a.close();
    await b.close();
    await db.drop();
  }
}
