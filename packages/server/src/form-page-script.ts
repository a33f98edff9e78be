// The form page's script (dist/form-page.js, built with the web bundle), read once and kept; whether it
// is there decides whether routing may send forms to the page at all.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Built by `npm run build:bundle -w packages/server`; the same path from src/ and from dist/.
const PAGE_SCRIPT_FILE = fileURLToPath(new URL('../dist/form-page.js', import.meta.url));

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

/** Whether the page script is there to serve (routing falls back when it is not). */
export function formPageBuilt(): string | undefined {
  const script = pageScript();
  return script.ok ? undefined : script.error;
}
