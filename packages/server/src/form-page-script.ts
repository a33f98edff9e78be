// The form page's script (dist/form-page.js, built with the web renderer's sources), read once and kept;
// whether it is there decides whether routing may send forms to the page at all. Beside it, the
// renderer's on-demand parts and the page's English words, which the script imports when a form needs them (dist/form-page-parts/, each
// name carrying its content's hash: scripts/build-form-page.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Built by `npm run build:bundle -w packages/server`; the same path from src/ and from dist/.
const PAGE_SCRIPT_FILE = fileURLToPath(new URL('../dist/form-page.js', import.meta.url));
const PARTS_DIR = fileURLToPath(new URL('../dist/form-page-parts/', import.meta.url));

let cachedScript: string | undefined;

export function pageScript(): { ok: true; code: string } | { ok: false; error: string } {
  if (cachedScript === undefined) {
    if (!existsSync(PAGE_SCRIPT_FILE)) {
      return {
        ok: false,
        error: `The form page script ${PAGE_SCRIPT_FILE} has not been built. Run \`npm run build\` (or \`npm run build:bundle -w packages/server\`).`,
      };
    }
    cachedScript = readFileSync(PAGE_SCRIPT_FILE, 'utf8');
  }
  return { ok: true, code: cachedScript };
}

let parts: Map<string, string> | undefined;

/**
 * One of the renderer's on-demand parts by its file name (`formrequest-pattern.<hash>.js`), or undefined
 * when the build made no such file. The folder is read once: its names are the only ones served.
 */
export function pagePart(name: string): string | undefined {
  if (parts === undefined) {
    parts = new Map();
    if (existsSync(PARTS_DIR))
      for (const file of readdirSync(PARTS_DIR))
        if (file.endsWith('.js')) parts.set(file, readFileSync(`${PARTS_DIR}${file}`, 'utf8'));
  }
  return parts.get(name);
}

/** Whether the page script is there to serve (routing falls back when it is not). */
export function formPageBuilt(): string | undefined {
  const script = pageScript();
  return script.ok ? undefined : script.error;
}
