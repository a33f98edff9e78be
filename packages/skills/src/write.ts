// Writing output so that a reader never sees half of it: a file is written to a temporary name in its
// folder and renamed over the target (rename is atomic within one file system); folders are made one
// level at a time (Node's recursive mkdir spins forever under /proc), so a path that cannot hold files
// is refused at once with the reason.
import { dirname, join, resolve } from 'node:path';
import { crypto } from './node-crypto.js';

// node:fs through process.getBuiltinModule, not `import`: see node-crypto.ts for why (import weight).
const { mkdirSync, renameSync, rmSync, statSync, writeFileSync } = process.getBuiltinModule('node:fs');

/** Why a path cannot be written, in words (ENOENT under /proc, EROFS, EACCES …). */
export function pathProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'ENOENT':
      return 'it cannot be created there (a special file system such as /proc or /sys?)';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return (error as Error).message;
  }
}

/** `mkdir -p`, one level at a time; throws with a clear reason when a level cannot be made. */
export function makeFolder(path: string): void {
  const target = resolve(path);
  const missing: string[] = [];
  let at = target;
  for (;;) {
    let stat: ReturnType<typeof statSync> | undefined;
    try {
      stat = statSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${at}: ${pathProblem(error)}`);
    }
    if (stat) {
      if (!stat.isDirectory()) throw new Error(`${at} is not a folder`);
      break;
    }
    missing.unshift(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new Error(`cannot create ${folder}: ${pathProblem(error)}`);
    }
  }
}

export function writeFileAtomicSync(path: string, content: string): void {
  makeFolder(dirname(path));
  const temp = join(dirname(path), `.${crypto().randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, content);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export async function writeFileAtomic(path: string, content: string): Promise<void> {
  writeFileAtomicSync(path, content);
}

/** Throws with the reason when a file cannot be written at `path` (checked before any work is done). */
export function checkWritableFile(path: string): void {
  const target = resolve(path);
  makeFolder(dirname(target));
  let stat: ReturnType<typeof statSync> | undefined;
  try {
    stat = statSync(target);
  } catch {
    // not there yet: fine
  }
  if (stat && !stat.isFile()) throw new Error(`${path} is not a regular file`);
  // A probe file, as the atomic write will make: access(W_OK) says yes for root under /proc, where
  // no file can be created.
  const probe = join(dirname(target), `.${crypto().randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(probe, '', { flag: 'wx' });
  } catch (error) {
    throw new Error(`${dirname(target)}: ${pathProblem(error)}`);
  }
  rmSync(probe, { force: true });
}
