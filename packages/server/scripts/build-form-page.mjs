#!/usr/bin/env node
// Builds the form page's script (URL-mode elicitation): form-page/view.ts (type-checked by `tsc -b`,
// form-page/tsconfig.json) with the web renderer (packages/web/dist/formrequest.js, built just before by
// the root build) into ONE browser module, dist/form-page.js, which the server serves at
// /forms/-/page.js. The renderer's on-demand modules are folded in, so the page needs no other file.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { workspaceSources } from '../../../scripts/sources/esbuild.mjs';
import { catalogWithoutDocs } from '../../web/scripts/bundle.mjs';

const pkg = resolve(import.meta.dirname, '..');
const out = resolve(pkg, 'dist/form-page.js');

const rendererBundle = fileURLToPath(import.meta.resolve('@formrequest/web/formrequest.js'));
if (!existsSync(rendererBundle)) {
  console.error(
    `build-form-page: the web renderer bundle ${rendererBundle} is missing: run \`npm run build:bundle -w packages/web\` first.`,
  );
  process.exit(1);
}

const result = await build({
  entryPoints: [resolve(pkg, 'form-page/view.ts')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  plugins: [workspaceSources, catalogWithoutDocs],
  conditions: ['browser'],
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
});
const code = result.outputFiles[0].text;
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, code);
console.log(`build-form-page: ${out} (${code.length} bytes)`);
