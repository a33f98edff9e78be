// Where a catalog comes from: a catalog file, a Streamable HTTP URL, or a stdio command. Loading
// gives the parsed catalog data (not yet checked) so it can be saved as it is with --catalog-out.

import { type CatalogReadOptions, readCatalogFile } from './catalog-file.js';
import type { Mapping, Value } from './data/value.js';
import type { LiveOptions, LiveTarget } from './live-error.js';

export type Source = { file: string } | LiveTarget;

/** `http(s)://…` is a live server; anything else is a catalog file. A stdio command comes separately. */
export function sourceFrom(positional: string | undefined, command: string[]): Source | undefined {
  if (command.length > 0) return { command: command[0]!, args: command.slice(1) };
  if (positional === undefined) return undefined;
  if (/^https?:\/\//i.test(positional)) return { url: positional };
  return { file: positional };
}

export function isLive(source: Source): source is LiveTarget {
  return !('file' in source);
}

/**
 * Reads the source: the file's catalog, or a one-server catalog from the live server. With `onServer`
 * each server is handed out as soon as it is read (and not kept in the returned catalog).
 */
export async function loadSource(
  source: Source,
  options: LiveOptions & CatalogReadOptions = {},
): Promise<Value> {
  if ('file' in source) return readCatalogFile(source.file, options);
  const server = await readLiveServer(source, options);
  options.onServer?.(server, 0);
  const catalog: Mapping = new Map([['servers', options.onServer ? [] : [server]]]);
  return catalog;
}

/**
 * Reads a live MCP server as one catalog entry (id, status, title, description, instructions, tools,
 * resources). The MCP client is loaded here, on the first live read, never by importing the package.
 */
export async function readLiveServer(target: LiveTarget, options: LiveOptions = {}): Promise<Mapping> {
  const live = await import('./live.js');
  return live.readLiveServer(target, options);
}

/** `formrequest call`: one tool call (see call.ts). The MCP client is loaded here, on the first call. */
export async function callTool(
  ...args: Parameters<typeof import('./call.js').callTool>
): ReturnType<typeof import('./call.js').callTool> {
  const call = await import('./call.js');
  return call.callTool(...args);
}

/** `formrequest skill|spec [options] -- COMMAND ARGS...`: everything after the first `--` is the stdio command. */
export function splitCommand(args: string[]): [own: string[], command: string[]] {
  const at = args.indexOf('--');
  return at === -1 ? [args, []] : [args.slice(0, at), args.slice(at + 1)];
}
