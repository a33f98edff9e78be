// The page's files: index.html, app.js and app.css from the package's public/ folder (one level above
// both src/ and dist/, so the same code finds them from sources and from the build), and the web
// renderer's browser files from @formrequest/web's dist/ (the bundle and the module it loads on demand).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The renderer's files the page may load, by name. */
export const RENDERER_FILES = [
  'formrequest.js',
  'formrequest-sentences.js',
  'formrequest-en.js',
  'formrequest-pattern.js',
] as const;

export interface PageAssets {
  /** The page with its token for state-changing calls in `<meta name="formrequest-token">`. */
  html(token: string): string;
  script: string;
  style: string;
  renderer(name?: (typeof RENDERER_FILES)[number]): { ok: true; code: string } | { ok: false; error: string };
}

const PUBLIC = new URL('../public/', import.meta.url);

export function pageAssets(): PageAssets {
  const html = readFileSync(new URL('index.html', PUBLIC), 'utf8');
  const script = readFileSync(new URL('app.js', PUBLIC), 'utf8');
  const style = readFileSync(new URL('app.css', PUBLIC), 'utf8');
  const files = new Map<string, string>();
  return {
    html: (token) =>
      html.replace(
        '</head>',
        `<meta name="formrequest-token" content="${token.replace(/[^A-Za-z0-9._-]/g, '')}">\n</head>`,
      ),
    script,
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
