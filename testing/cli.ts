// How tests start the real `formrequest` command: from the TypeScript sources through tsx, the same
// code path as the built bin, without needing a build first.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const repoRoot = resolve(import.meta.dirname, '..');
export const cliEntry = resolve(repoRoot, 'packages/cli/src/main.ts');
/** `--import` this in a child Node process to run TypeScript with workspace packages from their sources. */
export const sourcesHook = pathToFileURL(resolve(repoRoot, 'scripts/sources/register.mjs')).href;

/** `[command, args]` that run `formrequest ...args` in a child process. */
export function cliCommand(...args: string[]): [string, string[]] {
  return [process.execPath, ['--import', sourcesHook, cliEntry, ...args]];
}
