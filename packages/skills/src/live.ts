// Reading a live MCP server into the catalog shape with the official SDK client: a stdio command or a
// Streamable HTTP URL, every page of tools/list (following nextCursor), and resources/list when the
// server has resources (the spec lint checks that `ui://` links point at one).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { readJson } from './data/json-read.js';
import { fromJs, isMapping, type Mapping, type Value } from './data/value.js';
import type { LiveOptions, LiveTarget } from './live-error.js';
import { NotJsonRpcError, RawAnswers, RawStdioTransport } from './live-raw.js';
import { packageVersion } from './version.js';

export type { LiveOptions, LiveTarget };

import { LiveServerError } from './live-error.js';

export { LiveServerError };

/** A list that still has a next page after this many is refused: its pagination does not end. */
export const MAX_PAGES = 1000;

function describeTarget(target: LiveTarget): string {
  return 'url' in target ? target.url : [target.command, ...(target.args ?? [])].join(' ');
}

/** Reads a live server as one catalog entry (a Mapping: id, status, title, description, tools, resources). */
export async function readLiveServer(target: LiveTarget, options: LiveOptions = {}): Promise<Mapping> {
  const raw = new RawAnswers();
  return withLiveServer(target, options, (client, left) => list(client, left, options.id, raw), raw);
}

/**
 * Connects to the server (starting it for a stdio target), runs `work`, and closes it. Every failure
 * is a LiveServerError that says what happened: not started, stopped (with the end of its stderr),
 * not reachable, a line on stdout that is not JSON-RPC (at once), or no answer within the time limit.
 */
export async function withLiveServer<T>(
  target: LiveTarget,
  options: LiveOptions,
  work: (client: Client, left: () => number) => Promise<T>,
  raw?: RawAnswers,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const what = describeTarget(target);
  let stderrTail = '';
  let spawnError: Error | undefined;
  let transport: RawStdioTransport | StreamableHTTPClientTransport;
  if ('url' in target) {
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      throw new LiveServerError(
        `'${target.url}' is not a URL; give an http(s) URL of a Streamable HTTP endpoint`,
      );
    }
    transport = new StreamableHTTPClientTransport(url, {
      ...(raw ? { fetch: raw.fetch() } : {}),
      ...(target.headers ? { requestInit: { headers: target.headers } } : {}),
    });
  } else {
    // Keep the end of the server's stderr for error messages (and keep the pipe drained).
    transport = new RawStdioTransport(target, raw, (chunk) => {
      stderrTail = (stderrTail + chunk).slice(-2000);
    });
  }
  // A line on stdout that is not JSON-RPC ends the read at once: the MCP stdio transport allows
  // nothing else there, and waiting would only end in a timeout that hides the cause.
  let stop: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  stopped.catch(() => {}); // it may be stopped after the work is over
  let notJsonRpc: LiveServerError | undefined;
  transport.onerror = (error) => {
    spawnError ??= error;
    if (error instanceof NotJsonRpcError) {
      notJsonRpc ??= new LiveServerError(`the MCP server ${what} ${error.message}`);
      stop(notJsonRpc);
    }
  };
  const client = new Client({ name: 'formrequest-skills', version: packageVersion() });
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new LiveServerError(
            `the MCP server ${what} did not answer within ${timeoutMs / 1000} s. ` +
              'Check that it is an MCP server on this transport, or give it longer with --timeout MS.' +
              stderrNote(stderrTail),
          ),
        ),
      timeoutMs,
    );
  });
  const run = async () => {
    await client.connect(transport, { timeout: left() });
    return work(client, left);
  };
  try {
    return await Promise.race([timeout, stopped, run()]);
  } catch (error) {
    if (error instanceof LiveServerError) throw error;
    // A server that printed something else on stdout and exited can break the pipe before that line
    // is read: the line says more than the broken pipe, so read to the end of its output first.
    if (transport instanceof RawStdioTransport) {
      await Promise.race([transport.ended, new Promise((r) => setTimeout(r, 1000).unref())]);
      if (notJsonRpc) throw notJsonRpc;
    }
    throw new LiveServerError(explain(error as Error, spawnError, what, target, stderrTail));
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => {});
  }
}

