// Shared test support: a host on 127.0.0.1 port 0 with its SQLite file in a temp dir, JSON calls, and
// a conversation's SSE events read over fetch (the browser's EventSource is exercised in e2e*.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSse } from '../src/agents/sse-parser.js';
import { type HostOptions, type RunningHost, startHost } from '../src/index.js';
import type { SqliteStore } from '../src/store/index.js';

export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), 'formrequest-host-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export async function startTestHost(options: HostOptions = {}): Promise<RunningHost> {
  const host = await startHost({ port: 0, dbPath: ':memory:', ...options });
  try {
    await host.ready;
  } catch (error) {
    await host.close();
    throw error;
  }
  return host;
}

const tokens = new Map<string, Promise<string>>();

/** The host's token for state-changing calls, as a non-browser client gets it (GET /api/token). */
export function pageToken(host: { url: string }): Promise<string> {
  let token = tokens.get(host.url);
  if (!token) {
    token = fetch(`${host.url}/api/token`).then(async (r) => {
      if (r.status !== 200) throw new Error(`GET /api/token answered ${r.status}`);
      return (await r.json()).token as string;
    });
    tokens.set(host.url, token);
  }
  return token;
}

/** Headers for a state-changing call: the token plus `extra`. */
export async function writeHeaders(
  host: { url: string },
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  if ('X-FormRequest-Token' in extra) return { ...extra };
  return { 'X-FormRequest-Token': await pageToken(host), ...extra };
}

/** A JSON call; state-changing methods carry the host's token unless `headers` sets the header itself. */
export async function call(
  host: { url: string },
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: any }> {
  const writes = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit = { method, headers: writes ? await writeHeaders(host, headers) : { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(host.url + path, init);
  const text = await response.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json };
}

export interface SseEvent {
  id: number;
  event: string;
  data: any;
}

/** Listens to a conversation's events until `until` says stop (or the timeout passes). */
export async function collectEvents(
  host: { url: string },
  conversationId: string,
  until: (events: SseEvent[]) => boolean,
  options: { lastEventId?: number; timeoutMs?: number } = {},
): Promise<SseEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 15_000);
  const headers: Record<string, string> = {};
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = String(options.lastEventId);
  const events: SseEvent[] = [];
  try {
    const response = await fetch(`${host.url}/api/conversations/${conversationId}/events`, {
      headers,
      signal: controller.signal,
    });
    if (response.status !== 200) throw new Error(`SSE answered ${response.status}`);
    if (until(events)) return events;
    for await (const frame of readSse(response.body!)) {
      events.push({ id: Number(frame.id), event: frame.event, data: JSON.parse(frame.data) });
      if (until(events)) break;
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    throw new Error(`Timed out waiting for events; got ${JSON.stringify(events.map((e) => e.event))}`);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

export const endsWithResult = (events: SseEvent[]) => events.at(-1)?.event === 'result';

/** The agent's reply in a turn: its `text` deltas joined. */
export const replyText = (events: SseEvent[]): string =>
  events
    .filter((e) => e.event === 'text')
    .map((e) => e.data.text)
    .join('');

/** Sends a message (or a form answer) and returns the events of that run, up to its result. */
export async function turn(
  host: { url: string },
  body: Record<string, unknown>,
  options: { timeoutMs?: number } = {},
): Promise<{ conversationId: string; events: SseEvent[] }> {
  let after = 0;
  if (typeof body.conversationId === 'string') {
    const current = await call(host, 'GET', `/api/conversations/${body.conversationId}`);
    after = current.json.lastEventId ?? 0;
  }
  const sent = await call(host, 'POST', '/api/execute', body);
  if (sent.status !== 202) throw new Error(`execute answered ${sent.status}: ${JSON.stringify(sent.json)}`);
  const { conversationId } = sent.json;
  const events = await collectEvents(host, conversationId, endsWithResult, {
    lastEventId: after,
    timeoutMs: options.timeoutMs,
  });
  return { conversationId, events };
}

/** Uploads one file for a field of the pending form, as the page does. */
export async function upload(
  host: { url: string },
  where: { conversationId: string; formId: string; field?: string },
  name: string,
  body: string | Uint8Array,
  type = 'application/octet-stream',
): Promise<{ status: number; json: any }> {
  const query = new URLSearchParams({
    conversationId: where.conversationId,
    formId: where.formId,
    field: where.field ?? 'attachment',
  });
  const response = await fetch(`${host.url}/api/files?${query}`, {
    method: 'POST',
    headers: await writeHeaders(host, { 'Content-Type': type, 'X-File-Name': encodeURIComponent(name) }),
    body: body as BodyInit, // a Uint8Array is a valid body; the DOM lib types want its ArrayBuffer narrowed
  });
  const text = await response.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json };
}

/** The SQLite handle under a test host's store (to set up states the API cannot reach). */
export function sqlite(host: RunningHost) {
  return (host.store as SqliteStore).db;
}

/** The conversation list's first page. */
export async function listConversations(host: { url: string }, query = ''): Promise<any[]> {
  return (await call(host, 'GET', `/api/conversations${query}`)).json.conversations;
}

/**
 * Answers the all-types form (examples/forms/all-types.json, the demo's "show all field types")
 * accepts: its required fields filled, the rest left out.
 */
export const ALL_TYPES_ANSWERS = {
  project_name: 'my-app',
  language: 'python',
  features: ['auth'],
  assignee: 'u001', // a user the demo API returns: the host checks
  agree_terms: true,
};
