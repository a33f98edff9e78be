// Whether dist/ is older than the sources it is built from: the tests start the built CLI, so a source
// edited after the last `npm run build` is not what they test. Each package's TypeScript build
// (dist/.tsbuildinfo, rewritten by every `tsc -b` that sees a changed source) against its src/.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function newest(dir) {
  let best = { mtime: 0, path: '' };
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return best;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    const found = entry.isDirectory() ? newest(path) : { mtime: statSync(path).mtimeMs, path };
    if (found.mtime > best.mtime) best = found;
  }
  return best;
}

/** One line per package whose src/ has a file newer than its last build (empty: all fresh). */
export function staleBuilds(root) {
  const stale = [];
  for (const name of readdirSync(join(root, 'packages'))) {
    const pkg = join(root, 'packages', name);
    const source = newest(join(pkg, 'src'));
    if (!source.path) continue;
    let built;
    try {
      built = statSync(join(pkg, 'dist/.tsbuildinfo')).mtimeMs;
    } catch {
      stale.push(`packages/${name} has no build`);
      continue;
    }
    if (source.mtime > built)
      stale.push(`${relative(root, source.path)} is newer than packages/${name}/dist`);
  }
  return stale;
}
