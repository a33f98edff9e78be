// release:check's rule for runtime dependencies: every package listed in `dependencies` or
// `optionalDependencies` must be named by something the tarball ships, or every user installs it for
// nothing (as `@formrequest/web` was for the server, whose dist carries the renderer already bundled).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Files that can load a package at run time, or reference its types for a consumer's type-check.
const CODE = /\.(?:m?js|cjs|d\.ts|d\.mts)$/;

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Whether `text` names the package `name` as a quoted specifier: `'name'` or `'name/sub'` (single or
 * double quotes). A quoted string anywhere counts, so a dynamic import through a variable
 * (`const id = 'pg'; await import(id)`) is seen too; an unquoted mention in a comment is not.
 */
export function names(text, name) {
  return new RegExp(`(['"])${escapeRegExp(name)}(?:/[^'"\\s]*)?\\1`).test(text);
}

/**
 * The runtime dependencies of `manifest` that none of `files` ({path, text}: the shipped files, paths
 * relative to the package) names. Only code files count: a bundle inlined in an HTML page does not.
 * `provided`: packages installed for a dependency's peer (the surfaces install what
 * @formrequest/internal's entries load), which count as used.
 */
export function unusedDependencies(manifest, files, provided = []) {
  const code = files.filter((f) => CODE.test(f.path));
  const declared = [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ];
  return declared.filter((dep) => !provided.includes(dep) && !code.some((f) => names(f.text, dep)));
}

/** The files of an unpacked package folder, as {path, text}, for `unusedDependencies`. */
export function readPackageFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && CODE.test(e.name))
        out.push({ path: relative(dir, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(dir);
  return out;
}

/**
 * The peers of `manifest`'s own workspace dependencies (`workspace`: name -> manifest) that it names
 * in `dependencies`: installed so those packages can load them.
 */
export function providedPeers(manifest, workspace) {
  const deps = Object.keys(manifest.dependencies ?? {});
  return deps.filter((dep) =>
    deps.some((owner) => Object.hasOwn(workspace.get(owner)?.peerDependencies ?? {}, dep)),
  );
}
