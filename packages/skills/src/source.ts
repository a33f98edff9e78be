// Where a catalog comes from: a catalog file, a Streamable HTTP URL, or a stdio command. Loading
// gives the parsed catalog data (not yet checked) so it can be saved as it is with --catalog-out.

import type { Catalog } from './catalog.js';
import { readCatalogFile } from './catalog-file.js';
import { type LiveOptions, type LiveTarget, readLiveServer } from './live.js';

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

/** Reads the source: the file's parsed content, or a one-server catalog from the live server. */
export async function loadSource(source: Source, options: LiveOptions = {}): Promise<unknown> {
  if ('file' in source) return readCatalogFile(source.file);
  const server = await readLiveServer(source, options);
  const catalog: Catalog = { servers: [server] };
  return catalog;
}

/** `formrequest skill|spec [options] -- COMMAND ARGS...`: everything after the first `--` is the stdio command. */
export function splitCommand(args: string[]): [own: string[], command: string[]] {
  const at = args.indexOf('--');
  return at === -1 ? [args, []] : [args.slice(0, at), args.slice(at + 1)];
}
