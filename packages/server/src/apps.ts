// MCP Apps (extension io.modelcontextprotocol/ui): the widget resource that shows the form inside any
// Apps host, and the tool `_meta` that points at it (plus ChatGPT's older keys).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '@formrequest/internal/config';
import type { McpServer } from '@modelcontextprotocol/server';
import { allowedSearchOrigins } from './search-origins.js';

export const WIDGET_URI = 'ui://form/request-form.html';
export const WIDGET_MIME_TYPE = 'text/html;profile=mcp-app';
// Built by `npm run build:bundle -w packages/server`; the same path from src/ and from dist/.
const WIDGET_FILE = fileURLToPath(new URL('../dist/request-form.html', import.meta.url));

/** `_meta` of a tool whose result the widget renders. ChatGPT's status lines must stay within 64 chars. */
export function widgetToolMeta(invoking: string, invoked: string): Record<string, unknown> {
  return {
    ui: { resourceUri: WIDGET_URI },
    'ui/resourceUri': WIDGET_URI,
    'openai/outputTemplate': WIDGET_URI,
    'openai/toolInvocation/invoking': invoking,
    'openai/toolInvocation/invoked': invoked,
  };
}

/** The origins the widget may fetch from: those of the configured search endpoints, nothing else. */
export function connectDomains(config: ServerConfig): string[] {
  return allowedSearchOrigins(config);
}

let cachedHtml: string | undefined;

function widgetHtml(): string {
  if (cachedHtml === undefined) {
    if (!existsSync(WIDGET_FILE)) {
      throw new Error(
        `The form widget ${WIDGET_FILE} has not been built. Run \`npm run build\` (or \`npm run build:bundle -w packages/server\`).`,
      );
    }
    cachedHtml = readFileSync(WIDGET_FILE, 'utf8');
  }
  return cachedHtml;
}

export function registerFormWidget(server: McpServer, config: ServerConfig): void {
  const ui = { csp: { connectDomains: connectDomains(config), resourceDomains: [] }, prefersBorder: true };
  server.registerResource(
    'request-form-widget',
    WIDGET_URI,
    {
      title: 'フォーム',
      description: 'request_form と question のフォームを MCP Apps ホストの中に表示するウィジェット',
      mimeType: WIDGET_MIME_TYPE,
      _meta: { ui },
    },
    async () => ({
      contents: [{ uri: WIDGET_URI, mimeType: WIDGET_MIME_TYPE, text: widgetHtml(), _meta: { ui } }],
    }),
  );
}
