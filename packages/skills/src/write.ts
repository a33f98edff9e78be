// Writing output files so that a reader never sees half a file: each file is written to a temporary
// name in the same folder and renamed over the target (rename is atomic within one file system).
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export async function writeFileAtomic(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Writes `files` under `root`; `remove` lists files (relative) that must not survive from an earlier run. */
export async function writeTree(
  root: string,
  files: { path: string; content: string }[],
  remove: string[] = [],
): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const target = join(root, ...file.path.split('/'));
    await writeFileAtomic(target, file.content);
    written.push(target);
  }
  for (const path of remove) {
    const target = join(root, ...path.split('/'));
    await rm(target, { force: true });
    // Its folder goes too when nothing else is in it (rmdir refuses a folder that is not empty).
    if (dirname(target) !== join(root)) await rmdir(dirname(target)).catch(() => {});
  }
  return written;
}
