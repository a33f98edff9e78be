#!/usr/bin/env node
// Builds the MCP Apps widget: widget/view.ts bundled with the web renderer's sources into ONE HTML file,
// dist/request-form.html, with the renderer's main code only. The renderer's on-demand parts (pattern
// engine, English words, reader, sentences, fields that fetch, file field, prompts: ON_DEMAND of the web
// package's bundle.mjs) are built beside it, each on its own, into dist/widget-parts/<name>.js: a classic
// script that registers its exports as globalThis.__formrequestParts[<name>]. A widget in a sandboxed
// frame can run inline script but import nothing (no blob: or data: modules), so every `import()` of a
// part in the renderer's sources becomes a call of the widget's part loader, __formrequestPart("<name>")
// (view.ts), which gets the part's text from the tool result's `_meta` or through the host
// (resources/read of ui://form/parts/<name>.js, apps.ts) and runs it as an inline <script>. Each part
// carries its own copy of what it imports, as the web package's dist/ parts do. One more part is the
// widget's own: `question`, what a question call's form needs on submit (widget/question-part.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build } from 'esbuild';
import { workspaceSources } from '../../../scripts/sources/esbuild.mjs';
import { catalogWithoutDocs, ON_DEMAND, onDemandFiles } from '../../web/scripts/bundle.mjs';

const pkg = resolve(import.meta.dirname, '..');
const web = resolve(pkg, '../web');
const out = resolve(pkg, 'dist/request-form.html');
const partsDir = resolve(pkg, 'dist/widget-parts');

/** `formrequest-pattern.js` -> `pattern`: a part's name is its web dist file's. */
const partName = (file) => file.replace(/^formrequest-/, '').replace(/\.js$/, '');
const MARK = 'formrequest-part:';
/**
 * How many `import()` of each part the main code has (the renderer's sources: patterns.ts, words.ts,
 * checks.ts, issues.ts, fields/later.ts, form-life.ts twice). A changed import changes a count and fails
 * the build here, rather than leaving an import the frame cannot run or a part the widget never loads.
 */
const MAIN_IMPORTS = { pattern: 1, en: 1, reader: 1, sentences: 1, remote: 1, file: 1, prompts: 2 };

const common = {
  bundle: true,
  write: false,
  platform: 'browser',
  target: 'es2022',
  minify: true,
  // As the renderer's own bundle: every @formrequest/* import from its sources (@formrequest/web too),
  // the catalog without what only other surfaces read; each part's import() an external marked import.
  plugins: [onDemandFiles((file) => MARK + partName(file)), workspaceSources, catalogWithoutDocs],
  conditions: ['browser'],
  legalComments: 'none',
  // The page says <meta charset="utf-8">: Japanese text as itself, not as \u escapes (smaller, gzip too).
  charset: 'utf8',
  logLevel: 'warning',
};

