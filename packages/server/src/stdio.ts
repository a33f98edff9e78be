// The server over stdio. stdout carries the protocol only; anything we report goes to `log` (stderr).
import { type StdioServerHandle, serveStdio as sdkServeStdio } from '@modelcontextprotocol/server/stdio';
import type { ServerConfig } from './config.js';
import { createFormServer } from './server.js';

export interface ServeStdioOptions {
  /** Where out-of-band errors are reported; never stdout. Defaults to stderr. */
  log?: (line: string) => void;
}

/**
 * Serves `form` on this process's stdin/stdout until the client closes stdin. `serveStdio` of the SDK
 * picks the protocol era from the client's opening (2025 `initialize` or 2026 `server/discover`).
 */
export function serveStdio(config: ServerConfig = {}, options: ServeStdioOptions = {}): StdioServerHandle {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  return sdkServeStdio(() => createFormServer(config), {
    onerror: (error) => log(`formrequest serve: ${error.message}`),
  });
}
