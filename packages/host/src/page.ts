// The page's files: index.html, app.js and app.css from the package's public/ folder (one level above
// both src/ and dist/, so the same code finds them from sources and from the build), and the web
// renderer's one-file bundle from @formrequest/web.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface PageAssets {
  html(): string;
  script: string;
  style: string;
  renderer(): { ok: true; code: string } | { ok: false; error: string };
}

const PUBLIC = new URL('../public/', import.meta.url);

export function pageAssets(): PageAssets {
  const html = readFileSync(new URL('index.html', PUBLIC), 'utf8');
  const script = readFileSync(new URL('app.js', PUBLIC), 'utf8');
  const style = readFileSync(new URL('app.css', PUBLIC), 'utf8');
  let bundle: string | undefined;
  return {
    html: () => html,
    script,
    style,
    renderer() {
      if (bundle !== undefined) return { ok: true, code: bundle };
      let path = '';
      try {
        path = fileURLToPath(import.meta.resolve('@formrequest/web/formrequest.js'));
        bundle = readFileSync(path, 'utf8');
        return { ok: true, code: bundle };
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
