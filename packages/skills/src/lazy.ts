// Lazy mode (seed 003): every tool as `{description, required, parameters}`, each parameter with
// `type` (default `any`) and `description` (default `""`) first and EVERY other key of its schema
// after them, unchanged and in the schema's order. Written as YAML that PyYAML and YAML 1.2 readers
// both read back to exactly these values (data/yaml-write.ts).
import {
  type CatalogTool,
  inputSchemaOf,
  PARAMETER_LIST_KEYS,
  propertiesOf,
  type Schema,
} from './catalog.js';
import type { Mapping, Value } from './data/value.js';
import { writeMapping, yamlScalar } from './data/yaml-write.js';

/**
 * One parameter as the seed writes it. A boolean schema has no keys: `true` (anything) is
 * `{type: any}`, `false` (no value allowed) is `{type: never}`.
 */
export function lazyParameter(spec: Schema): Mapping {
  if (typeof spec === 'boolean') {
    return new Map<string, Value>([
      ['type', spec ? 'any' : 'never'],
      ['description', spec ? '' : 'must not be given (its schema is false)'],
    ]);
  }
  const param: Mapping = new Map([
    ['type', spec.has('type') ? spec.get('type')! : 'any'],
    ['description', spec.has('description') ? spec.get('description')! : ''],
  ]);
  for (const [key, value] of spec) if (key !== 'type' && key !== 'description') param.set(key, value);
  return param;
}

/**
 * The seed's `convert_tools_to_yaml_dict()` entry of one tool: description, required, parameters;
 * beyond the seed, the input schema's other keys (`$defs`, `additionalProperties` …) under `schema`.
 */
export function lazyTool(tool: CatalogTool): Mapping {
  const schema = inputSchemaOf(tool);
  const parameters: Mapping = new Map();
  for (const [name, spec] of propertiesOf(schema)) parameters.set(name, lazyParameter(spec));
  const entry: Mapping = new Map<string, Value>([
    ['description', tool.data.has('description') ? tool.data.get('description')! : ''],
    ['required', schema.has('required') ? schema.get('required')! : []],
    ['parameters', parameters],
  ]);
  // An input schema whose type is not 'object' is a defect the catalog check reports, so `type` here is safe to drop.
  const rest: Mapping = new Map([...schema].filter(([key]) => !PARAMETER_LIST_KEYS.has(key)));
  if (rest.size > 0) entry.set('schema', rest);
  return entry;
}

/** Every tool's lazy entry, keyed by tool name in catalog order (a Map: a tool named `123` stays in its place). */
export function lazyTools(tools: CatalogTool[]): Mapping {
  return new Map(tools.map((tool) => [tool.name, lazyTool(tool)]));
}

/**
 * The YAML text of the lazy entries, as the seed prints it: two-space indent, block style, a blank
 * line between parameters and between tools, no line folding, Unicode as is.
 */
export function lazyYaml(tools: CatalogTool[]): string {
  const out: string[] = [];
  tools.forEach((tool, t) => {
    if (t > 0) out.push('\n');
    const entry = lazyTool(tool);
    out.push(`${yamlKey(tool.name)}:\n`);
    for (const [key, value] of entry) {
      if (key === 'parameters' && value instanceof Map && value.size > 0) {
        out.push('  parameters:\n');
        writeMapping(value as Mapping, 4, out, true);
      } else writeMapping(new Map([[key, value]]), 2, out);
    }
  });
  return out.join('');
}

function yamlKey(name: string): string {
  const text = yamlScalar(name);
  return text.length > 1000 ? `? ${text}\n` : text;
}
