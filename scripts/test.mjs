#!/usr/bin/env node
// Runs every `*.test.ts` under packages/*/test and scripts/test (or the paths given) with Node's own test runner.
// Workspace packages resolve to their TypeScript sources (scripts/sources/register.mjs: tsx plus a
// resolve hook that reads each package.json), so tests never depend on a stale build.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'fixtures') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const args = process.argv.slice(2);
const targets = args.length
  ? args.map((a) => resolve(a))
  : [
      ...readdirSync(join(root, 'packages')).map((p) => join(root, 'packages', p, 'test')),
      join(root, 'scripts/test'),
    ];
const files = [];
for (const t of targets) {
  try {
    if (statSync(t).isDirectory()) collect(t, files);
    else files.push(t);
  } catch {
    // a package without tests yet
  }
}
if (files.length === 0) {
  console.error('No test files found (looked for *.test.ts under packages/*/test).');
  process.exit(1);
}
files.sort();
const result = spawnSync(
  process.execPath,
  [
    '--import',
    pathToFileURL(join(root, 'scripts/sources/register.mjs')).href,
    '--test',
    '--test-concurrency=2',
    // Per file; the release tests raise it for the second and third Node lines on a busy machine.
    `--test-timeout=${process.env.FORMREQUEST_TEST_TIMEOUT_MS ?? 180000}`,
    ...files,
  ],
  { stdio: 'inherit', cwd: root, env: { ...process.env, FORMREQUEST_SOURCE: '1' } },
);
process.exit(result.status ?? 1);
