// What no browser module may reach: the first-call repairs (@formrequest/schema's model-repairs.ts, with
// property-hints.ts and lookahead-rule.ts), which speak to a model about the habits it brings and which
// a server passes to the checks (validate.ts ALL_PARTS). A page checks forms but has no model to teach,
// so its first load and every chunk it loads later stay without those tables. Held on the import graph
// itself, not on what a bundler's tree shaking happens to drop: esbuild's metafile lists every module a
// build reads, from the renderer's entry and each on-demand part (scripts/bundle.mjs ON_DEMAND), the
// React component and the MCP Apps widget, all from sources.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';
import { workspaceSources } from '../../../scripts/sources/esbuild.mjs';
import { ON_DEMAND } from '../scripts/bundle.mjs';

const root = resolve(import.meta.dirname, '../../..');
const REPAIRS = /packages\/schema\/src\/(?:model-repairs|property-hints|lookahead-rule)\.ts$/;

/** Every module the build of `entries` reads (for a browser, as the renderer's bundle is built). */
async function graph(entries: string[]): Promise<string[]> {
  const result = await build({
    entryPoints: entries.map((e) => resolve(root, e)),
    bundle: true,
    write: false,
    metafile: true,
    splitting: true,
    outdir: resolve(root, 'node_modules/.cache/browser-graph'),
    format: 'esm',
    platform: 'browser',
    conditions: ['browser'],
    plugins: [workspaceSources],
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

test('the renderer, its on-demand parts, the React component and the widget never reach the first-call repairs', async () => {
  const entries = [
    'packages/web/src/bundle.ts',
    'packages/web/src/index.ts',
    ...Object.keys(ON_DEMAND).map((file) => `packages/web/src/${file}`),
    'packages/react/src/index.ts',
    'packages/server/widget/view.ts',
  ];
  const modules = await graph(entries);
  // The graph is the real one: the sentences and the reader are in it.
  for (const part of ['schema-messages.ts', 'normalize.ts', 'catalog.ts'])
    assert.ok(
      modules.some((m) => m.endsWith(`packages/schema/src/${part}`)),
      `${part} is not in the browser graph`,
    );
  assert.deepEqual(
    modules.filter((m) => REPAIRS.test(m)),
    [],
    'a browser module imports the first-call repairs: pass them in from validate.ts (ALL_PARTS) instead',
  );
});

test('the checks with every part (a server, the terminal, check) do reach them', async () => {
  const modules = await graph(['packages/schema/src/validate.ts']);
  assert.equal(modules.filter((m) => REPAIRS.test(m)).length, 3);
});
