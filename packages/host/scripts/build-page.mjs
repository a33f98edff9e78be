#!/usr/bin/env node
// Builds the page's script: page/*.ts (type-checked by `tsc -b` with the rest, page/tsconfig.json) into
// ONE browser module, dist/page/app.js, which the host serves as /app.js. The renderer is not in it:
// the page imports /formrequest.js (the web package's bundle) when a form first appears.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { workspaceSources } from '../../../scripts/sources/esbuild.mjs';
import { catalogWithoutDocs } from '../../web/scripts/bundle.mjs';

const pkg = resolve(import.meta.dirname, '..');
export const PAGE_SCRIPT = resolve(pkg, 'dist/page/app.js');

/** The page's script as text. */
export async function pageScript() {
  const out = await build({
    entryPoints: [resolve(pkg, 'page/app.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['browser'],
    plugins: [workspaceSources, catalogWithoutDocs],
    external: ['/formrequest.js'],
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'warning',
  });
  return out.outputFiles[0].text;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = await pageScript();
  mkdirSync(dirname(PAGE_SCRIPT), { recursive: true });
  writeFileSync(PAGE_SCRIPT, text);
  console.log(`build-page: ${PAGE_SCRIPT} (${text.length} bytes)`);
}
