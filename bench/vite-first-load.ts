// What the bundler benchmarks share: a throwaway Vite 8 app (its main.js given) built in memory, and
// what loads before the form can show: the entry chunk and every chunk it imports statically.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

export const TARGET = 17 * 1024;
export const gz = (text: string) => gzipSync(text, { level: 9 }).length;

export interface ViteApp {
  chunks: Rollup.OutputChunk[];
  /** The entry and its static imports, by file name. */
  first: Rollup.OutputChunk[];
}

/** Builds an app of `mainJs` in node_modules/.cache/<name> with `build` options, and removes it. */
export async function buildViteApp(
  name: string,
  mainJs: string,
  options: Record<string, unknown> = {},
): Promise<ViteApp> {
  const app = resolve(import.meta.dirname, '..', 'node_modules/.cache', name);
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  writeFileSync(resolve(app, 'main.js'), mainJs);
  writeFileSync(
    resolve(app, 'index.html'),
    '<!doctype html><div id="app"></div><script type="module" src="./main.js"></script>\n',
  );
  try {
    const result = (await build({
      root: app,
      logLevel: 'silent',
      build: { write: false, ...options },
    })) as Rollup.RollupOutput;
    const chunks = result.output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
    const byName = new Map(chunks.map((c) => [c.fileName, c]));
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const dep of byName.get(file)!.imports) visit(dep);
    };
    visit(chunks.find((c) => c.isEntry)!.fileName);
    return { chunks, first: [...seen].map((file) => byName.get(file)!) };
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}
