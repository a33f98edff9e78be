// Reading and saving catalog files, YAML or JSON (chosen by content: JSON when it parses as JSON).
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse, stringify, YAMLParseError } from 'yaml';
import { CatalogError } from './catalog.js';
import { writeFileAtomic } from './write.js';

/** Parses catalog text. Throws CatalogError saying where the text stops being YAML or JSON. */
export function parseCatalogText(text: string, source = 'the catalog'): unknown {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(text);
    } catch (jsonError) {
      // Flow-style YAML also starts with '{': give YAML a chance before reporting the JSON error.
      try {
        return parse(text);
      } catch {
        throw new CatalogError(`${source} is not valid JSON: ${(jsonError as Error).message}`);
      }
    }
  }
  try {
    return parse(text, { prettyErrors: true });
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const where = error.linePos ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}` : '';
      throw new CatalogError(
        `${source} is neither JSON nor valid YAML${where}: ${error.message.split('\n')[0]}`,
      );
    }
    throw error;
  }
}

export async function readCatalogFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw new CatalogError(`cannot read the catalog ${path}: ${why}`);
  }
  if (text.includes('\u0000'))
    throw new CatalogError(`${path} is not a catalog: it is binary, expected YAML or JSON text`);
  return parseCatalogText(text, path);
}

/** Saves a catalog (as read, checked or not): JSON (2-space indent) for `.json`, YAML otherwise. Atomic. */
export async function saveCatalog(path: string, catalog: unknown): Promise<void> {
  const ext = extname(path).toLowerCase();
  const text =
    ext === '.json'
      ? `${JSON.stringify(catalog, null, 2)}\n`
      : stringify(catalog, { lineWidth: 0, version: '1.1', aliasDuplicateObjects: false });
  try {
    await writeFileAtomic(path, text);
  } catch (error) {
    throw new CatalogError(`cannot save the catalog to ${path}: ${(error as Error).message}`);
  }
}
