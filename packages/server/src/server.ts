// One MCP server `form` instance. The SDK's serving entries (stdio and HTTP) ask for a fresh instance
// per connection or request, so this is a factory; what instances share (pending forms, the form page,
// the requestState key) is the runtime, one per serving process.
import { McpServer } from '@modelcontextprotocol/server';
import { registerFormWidget } from './apps.js';
import type { ServerConfig } from './config.js';
import { registerQuestionTool } from './question-tool.js';
import { registerRequestFormTool } from './request-form-tool.js';
import { defaultRuntime, type FormRuntime } from './runtime.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

export function createFormServer(
  config: ServerConfig = {},
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