/** Each marked import() becomes a call of the part loader; returns the text and the count per part. */
function toLoaderCalls(text, where) {
  const counts = {};
  const code = text.replace(/\bimport\((["'`])\.\/formrequest-part:([\w-]+)\1\)/g, (_, _q, name) => {
    counts[name] = (counts[name] ?? 0) + 1;
    return `__formrequestPart(${JSON.stringify(name)})`;
  });
  if (/\bimport\s*\(/.test(code))
    throw new Error(`build-widget: ${where} still has an import() the widget's frame cannot run.`);
  return { code, counts };
}

const main = await build({ ...common, entryPoints: [resolve(pkg, 'widget/view.ts')], format: 'esm' });
const { code: mainCode, counts } = toLoaderCalls(main.outputFiles[0].text, 'the widget');
const sorted = (o) => JSON.stringify(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
if (sorted(counts) !== sorted(MAIN_IMPORTS))
  throw new Error(
    `build-widget: the renderer's import() of its parts changed: expected ${JSON.stringify(MAIN_IMPORTS)}, found ${JSON.stringify(counts)}. Update MAIN_IMPORTS (and @formrequest/schema's rendererParts if a form needs a part at another time).`,
  );
// Inline in <script>: a literal "</script" anywhere in the code would end the element.
const code = mainCode.replace(/<\/script/gi, '<\\/script');

// The parts: each an IIFE whose exports object becomes __formrequestParts[<name>].
rmSync(partsDir, { recursive: true, force: true });
mkdirSync(partsDir, { recursive: true });
const partSizes = [];
const PARTS = [
  ...Object.entries(ON_DEMAND).map(([src, file]) => [partName(file), resolve(web, 'src', src)]),
  // The widget's own: a question's answer checks and text (widget/question-part.ts).
  ['question', resolve(pkg, 'widget/question-part.ts')],
];
for (const [name, entry] of PARTS) {
  const built = await build({
    ...common,
    entryPoints: [entry],
    format: 'iife',
    globalName: `__formrequestParts.${name}`,
  });
  const { code: partCode } = toLoaderCalls(built.outputFiles[0].text, `the part ${name}`);
  writeFileSync(resolve(partsDir, `${name}.js`), partCode);
  partSizes.push(`${name} ${Buffer.byteLength(partCode)}`);
}

const T = {
  bg: 'var(--fr-bg,light-dark(#fff,#17191c))',
  fg: 'var(--fr-fg,light-dark(#1a1d23,#e6e8eb))',
  muted: 'var(--fr-muted,light-dark(#596270,#a3acb8))',
  line: 'var(--fr-border,light-dark(#8a939f,#767f8b))',
  field: 'var(--fr-field,light-dark(#fff,#1f2227))',
  accent: 'var(--fr-accent,light-dark(#0b5cd5,#82b1ff))',
  on: 'var(--fr-accent-fg,light-dark(#fff,#0b1220))',
  error: 'var(--fr-error,light-dark(#c0182b,#ff8f99))',
  radius: 'var(--fr-radius,8px)',
};
const WIDGET_CSS = [
  ':root{color-scheme:light dark;--fr-bg:var(--color-background-primary);--fr-fg:var(--color-text-primary);' +
    '--fr-muted:var(--color-text-secondary);--fr-border:var(--color-border-primary);' +
    '--fr-field:var(--color-background-primary);--fr-chip:var(--color-background-secondary);' +
    '--fr-accent:var(--color-background-inverse);--fr-accent-fg:var(--color-text-inverse);' +
    '--fr-focus:var(--color-ring-primary);--fr-error:var(--color-text-danger);' +
    '--fr-radius:var(--border-radius-md);--fr-font:var(--font-sans);--fr-font-size:var(--font-text-md-size)}',
  ':root[data-theme=light]{color-scheme:light}:root[data-theme=dark]{color-scheme:dark}',
  `body{margin:0;background:${T.bg};color:${T.fg};font:var(--fr-font-size,16px)/1.5 var(--fr-font,system-ui,sans-serif)}`,
  '#app .fr{max-width:none}',
  `.w-note{margin:0;padding:16px 20px}.w-error{color:${T.error}}`,
  '.w-box{padding:16px 20px}',
  '.w-title{font-size:1.125em;line-height:1.3;margin:0 0 4px}',
  `.w-status{margin:0;color:${T.muted}}`,
  '.w-rows{display:grid;grid-template-columns:minmax(5em,max-content) 1fr;gap:4px 16px;margin:12px 0 0;' +
    'max-height:12em;overflow:auto}',
  '.w-rows dt{font-weight:600}.w-rows dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}',
  `.w-text{display:block;box-sizing:border-box;width:100%;margin:12px 0;padding:9px 12px;color:inherit;` +
    `font:13px/1.4 var(--font-mono,ui-monospace,monospace);background:${T.field};border:1px solid ${T.line};` +
    `border-radius:${T.radius};resize:vertical}`,
  `.w-button{font:inherit;font-weight:600;min-height:44px;padding:9px 20px;cursor:pointer;border-radius:${T.radius};` +
    `border:1px solid ${T.accent};background:${T.accent};color:${T.on}}`,
  `.w-box :focus-visible{outline:2px solid var(--fr-focus,${T.accent});outline-offset:2px}`,
].join('\n');

const html = `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>formrequest</title>
<style>
${WIDGET_CSS}
</style>
</head>
<body>
<main id="app"></main>
<script type="module">${code}</script>
</body>
</html>
`;
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, html);
console.log(`build-widget: ${out} (${html.length} bytes); parts: ${partSizes.join(', ')}`);
