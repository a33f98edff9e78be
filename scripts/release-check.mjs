#!/usr/bin/env node
// `npm run release:check`: packs every package as `npm publish` would and checks each tarball before a
// maintainer publishes it: what it ships (only what runs, plus README and LICENSE), its package.json
// (metadata, no workspace-only condition, exact versions of its sibling packages), then publint and
// are-the-types-wrong (both pinned in devDependencies), and that every runtime dependency is imported by
// what ships (scripts/release/dependencies.mjs). Exit 1 on any problem. Expects a build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { packAll } from './pack.mjs';
import { providedPeers, readPackageFiles, unusedDependencies } from './release/dependencies.mjs';

const root = resolve(import.meta.dirname, '..');
const dest = join(root, '.tmp/release');
const license = readFileSync(join(root, 'LICENSE'), 'utf8');
const rootVersion = JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8')).version;

// Shipped files that never run: build state, maps, sources, tests, build scripts, the widget's source.
const NEVER = [/\.tsbuildinfo$/, /\.map$/, /(^|\/)test\//, /^scripts\//, /^src\//, /^widget\//, /\.test\./];

function ownChecks(pkg, manifest, tarballLicense) {
  const problems = [];
  const say = (text) => problems.push(text);
  for (const f of pkg.files) if (NEVER.some((re) => re.test(f))) say(`ships ${f}, which does not run`);
  for (const need of ['package.json', 'README.md', 'LICENSE'])
    if (!pkg.files.includes(need)) say(`does not ship ${need}`);
  if (tarballLicense !== license) say('LICENSE differs from the repository LICENSE');
  if (JSON.stringify(manifest).includes('@formrequest/source'))
    say('publishes the @formrequest/source condition');
  if (manifest.license !== 'MIT') say(`license is ${manifest.license}, not MIT`);
  if (!manifest.repository?.url || !manifest.repository?.directory)
    say('has no repository url and directory');
  if (!manifest.description) say('has no description');
  if (!manifest.engines?.node) say('has no engines.node');
  if (manifest.name.startsWith('@') && manifest.publishConfig?.access !== 'public')
    say('is scoped but publishConfig.access is not "public" (it would publish as restricted)');
  if (manifest.version !== rootVersion) say(`version ${manifest.version}, the command's is ${rootVersion}`);
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies'])
    for (const [dep, range] of Object.entries(manifest[field] ?? {}))
      if ((dep.startsWith('@formrequest/') || dep === 'formrequest') && range !== manifest.version)
        say(`${field}.${dep} is ${range}, not this release's ${manifest.version}`);
  const targets = [];
  const walk = (entry) => {
    if (typeof entry === 'string') targets.push(entry);
    else if (entry && typeof entry === 'object') Object.values(entry).forEach(walk);
  };
  walk(manifest.exports);
  walk(manifest.bin);
  for (const t of targets)
    if (!pkg.files.includes(t.replace(/^\.\//, ''))) say(`points at ${t}, which the tarball does not ship`);
  return problems;
}

/** The runtime dependencies nothing in the tarball imports (unpacked into a scratch folder). */
function unusedIn(pkg, manifest) {
  const dir = join(dest, 'unpacked', pkg.name.replace('/', '+'));
  mkdirSync(dir, { recursive: true });
  const r = spawnSync('tar', ['-xzf', pkg.file, '-C', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tar -xzf ${pkg.file} failed:\n${r.stderr}`);
  return unusedDependencies(
    manifest,
    readPackageFiles(join(dir, 'package')),
    providedPeers(manifest, workspace),
  );
}

function tarEntry(file, path) {
  const r = spawnSync('tar', ['-xOzf', file, `package/${path}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout : undefined;
}

rmSync(dest, { recursive: true, force: true });
const packed = packAll(dest);
const workspace = new Map(packed.map((p) => [p.name, JSON.parse(tarEntry(p.file, 'package.json'))]));
let failed = 0;
for (const pkg of packed) {
  const manifest = JSON.parse(tarEntry(pkg.file, 'package.json'));
  const problems = ownChecks(pkg, manifest, tarEntry(pkg.file, 'LICENSE'));
  for (const dep of unusedIn(pkg, manifest))
    problems.push(`depends on ${dep} at run time, but nothing it ships imports it (a devDependency?)`);

  // The file's own bytes: a small file's Buffer may be a view into a larger shared ArrayBuffer.
  const bytes = readFileSync(pkg.file);
  const lint = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    strict: true,
    level: 'suggestion',
  });
  for (const m of lint.messages)
    problems.push(`publint ${m.type}: ${formatMessage(m, lint.pkg, { color: false })}`);

  // ESM only, so the CommonJS resolutions (node10, node16 from require) do not apply.
  // Entries that are not modules (a stylesheet) are not for TypeScript to resolve.
  const notModules = Object.entries(manifest.exports ?? {})
    .filter(([, entry]) => typeof entry === 'string' && !entry.endsWith('.js'))
    .map(([subpath]) => subpath);
  const attw = spawnSync(
    join(root, 'node_modules/.bin/attw'),
    [
      pkg.file,
      '--profile',
      'esm-only',
      '--no-definitely-typed',
      '--format',
      'ascii',
      '--no-color',
      '--no-emoji',
      ...(notModules.length ? ['--exclude-entrypoints', ...notModules] : []),
    ],
    { encoding: 'utf8' },
  );
  if (attw.status !== 0) problems.push(`are-the-types-wrong:\n${attw.stdout}${attw.stderr}`);

  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `${problems.length ? 'FAIL' : 'ok  '} ${pkg.name}@${pkg.version}  ${kb(pkg.size)} packed, ${kb(pkg.unpackedSize)} unpacked, ${pkg.files.length} files`,
  );
  for (const p of problems) console.log(`     - ${p}`);
  if (problems.length) failed++;
}
console.log(
  failed
    ? `\nrelease:check: ${failed} of ${packed.length} packages are not ready to publish.`
    : `\nrelease:check: all ${packed.length} packages are ready to publish (tarballs in ${dest}).`,
);
process.exit(failed ? 1 : 0);
