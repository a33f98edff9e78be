// `@formrequest/server/stdio`: the server over stdio, and what `formrequest serve` reads to configure
// it, built into one file with its dependencies (dist/stdio.bundle.js, scripts/build-bundles.mjs). A
// client starting the server then loads one module instead of some 240 and gets `tools/list` sooner
// (bench/serve-start.bench.ts). Self-contained: a shared store or HTTP comes from the main entry.
export {
  DEFAULT_HTTP_PORT,
  ELICITATION_POLICIES,
  type ElicitationPolicy,
  loadServerConfig,
  MAX_REASK_WINDOW_MS,
  type ServerConfig,
} from '@formrequest/internal/config';
export { type ServeStdioOptions, type StdioHandle, serveStdio } from './stdio.js';
