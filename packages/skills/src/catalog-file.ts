// Reading and saving catalog files. JSON (text that starts with `{` or `[` and parses as JSON) is read
// as Python's json reads it; everything else as YAML the way PyYAML reads it (data/yaml-read.ts).
// Both keep key order and exact numbers. A reader can take the servers one by one (`onServer`).
import { extname } from 'node:path';
import { CatalogError } from './catalog.js';
import { JsonError, readJson } from './data/json-read.js';
import { toJson } from './data/json-write.js';
import { fromJs, type Value } from './data/value.js';
import { readYaml, YamlError } from './data/yaml-read.js';
import { writeYaml } from './data/yaml-write.js';
import { writeFileAtomic } from './write.js';

// node:fs through process.getBuiltinModule, not `import`: see node-crypto.ts for why (import weight).
const { readFileSync, statSync } = process.getBuiltinModule('node:fs');

export interface CatalogReadOptions {
  /** Each entry of the catalog's `servers` list as soon as it is read (it is then not kept in the result). */
  onServer?: (server: Value, index: number) => void;
}

/** Parses catalog text. Throws CatalogError saying where the text stops being YAML or JSON. */
export function parseCatalogText(
  text: string,
  source = 'the catalog',
  options: CatalogReadOptions = {},
): Value {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let jsonError: JsonError;
    try {
      return readJson(text, options);
    } catch (error) {
      if (!(error instanceof JsonError)) throw error;
      jsonError = error;
    }
    // Flow-style YAML also starts with '{': give YAML a chance before reporting the JSON error.
    try {
      return readYaml(text, options);
    } catch {
      throw new CatalogError(`${source} is not valid JSON: ${jsonError.message}`);
    }
  }
  try {
    return readYaml(text, options);
  } catch (error) {
    if (error instanceof YamlError) throw new CatalogError(`${source} is not valid YAML: ${error.message}`);
    throw error;
  }
}

const MAX_CATALOG_BYTES = 512 * 1024 * 1024;

/** Reads a catalog file (see parseCatalogText). */
export function readCatalogFile(path: string, options: CatalogReadOptions = {}): Value {
  let text: string;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw Object.assign(new Error('it is a folder'), { code: 'EISDIR' });
    if (!stat.isFile()) throw new CatalogError(`cannot read the catalog ${path}: it is not a regular file`);
    if (stat.size > MAX_CATALOG_BYTES) throw new CatalogError(`the catalog ${path} is over 512 MB`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof CatalogError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw new CatalogError(`cannot read the catalog ${path}: ${why}`);
  }
  if (text.includes('\u0000'))
    throw new CatalogError(`${path} is not a catalog: it is binary, expected YAML or JSON text`);
  return parseCatalogText(text, path, options);
}

/** The text of a catalog: JSON (2-space indent) for `.json`, YAML otherwise (read back equal by PyYAML and YAML 1.2). */
export function catalogText(path: string, catalog: unknown): string {
  const value = fromJs(catalog);
  return extname(path).toLowerCase() === '.json' ? `${toJson(value, 2)}\n` : writeYaml(value);
}

/** Saves a catalog (as read, checked or not). Atomic. */
export async function saveCatalog(path: string, catalog: unknown): Promise<void> {
  try {
    await writeFileAtomic(path, catalogText(path, catalog));
  } catch (error) {
    throw new CatalogError(`cannot save the catalog to ${path}: ${(error as Error).message}`);
  }
}
