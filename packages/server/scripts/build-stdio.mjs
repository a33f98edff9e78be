#!/usr/bin/env node
// Builds `@formrequest/server/stdio` (src/stdio-entry.ts) into ONE Node module with its dependencies,
// dist/stdio.bundle.js, which `formrequest serve` loads over stdio: a module graph of ~240 files costs
// a client's start of the server more than their code does. It sits in dist/ beside the modules `tsc`
// emits, so paths the code finds from its own URL (package.json, the widget, the form page) are the
// same. `pg` (optional, HTTP only) stays outside.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const pkg = resolve(import.meta.dirname, '..');
const out = resolve(pkg, 'dist/stdio.bundle.js');

const result = await build({
  entryPoints: [resolve(pkg, 'src/stdio-entry.ts')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  external: ['pg'],
  // CommonJS dependencies inside an ES module bundle call `require` for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  metafile: true,
});
const code = result.outputFiles[0].text;
writeFileSync(out, code);
console.log(
  `build-stdio: ${out} (${code.length} bytes, ${Object.keys(result.metafile.inputs).length} modules)`,
);
