// One MCP server `form` instance. The SDK's serving entries (stdio and HTTP) ask for a fresh instance
// per connection or request, so this is a factory and holds no state of its own.
import { McpServer } from '@modelcontextprotocol/server';
import { registerFormWidget } from './apps.js';
import type { ServerConfig } from './config.js';
import { registerQuestionTool } from './question-tool.js';
import { registerRequestFormTool } from './request-form-tool.js';
import { SERVER_NAME, SERVER_VERSION } from './version.js';

export function createFormServer(config: ServerConfig = {}): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: 'formrequest', version: SERVER_VERSION },
    { capabilities: { tools: {}, resources: {} } },
  );
  registerRequestFormTool(server, config);
  registerQuestionTool(server);
  registerFormWidget(server, config);
  return server;
}
