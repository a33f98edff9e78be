// The test and bench runners load workspace packages from their TypeScript sources through
// scripts/sources (no export condition is published for it). These tests keep that mapping honest.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { workspaceSources } from '../sources/esbuild.mjs';
import { pickTarget, root, workspacePackages, workspaceSource } from '../sources/workspace.mjs';

const STANDARD_CONDITIONS = new Set(['types', 'import', 'require', 'node', 'browser', 'default']);

function conditionsIn(entry: unknown, out = new Set<string>()): Set<string> {
  if (entry && typeof entry === 'object')
    for (const [key, value] of Object.entries(entry)) {
      if (!key.startsWith('.') && !key.startsWith('#')) out.add(key);
      conditionsIn(value, out);
    }
  return out;
}

test('every published entry of every workspace package runs from a source file in tests', () => {
  const packages = [...workspacePackages().values()];
  assert.ok(packages.length >= 7, 'the workspace packages are found');
  for (const { dir, manifest } of packages) {
    for (const [subpath, entry] of Object.entries<unknown>(manifest.exports ?? {})) {
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      const target = pickTarget(entry, ['types', 'node', 'import']);
      const source = workspaceSource(specifier, undefined, ['node', 'import']);
      if (/\.(?:d\.ts|js)$/.test(target) && specifier !== '@formrequest/web/formrequest.js') {
        assert.ok(source?.startsWith(join(dir, 'src')), `${specifier} maps to a source (${source})`);
      } else assert.equal(source, undefined, `${specifier} (${target}) is left to Node`);
    }
  }
});

test('no package publishes a condition of its own (only Node and TypeScript standard ones)', () => {
  for (const { manifest } of workspacePackages().values()) {
    const used = conditionsIn({ ...manifest.exports, ...manifest.imports });
    for (const condition of used)
      assert.ok(STANDARD_CONDITIONS.has(condition), `${manifest.name} exports condition '${condition}'`);
  }
});

test('private imports follow the conditions, and other specifiers are left to Node', () => {
  const pkg = workspacePackages().get('@formrequest/schema')!;
  const saved = pkg.manifest.imports;
  // Any src/X.ts stands in for an engine pair: the browser and Node pick different files.
  pkg.manifest.imports = {
    '#engine': { browser: './dist/messages.js', default: './dist/catalog.js' },
  };
  const parent = join(root, 'packages/schema/src/index.ts');
  try {
    assert.equal(
      workspaceSource('#engine', parent, ['node', 'import']),
      join(root, 'packages/schema/src/catalog.ts'),
    );
    assert.equal(
      workspaceSource('#engine', parent, ['browser', 'import']),
      join(root, 'packages/schema/src/messages.ts'),
    );
    assert.equal(workspaceSource('#engine', join(root, 'bench/x.ts'), ['node']), undefined);
  } finally {
    pkg.manifest.imports = saved;
  }
  assert.equal(workspaceSource('hono', parent, ['node']), undefined);
  assert.equal(workspaceSource('./catalog.js', parent, ['node']), undefined);
  assert.equal(workspaceSource('node:fs', parent, ['node']), undefined);
});

test('an entry named after no source is refused with the fix', () => {
  const pkg = workspacePackages().get('@formrequest/schema')!;
  const saved = pkg.manifest.exports;
  pkg.manifest.exports = { '.': { types: './dist/nowhere.d.ts', default: './dist/nowhere.js' } };
  try {
    assert.throws(
      () => workspaceSource('@formrequest/schema', undefined, ['node']),
      /no source .*nowhere\.ts/,
    );
  } finally {
    pkg.manifest.exports = saved;
  }
});

for (const loader of ['node', 'tsx'] as const)
  test(`a child process with the register hook imports sources (and the web bundle as built): ${loader === 'node' ? "Node's type stripping" : 'tsx'}`, () => {
    const code = `
    const schema = await import('@formrequest/schema');
    console.log(JSON.stringify({
      tsx: process.sourceMapsEnabled,
      schema: import.meta.resolve('@formrequest/schema'),
      question: import.meta.resolve('@formrequest/terminal/question'),
      bundle: import.meta.resolve('@formrequest/web/formrequest.js'),
      check: typeof schema.validateFormSchema,
    }));`;
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        pathToFileURL(join(root, 'scripts/sources/register.mjs')).href,
        '--input-type=module',
        '-e',
        code,
      ],
      {
        cwd: join(root, 'packages/cli'),
        encoding: 'utf8',
        env: { ...process.env, FORMREQUEST_SOURCES_LOADER: loader === 'tsx' ? 'tsx' : '' },
      },
    );
    assert.equal(r.status, 0, r.stderr);
    const got = JSON.parse(r.stdout);
    // tsx turns source maps on (its output moves lines); Node's stripping keeps every line in place.
    assert.equal(got.tsx, loader === 'tsx');
    // The schema's sources import each other as './x.js' (TypeScript's NodeNext spelling of './x.ts').
    assert.equal(got.schema, pathToFileURL(join(root, 'packages/schema/src/index.ts')).href);
    assert.equal(got.question, pathToFileURL(join(root, 'packages/terminal/src/question-entry.ts')).href);
    assert.equal(got.bundle, pathToFileURL(join(root, 'packages/web/dist/formrequest.js')).href);
    assert.equal(got.check, 'function');
  });

test('the esbuild plugin bundles schema sources', async () => {
  const out = await build({
    stdin: { contents: "export { validateFormSchema } from '@formrequest/schema';", resolveDir: root },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    plugins: [workspaceSources],
    logLevel: 'silent',
  });
  const inputs = Object.keys(out.metafile.inputs);
  assert.ok(inputs.includes('packages/schema/src/check-schema.ts'), inputs.join('\n'));
  assert.ok(!inputs.some((f) => f.includes('/dist/')), inputs.join('\n'));
});
