// The SOURCE handling that `formrequest skill` and `formrequest spec` share: a catalog file, an http(s)
// URL or `-- COMMAND`, read server by server into the caller's `onServer` (so a large catalog is never
// held whole), or read whole when --catalog-out saves it first.
import type { Value } from '@formrequest/skills';
import {
  CatalogError,
  catalogServers,
  isLive,
  LiveServerError,
  loadSource,
  type Source,
  saveCatalog,
  sourceFrom,
} from '@formrequest/skills/cli';
import { err } from './output.js';
import { UsageError } from './verb.js';

/** The flags of a SOURCE, for parseFlags; `skill` and `spec` add their own. */
export const SOURCE_OPTIONS = {
  server: { type: 'string', multiple: true },
  'catalog-out': { type: 'string' },
  id: { type: 'string' },
  timeout: { type: 'string' },
} as const;

export interface SourceFlags {
  server?: string[];
  'catalog-out'?: string;
  id?: string;
  timeout?: string;
}

/** The SOURCE of the command line, checked (UsageError when it is missing or given twice). */
export function sourceOf(positionals: string[], command: string[], values: SourceFlags): Source {
  if (positionals.length > 1) throw new UsageError(`one SOURCE only, got '${positionals.join("', '")}'.`);
  if (positionals.length > 0 && command.length > 0)
    throw new UsageError('give a SOURCE or -- COMMAND, not both.');
  const source = sourceFrom(positionals[0], command);
  if (!source) throw new UsageError('give a catalog file, an http(s) URL, or -- COMMAND for a stdio server.');
  if (!isLive(source) && (values.id !== undefined || values.timeout !== undefined)) {
    throw new UsageError('--id and --timeout only apply to a live server.');
  }
  if (values.timeout !== undefined) {
    const ms = Number(values.timeout);
    if (!Number.isInteger(ms) || ms <= 0) {
      throw new UsageError(`--timeout must be a whole number of milliseconds, not '${values.timeout}'.`);
    }
  }
  return source;
}

/**
 * Reads the source, handing each entry of its `servers` list to `onServer`. Returns 2 after printing
 * why when the source cannot be read (bad YAML/JSON, wrong shape, a live server that failed).
 */
export async function readSource(
  verb: string,
  source: Source,
  values: SourceFlags,
  onServer: (server: Value, index: number) => void,
): Promise<number | undefined> {
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  let count = 0;
  const take = (server: Value, index: number) => {
    count++;
    onServer(server, index);
  };
  try {
    if (values['catalog-out'] !== undefined) {
      // Saving the catalog needs it whole: read it, save it, then hand out its servers.
      const data = await loadSource(source, { timeoutMs, id: values.id });
      const servers = serversOf(data);
      await saveCatalog(values['catalog-out'], data);
      for (const [i, server] of servers.entries()) take(server, i);
    } else {
      const data = await loadSource(source, { timeoutMs, id: values.id, onServer: take });
      if (count === 0) serversOf(data);
    }
  } catch (error) {
    if (error instanceof CatalogError || error instanceof LiveServerError) {
      err.write(`formrequest ${verb}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  // An empty list is not an error (nothing is wrong in it), but a run that writes nothing says so.
  if (count === 0)
    err.write(
      `formrequest ${verb}: warning: the catalog has no servers (servers: []), so there is nothing to ${verb === 'spec' ? 'document' : 'write'}\n`,
    );
  return undefined;
}

/** The `servers` list, or CatalogError saying what the catalog is instead. */
function serversOf(data: Value): Value[] {
  return catalogServers(data);
}
