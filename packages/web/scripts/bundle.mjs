#!/usr/bin/env node
// Builds the browser files in dist/ from the package's own modules, as any bundler would split them:
//   formrequest.js            ONE minified ES module (src/bundle.ts): renderForm, <form-request> defined on
//                             import, the styles, every field, the checks of @formrequest/schema/core
//   formrequest-pattern.js    src/pattern.ts, the pattern engine (parser + matcher): imported as a check
//                             meets a pattern (src/patterns.ts)
//   formrequest-en.js         src/english.ts, the English form words: imported as an English form renders
//                             (src/words.ts; Japanese is the default)
//   formrequest-reader.js     src/reader.ts, the reader of what a model meant: imported when a form has
//                             something to say as written (src/checks.ts)
//   formrequest-sentences.js  src/sentences.ts, the schema-error sentences (ja + en): imported when a
//                             broken form's error panel has to explain why (src/issues.ts)
//   formrequest-remote.js     src/fields/network.ts, the fields that fetch, with their loader
//   formrequest-file.js       src/fields/file.ts, the file field
//   formrequest-prompts.js    src/prompts.ts, the error summary of a long form and the question before
//                             typed answers are discarded: imported when submit fails or cancel is pressed
//   formrequest.css           the same styles as a file, for pages that link them (styles: false)
// Each `import()` of those modules is real (a consumer's bundler splits them the same way); here
// each becomes its file, built on its own, so the main module has no static import. `@formrequest/*`
// resolves to its sources (the workspace-sources plugin). The catalog's words (what each type and
// property means) are in @formrequest/schema's catalog-docs.ts, which no browser module imports, so any
// bundler leaves them out. The one change made to a source on the way: the other surfaces' facts
// (`elicit`) and the extension marks (`ext`) are dropped from catalog.ts (stripDocs), which also
// refuses a `doc` or `brief` written back into the catalog.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { workspaceSources } from '../../../scripts/sources/esbuild.mjs';

const here = resolve(import.meta.dirname, '..');

/** The modules the main module imports on demand, each with the file it becomes beside it. */
export const ON_DEMAND = {
  'pattern.ts': 'formrequest-pattern.js',
  'english.ts': 'formrequest-en.js',
  'reader.ts': 'formrequest-reader.js',
  'sentences.ts': 'formrequest-sentences.js',
  'fields/network.ts': 'formrequest-remote.js',
  'fields/file.ts': 'formrequest-file.js',
  'prompts.ts': 'formrequest-prompts.js',
};

const common = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  conditions: ['browser'],
  plugins: [workspaceSources],
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
};

/**
 * Drops from the catalog's source what the browser never reads: what only documents it (a `doc` or
 * `brief` string, were one written back, the `ext: true` marks of extensions) and the facts of other surfaces
 * (`elicit: '...'`: the elicitation mapping's), and a copy of a shared spec that only marked it an
 * extension becomes that spec; fails the build if a doc is written in a way it cannot drop (a
 * concatenation, a call).
 */
export function stripDocs(source, file = 'catalog.ts') {
  // A string, or a template whose ${...} hold plain names (`Pattern: ${PATTERN_SYNTAX}`).
  const literal = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.|\$\{[\w.]+\}|\$(?!\{))*`/.source;
  const out = source
    .replace(
      new RegExp(`\\b(?:doc|brief|elicit):\\s*(?:${literal}|[A-Z][A-Z0-9_]*)(?:\\s*,|(?=\\s*[}\\n]))`, 'g'),
      '',
    )
    .replace(/\bext: true(?:\s*,|(?=\s*[}\n]))/g, '')
    // What is left of `{ ...required, ext: true }` is the shared spec itself.
    .replace(/\{\s*\.\.\.([A-Za-z_$][\w$]*)\s*,?\s*\}/g, '$1');
  const left = /\b(?:doc|brief):\s*[^\s]/.exec(out.replace(/\breadonly (?:doc|brief\??): string;/g, ''));
  if (left)
    throw new Error(
      `${file}: a doc that is not one string literal (${out.slice(left.index, left.index + 40)}...); the web bundle strips docs as 'doc: "..."'.`,
    );
  return out;
}

/**
 * The catalog without its docs, for any browser bundle that reads the catalog (the widget, the form
 * page, the host's page read answers back with it).
 */
export const catalogWithoutDocs = {
  name: 'formrequest-catalog-without-docs',
  setup(b) {
    b.onLoad({ filter: /[\\/]schema[\\/]src[\\/]catalog\.ts$/ }, async (args) => ({
      contents: stripDocs(await readFile(args.path, 'utf8'), args.path),
      loader: 'ts',
    }));
  },
};

/**
 * The renderer's on-demand modules stay imports of their own files: each `import()` of one of them
 * becomes an external import of `./<name>`, `name` its file in dist/ (ON_DEMAND) or what `rename`
 * makes of it. For a page built from the renderer's sources (the server's form page) that then loads
 * those parts as the renderer does, only when a form needs them.
 */
export function onDemandFiles(rename = (file) => file) {
  return {
    name: 'formrequest-on-demand-files',
    setup(b) {
      const files = new Map(
        Object.entries(ON_DEMAND).map(([src, file]) => [resolve(here, 'src', src), file]),
      );
      b.onResolve({ filter: /^\.\.?\/[\w/.]+\.js$/ }, (args) => {
        const file = files.get(resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts'));
        return file && args.kind === 'dynamic-import'
          ? { path: `./${rename(file)}`, external: true }
          : undefined;
      });
    },
  };
}

/** The on-demand modules become their files; the catalog loses its docs. */
const browserFiles = onDemandFiles();

const options = (entry) => ({
  ...common,
  entryPoints: [resolve(here, 'src', entry)],
  plugins: [browserFiles, catalogWithoutDocs, workspaceSources],
});

/** esbuild options of the main module, shared by the build, the tests (in memory) and the benchmark. */
export const bundleOptions = options('bundle.ts');

/** The main module as text, without touching dist/. */
export async function bundleText() {
  const out = await build({ ...bundleOptions, write: false });
  return out.outputFiles[0].text;
}

/** The stylesheet's text (src/styles.ts's CSS). */
export async function cssText() {
  const out = await build({
    ...common,
    entryPoints: [resolve(here, 'src/styles.ts')],
    minify: false,
    write: false,
  });
  const { CSS } = await import(
    `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`
  );
  return `${CSS}\n`;
}

/** Every browser file by name, built in memory: {'formrequest.js': ..., ...}. */
export async function bundleFiles() {
  const text = (o) => build({ ...o, write: false }).then((out) => out.outputFiles[0].text);
  const entries = [
    ['formrequest.js', bundleOptions],
    ...Object.entries(ON_DEMAND).map(([src, file]) => [file, options(src)]),
  ];
  const texts = await Promise.all([...entries.map(([, o]) => text(o)), cssText()]);
  return Object.fromEntries([
    ...entries.map(([file], i) => [file, texts[i]]),
    ['formrequest.css', texts.at(-1)],
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await bundleFiles();
  for (const [name, text] of Object.entries(files)) await writeFile(resolve(here, 'dist', name), text);
}
