#!/usr/bin/env node
// `npm run test:dist` (CI runs it after `npm test`): the slow checks of what gets published, and the
// other supported Node lines.
//   1. release:check's lint of every tarball (scripts/release-check.mjs), after its rules' unit tests;
//   2. the install test (scripts/release/install.test.mjs): tarballs installed outside the repository;
//      `serve` is also run there on every other pinned Node line;
//   3. the test suites whose outcome can depend on Node (scripts/test.mjs; see lineFiles) on each pinned
//      Node line other than the one running this (CI's main run is on Node 24, so 22 and 26 here).
// Expects a build (the npm script builds first). `node scripts/test-dist.mjs install` runs step 2 only,
// `node scripts/test-dist.mjs lines` step 3 only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { NODE_LINES, nodeBinary } from './release/node-lines.mjs';

const root = resolve(import.meta.dirname, '..');
const only = process.argv[2];
const running = process.versions.node.split('.')[0];
const otherLines = Object.keys(NODE_LINES).filter((line) => line !== running);
const failed = [];
const timings = [];

/**
 * The suites whose outcome can depend on the Node line: everything but the suites whose code under test
 * runs in Chromium (the web renderer, the host page's looks; Node only serves their files there) and the
 * compile-time proofs (their result is the TypeScript compiler's). CI's main run on Node 24 runs them all.
 */
const SAME_ON_EVERY_LINE = [
  'packages/web/test/', // the renderer runs in Chromium; unit.test.ts and exports.test.ts stay (below)
  'packages/host/test/page.test.ts',
  'packages/host/test/page-', // the page's axe, Markdown and screenshot files (page-support.ts)
  'packages/react/test/browser.test.ts', // <FormRequest> in Chromium (React 18 and 19)
  'scripts/test/add-email.test.ts',
  'scripts/test/examples-types.test.ts',
  'scripts/test/field-types.test.ts',
];
const NODE_SIDE = ['packages/web/test/unit.test.ts', 'packages/web/test/exports.test.ts'];

function lineFiles() {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir))) {
      if (name === 'node_modules' || name === 'dist' || name === 'fixtures') continue;
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.test.ts')) out.push(path);
    }
  };
  for (const p of readdirSync(join(root, 'packages')))
    if (existsSync(join(root, 'packages', p, 'test'))) walk(`packages/${p}/test`);
  walk('scripts/test');
  return out.filter((f) => NODE_SIDE.includes(f) || !SAME_ON_EVERY_LINE.some((s) => f.startsWith(s)));
}

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
  for (const line of otherLines)
    step(
      `suites on Node ${NODE_LINES[line]}`,
      nodes[line],
      [join(root, 'scripts/test.mjs'), ...lineFiles()],
      {
        // Room on a machine shared with other work (the limit also scales with the load by itself).
        FORMREQUEST_TEST_SCALE: '1.5',
      },
    );

console.log(`\n${timings.join('\n')}`);
if (failed.length) {
  console.error(`test:dist: failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('test:dist: every step passed.');
