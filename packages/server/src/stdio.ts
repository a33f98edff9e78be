// The server over stdio. stdout carries the protocol only; anything we report goes to `log` (stderr).
// Form pages (URL-mode elicitation) need a listener, which stdio does not have: the first one starts a
// loopback listener (form-page-server.ts) that lives as long as this process. When the client goes
// (stdin closed), the forms it waited for are closed, and the caller may keep the listener up a while
// (`clientGone`) so a person still on a page is told the agent is no longer waiting.
import type { ServerConfig } from '@formrequest/internal/config';
import { type StdioServerHandle, serveStdio as sdkServeStdio } from '@modelcontextprotocol/server/stdio';
import { MemoryPendingForms } from './memory-pending-forms.js';
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
export interface StdioHandle extends StdioServerHandle {
  /**
   * The client is gone: every form still open is closed (its page now says the agent is no longer
   * waiting, and takes no answer). Returns how many forms are closed unanswered; the page listener
   * stays until close().
   */
  clientGone(): Promise<number>;
}

export function serveStdio(config: ServerConfig = {}, options: ServeStdioOptions = {}): StdioHandle {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const runtime = createFormRuntime(config, { forms: options.forms, log });
  const handle = sdkServeStdio(() => createFormServer(config, runtime), {
    onerror: (error) => log(`formrequest serve: ${error.message}`),
  });
  return {
    async clientGone() {
      const forms = runtime.forms;
      if (!(forms instanceof MemoryPendingForms)) return 0;
      return forms.closeOpen('The agent that asked is no longer connected.');
    },
    async close() {
      await handle.close();
      await runtime.close();
    },
  };
}
