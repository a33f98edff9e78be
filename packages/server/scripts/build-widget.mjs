#!/usr/bin/env node
// Builds the MCP Apps widget: widget/view.ts bundled with the web renderer's sources into ONE
// self-contained HTML file, dist/request-form.html. The widget is one ui:// resource in a sandboxed frame
// that may load nothing else, so the renderer's on-demand parts (pattern engine, schema sentences,
// English words, reader, fields that fetch, file field) are in it too: built from the same sources as
// the widget's own code, they share one copy of the schema code with it (the renderer's built files each
// carry their own), and each still runs only when a form needs it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build } from 'esbuild';
import { workspaceSources } from '../../../scripts/sources/esbuild.mjs';
import { catalogWithoutDocs } from '../../web/scripts/bundle.mjs';

const pkg = resolve(import.meta.dirname, '..');
const out = resolve(pkg, 'dist/request-form.html');

const result = await build({
  entryPoints: [resolve(pkg, 'widget/view.ts')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  // As the renderer's own bundle: every @formrequest/* import from its sources (@formrequest/web too),
  // the catalog without what only other surfaces read.
  plugins: [workspaceSources, catalogWithoutDocs],
  conditions: ['browser'],
  legalComments: 'none',
  // The page says <meta charset="utf-8">: Japanese text as itself, not as \u escapes (smaller, gzip too).
  charset: 'utf8',
});
// Inline in <script>: a literal "</script" anywhere in the code would end the element.
const code = result.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');

// The widget's own sheet. It styles only its own elements (classes w-*: the note, the summary after submit,
// the copy-and-paste fallback) and <body>; the form's look is the renderer's. The host's MCP Apps style
// variables, set on <html> by view.ts, are mapped onto the renderer's --fr-* tokens here: a variable the
// host does not send leaves its token unset (a var() of an unset property is invalid), so the renderer's
// own light/dark default applies. The w-* parts read the same tokens with the renderer's defaults.
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
console.log(`build-widget: ${out} (${html.length} bytes)`);
