#!/usr/bin/env node
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
// Builds dist/formrequest.js: ONE self-contained, minified ES module for browsers (styles are part of
// the code). `@formrequest/schema` resolves to its sources, its pattern engine included, so the page
// judges patterns exactly as the server does.
import { build } from 'esbuild';

const here = resolve(import.meta.dirname, '..');

/** esbuild options shared by the build, the tests (in memory) and the benchmark. */
export const bundleOptions = {
  entryPoints: [resolve(here, 'src/index.ts')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  conditions: ['@formrequest/source', 'browser'],
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
};

/** The bundle as text, without touching dist/. */
export async function bundleText() {
  const out = await build({ ...bundleOptions, write: false });
  return out.outputFiles[0].text;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await build({ ...bundleOptions, outfile: resolve(here, 'dist/formrequest.js') });
}
