#!/usr/bin/env node
// Builds the browser files in dist/:
//   formrequest.js            ONE minified ES module (src/bundle.ts): renderForm, <form-request> defined on
//                             import, the styles, every field
//   formrequest-sentences.js  the schema-error sentences (ja + en), imported by formrequest.js only when
//                             a form is broken and its error panel has to explain why
//   formrequest-en.js         the English form messages a form shows after it is drawn (validation), imported
//                             as an English form renders (the second language: Japanese is the default)
//   formrequest-pattern.js    the pattern engine (parser + matcher), imported as a form with a `pattern`
//                             is checked
//   formrequest.css           the same styles as a file, for pages that link them (styles: false)
// `@formrequest/schema` resolves to its sources (the workspace-sources plugin), its pattern engine included, so the page judges
// patterns exactly as the server does. What the main module leaves out, so it stays small:
//   - the catalog's `doc` strings (they feed the tool description and the docs, never the browser);
//   - the sentences: check-schema gets src/deferred-sentences.ts, whose messages are placeholders;
//   - most of English: the `form` part of messages/en.ts becomes src/deferred-english.ts's english(ja);
//   - the catalog's other parts (what the server, the terminal and the host say): never read here;
//   - the pattern engine: importers of pattern/index.ts get src/deferred-pattern.ts; a form's matching
//     budget (pattern/budget.ts) is not applied in the page;
//   - reading what a model meant (normalize.ts): forms reach this bundle read already (src/deferred-normalize.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { workspaceSources } from '../../../scripts/sources/esbuild.mjs';

const here = resolve(import.meta.dirname, '..');
const schemaSrc = resolve(here, '../schema/src');
export const SENTENCES_FILE = 'formrequest-sentences.js';
export const ENGLISH_FILE = 'formrequest-en.js';
export const PATTERN_FILE = 'formrequest-pattern.js';
const messagesSrc = resolve(schemaSrc, 'messages');

/**
 * The stand-in for the English catalog (messages/en.ts) inside the main module: its `form` part is
 * src/deferred-english.ts's english(ja), the other parts nothing (the browser never reads them).
 */
async function englishStandIn() {
  const parts = [
    ...(await readFile(resolve(messagesSrc, 'en.ts'), 'utf8')).matchAll(/^export const (\w+)/gm),
  ].map((m) => m[1]);
  if (!parts.includes('form'))
    throw new Error(`${messagesSrc}/en.ts: no "export const form" part for the web bundle to defer.`);
  const other = parts.filter((part) => part !== 'form');
  return [
    `import { english } from ${JSON.stringify(resolve(here, 'src/deferred-english.ts'))};`,
    `import { form as ja } from ${JSON.stringify(resolve(messagesSrc, 'ja.ts'))};`,
    'export const form = english(ja);',
    ...other.map((part) => `export const ${part} = undefined;`),
  ].join('\n');
}

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
 * Drops from the catalog's source what the browser never reads: what only documents it (`doc: '...'`,
 * `brief: '...'` or a constant, the `ext: true` marks of extensions) and the facts of other surfaces
 * (`elicit: '...'`, `format: '...'`: the elicitation mapping's), and a copy of a shared spec that only
 * marked it an extension becomes that spec; fails the build if a doc is written in a way it cannot drop
 * (a concatenation, a call).
 */
export function stripDocs(source, file = 'catalog.ts') {
  // A string, or a template whose ${...} hold plain names (`Pattern: ${PATTERN_SYNTAX}`).
  const literal = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.|\$\{[\w.]+\}|\$(?!\{))*`/.source;
  const out = source
    .replace(
      new RegExp(
        `\\b(?:doc|brief|elicit|format):\\s*(?:${literal}|[A-Z][A-Z0-9_]*)(?:\\s*,|(?=\\s*[}\\n]))`,
        'g',
      ),
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

const mainOnly = {
  name: 'formrequest-main',
  setup(b) {
    b.onResolve({ filter: /^\.\/schema-messages\.js$/ }, (args) =>
      args.importer.startsWith(schemaSrc) ? { path: resolve(here, 'src/deferred-sentences.ts') } : undefined,
    );
    b.onResolve({ filter: /^\.\/sentences\.js$/ }, () => ({ path: `./${SENTENCES_FILE}`, external: true }));
    b.onResolve({ filter: /^\.\/english\.js$/ }, () => ({ path: `./${ENGLISH_FILE}`, external: true }));
    b.onResolve({ filter: /^\.\/pattern\.js$/ }, (args) =>
      args.importer.endsWith('deferred-pattern.ts')
        ? { path: `./${PATTERN_FILE}`, external: true }
        : undefined,
    );
    b.onResolve({ filter: /^\.\/normalize\.js$/ }, (args) =>
      args.importer.startsWith(schemaSrc) ? { path: resolve(here, 'src/deferred-normalize.ts') } : undefined,
    );
    b.onResolve({ filter: /^\.\/pattern\/index\.js$/ }, (args) =>
      args.importer.startsWith(schemaSrc) ? { path: resolve(here, 'src/deferred-pattern.ts') } : undefined,
    );
    // A form's matching budget guards servers from a megabyte of answers; a page only judges its own.
    b.onResolve({ filter: /^\.\/pattern\/budget\.js$/ }, (args) =>
      args.importer.startsWith(schemaSrc) ? { path: 'budget', namespace: 'formrequest-budget' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'formrequest-budget' }, () => ({
      contents: 'export const matchBudget = () => () => null;',
      loader: 'js',
    }));
    b.onResolve({ filter: /^\.\/messages\/en\.js$/ }, (args) =>
      args.importer.startsWith(schemaSrc) ? { path: 'en.ts', namespace: 'formrequest-english' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'formrequest-english' }, async () => ({
      contents: await englishStandIn(),
      loader: 'ts',
      resolveDir: messagesSrc,
    }));
    b.onLoad({ filter: /[\\/]schema[\\/]src[\\/]catalog\.ts$/ }, async (args) => ({
      contents: stripDocs(await readFile(args.path, 'utf8'), args.path),
      loader: 'ts',
    }));
  },
};

/** esbuild options of the main module, shared by the build, the tests (in memory) and the benchmark. */
export const bundleOptions = {
  ...common,
  entryPoints: [resolve(here, 'src/bundle.ts')],
  plugins: [mainOnly, workspaceSources],
};
const sentencesOptions = { ...common, entryPoints: [resolve(here, 'src/sentences.ts')] };
const patternOptions = { ...common, entryPoints: [resolve(here, 'src/pattern.ts')] };

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

/** formrequest-en.js: the `form` part of the English catalog alone. */
async function englishText() {
  const out = await build({
    ...common,
    stdin: { contents: "export { form as default } from './en.ts';", loader: 'ts', resolveDir: messagesSrc },
    write: false,
  });
  return out.outputFiles[0].text;
}

/** Every browser file by name, built in memory: {'formrequest.js': ..., ...}. */
export async function bundleFiles() {
  const text = (options) => build({ ...options, write: false }).then((o) => o.outputFiles[0].text);
  const [main, sentences, english, pattern, css] = await Promise.all([
    bundleText(),
    text(sentencesOptions),
    englishText(),
    text(patternOptions),
    cssText(),
  ]);
  return {
    'formrequest.js': main,
    [SENTENCES_FILE]: sentences,
    [ENGLISH_FILE]: english,
    [PATTERN_FILE]: pattern,
    'formrequest.css': css,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = await bundleFiles();
  for (const [name, text] of Object.entries(files)) await writeFile(resolve(here, 'dist', name), text);
}
