// Real `formrequest demo` processes on one PostgreSQL database, as the crash tests start them: spawned
// from the sources, on port 0, each printing its URL. Used by instances*.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { cliCommand } from '../../../testing/cli.ts';
import { call, collectEvents, type SseEvent } from './helpers.js';

export interface Instance {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  /** What it wrote to stderr so far. */
  log(): string;
}

/**
 * Node flags that make a host process kill itself (kill -9) when the first attempt of a form answer's
 * turn reaches `point` (crash-hook.mjs); none without a point.
 */
export function crashHookArgs(point: string | undefined): string[] {
  if (!point) return [];
  const hook = new URL('./crash-hook.mjs', import.meta.url);
  hook.searchParams.set('at', point);
  return ['--import', hook.href];
}

export function startInstance(
  db: string,
  options: { agent?: string; env?: NodeJS.ProcessEnv; crashAt?: string } = {},
): Promise<Instance> {
  const [command, argv] = cliCommand(
    'demo',
    '--port',
    '0',
    '--db',
    db,
    '--agent',
    options.agent ?? 'scripted',
  );
  const child = spawn(command, [...crashHookArgs(options.crashAt), ...argv], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? -1 : code)),
  );
  let err = '';
  child.stderr!.on('data', (chunk) => {
    err += chunk;
    if (process.env.INSTANCE_TEST_DEBUG) process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`demo did not start: ${err}`)), 90_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], exited, log: () => err });
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`demo exited with ${code}: ${err}`));
    });
  });
}

/** SIGTERM (a graceful stop) and wait for the exit code. */
export async function stopInstance(instance: Instance | undefined): Promise<number | null> {
  if (!instance) return null;
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return instance.exited;
  instance.child.kill('SIGTERM');
  return instance.exited;
}

/** Waits until the conversation has no run going on and ends with a result; returns it. */
export async function settled(url: string, conversationId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const loaded = await call({ url }, 'GET', `/api/conversations/${conversationId}`);
    if (loaded.status === 200 && !loaded.json.running && loaded.json.events.at(-1)?.event === 'result')
      return loaded.json;
    if (Date.now() > deadline)
      throw new Error(`still running: ${JSON.stringify(loaded.json.events?.map((e: any) => e.event))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Follows a conversation's stream from `url` until `until` holds. */
export function follow(
  url: string,
  conversationId: string,
  until: (events: SseEvent[]) => boolean,
  lastEventId = 0,
  timeoutMs = 60_000,
): Promise<SseEvent[]> {
  return collectEvents({ url }, conversationId, until, { lastEventId, timeoutMs });
}

export const results = (events: SseEvent[]) => events.filter((e) => e.event === 'result').length;

/**
 * The fake Messages API for the anthropic agent: asks for the project form, and answers a submitted
 * form with "Received NAME." once `gate` (when set) is opened: a model that is slow on cue.
 */
export async function startProjectApi() {
  const { startFakeMessagesApi, lastUserText } = await import('./fake-messages-api.js');
  const { scenarioForm } = await import('../src/demo.js');
  const state = {
    gate: undefined as Promise<void> | undefined,
    /** Requests that carried the answer (one per attempt of the answering run). */
    answering: 0,
  };
  const api = await startFakeMessagesApi(async (body) => {
    const text = lastUserText(body);
    const name = /"project_name": "([^"]+)"/.exec(text)?.[1];
    if (name) {
      state.answering++;
      if (state.gate) await state.gate;
      return { text: `Received ${name}. Starting now.` };
    }
    if (text.includes('what did I send')) return { text: 'ok' };
    return {
      text: 'Fill in the project.',
      toolUse: { name: 'mcp__form__request_form', input: { form_schema: scenarioForm('project', 'en') } },
    };
  });
  /** How many user messages of the agent's history (its last request) hold `marker`. */
  const inHistory = (marker: string) =>
    api.requests
      .at(-1)!
      .body.messages.filter((m: any) => m.role === 'user')
      .flatMap((m: any) =>
        typeof m.content === 'string' ? [m.content] : m.content.map((c: any) => c.text ?? ''),
      )
      .filter((t: string) => t.includes(marker)).length;
  const env = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: api.url, ANTHROPIC_MODEL: 'fake' };
  return { api, state, inHistory, env };
}

/** A gate to hold the model with: `open()` lets it answer. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Polls `check` every 20 ms until it holds. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until the instance serves `count` event streams (its health endpoint counts them). */
export async function streamsOpen(instance: { url: string }, count: number): Promise<void> {
  await until(
    async () => (await call(instance, 'GET', '/api/health')).json.streams === count,
    `${count} streams open on ${instance.url}`,
  );
}
