// Builds one entry of a workspace package into ONE Node module with its dependencies (dist/X.bundle.js),
// for commands whose start-up would otherwise load a graph of hundreds of modules (issue 30): parsing
// one file costs a fraction of resolving and linking each. The bundle sits in dist/ beside the modules
// `tsc` emits; a workspace module that finds files from its own URL (`import.meta.url`: package.json,
// the page assets) gets the URL its built module has, so those paths hold whatever the bundle holds.
// Beside the bundle, X.bundle.inputs.json lists the workspace files it was built from, which the test
// runner's stale-build check reads (scripts/runner/stale-builds.mjs); it is not published.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import { workspaceSources } from './sources/esbuild.mjs';
import { root, workspacePackages } from './sources/workspace.mjs';

/** The workspace package a file belongs to: {dir, name}, or undefined. */
function workspacePackageOf(file) {
  for (const { dir, manifest } of workspacePackages().values()) {
    if (file.startsWith(dir + sep)) return { dir, name: manifest.name };
  }
  return undefined;
}

/**
 * esbuild plugin: `import.meta.url` in a workspace source (src/a/b.ts) becomes the URL of its built
 * module (dist/a/b.js): relative to the bundle in its own package, through the package's resolved
 * package.json in another one (installed side by side or nested, whichever Node finds).
 */
function builtModuleUrls(ownDir, outDir) {
  return {
    name: 'built-module-urls',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
        const pkg = workspacePackageOf(args.path);
        if (!pkg) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const inSrc = relative(join(pkg.dir, 'src'), args.path);
        if (inSrc.startsWith('..')) throw new Error(`${args.path}: import.meta.url outside src/`);
        const built = `dist/${inSrc
          .split(sep)
          .join('/')
          .replace(/\.([cm]?)ts$/, '.$1js')}`;
        const url =
          pkg.dir === ownDir
            ? `new URL(${JSON.stringify(`./${relative(outDir, join(pkg.dir, built)).split(sep).join('/')}`)}, import.meta.url).href`
            : `new URL(${JSON.stringify(built)}, import.meta.resolve(${JSON.stringify(`${pkg.name}/package.json`)})).href`;
        return { contents: source.replaceAll('import.meta.url', `(${url})`), loader: 'ts' };
      });
    },
  };
}

/** esbuild's options for every Node bundle of the workspace (here, and the skills package's chunks). */
export const NODE_BUNDLE_OPTIONS = {
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  metafile: true,
};

/**
 * Bundles `entry` (a file of the package at `pkgDir`) into `out`; `external`: packages left to Node
 * (optional peers, and what is loaded by a name only known at run time).
 */
export async function bundleNodeEntry({ pkgDir, entry, out, external = [] }) {
  const result = await build({
    ...NODE_BUNDLE_OPTIONS,
    entryPoints: [resolve(pkgDir, entry)],
    absWorkingDir: root,
    external,
    plugins: [workspaceSources, builtModuleUrls(pkgDir, dirname(resolve(pkgDir, out)))],
    // CommonJS dependencies inside an ES module bundle call `require` for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
  });
  const file = resolve(pkgDir, out);
  const code = result.outputFiles[0].text;
  writeFileSync(file, code);
  const inputs = Object.keys(result.metafile.inputs)
    .map((input) => resolve(root, input))
    .filter((input) => workspacePackageOf(input) && !input.includes(`${sep}node_modules${sep}`))
    .map((input) => relative(root, input).split(sep).join('/'));
  writeFileSync(`${file.replace(/\.js$/, '')}.inputs.json`, `${JSON.stringify(inputs, null, 1)}\n`);
  console.log(
    `${relative(root, file)}: ${code.length} bytes, ${Object.keys(result.metafile.inputs).length} modules`,
  );
}