async function list(
  client: Client,
  left: () => number,
  id: string | undefined,
  raw: RawAnswers,
): Promise<Mapping> {
  const info = client.getServerVersion();
  const tools = await pages(client, left, raw, 'tools/list', 'tools');
  const resources = client.getServerCapabilities()?.resources
    ? await pages(client, left, raw, 'resources/list', 'resources')
    : [];
  const server: Record<string, unknown> = { id: id ?? info?.name ?? 'server', status: 'online' };
  if (info?.title) server.title = info.title;
  const description = (info as { description?: unknown } | undefined)?.description;
  if (typeof description === 'string' && description) server.description = description;
  // What `initialize` tells the model about the server: SKILL.md keeps it.
  const instructions = client.getInstructions();
  if (typeof instructions === 'string' && instructions.trim()) server.instructions = instructions;
  server.tools = tools;
  // Always set for a live server (empty when it has none), so the spec lint knows a ui:// link is dangling.
  server.resources = resources;
  return fromJs(server) as Mapping;
}

/**
 * Every page of a list, following `nextCursor` (or until `enough` says so). A cursor seen twice, or a list that still goes on
 * after MAX_PAGES pages, is an error: a partial list would make a skill with tools silently missing.
 */
export async function pages(
  client: Client,
  left: () => number,
  raw: RawAnswers | undefined,
  method: 'tools/list' | 'resources/list',
  key: 'tools' | 'resources',
  enough?: (items: unknown[]) => boolean,
): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const result = (await client.request(
      { method, params: cursor === undefined ? {} : { cursor } },
      { timeout: left() },
    )) as Record<string, unknown[]> & { nextCursor?: string };
    items.push(...exactly(raw?.take(method), key, result[key] ?? []));
    cursor = result.nextCursor;
    if (cursor === undefined || enough?.(items)) return items;
    if (seen.has(cursor))
      throw new LiveServerError(
        `${method} returned the cursor '${cursor.slice(0, 100)}' twice; the server's pagination loops, so its list has no end`,
      );
    if (page >= MAX_PAGES)
      throw new LiveServerError(
        `${method} still had a next page after ${MAX_PAGES} pages (${items.length} ${key} so far); the server's pagination does not end, so its list would be partial`,
      );
    seen.add(cursor);
  }
}

/**
 * The list as the server wrote it (read from its text: exact numbers, key order, `__proto__`), or
 * the SDK's objects when the text was not seen.
 */
function exactly(text: string | undefined, key: string, parsed: unknown[]): unknown[] {
  if (text !== undefined) {
    try {
      const message = readJson(text);
      const result = isMapping(message) ? message.get('result') : undefined;
      const list = isMapping(result) ? result.get(key) : undefined;
      if (Array.isArray(list) && list.length === parsed.length) return list as Value[];
    } catch {
      // fall back to the SDK's objects
    }
  }
  return parsed;
}

function stderrNote(tail: string): string {
  const text = tail.trim();
  return text ? `\nIts last output on stderr:\n${text.split('\n').slice(-8).join('\n')}` : '';
}

function explain(
  error: Error,
  spawnError: Error | undefined,
  what: string,
  target: LiveTarget,
  tail: string,
): string {
  const code =
    (spawnError as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException).code;
  if (!('url' in target)) {
    if (code === 'ENOENT')
      return `could not start the MCP server: command '${target.command}' not found (is it installed and on PATH?)`;
    if (code === 'EACCES') return `could not start the MCP server: '${target.command}' is not executable`;
    if (/closed|EPIPE|exited/i.test(error.message) || spawnError) {
      return `the MCP server ${what} stopped before answering (${error.message}).${stderrNote(tail)}`;
    }
  } else {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if (cause === 'ECONNREFUSED' || /ECONNREFUSED|fetch failed/i.test(error.message)) {
      return `cannot reach the MCP server at ${target.url}: connection refused or failed (${error.message}). Is it running?`;
    }
  }
  return `reading the MCP server ${what} failed: ${error.message}${stderrNote(tail)}`;
}
