#!/usr/bin/env node
// Builds the package's three entries (src/index.ts, src/cli.ts, src/data.ts) into dist/*.bundle.js, the
// files package.json exports, with the modules they share in common chunks (dist/*.chunk.js): one class
// (PyFloat, CatalogError, ...) for all three entries, as with the modules `tsc` emits. Why: Node costs
// ~0.1 MB of memory per ES module it loads, so the root's graph of 32 small modules weighed more than
// their code (issue 30: importing the root <= 50 MB). The MCP client (`live.ts`, `call.ts`) stays a
// dynamic import in a chunk of its own, with the SDK outside the bundle. Chunks sit in dist/ beside the
// modules `tsc` emits, so a path found from the module's own URL (version.ts: ../package.json) holds.
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { NODE_BUNDLE_OPTIONS } from '../../../scripts/node-bundle.mjs';

const pkg = resolve(import.meta.dirname, '..');
const dist = resolve(pkg, 'dist');

// Chunk names carry a content hash: the previous build's chunks go first.
for (const file of readdirSync(dist)) if (file.endsWith('.chunk.js')) rmSync(resolve(dist, file));

const result = await build({
  entryPoints: ['index', 'cli', 'data'].map((name) => resolve(pkg, 'src', `${name}.ts`)),
  outdir: dist,
  entryNames: '[name].bundle',
  chunkNames: '[name]-[hash].chunk',
  ...NODE_BUNDLE_OPTIONS,
  splitting: true,
  // The MCP SDK stays a package of its own (loaded only for a live server). The few workspace modules
  // the package uses (the config reader, the form guidance, the pattern engine) are bundled in, as in
  // the server's stdio bundle: two modules fewer to load on import, ~0.5 MB.
  external: ['@modelcontextprotocol/*'],
});
for (const file of result.outputFiles) writeFileSync(file.path, file.contents);
const modules = Object.keys(result.metafile.inputs).length;
console.log(
  `build-bundle: ${result.outputFiles.map((f) => relative(pkg, f.path)).join(', ')} (${modules} modules)`,
);
