// Host benchmark.
// 1. 200 concurrent conversations on loopback, each a scripted form round trip (message -> form ->
//    answer -> reply) with its own SSE listener: every event the store holds must arrive exactly once
//    and in order (0 lost, 0 duplicated); event latency = arrival time - the time the event was stored.
//    Anchor: the same round trip with one conversation alone, in the same run (ratio = load / alone).
// 2. Cold start of `formrequest demo` to the first page served. Anchor: a bare `node` HTTP server
//    spawned the same way to its first response (ratio = demo / bare node).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHost } from '@formrequest/host';
import { sourcesHook } from '../testing/cli.ts';

const CONVERSATIONS = Number(process.env.HOST_BENCH_CONVERSATIONS ?? 200);
const root = resolve(import.meta.dirname, '..');

interface Received {
  id: number;
  event: string;
  at: number;
  data: any;
}

async function listen(
  url: string,
  conversationId: string,
  until: (e: Received[]) => boolean,
  signal: AbortSignal,
) {
  const response = await fetch(`${url}/api/conversations/${conversationId}/events?after=0`, { signal });
  const connectedAt = Date.now();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const got: Received[] = [];
  let buffer = '';
  while (!until(got)) {
    const { value, done } = await reader.read();
    if (done) break;
    const now = Date.now();
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const f: Record<string, string> = {};
      for (const line of frame.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) f[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
      }
      if (f.event) got.push({ id: Number(f.id), event: f.event, at: now, data: JSON.parse(f.data) });
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return { got, connectedAt };
}

const tokens = new Map<string, Promise<string>>();
/** The host's token for state-changing calls (GET /api/token), once per host. */
function token(url: string): Promise<string> {
  if (!tokens.has(url))
    tokens.set(
      url,
      fetch(`${url}/api/token`).then(async (r) => (await r.json()).token),
    );
  return tokens.get(url)!;
}

async function post(url: string, body: unknown) {
  const response = await fetch(`${url}/api/execute`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-FormRequest-Token': await token(url) },
    body: JSON.stringify(body),
  });
  if (response.status !== 202) throw new Error(`execute ${response.status}: ${await response.text()}`);
  return (await response.json()) as { conversationId: string };
}

const resultCount = (events: Received[]) => events.filter((e) => e.event === 'result').length;

