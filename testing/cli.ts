// How tests start the real `formrequest` command: from the TypeScript sources through tsx, the same
// code path as the built bin, without needing a build first.
import { resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..');
export const cliEntry = resolve(repoRoot, 'packages/cli/src/main.ts');

/** `[command, args]` that run `formrequest ...args` in a child process. */
export function cliCommand(...args: string[]): [string, string[]] {
  return [
    process.execPath,
    ['--conditions=@formrequest/source', '--import', import.meta.resolve('tsx'), cliEntry, ...args],
  ];
}
