#!/usr/bin/env node
// `npm pack` of every package under packages/ (not the other workspaces: the examples, testing/react18)
// into one folder, as a maintainer would publish them. Used by `npm run release:check` and the install
// test; `node scripts/pack.mjs DIR` packs into DIR.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');

/**
 * Packs every package of packages/ into `dest` (the packages must be built) and returns, per package,
 * {name, version, file (absolute .tgz path), size (bytes), unpackedSize, files: [paths in the tarball]}.
 */
export function packAll(dest) {
  mkdirSync(dest, { recursive: true });
  const r = spawnSync(
    'npm',
    ['pack', '--workspace', 'packages', '--json', '--ignore-scripts', '--pack-destination', dest],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(`npm pack failed (exit ${r.status}):\n${r.stderr}`);
  return JSON.parse(r.stdout).map((p) => ({
    name: p.name,
    version: p.version,
    file: join(dest, p.filename),
    size: p.size,
    unpackedSize: p.unpackedSize,
    files: p.files.map((f) => f.path),
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dest = resolve(process.argv[2] ?? join(root, '.tmp/pack'));
  for (const p of packAll(dest)) console.log(`${p.file}  ${p.size} B packed, ${p.unpackedSize} B unpacked`);
}
