#!/usr/bin/env node
// Runs the benchmarks in bench/ one after another (or the ones named) and prints their reports.
// Each benchmark measures its subject against its anchor in the same run and reports ratios.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const files = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(
    process.execPath,
    ['--import', pathToFileURL(join(root, 'scripts/sources/register.mjs')).href, join(root, 'bench', file)],
    {
      stdio: 'inherit',
      cwd: root,
    },
  );
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
