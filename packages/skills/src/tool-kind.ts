// Which kind of tool the spec template calls it (seed 002): `data` (fetches data, no UI), `render`
// (shows another tool's output in a UI), or `standalone` (fetches and shows in one call).
import { type CatalogServer, type CatalogTool, inputSchemaOf, isObject, propertiesOf } from './catalog.js';

export type ToolKind = 'data' | 'render' | 'standalone';

/** The tool's UI resource: `_meta.ui.resourceUri` (MCP Apps), else the legacy keys. */
export function uiResourceOf(tool: CatalogTool): string | undefined {
  const meta = tool._meta ?? {};
  const ui = meta.ui;
  if (isObject(ui) && typeof ui.resourceUri === 'string') return ui.resourceUri;
  if (typeof meta['ui/resourceUri'] === 'string') return meta['ui/resourceUri'] as string;
  if (typeof meta['openai/outputTemplate'] === 'string') return meta['openai/outputTemplate'] as string;
  return undefined;
}

function outputFields(tool: CatalogTool): Set<string> {
  const props = tool.outputSchema?.properties;
  return new Set(isObject(props) ? Object.keys(props) : []);
}

function inputFields(tool: CatalogTool): string[] {
  const schema = inputSchemaOf(tool);
  if (Array.isArray(schema.required) && schema.required.length > 0) return schema.required as string[];
  return Object.keys(propertiesOf(schema));
}

/**
 * The data tool whose output a UI tool takes as its input: every required input (or every input
 * when none is required) is a field of that tool's outputSchema. Undefined when there is none.
 */
export function sourceToolOf(tool: CatalogTool, server: CatalogServer): CatalogTool | undefined {
  const inputs = inputFields(tool);
  if (inputs.length === 0) return undefined;
  return (server.tools ?? []).find(
    (other) =>
      other !== tool && !uiResourceOf(other) && inputs.every((name) => outputFields(other).has(name)),
  );
}

/** data: no UI resource; render: a UI tool fed by a data tool's output; standalone: any other UI tool. */
export function toolKind(tool: CatalogTool, server: CatalogServer): ToolKind {
  if (!uiResourceOf(tool)) return 'data';
  return sourceToolOf(tool, server) ? 'render' : 'standalone';
}
