#!/usr/bin/env node
// Builds the form page's script (URL-mode elicitation): form-page/view.ts (type-checked by `tsc -b`,
// form-page/tsconfig.json) with the web renderer's sources into ONE browser module, dist/form-page.js,
// which the server serves at /forms/-/page.js: the page's own code and the renderer's main module,
// sharing one copy of the schema code they both use. The renderer's on-demand parts (pattern engine,
// schema sentences, English words, reader, fields that fetch, file field) are not in it: each stays an
// `import()` of the renderer's own built file (packages/web/dist/formrequest-*.js, which the root build
// makes just before), copied to dist/form-page-parts/ under a name carrying its content's hash, so the
// server can serve them compressed and cacheable for good (/forms/-/<name>), loaded only when a form
// needs them, as the renderer loads them anywhere else. The page's own English words
// (form-page/english.ts) are built the same way into a file there, imported only for an English form.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { workspaceSources } from '../../../scripts/sources/esbuild.mjs';
import { catalogWithoutDocs, ON_DEMAND, onDemandFiles } from '../../web/scripts/bundle.mjs';

const pkg = resolve(import.meta.dirname, '..');
const out = resolve(pkg, 'dist/form-page.js');
/** Where the on-demand parts go; the server serves this folder's files (src/form-page-script.ts). */
const PARTS_DIR = resolve(pkg, 'dist/form-page-parts');

const webDist = dirname(fileURLToPath(import.meta.resolve('@formrequest/web/formrequest.js')));
const missing = Object.values(ON_DEMAND)
  .map((file) => resolve(webDist, file))
  .filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(
    `build-form-page: the web renderer's files ${missing.join(', ')} are missing: run \`npm run build:bundle -w packages/web\` first.`,
  );
  process.exit(1);
}

// formrequest-pattern.js -> formrequest-pattern.<first 10 hex of its sha256>.js
const hashed = new Map();
rmSync(PARTS_DIR, { recursive: true, force: true });
mkdirSync(PARTS_DIR, { recursive: true });
for (const file of Object.values(ON_DEMAND)) {
  const code = readFileSync(resolve(webDist, file));
  const name = file.replace(/\.js$/, `.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`);
  writeFileSync(resolve(PARTS_DIR, name), code);
  hashed.set(file, name);
}

/**
 * The page's own stylesheet (form-page/styles.ts, written readable in a template literal) minified as
 * CSS on the way, as esbuild minifies the code around it.
 */
const minifiedPageCss = {
  name: 'form-page-css',
  setup(b) {
    b.onLoad({ filter: /[\\/]form-page[\\/]styles\.ts$/ }, async (args) => {
      const source = readFileSync(args.path, 'utf8');
      const found = /const CSS = `([^`$\\]*)`;/.exec(source);
      if (!found)
        throw new Error(`${args.path}: no \`const CSS = \`...\`;\` to minify (a plain template, no \${}).`);
      const css = (await transform(found[1], { loader: 'css', minify: true })).code.trim();
      return { contents: source.replace(found[0], `const CSS = ${JSON.stringify(css)};`), loader: 'ts' };
    });
  },
};

const common = {
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  conditions: ['browser'],
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
};

// The page's English words: their own file among the parts, named by its content's hash too.
const english = resolve(pkg, 'form-page/english.ts');
const englishCode = (await build({ ...common, entryPoints: [english], plugins: [workspaceSources] }))
  .outputFiles[0].text;
const englishFile = `formrequest-page-en.${createHash('sha256').update(englishCode).digest('hex').slice(0, 10)}.js`;
writeFileSync(resolve(PARTS_DIR, englishFile), englishCode);
const englishOnDemand = {
  name: 'form-page-english',
  setup(b) {
    b.onResolve({ filter: /^\.\/english\.js$/ }, (args) =>
      args.kind === 'dynamic-import' && resolve(args.resolveDir, 'english.ts') === english
        ? { path: `./${englishFile}`, external: true }
        : undefined,
    );
  },
};

const result = await build({
  ...common,
  entryPoints: [resolve(pkg, 'form-page/view.ts')],
  plugins: [
    englishOnDemand,
    onDemandFiles((file) => hashed.get(file)),
    minifiedPageCss,
    workspaceSources,
    catalogWithoutDocs,
  ],
});
const code = result.outputFiles[0].text;
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, code);
console.log(
  `build-form-page: ${out} (${code.length} bytes) and ${hashed.size} on-demand parts in ${PARTS_DIR}`,
);
