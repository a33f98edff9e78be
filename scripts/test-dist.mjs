#!/usr/bin/env node
// `npm run test:dist` (CI runs it after `npm test`): the slow checks of what gets published.
//   1. release:check's lint of every tarball (scripts/release-check.mjs), after its rules' unit tests;
//   2. the install test (scripts/release/install.test.mjs): tarballs installed outside the repository;
//      `serve` is also run there on every other pinned Node line;
//   3. the server, CLI, schema and host suites on Node 22 and Node 24.
// Expects a build (the npm script builds first). `node scripts/test-dist.mjs install` runs step 2 only,
// `node scripts/test-dist.mjs lines` step 3 only.
import { spawnSync } from 'node:child_process';
import { delimiter, join, resolve } from 'node:path';
import { NODE_LINES, nodeBinary } from './release/node-lines.mjs';

const root = resolve(import.meta.dirname, '..');
const only = process.argv[2];

// The host's store runs on node:sqlite, built into every Node line: nothing native to rebuild per line.
const SUITES = ['packages/server/test', 'packages/cli/test', 'packages/schema/test', 'packages/host/test'];
const failed = [];
const timings = [];

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const started = performance.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (r.status !== 0) failed.push(name);
}

const started = performance.now();
const nodes = Object.fromEntries(Object.keys(NODE_LINES).map((line) => [line, nodeBinary(line)]));
timings.push(`Node binaries: ${((performance.now() - started) / 1000).toFixed(0)} s`);

if (!only) {
  step('release rules', process.execPath, ['--test', 'scripts/release/dependencies.test.mjs']);
  step('release:check', process.execPath, ['scripts/release-check.mjs']);
}
if (!only || only === 'install')
  step(
    'install test',
    process.execPath,
    ['--test', '--test-timeout=900000', 'scripts/release/install.test.mjs'],
    {
      FORMREQUEST_NODES: Object.values(nodes).join(delimiter),
    },
  );
if (!only || only === 'lines')
  for (const line of ['22', '24'])
    step(`suites on Node ${NODE_LINES[line]}`, nodes[line], [join(root, 'scripts/test.mjs'), ...SUITES], {
      FORMREQUEST_TEST_TIMEOUT_MS: '600000',
    });

console.log(`\n${timings.join('\n')}`);
if (failed.length) {
  console.error(`test:dist: failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('test:dist: every step passed.');
