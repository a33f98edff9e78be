// Whether dist/ is older than the sources it is built from: the tests start the built CLI, so a source
// edited after the last `npm run build` is not what they test. Each package's TypeScript build
// (dist/.tsbuildinfo, rewritten by every `tsc -b` that sees a changed source) against its src/, and
// each esbuild bundle (dist/*.bundle.js, which the CLI loads) against the workspace files it was built
// from (its X.bundle.inputs.json, scripts/node-bundle.mjs) or, without that list, its package's src/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
    else stale.push(...staleBundles(root, pkg, source));
  }
  return stale;
}

/** One line per bundle of the package at `pkg` older than a file it is built from. */
function staleBundles(root, pkg, ownSource) {
  const stale = [];
  const dist = join(pkg, 'dist');
  for (const file of readdirSync(dist)) {
    if (!file.endsWith('.bundle.js')) continue;
    const bundle = join(dist, file);
    const built = statSync(bundle).mtimeMs;
    const list = bundle.replace(/\.js$/, '.inputs.json');
    const inputs = existsSync(list)
      ? JSON.parse(readFileSync(list, 'utf8')).map((input) => join(root, input))
      : [ownSource.path];
    const newer = inputs.find((input) => existsSync(input) && statSync(input).mtimeMs > built);
    if (newer) stale.push(`${relative(root, newer)} is newer than ${relative(root, bundle)}`);
  }
  return stale;
}
