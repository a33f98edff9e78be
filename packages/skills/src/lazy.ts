// Lazy mode (seed 003): every tool as `{description, required, parameters}`, each parameter with
// `type` (default `any`) and `description` (default `""`) first and EVERY other key of its schema
// after them, unchanged and in the schema's order. Written as YAML by the `yaml` package.
import { Document, type Pair, type Scalar, YAMLMap } from 'yaml';
import {
  type CatalogTool,
  inputSchemaOf,
  type JsonObject,
  PARAMETER_LIST_KEYS,
  propertiesOf,
} from './catalog.js';

export interface LazyTool {
  description: string;
  required: unknown[];
  parameters: Record<string, JsonObject>;
  /** Keys of the input schema besides type/properties/required/$schema (`$defs`, `additionalProperties`…). */
  schema?: JsonObject;
}

/** The seed's `convert_tools_to_yaml_dict()`, keeping the input schema's other keys under `schema`. */
export function lazyTool(tool: CatalogTool): LazyTool {
  const schema = inputSchemaOf(tool);
  const properties = propertiesOf(schema);
  const parameters: Record<string, JsonObject> = {};
  for (const [name, spec] of Object.entries(properties)) {
    const s = spec as JsonObject;
    const param: JsonObject = { type: s.type ?? 'any', description: s.description ?? '' };
    for (const [key, value] of Object.entries(s)) {
      if (key !== 'type' && key !== 'description') param[key] = value;
    }
    parameters[name] = param;
  }
  const entry: LazyTool = {
    description: tool.description ?? '',
    required: Array.isArray(schema.required) ? schema.required : [],
    parameters,
  };
  const rest = Object.entries(schema).filter(([key]) => !PARAMETER_LIST_KEYS.has(key));
  // An input schema whose type is not 'object' is a defect the catalog check reports, so `type` here is safe to drop.
  if (rest.length > 0) entry.schema = Object.fromEntries(rest);
  return entry;
}

export function lazyTools(tools: CatalogTool[]): Record<string, LazyTool> {
  const result: Record<string, LazyTool> = {};
  for (const tool of tools) result[tool.name] = lazyTool(tool);
  return result;
}

/**
 * The YAML text of the lazy entries, as the seed prints it: two-space indent, block style, a blank
 * line between parameters (and between tools), no line folding, Unicode as is. Written in YAML 1.1
 * style so strings such as `1:1`, `yes` or `on` are quoted and read back as strings by YAML 1.1
 * readers (PyYAML) as well as YAML 1.2 ones.
 */
export function lazyYaml(tools: CatalogTool[]): string {
  const doc = new Document(lazyTools(tools), { version: '1.1', aliasDuplicateObjects: false });
  const root = doc.contents as YAMLMap;
  root.items.forEach((toolPair, t) => {
    if (t > 0) (toolPair.key as Scalar).spaceBefore = true;
    const toolMap = toolPair.value as YAMLMap;
    const params = toolMap.items.find((p: Pair) => (p.key as Scalar).value === 'parameters')?.value;
    if (params instanceof YAMLMap) {
      params.items.forEach((pair, i) => {
        if (i > 0) (pair.key as Scalar).spaceBefore = true;
      });
    }
  });
  return doc.toString({ lineWidth: 0, indent: 2, indentSeq: true });
}
