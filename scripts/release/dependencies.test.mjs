// release:check's runtime-dependency rule (dependencies.mjs). Runs with no build:
// `node --test scripts/release/dependencies.test.mjs` (test:dist runs it first).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { names, providedPeers, readPackageFiles, unusedDependencies } from './dependencies.mjs';

test('a package is named by a quoted specifier or subpath, not by a longer name or prose', () => {
  assert.ok(names("import { x } from '@formrequest/schema';", '@formrequest/schema'));
  assert.ok(names('import("@formrequest/schema/catalog")', '@formrequest/schema'));
  assert.ok(names("const id = 'pg'; await import(id);", 'pg'));
  assert.ok(!names("from '@formrequest/schema-extra'", '@formrequest/schema'));
  assert.ok(!names("from 'x/@formrequest/schema'", '@formrequest/schema'));
  assert.ok(!names('// renders it with @formrequest/web.', '@formrequest/web'));
  assert.ok(!names("from 'hono2'", 'hono'));
});

test('a runtime dependency that no shipped code file names is reported; types and optional ones count', () => {
  const manifest = {
    dependencies: { used: '1.0.0', 'types-only': '1.0.0', 'in-html-only': '1.0.0' },
    optionalDependencies: { 'optional-used': '1.0.0', 'optional-unused': '1.0.0' },
    devDependencies: { 'dev-unused': '1.0.0' },
    peerDependencies: { 'peer-unused': '1.0.0' },
  };
  const files = [
    { path: 'dist/index.js', text: "import { a } from 'used/sub';\nconst d = 'optional-used';\n" },
    { path: 'dist/index.d.ts', text: "export type T = import('types-only').T;\n" },
    { path: 'dist/page.html', text: "<script>import 'in-html-only'</script>" },
    { path: 'README.md', text: "npm install 'optional-unused'" },
  ];
  assert.deepEqual(unusedDependencies(manifest, files), ['in-html-only', 'optional-unused']);
  assert.deepEqual(unusedDependencies({}, files), []);
});

test('readPackageFiles reads the code files of an unpacked package, paths relative to it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-deps-'));
  try {
    mkdirSync(join(dir, 'dist/sub'), { recursive: true });
    writeFileSync(join(dir, 'dist/sub/a.js'), "import 'x';");
    writeFileSync(join(dir, 'dist/a.d.ts'), "import 'y';");
    writeFileSync(join(dir, 'dist/widget.html'), "import 'z';");
    const files = readPackageFiles(dir).sort((a, b) => a.path.localeCompare(b.path));
    assert.deepEqual(files, [
      { path: 'dist/a.d.ts', text: "import 'y';" },
      { path: 'dist/sub/a.js', text: "import 'x';" },
    ]);
    assert.deepEqual(unusedDependencies({ dependencies: { x: '1', y: '1', z: '1' } }, files), ['z']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a dependency installed for a workspace dependency's peer counts as used", () => {
  const workspace = new Map([
    ['@formrequest/internal', { peerDependencies: { 'file-type': '^21', pg: '^8' } }],
  ]);
  const manifest = { dependencies: { '@formrequest/internal': '0.1.0', 'file-type': '21.3.4', other: '1' } };
  assert.deepEqual(providedPeers(manifest, workspace), ['file-type']);
  const files = [{ path: 'dist/a.js', text: "import '@formrequest/internal/uploads';" }];
  assert.deepEqual(unusedDependencies(manifest, files, providedPeers(manifest, workspace)), ['other']);
});
