#!/usr/bin/env node
// Builds the host's main entry with its dependencies (the server among them) into dist/host.bundle.js
// (`@formrequest/host/bundle`), which `formrequest demo` loads: one module instead of some 450, most of
// the command's start-up CPU (issue 30; scripts/node-bundle.mjs says how paths stay right). Left to
// Node: the optional Agent SDK (loaded by name when chosen) and `pg` (loaded by its own package).
import { resolve } from 'node:path';
import { bundleNodeEntry } from '../../../scripts/node-bundle.mjs';

await bundleNodeEntry({
  pkgDir: resolve(import.meta.dirname, '..'),
  entry: 'src/index.ts',
  out: 'dist/host.bundle.js',
  external: ['pg', '@anthropic-ai/claude-agent-sdk'],
});
