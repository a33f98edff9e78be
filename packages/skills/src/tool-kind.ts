// Which kind of tool the spec template calls it (seed 002): `data` (fetches data, no UI), `render`
// (shows another tool's output in a UI), or `standalone` (fetches and shows in one call); and what a
// tool does to data, from its annotations (a write tool is not 「データ取得」).
import {
  type CatalogServer,
  type CatalogTool,
  inputSchemaOf,
  mapping,
  propertiesOf,
  requiredOf,
} from './catalog.js';
import { isMapping } from './data/value.js';

export type ToolKind = 'data' | 'render' | 'standalone';

/** The tool's UI resource: `_meta.ui.resourceUri` (MCP Apps), else the legacy keys. */
export function uiResourceOf(tool: CatalogTool): string | undefined {
  const meta = mapping(tool.data, '_meta');
  if (!meta) return undefined;
  const ui = meta.get('ui');
  if (isMapping(ui) && typeof ui.get('resourceUri') === 'string') return ui.get('resourceUri') as string;
  for (const key of ['ui/resourceUri', 'openai/outputTemplate']) {
    const value = meta.get(key);
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function outputFields(tool: CatalogTool): Set<string> {
  const output = mapping(tool.data, 'outputSchema');
  return new Set(output ? propertiesOf(output).keys() : []);
}

function inputFields(tool: CatalogTool): string[] {
  const schema = inputSchemaOf(tool);
  const required = requiredOf(schema);
  return required.length > 0 ? required : [...propertiesOf(schema).keys()];
}

/**
 * The data tool whose output a UI tool takes as its input: every required input (or every input
 * when none is required) is a field of that tool's outputSchema. Undefined when there is none.
 */
export function sourceToolOf(tool: CatalogTool, server: CatalogServer): CatalogTool | undefined {
  const inputs = inputFields(tool);
  if (inputs.length === 0) return undefined;
  return server.tools.find(
    (other) =>
      other !== tool && !uiResourceOf(other) && inputs.every((name) => outputFields(other).has(name)),
  );
}

/** data: no UI resource; render: a UI tool fed by a data tool's output; standalone: any other UI tool. */
export function toolKind(tool: CatalogTool, server: CatalogServer): ToolKind {
  if (!uiResourceOf(tool)) return 'data';
  return sourceToolOf(tool, server) ? 'render' : 'standalone';
}

/** What the tool does to data, by its annotations: reads, writes, deletes/overwrites, or unknown. */
export type ToolEffect = 'read' | 'write' | 'destructive' | 'unknown';

export function toolEffect(tool: CatalogTool): ToolEffect {
  const annotations = mapping(tool.data, 'annotations');
  const readOnly = annotations?.get('readOnlyHint');
  const destructive = annotations?.get('destructiveHint');
  if (readOnly === true) return 'read';
  if (destructive === true) return 'destructive';
  if (readOnly === false) return 'write';
  return 'unknown';
}
