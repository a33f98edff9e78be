// Host benchmark.
// 1. 200 concurrent conversations, each a scripted form round trip (message -> form -> answer ->
//    reply) with its own SSE listener, against real `formrequest demo` processes:
//    - anchor: one instance on SQLite;
//    - PostgreSQL, one instance (what the shared store costs by itself);
//    - PostgreSQL, three instances on one database, each round trip spread over them: the message
//      goes to instance i, the stream is read from i+1 and the answer sent to i+2, so every event
//      crosses instances through LISTEN/NOTIFY.
//    Every event the store holds must arrive exactly once and in order (0 lost, 0 duplicated). Turn
//    latency = from a POST to the result event on the stream; p50/p99 reported, ratios against the
//    SQLite anchor. Delivery = from the answer's POST to its first event (the user_message) on the
//    stream that was already open: with three instances the POST goes to one and the stream is
//    read from another, so this is the time an event takes to cross instances (commit, NOTIFY,
//    LISTEN, read, SSE), under the same load. Skipped (saying why) where no PostgreSQL server runs.
// 2. Cold start of `formrequest demo` to the first page served. Anchor: a bare `node` HTTP server
//    spawned the same way to its first response (ratio = demo / bare node).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sourcesHook } from '../testing/cli.ts';
import { createTestDatabase, postgresServer } from '../testing/postgres.ts';

const CONVERSATIONS = Number(process.env.HOST_BENCH_CONVERSATIONS ?? 200);
const root = resolve(import.meta.dirname, '..');
const builtCli = join(root, 'packages/cli/dist/main.js');

/** `formrequest demo` as a command: the built CLI when there is one (npm run bench builds it). */
function demoCommand(...args: string[]): [string, string[]] {
  return existsSync(builtCli)
    ? [process.execPath, [builtCli, 'demo', ...args]]
    : [process.execPath, ['--import', sourcesHook, join(root, 'packages/cli/src/main.ts'), 'demo', ...args]];
}

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
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const got: Received[] = [];
  let buffer = '';
  while (!until(got)) {
    const { value, done } = await reader.read();
    if (done) break;
    const now = performance.now();
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
  return got;
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

/** One conversation over `urls` (message to the first, stream from the second, answer to the third). */
async function roundTrip(urls: string[], i: number) {
  const [toMessage, toListen, toAnswer] = [0, 1, 2].map(
    (k) => urls[(((i + k) % urls.length) + urls.length) % urls.length],
  );
  const askedAt = performance.now();
  const { conversationId } = await post(toMessage, { message: `新しいプロジェクトを作成して #${i}` });
  const controller = new AbortController();
  let answeredAt = 0;
  let answerAfterId = 0;
  let delivery: number | undefined;
  const turns: number[] = [];
  const events = await listen(
    toListen,
    conversationId,
    (got) => {
      const results = got.filter((e) => e.event === 'result');
      if (results.length >= 1 && answeredAt === 0) {
        turns.push(results[0].at - askedAt);
        answerAfterId = results[0].id;
        answeredAt = performance.now();
        post(toAnswer, {
          conversationId,
          formId: results[0].data.pending_form.id,
          answers: { project_name: `app-${i}`, language: 'go' },
        }).catch((error) => controller.abort(error));
      }
      if (answeredAt > 0 && delivery === undefined) {
        const first = got.find((e) => e.id > answerAfterId);
        if (first) delivery = first.at - answeredAt;
      }
      if (results.length === 2 && turns.length === 1) turns.push(results[1].at - answeredAt);
      return results.length === 2;
    },
    controller.signal,
  );
  return { conversationId, events, turns, delivery: delivery ?? Number.NaN };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Demo {
  child: ChildProcess;
  url: string;
}

async function startDemo(db: string): Promise<Demo> {
  const [command, args] = demoCommand('--port', '0', '--db', db);
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: root,
    env: { ...process.env, FORMREQUEST_DRAIN_MS: '0' },
  });
  let err = '';
  child.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  const url = await new Promise<string>((res, rej) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) res(match[1]);
    });
    child.once('exit', (code) => rej(new Error(`demo exited with ${code}: ${err}`)));
  });
  return { child, url };
}

async function stopDemo(demo: Demo) {
  demo.child.kill('SIGTERM');
  await new Promise((r) => (demo.child.exitCode === null ? demo.child.once('exit', r) : r(null)));
}

interface Load {
  lost: number;
  duplicated: number;
  outOfOrder: number;
  events: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  deliveryP50: number;
  deliveryP99: number;
}

