// Node module hooks (registered by register.mjs): a workspace package's entry resolves to its
// TypeScript source (see workspace.mjs), and a relative `./x.js` written in a .ts file to `./x.ts`
// when that is the file there (TypeScript's NodeNext rule; tsx does it too, Node's own stripping
// does not). Everything else goes on down the chain. One function serves both hook APIs:
// `module.registerHooks` calls it synchronously (nextResolve returns the result), `module.register`
// off the main thread (nextResolve returns a promise, which this returns as it is).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { workspaceSource } from './workspace.mjs';

export function resolve(specifier, context, nextResolve) {
  const parentURL = context.parentURL;
  const parent = parentURL?.startsWith('file:') ? fileURLToPath(parentURL) : undefined;
  const source = workspaceSource(specifier, parent, context.conditions ?? ['node', 'import']);
  // The source's URL goes on down the chain too, so tsx (where it runs) marks it as TypeScript.
  if (source) return nextResolve(pathToFileURL(source).href, context);
  if (parent?.endsWith('.ts') && specifier.endsWith('.js') && /^\.\.?\//.test(specifier)) {
    const ts = new URL(`${specifier.slice(0, -3)}.ts`, parentURL);
    if (existsSync(ts)) return nextResolve(ts.href, context);
  }
  return nextResolve(specifier, context);
}
