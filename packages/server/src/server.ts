// One MCP server `form` instance. The SDK's serving entries (stdio and HTTP) ask for a fresh instance
// per connection or request, so this is a factory; what instances share (pending forms, the form page,
// the requestState key) is the runtime, one per serving process.

import type { ServerConfig } from '@formrequest/internal/config';
import { McpServer } from '@modelcontextprotocol/server';
import { registerFormWidget } from './apps.js';
import { registerQuestionTool } from './question-tool.js';
import { registerRequestFormTool } from './request-form-tool.js';
import { defaultRuntime, type FormRuntime } from './runtime.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

// One object for "no config", so that every server made without one shares one runtime (a 2026-07-28
// retry served by a fresh instance must find the form, and verify the state, its first round made).
const NO_CONFIG: ServerConfig = Object.freeze({});

/**
 * A fresh `form` server. Instances made from the same `config` object share one runtime (pending forms,
 * the form page, the requestState key) unless `runtime` is given: pass the same object each time.
 */
export function createFormServer(
  config: ServerConfig = NO_CONFIG,
  runtime: FormRuntime = defaultRuntime(config),
): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: 'formrequest', version: SERVER_VERSION },
    {
      capabilities: { tools: {}, resources: {} },
      // Every echoed requestState is verified (HMAC, expiry, method) before a handler sees it.
      requestState: { verify: runtime.stateCodec.verify },
      // A 2025 client's elicitation is answered by a person: wait as long as a form lives, not 10 min.
      inputRequired: { roundTimeoutMs: runtime.formTtlMs },
    },
  );
  registerRequestFormTool(server, runtime);
  registerQuestionTool(server, runtime);
  registerFormWidget(server, config);
  return server;
}
