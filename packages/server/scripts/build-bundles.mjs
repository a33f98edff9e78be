#!/usr/bin/env node
// Builds the server's two command bundles (scripts/node-bundle.mjs says why and how):
// - dist/stdio.bundle.js (`@formrequest/server/stdio`), which `formrequest serve` loads over stdio: a
//   client starting the server gets `tools/list` sooner;
// - dist/http.bundle.js (`@formrequest/server/http`), which `formrequest serve --http` loads.
// `pg` (an optional peer, for --db only) stays outside both.
import { resolve } from 'node:path';
import { bundleNodeEntry } from '../../../scripts/node-bundle.mjs';

const pkgDir = resolve(import.meta.dirname, '..');
await bundleNodeEntry({ pkgDir, entry: 'src/stdio-entry.ts', out: 'dist/stdio.bundle.js', external: ['pg'] });
await bundleNodeEntry({ pkgDir, entry: 'src/http-entry.ts', out: 'dist/http.bundle.js', external: ['pg'] });
