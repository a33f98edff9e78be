// The package graph, read from the import specifiers of every file under packages/*/src: a package
// reaches another only through an entry that package publishes (never its src/ or dist/ files, never a
// path across folders), only a package it declares as a dependency, and only along the edges drawn in
// docs/ARCHITECTURE.md. Run-time plumbing several surfaces share lives in @formrequest/internal, so no
// surface needs another surface's internals.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const root = resolve(import.meta.dirname, '../..');
const packagesDir = join(root, 'packages');

/** Which workspace packages each may import (by folder). The CLI wires everything; nothing imports it. */
const EDGES: Record<string, string[]> = {
  schema: [],
  internal: ['schema'],
  web: ['schema', 'web'], // `web` itself: its JSX types entry names its own package
  react: ['schema', 'web'], // a thin layer over the web renderer
  terminal: ['schema'],
  server: ['schema', 'internal'],
  skills: ['schema', 'internal'],
  // The host embeds the web renderer and talks to the form server over real MCP (its public API).
  host: ['schema', 'internal', 'server', 'web'],
  cli: ['schema', 'internal', 'server', 'terminal', 'skills', 'host'],
};

interface Manifest {
  name: string;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const folders = readdirSync(packagesDir).filter((name) => {
  try {
    readFileSync(join(packagesDir, name, 'package.json'));
    return true;
  } catch {
    return false;
  }
});
const manifests = new Map<string, Manifest>(
  folders.map((folder) => [
    folder,
    JSON.parse(readFileSync(join(packagesDir, folder, 'package.json'), 'utf8')) as Manifest,
  ]),
);
const folderOf = new Map([...manifests].map(([folder, m]) => [m.name, folder]));

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every module specifier a file names: static imports and re-exports, `import()` with a string. */
export function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const m of code.matchAll(/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g)) found.push(m[1]!);
  for (const m of code.matchAll(/\bimport\s*['"]([^'"]+)['"]/g)) found.push(m[1]!);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]!);
  return found;
}

function entryOf(specifier: string): { name: string; subpath: string } | undefined {
  const m = /^(@formrequest\/[^/]+|formrequest)(\/.*)?$/.exec(specifier);
  return m ? { name: m[1]!, subpath: m[2] ? `.${m[2]}` : '.' } : undefined;
}

const edges: Array<{ file: string; from: string; specifier: string }> = [];
for (const folder of folders) {
  const src = join(packagesDir, folder, 'src');
  let files: string[];
  try {
    files = sourceFiles(src);
  } catch {
    continue;
  }
  for (const file of files)
    for (const specifier of specifiers(readFileSync(file, 'utf8')))
      edges.push({ file: relative(root, file), from: folder, specifier });
}

test('the graph is read: every package folder has its edges listed, and sources were found', () => {
  assert.deepEqual(folders.toSorted(), Object.keys(EDGES).toSorted());
  assert.ok(edges.length > 500, `${edges.length} import specifiers read`);
  assert.deepEqual(specifiers("import { a } from './a.js';\nexport { b } from \"b\";\nawait import('c');"), [
    './a.js',
    'b',
    'c',
  ]);
});

test('no relative import leaves its own package (no reaching into another src/ or dist/)', () => {
  const crossing = edges.filter(({ file, from, specifier }) => {
    if (!specifier.startsWith('.')) return false;
    const target = resolve(root, dirname(file), specifier);
    return !target.startsWith(join(packagesDir, from) + '/');
  });
  assert.deepEqual(crossing, []);
});

test('a workspace package is imported only through an entry it publishes', () => {
  const wrong = edges.filter(({ specifier }) => {
    const entry = entryOf(specifier);
    if (!entry) return false;
    const folder = folderOf.get(entry.name);
    if (!folder) return true;
    return !Object.hasOwn(manifests.get(folder)!.exports ?? {}, entry.subpath);
  });
  assert.deepEqual(wrong, []);
});

test('a surface imports only the packages its edges allow, and declares each as a dependency', () => {
  const wrong = edges.filter(({ from, specifier }) => {
    const entry = entryOf(specifier);
    if (!entry) return false;
    const to = folderOf.get(entry.name)!;
    if (!EDGES[from]!.includes(to)) return true;
    if (to === from) return false;
    const m = manifests.get(from)!;
    return !(
      m.dependencies?.[entry.name] ??
      m.peerDependencies?.[entry.name] ??
      // A package the build inlines (the server's widget carries the web renderer) is a dev dependency.
      m.devDependencies?.[entry.name]
    );
  });
  assert.deepEqual(wrong, []);
});

test('what the form skill and the skills package load never reaches the MCP server', () => {
  const skills = edges.filter(({ from }) => from === 'skills').map(({ specifier }) => specifier);
  assert.ok(!skills.some((s) => s.startsWith('@formrequest/server')), 'no @formrequest/server import');
  assert.ok(!skills.some((s) => s.startsWith('@modelcontextprotocol/server')), 'no MCP server SDK import');
  const deps = Object.keys(manifests.get('skills')!.dependencies ?? {});
  for (const heavy of ['@formrequest/server', '@modelcontextprotocol/server', 'file-type', 'mrmime'])
    assert.ok(!deps.includes(heavy), `@formrequest/skills does not depend on ${heavy}`);
});
