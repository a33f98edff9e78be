// Reading a live MCP server into the catalog shape with the official SDK client: a stdio command or a
// Streamable HTTP URL, every page of tools/list (following nextCursor), and resources/list when the
// server has resources (the spec lint checks that `ui://` links point at one).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { readJson } from './data/json-read.js';
import { fromJs, isMapping, type Mapping, type Value } from './data/value.js';
import type { LiveOptions, LiveTarget } from './live-error.js';
import { RawAnswers, RawStdioTransport } from './live-raw.js';
import { VERSION } from './version.js';

export type { LiveOptions, LiveTarget };

import { LiveServerError } from './live-error.js';

export { LiveServerError };

const MAX_PAGES = 1000;

function describeTarget(target: LiveTarget): string {
  return 'url' in target ? target.url : [target.command, ...(target.args ?? [])].join(' ');
}

/** Reads a live server as one catalog entry (a Mapping: id, status, title, description, tools, resources). */
export async function readLiveServer(target: LiveTarget, options: LiveOptions = {}): Promise<Mapping> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const what = describeTarget(target);
  let stderrTail = '';
  let spawnError: Error | undefined;
  const raw = new RawAnswers();
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
    transport = new StreamableHTTPClientTransport(url, { fetch: raw.fetch() });
  } else {
    // Keep the end of the server's stderr for error messages (and keep the pipe drained).
    transport = new RawStdioTransport(target, raw, (chunk) => {
      stderrTail = (stderrTail + chunk).slice(-2000);
    });
  }
  transport.onerror = (error) => {
    spawnError ??= error;
  };
  const client = new Client({ name: 'formrequest-skills', version: VERSION });
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
  try {
    return await Promise.race([timeout, list(client, transport, left, options.id, raw)]);
  } catch (error) {
    if (error instanceof LiveServerError) throw error;
    throw new LiveServerError(explain(error as Error, spawnError, what, target, stderrTail));
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => {});
  }
}

async function list(
  client: Client,
  transport: RawStdioTransport | StreamableHTTPClientTransport,
  left: () => number,
  id: string | undefined,
  raw: RawAnswers,
): Promise<Mapping> {
  await client.connect(transport, { timeout: left() });
  const info = client.getServerVersion();
  const tools: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = (await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      { timeout: left() },
    )) as { tools: unknown[]; nextCursor?: string };
    tools.push(...exactly(raw.take('tools/list'), 'tools', result.tools));
    cursor = result.nextCursor;
    if (cursor === undefined) break;
    if (seen.has(cursor))
      throw new LiveServerError(
        `tools/list returned the cursor '${cursor}' twice; the server's pagination loops`,
      );
    seen.add(cursor);
  }
  const resources: unknown[] = [];
  if (client.getServerCapabilities()?.resources) {
    cursor = undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = (await client.request(
        { method: 'resources/list', params: cursor === undefined ? {} : { cursor } },
        { timeout: left() },
      )) as { resources: unknown[]; nextCursor?: string };
      resources.push(...exactly(raw.take('resources/list'), 'resources', result.resources));
      cursor = result.nextCursor;
      if (cursor === undefined || seen.has(cursor)) break;
      seen.add(cursor);
    }
  }
  const server: Record<string, unknown> = { id: id ?? info?.name ?? 'server', status: 'online' };
  if (info?.title) server.title = info.title;
  const description = (info as { description?: unknown } | undefined)?.description;
  if (typeof description === 'string' && description) server.description = description;
  server.tools = tools;
  // Always set for a live server (empty when it has none), so the spec lint knows a ui:// link is dangling.
  server.resources = resources;
  return fromJs(server) as Mapping;
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
