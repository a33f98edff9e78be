// MCP Apps (extension io.modelcontextprotocol/ui): the widget resource that shows the form inside any
// Apps host, and the tool `_meta` that points at it (plus ChatGPT's older keys).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '@formrequest/internal/config';
import type { FormSchema } from '@formrequest/schema';
import type { McpServer } from '@modelcontextprotocol/server';
import { allowedSearchOrigins } from './search-origins.js';
import { WIDGET_PARTS, type WidgetPart, widgetParts, widgetPartUri } from './widget-parts.js';

export const WIDGET_URI = 'ui://form/request-form.html';
export const WIDGET_MIME_TYPE = 'text/html;profile=mcp-app';
// Built by `npm run build:bundle -w packages/server`; the same path from src/ and from dist/.
const WIDGET_FILE = fileURLToPath(new URL('../dist/request-form.html', import.meta.url));
/** The widget's parts (widget-parts.ts), built beside it: dist/widget-parts/<name>.js. */
const PARTS_DIR = fileURLToPath(new URL('../dist/widget-parts/', import.meta.url));
const PART_MIME_TYPE = 'text/javascript';
const NOT_BUILT = 'Run `npm run build` (or `npm run build:bundle -w packages/server`).';

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
      throw new Error(`The form widget ${WIDGET_FILE} has not been built. ${NOT_BUILT}`);
    }
    cachedHtml = readFileSync(WIDGET_FILE, 'utf8');
  }
  return cachedHtml;
}

const cachedParts = new Map<WidgetPart, string>();

function partCode(name: WidgetPart): string {
  let code = cachedParts.get(name);
  if (code === undefined) {
    const file = `${PARTS_DIR}${name}.js`;
    if (!existsSync(file)) throw new Error(`The form widget's part ${file} has not been built. ${NOT_BUILT}`);
    code = readFileSync(file, 'utf8');
    cachedParts.set(name, code);
  }
  return code;
}

/**
 * The code of the parts the widget needs for `schema` (a `question` call's form when `question`), by
 * name: what a result served to an MCP Apps host carries in `_meta[PARTS_META_KEY]`.
 */
export function widgetPartsCode(schema: FormSchema, question = false): Record<string, string> {
  return Object.fromEntries(widgetParts(schema, question).map((name) => [name, partCode(name)]));
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
  // Each part also as a resource, for a host whose result lost `_meta` but that proxies resources/read
  // from the widget (host capability serverResources).
  for (const name of WIDGET_PARTS) {
    const uri = widgetPartUri(name);
    server.registerResource(
      `request-form-widget-part-${name}`,
      uri,
      {
        title: `フォームの部品 ${name}`,
        description: 'フォームのウィジェットが必要なときに読み込むスクリプト',
        mimeType: PART_MIME_TYPE,
      },
      async () => ({ contents: [{ uri, mimeType: PART_MIME_TYPE, text: partCode(name) }] }),
    );
  }
}
