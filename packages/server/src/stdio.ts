// The server over stdio. stdout carries the protocol only; anything we report goes to `log` (stderr).
// Form pages (URL-mode elicitation) need a listener, which stdio does not have: the first one starts a
// loopback listener (form-page-server.ts) that lives as long as this process.

import type { ServerConfig } from '@formrequest/internal/config';
import { type StdioServerHandle, serveStdio as sdkServeStdio } from '@modelcontextprotocol/server/stdio';
import type { PendingForms } from './pending-forms.js';
import { createFormRuntime } from './runtime.js';
import { createFormServer } from './server.js';

export interface ServeStdioOptions {
  /** Where out-of-band errors are reported; never stdout. Defaults to stderr. */
  log?: (line: string) => void;
  /** Where pending forms live (default: this process's memory). */
  forms?: PendingForms;
}

/**
 * Serves `form` on this process's stdin/stdout until the client closes stdin. `serveStdio` of the SDK
 * picks the protocol era from the client's opening (2025 `initialize` or 2026 `server/discover`).
 * `close()` also stops the form page listener and forgets the pending forms.
 */
export function serveStdio(config: ServerConfig = {}, options: ServeStdioOptions = {}): StdioServerHandle {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const runtime = createFormRuntime(config, { forms: options.forms, log });
  const handle = sdkServeStdio(() => createFormServer(config, runtime), {
    onerror: (error) => log(`formrequest serve: ${error.message}`),
  });
  return {
    async close() {
      await handle.close();
      await runtime.close();
    },
  };
}
