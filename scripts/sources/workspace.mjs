// Where the workspace's own packages keep the TypeScript source of each published entry, so tests,
// benchmarks and builds run the sources without a build and without an export condition that would
// ship to the registry. One rule, read from each package.json: an entry whose `types` is
// `./dist/X.d.ts` runs from `./src/X.ts`; an entry without types (a `#private` import) whose target is
// `./dist/X.js` runs from `./src/X.ts`. Anything else (a stylesheet, package.json) is left to Node.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
// Entries used as files rather than run (the host serves the web bundle, the MCP Apps widget inlines
// it): they stay the built file, which `npm test` and `npm run build` make first.
const BUILT_FILES = new Set(['@formrequest/web/formrequest.js']);
const packagesDir = join(root, 'packages');

/** name -> {dir, manifest} for every folder of packages/ with a package.json. */
function readPackages() {
  const byName = new Map();
  for (const folder of readdirSync(packagesDir)) {
    const file = join(packagesDir, folder, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    byName.set(manifest.name, { dir: join(packagesDir, folder), manifest });
  }
  return byName;
}

let cached;
/** The workspace packages, read once per process. */
export function workspacePackages() {
  cached ??= readPackages();
  return cached;
}

/** The target of an exports/imports entry under `conditions` (Node's rule: first matching key wins). */
export function pickTarget(entry, conditions) {
  if (typeof entry === 'string' || entry === null) return entry ?? undefined;
  if (Array.isArray(entry)) {
    for (const item of entry) {
      const found = pickTarget(item, conditions);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'default' || conditions.includes(key)) {
      const found = pickTarget(value, conditions);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** `./dist/X.d.ts` or `./dist/X.js` -> the absolute path of `src/X.ts`; undefined for other targets. */
function sourceFile(pkg, target) {
  const match = /^\.\/dist\/(.+?)(?:\.d\.ts|\.js)$/.exec(target);
  if (!match) return undefined;
  const file = join(pkg.dir, 'src', `${match[1]}.ts`);
  if (!existsSync(file)) {
    throw new Error(
      `${pkg.manifest.name}: the entry ${target} has no source ${file}. ` +
        'Name each published entry after its source file (src/X.ts builds dist/X.js and dist/X.d.ts).',
    );
  }
  return file;
}

/** The package and subpath a bare specifier names, when it names a workspace package. */
function splitSpecifier(specifier) {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameLength).join('/');
  const pkg = workspacePackages().get(name);
  if (!pkg) return undefined;
  const rest = parts.slice(nameLength).join('/');
  return { pkg, subpath: rest ? `./${rest}` : '.' };
}

/** The workspace package a file belongs to (for `#private` imports). */
function packageOf(file) {
  for (const pkg of workspacePackages().values()) {
    if (file.startsWith(pkg.dir + sep)) return pkg;
  }
  return undefined;
}

/**
 * The TypeScript source that `specifier`, imported from `parentFile` under `conditions`, stands for:
 * an absolute path, or undefined when the specifier is not a workspace entry with a source.
 */
export function workspaceSource(specifier, parentFile, conditions) {
  if (specifier.startsWith('#')) {
    const pkg = parentFile ? packageOf(parentFile) : undefined;
    const entry = pkg?.manifest.imports?.[specifier];
    if (entry === undefined) return undefined;
    const target = pickTarget(entry, conditions);
    return target === undefined ? undefined : sourceFile(pkg, target);
  }
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.includes(':')) return undefined;
  if (BUILT_FILES.has(specifier)) return undefined;
  const named = splitSpecifier(specifier);
  const exports = named?.pkg.manifest.exports;
  if (!exports) return undefined;
  const entry =
    typeof exports === 'string' || !Object.keys(exports)[0]?.startsWith('.')
      ? named.subpath === '.'
        ? exports
        : undefined
      : exports[named.subpath];
  if (entry === undefined) return undefined;
  // `types` first: a bundled entry (dist/x.bundle.js) is typed by, and built from, the source it names.
  const target = pickTarget(entry, ['types', ...conditions]);
  return target === undefined ? undefined : sourceFile(named.pkg, target);
}
