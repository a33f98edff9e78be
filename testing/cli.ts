// How tests start the real `formrequest` command: the built CLI (packages/cli/bin/formrequest.js, the
// bin npm installs), which `npm test` builds first (and scripts/test.mjs warns when a source is newer
// than its build). A start from dist/ takes ~0.4 s; from the TypeScript sources through tsx it took ~2 s.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const repoRoot = resolve(import.meta.dirname, '..');
export const cliBin = resolve(repoRoot, 'packages/cli/bin/formrequest.js');
/** `--import` this in a child Node process to run TypeScript with workspace packages from their sources. */
export const sourcesHook = pathToFileURL(resolve(repoRoot, 'scripts/sources/register.mjs')).href;

/**
 * `[command, args]` that run `formrequest ...args` in a child process. FORMREQUEST_TEST_CLI_BIN runs
 * another build's bin instead (a test shown failing on the code before a fix).
 */
export function cliCommand(...args: string[]): [string, string[]] {
  const other = process.env.FORMREQUEST_TEST_CLI_BIN;
  if (other) return [process.execPath, [other, ...args]];
  if (!existsSync(resolve(repoRoot, 'packages/cli/dist/main.js')))
    throw new Error('packages/cli/dist is missing: run `npm run build` (npm test builds first).');
  return [process.execPath, [cliBin, ...args]];
}
