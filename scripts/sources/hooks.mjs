// Node module hooks (registered by register.mjs): a workspace package's entry resolves to its
// TypeScript source (see workspace.mjs); everything else goes on down the chain (tsx, then Node).
// One function serves both hook APIs: `module.registerHooks` calls it synchronously (nextResolve
// returns the result), `module.register` off the main thread (nextResolve returns a promise, which
// this returns as it is).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { workspaceSource } from './workspace.mjs';

export function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL?.startsWith('file:') ? fileURLToPath(context.parentURL) : undefined;
  const source = workspaceSource(specifier, parent, context.conditions ?? ['node', 'import']);
  // The source's URL goes on down the chain too, so tsx marks it as TypeScript to load.
  return nextResolve(source ? pathToFileURL(source).href : specifier, context);
}
