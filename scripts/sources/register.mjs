// `node --import ./scripts/sources/register.mjs file.ts`: runs TypeScript (tsx) with the workspace
// packages resolved to their sources (hooks.mjs). Used by the test and bench runners; nothing here is
// published, and the CLI the tests start runs from dist/ without it.
import module from 'node:module';
import 'tsx';
import { resolve } from './hooks.mjs';

// Registered after tsx, so it resolves first and hands tsx a .ts file to load. Our hook joins the chain
// tsx is on: the in-thread `registerHooks` where tsx uses it (the lines below and later), else the
// off-thread `register` (deprecated from Node 26 as DEP0205, which prints a warning into every
// child's stderr; tsx itself moved off it on these lines).
const SYNC_HOOKS_FROM = { 22: [22, 3], 24: [11, 1], 25: [1, 0] };

function tsxUsesSyncHooks() {
  if (typeof module.registerHooks !== 'function') return false;
  const [major, minor, patch] = process.versions.node.split('.').map(Number);
  const from = SYNC_HOOKS_FROM[major];
  if (!from) return major > 25;
  return minor > from[0] || (minor === from[0] && patch >= from[1]);
}

if (tsxUsesSyncHooks()) module.registerHooks({ resolve });
else module.register('./hooks.mjs', import.meta.url);
