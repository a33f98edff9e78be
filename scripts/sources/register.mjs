// `node --import ./scripts/sources/register.mjs file.ts`: runs TypeScript with the workspace packages
// resolved to their sources (hooks.mjs). Used by the test and bench runners; nothing here is
// published, and the CLI the tests start runs from dist/ without it.
import module from 'node:module';
import { resolve } from './hooks.mjs';

// Where Node strips types itself (22.18+, 23.6+), it runs the sources as they are: the code is
// erasable TypeScript only (tsconfig's erasableSyntaxOnly), so stripping leaves every line and column
// where it was, and V8's compile cache (NODE_COMPILE_CACHE) serves the result. A process that imports
// the host and the server took 1.1-1.3 s of CPU through tsx, 0.5 s this way. Older lines use tsx, and
// so does FORMREQUEST_SOURCES_LOADER=tsx (how the tests keep that path working on newer ones).
const native = process.features.typescript && typeof module.registerHooks === 'function';
if (native && process.env.FORMREQUEST_SOURCES_LOADER !== 'tsx') {
  module.registerHooks({ resolve });
} else {
  await import('tsx');
  // Registered after tsx, so it resolves first and hands tsx a .ts file to load. Our hook joins the
  // chain tsx is on: the in-thread `registerHooks` where tsx uses it, else the off-thread `register`
  // (deprecated from Node 26 as DEP0205, which prints a warning into every child's stderr).
  if (tsxUsesSyncHooks()) module.registerHooks({ resolve });
  else module.register('./hooks.mjs', import.meta.url);
}

function tsxUsesSyncHooks() {
  const from = { 22: [22, 3], 24: [11, 1], 25: [1, 0] };
  if (typeof module.registerHooks !== 'function') return false;
  const [major, minor, patch] = process.versions.node.split('.').map(Number);
  const at = from[major];
  if (!at) return major > 25;
  return minor > at[0] || (minor === at[0] && patch >= at[1]);
}