/** 200 concurrent round trips over the given instances, checked against what the store holds. */
async function load(urls: string[]): Promise<Load> {
  for (let k = 0; k < 5; k++) await roundTrip(urls, -1 - k); // warm-up
  const started = performance.now();
  const runs = await Promise.all(Array.from({ length: CONVERSATIONS }, (_, i) => roundTrip(urls, i)));
  const seconds = (performance.now() - started) / 1000;
  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  const turns: number[] = [];
  const deliveries = runs.map((r) => r.delivery).sort((a, b) => a - b);
  for (const run of runs) {
    // What the store holds, read from another instance than the one streamed from.
    const stored = await (await fetch(`${urls.at(-1)}/api/conversations/${run.conversationId}`)).json();
    const storedIds: number[] = stored.events.map((e: { id: number }) => e.id);
    const ids = run.events.map((e) => e.id);
    duplicated += ids.length - new Set(ids).size;
    lost += storedIds.filter((id) => !ids.includes(id)).length;
    outOfOrder += ids.filter((id, k) => k > 0 && id <= ids[k - 1]).length;
    turns.push(...run.turns);
  }
  turns.sort((a, b) => a - b);
  return {
    lost,
    duplicated,
    outOfOrder,
    events: runs.reduce((n, r) => n + r.events.length, 0),
    seconds,
    p50: percentile(turns, 50),
    p99: percentile(turns, 99),
    max: turns.at(-1)!,
    deliveryP50: percentile(deliveries, 50),
    deliveryP99: percentile(deliveries, 99),
  };
}

function report(label: string, result: Load, anchor?: Load) {
  const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}x`;
  console.log(`  ${label}`);
  console.log(
    `    wall ${result.seconds.toFixed(2)} s, ${result.events} events (${(result.events / result.seconds).toFixed(0)}/s); lost ${result.lost}, duplicated ${result.duplicated}, out of order ${result.outOfOrder}`,
  );
  console.log(
    `    turn latency (POST to result on the stream): p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, max ${result.max.toFixed(0)} ms` +
      (anchor
        ? `; vs SQLite: p50 ${ratio(result.p50, anchor.p50)}, p99 ${ratio(result.p99, anchor.p99)}, wall ${ratio(result.seconds, anchor.seconds)}`
        : ''),
  );
  console.log(
    `    delivery (answer POST to its first event on the open stream${label.includes('3 instances') ? ', another instance' : ''}): p50 ${result.deliveryP50.toFixed(0)} ms, p99 ${result.deliveryP99.toFixed(0)} ms` +
      (anchor
        ? `; vs SQLite (same process): p50 ${ratio(result.deliveryP50, anchor.deliveryP50)}, p99 ${ratio(result.deliveryP99, anchor.deliveryP99)}`
        : ''),
  );
}

async function loadTests(): Promise<boolean> {
  console.log(
    `${CONVERSATIONS} concurrent scripted form round trips (message -> form -> answer -> reply), SSE per conversation, demo processes (${existsSync(builtCli) ? 'built CLI' : 'CLI from sources'})`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-host-bench-'));
  const failures: Load[] = [];
  let anchor: Load;
  const sqlite = await startDemo(join(dir, 'bench.db'));
  try {
    anchor = await load([sqlite.url]);
    report('anchor: SQLite, 1 instance', anchor);
    failures.push(anchor);
  } finally {
    await stopDemo(sqlite);
    rmSync(dir, { recursive: true, force: true });
  }
  const server = await postgresServer();
  if ('skip' in server) {
    console.log(`  PostgreSQL: ${server.skip.replace('PostgreSQL tests skipped', 'skipped')}`);
  } else {
    for (const count of [1, 3]) {
      const db = await createTestDatabase();
      const demos: Demo[] = [];
      try {
        demos.push(await startDemo(db.url)); // the first one migrates
        for (let k = 1; k < count; k++) demos.push(await startDemo(db.url));
        const result = await load(demos.map((d) => d.url));
        report(
          `PostgreSQL, ${count} instance${count > 1 ? 's (message, stream and answer each on another)' : ''}`,
          result,
          anchor,
        );
        failures.push(result);
      } finally {
        await Promise.all(demos.map(stopDemo));
        await db.drop();
      }
    }
  }
  return failures.every((r) => r.lost + r.duplicated + r.outOfOrder === 0);
}

/** Spawns a command that prints its URL, then times the first successful GET of that URL. */
async function timeToFirstResponse(command: string, args: string[], path: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'], cwd: root });
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
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-host-cold-'));
  const fromBuild = existsSync(builtCli);
  const demo = demoCommand('--port', '0', '--db', join(dir, 'cold.db'));
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

const ok = await loadTests();
await coldStart();
if (!ok) {
  console.error('FAIL: events were lost, duplicated or reordered');
  process.exitCode = 1;
}
