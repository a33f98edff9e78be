#!/usr/bin/env node
// Builds the MCP Apps widget: widget/view.ts bundled with the web renderer (packages/web/dist/formrequest.js,
// which the root build makes just before this step, and this script makes itself when it is missing)
// into ONE self-contained HTML file, dist/request-form.html.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { workspaceSources } from '../../../scripts/sources/esbuild.mjs';

const pkg = resolve(import.meta.dirname, '..');
const out = resolve(pkg, 'dist/request-form.html');

const rendererBundle = fileURLToPath(import.meta.resolve('@formrequest/web/formrequest.js'));
if (!existsSync(rendererBundle)) {
  const r = spawnSync('npm', ['run', 'build:bundle', '-w', 'packages/web'], {
    cwd: resolve(pkg, '../..'),
    stdio: 'inherit',
  });
  if (r.status !== 0 || !existsSync(rendererBundle)) {
    console.error(
      `build-widget: the web renderer bundle ${rendererBundle} is missing and could not be built.`,
    );
    process.exit(1);
  }
}

const result = await build({
  entryPoints: [resolve(pkg, 'widget/view.ts')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  // As the renderer's own bundle: schema from source, its pattern engine the browser's RegExp (the
  // renderer itself is its built bundle, see scripts/sources/workspace.mjs).
  plugins: [workspaceSources],
  conditions: ['browser'],
  legalComments: 'none',
});
// Inline in <script>: a literal "</script" anywhere in the code would end the element.
const code = result.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');

const html = `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>formrequest</title>
<style>
body{margin:0;font:15px/1.5 system-ui,sans-serif}
#app{color-scheme:light dark}
#app[data-theme=dark]{color-scheme:dark;background:#16191d;color:#e8eaed}
.note{margin:0;padding:16px}.note.error{color:#c0182b}
#app textarea{display:block;width:calc(100% - 32px);margin:0 16px 8px;font:13px/1.4 ui-monospace,monospace}
#app button{margin:0 16px 16px}
</style>
</head>
<body>
<div id="app"></div>
<script type="module">${code}</script>
</body>
</html>
`;
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, html);
console.log(`build-widget: ${out} (${html.length} bytes)`);
