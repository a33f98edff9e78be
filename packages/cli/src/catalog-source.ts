// The SOURCE handling that `formrequest skill` and `formrequest spec` share: a catalog file, an http(s)
// URL or `-- COMMAND` read into a checked catalog, with the servers the person asked for.
import {
  allServerIds,
  CatalogError,
  checkCatalog,
  isLive,
  LiveServerError,
  loadSource,
  saveCatalog,
  selectServers,
  sourceFrom,
} from '@formrequest/skills';
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

export interface ReadCatalog {
  checked: ReturnType<typeof checkCatalog>;
  selection: ReturnType<typeof selectServers>;
  wanted: string[];
}

/** Reads and checks the catalog; returns exit code 2 after printing why when it cannot. */
export async function readCatalogSource(
  verb: string,
  positionals: string[],
  command: string[],
  values: SourceFlags,
): Promise<ReadCatalog | number> {
  if (positionals.length > 1) throw new UsageError(`one SOURCE only, got '${positionals.join("', '")}'.`);
  if (positionals.length > 0 && command.length > 0)
    throw new UsageError('give a SOURCE or -- COMMAND, not both.');
  const source = sourceFrom(positionals[0], command);
  if (!source) throw new UsageError('give a catalog file, an http(s) URL, or -- COMMAND for a stdio server.');
  if (!isLive(source) && (values.id !== undefined || values.timeout !== undefined)) {
    throw new UsageError('--id and --timeout only apply to a live server.');
  }
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
      throw new UsageError(`--timeout must be a whole number of milliseconds, not '${values.timeout}'.`);
    }
  }
  let checked: ReturnType<typeof checkCatalog>;
  try {
    const data = await loadSource(source, { timeoutMs, id: values.id });
    if (values['catalog-out'] !== undefined) await saveCatalog(values['catalog-out'], data);
    checked = checkCatalog(data);
  } catch (error) {
    if (error instanceof CatalogError || error instanceof LiveServerError) {
      process.stderr.write(`formrequest ${verb}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const wanted = values.server ?? [];
  const selection = selectServers(checked, wanted);
  if (selection.unknown.length > 0) {
    const known = allServerIds(checked);
    process.stderr.write(
      `formrequest ${verb}: no server ${selection.unknown.map((u) => `'${u}'`).join(', ')} in the catalog. ` +
        `Servers: ${known.slice(0, 20).join(', ')}${known.length > 20 ? `, … (${known.length} in all)` : ''}\n`,
    );
    return 2;
  }
  return { checked, selection, wanted };
}