/** One conversation: ask for the project form, answer it, wait for the reply. */
async function roundTrip(url: string, i: number) {
  const { conversationId } = await post(url, { message: `新しいプロジェクトを作成して #${i}` });
  const controller = new AbortController();
  let formSent = false;
  const { got: events, connectedAt } = await listen(
    url,
    conversationId,
    (got) => {
      const first = got.find((e) => e.event === 'result');
      if (first && !formSent) {
        formSent = true;
        post(url, {
          conversationId,
          formId: first.data.pending_form.id,
          answers: { project_name: `app-${i}`, language: 'go' },
        }).catch((error) => controller.abort(error));
      }
      return resultCount(got) === 2;
    },
    controller.signal,
  );
  return { conversationId, events, connectedAt };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function loadTest() {
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-host-bench-'));
  const host = await startHost({ port: 0, dbPath: join(dir, 'bench.db') });
  await host.ready;
  try {
    const check = async (
      runs: Array<{ conversationId: string; events: Received[]; connectedAt: number }>,
    ) => {
      let lost = 0;
      let duplicated = 0;
      let outOfOrder = 0;
      const latencies: number[] = [];
      const live: number[] = [];
      for (const run of runs) {
        const stored = await host.store.eventsAfter(run.conversationId, 0, 10_000);
        const ids = run.events.map((e) => e.id);
        duplicated += ids.length - new Set(ids).size;
        lost += stored.filter((s) => !ids.includes(s.id)).length;
        outOfOrder += ids.filter((id, k) => k > 0 && id <= ids[k - 1]).length;
        const createdAt = new Map(stored.map((s) => [s.id, s.createdAt]));
        for (const e of run.events) {
          const stored = createdAt.get(e.id) ?? e.at;
          latencies.push(e.at - stored);
          // Events stored after the listener connected were pushed live (the rest were replayed).
          if (stored >= run.connectedAt) live.push(e.at - stored);
        }
      }
      latencies.sort((a, b) => a - b);
      live.sort((a, b) => a - b);
      const events = runs.reduce((n, r) => n + r.events.length, 0);
      return {
        lost,
        duplicated,
        outOfOrder,
        events,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1)!,
        liveCount: live.length,
        liveP50: percentile(live, 50),
        liveP99: percentile(live, 99),
      };
    };

    // Anchor: one conversation alone (after a warm-up), same host, same run.
    await roundTrip(host.url, -1);
    const aloneRuns = [];
    for (let k = 0; k < 20; k++) aloneRuns.push(await roundTrip(host.url, -2 - k));
    const alone = await check(aloneRuns);

    const started = performance.now();
    const runs = await Promise.all(Array.from({ length: CONVERSATIONS }, (_, i) => roundTrip(host.url, i)));
    const seconds = (performance.now() - started) / 1000;
    const load = await check(runs);
    await (await host.ready).idle();

    console.log(
      `${CONVERSATIONS} concurrent scripted form round trips (message -> form -> answer -> reply), SSE per conversation`,
    );
    console.log(
      `  wall time ${seconds.toFixed(2)} s, ${load.events} events delivered (${(load.events / seconds).toFixed(0)} events/s)`,
    );
    console.log(`  lost ${load.lost}, duplicated ${load.duplicated}, out of order ${load.outOfOrder}`);
    console.log(
      `  live event latency (stored -> received, ${load.liveCount} events pushed to a connected listener): p50 ${load.liveP50} ms, p99 ${load.liveP99} ms`,
    );
    console.log(
      `  all events incl. replayed to late listeners: p50 ${load.p50} ms, p99 ${load.p99} ms, max ${load.max} ms`,
    );
    console.log(
      `  anchor, one conversation alone (20 round trips): live p50 ${alone.liveP50} ms, p99 ${alone.liveP99} ms`,
    );
    console.log(
      `  ratio live p99 under load / alone: ${(load.liveP99 / Math.max(1, alone.liveP99)).toFixed(1)}x`,
    );
    return load.lost + load.duplicated + load.outOfOrder === 0;
  } finally {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Spawns a command that prints its URL, then times the first successful GET of that URL. */
async function timeToFirstResponse(command: string, args: string[], path: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], cwd: root });
  try {
    const url = await new Promise<string>((res, rej) => {
      let out = '';
      child.stdout!.on('data', (chunk) => {
        out += chunk;
        const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) res(match[1]);
      });
      child.once('exit', (code) => rej(new Error(`exited with ${code}`)));
    });
    for (;;) {
      const response = await fetch(url + path).catch(() => undefined);
      if (response?.ok) {
        await response.text();
        return performance.now() - started;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
  }
}

async function coldStart() {
  const built = join(root, 'packages/cli/dist/main.js');
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-host-cold-'));
  const fromBuild = existsSync(built);
  const demo = fromBuild
    ? [process.execPath, [built, 'demo', '--port', '0', '--db', join(dir, 'cold.db')]]
    : [
        process.execPath,
        [
          '--import',
          sourcesHook,
          join(root, 'packages/cli/src/main.ts'),
          'demo',
          '--port',
          '0',
          '--db',
          join(dir, 'cold.db'),
        ],
      ];
  const bare = `require('http').createServer((q,s)=>s.end('ok')).listen(0,'127.0.0.1',function(){console.log('http://127.0.0.1:'+this.address().port)})`;
  const demoTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let k = 0; k < 5; k++) {
    rmSync(join(dir, 'cold.db'), { force: true });
    demoTimes.push(await timeToFirstResponse(demo[0] as string, demo[1] as string[], '/'));
    bareTimes.push(await timeToFirstResponse(process.execPath, ['-e', bare], '/'));
  }
  rmSync(dir, { recursive: true, force: true });
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const d = median(demoTimes);
  const b = median(bareTimes);
  console.log(
    `cold start to first page served (${fromBuild ? 'built CLI' : 'CLI from sources via tsx'}, fresh db, median of 5)`,
  );
  console.log(
    `  formrequest demo ${d.toFixed(0)} ms; anchor bare node http server ${b.toFixed(0)} ms; ratio ${(d / b).toFixed(1)}x`,
  );
}

const ok = await loadTest();
await coldStart();
if (!ok) {
  console.error('FAIL: events were lost, duplicated or reordered');
  process.exitCode = 1;
}
