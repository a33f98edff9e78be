// The page's files: index.html and app.css from the package's public/ folder, the page's script
// dist/page/app.js (built from page/*.ts by scripts/build-page.mjs; both folders sit one level above
// src/ and dist/, so the same code finds them from sources and from the build), and the web renderer's
// browser files from @formrequest/web's dist/ (the bundle and the modules it loads on demand).
// Run from sources (this module is page.ts itself, as in the tests' own processes), the script is built
// from page/ in memory, so a test never runs a stale page.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The renderer's files the page may load, by name. */
export const RENDERER_FILES = [
  'formrequest.js',
  'formrequest-sentences.js',
  'formrequest-en.js',
  'formrequest-pattern.js',
  'formrequest-reader.js',
  'formrequest-remote.js',
  'formrequest-file.js',
  'formrequest-prompts.js',
] as const;

export interface PageAssets {
  /** The page with its token for state-changing calls in `<meta name="formrequest-token">`. */
  html(token: string): string;
  /** The page's script; an Error that says how to build it when it is missing. */
  script(): Promise<string>;
  style: string;
  renderer(name?: (typeof RENDERER_FILES)[number]): { ok: true; code: string } | { ok: false; error: string };
}

const PUBLIC = new URL('../public/', import.meta.url);
const SCRIPT = new URL('../dist/page/app.js', import.meta.url);

export function pageAssets(): PageAssets {
  const html = readFileSync(new URL('index.html', PUBLIC), 'utf8');
  let script: Promise<string> | undefined;
  const style = readFileSync(new URL('app.css', PUBLIC), 'utf8');
  const files = new Map<string, string>();
  return {
    html: (token) =>
      html.replace(
        '</head>',
        `<meta name="formrequest-token" content="${token.replace(/[^A-Za-z0-9._-]/g, '')}">\n</head>`,
      ),
    script() {
      script ??= loadScript();
      return script;
    },
    style,
    renderer(name = 'formrequest.js') {
      const code = files.get(name);
      if (code !== undefined) return { ok: true, code };
      let path = '';
      try {
        path = join(dirname(fileURLToPath(import.meta.resolve('@formrequest/web/formrequest.js'))), name);
        files.set(name, readFileSync(path, 'utf8'));
        return { ok: true, code: files.get(name)! };
      } catch (error) {
        return {
          ok: false,
          error:
            `The web renderer bundle is missing (${path || '@formrequest/web/formrequest.js'}: ${(error as Error).message}). ` +
            'Build it with `npm run build` (or `npm run build:bundle -w packages/web`).',
        };
      }
    },
  };
}

async function loadScript(): Promise<string> {
  if (import.meta.url.endsWith('.ts')) {
    const build = new URL('../scripts/build-page.mjs', import.meta.url).href;
    const { pageScript } = (await import(build)) as { pageScript(): Promise<string> };
    return pageScript();
  }
  try {
    return readFileSync(SCRIPT, 'utf8');
  } catch (error) {
    throw new Error(
      `The page script is missing (${fileURLToPath(SCRIPT)}: ${(error as Error).message}). ` +
        'Build it with `npm run build` (or `npm run build:bundle -w packages/host`).',
    );
  }
}
