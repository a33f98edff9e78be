// Full mode (seed 003, 通常モード): each tool as `### name`, its description, `**Parameters:**` and one
// line per parameter exactly as the seed's Python generator prints them:
//   - `name`* (type): description [default: X, options: ['a', 'b'], min: Y, max: Z]
// Beyond the seed, every other key of the parameter's schema follows in the same bracket, so nothing
// a model needs is dropped: first minLength, maxLength, pattern, format, examples (in that order), then
// the remaining keys in the schema's own order, each as `key: value`.
import {
  type CatalogTool,
  inputSchemaOf,
  isObject,
  type JsonObject,
  PARAMETER_LIST_KEYS,
  propertiesOf,
} from './catalog.js';
import { pythonRepr, pythonStr } from './python-repr.js';

/** Shown first, in the seed's order and with the seed's labels. */
const SEED_KEYS = new Set(['type', 'description', 'default', 'enum', 'minimum', 'maximum']);
/** Shown next, in this order, under their own JSON Schema names. */
const NAMED_EXTRAS = ['minLength', 'maxLength', 'pattern', 'format', 'examples'];

/** The bracket items of one parameter: `default: 30000`, `options: ['quad', 'triangle']`, `minLength: 3`… */
export function parameterExtras(spec: JsonObject): string[] {
  const extras: string[] = [];
  if ('default' in spec) extras.push(`default: ${pythonStr(spec.default)}`);
  if ('enum' in spec) extras.push(`options: ${pythonStr(spec.enum)}`);
  if ('minimum' in spec) extras.push(`min: ${pythonStr(spec.minimum)}`);
  if ('maximum' in spec) extras.push(`max: ${pythonStr(spec.maximum)}`);
  const items = spec.items;
  const itemsEnum = isObject(items) && 'enum' in items;
  if (itemsEnum) extras.push(`options: ${pythonStr(items.enum)}`);
  for (const key of NAMED_EXTRAS) {
    if (key in spec) extras.push(`${key}: ${pythonStr(spec[key])}`);
  }
  for (const [key, value] of Object.entries(spec)) {
    if (SEED_KEYS.has(key) || NAMED_EXTRAS.includes(key)) continue;
    if (key === 'items' && itemsEnum) {
      // items.enum is already shown as options; show what else the item schema says.
      const rest = Object.fromEntries(Object.entries(items as JsonObject).filter(([k]) => k !== 'enum'));
      if (Object.keys(rest).length > 0) extras.push(`items: ${pythonRepr(rest)}`);
      continue;
    }
    extras.push(`${key}: ${pythonStr(value)}`);
  }
  return extras;
}

/** One parameter line, e.g. `` - `steps` (integer): Number of inference steps [default: 28, min: 1, max: 100]``. */
export function parameterLine(name: string, spec: JsonObject, required: boolean): string {
  const type = pythonStr(spec.type ?? 'any');
  const description = pythonStr(spec.description ?? '');
  const extras = parameterExtras(spec);
  const extraText = extras.length > 0 ? ` [${extras.join(', ')}]` : '';
  // Continuation lines of a multi-line description are indented so they stay inside the list item.
  return `  - \`${name}\`${required ? '*' : ''} (${type}): ${description}${extraText}`.replace(
    /\n/g,
    '\n    ',
  );
}

/** The full-mode section of one tool: `### name`, description, `**Parameters:**`, parameter lines. */
export function toolSection(tool: CatalogTool): string {
  const schema = inputSchemaOf(tool);
  const properties = propertiesOf(schema);
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const lines = [`### ${tool.name}`, tool.description ?? '', ''];
  const names = Object.keys(properties);
  if (names.length === 0) lines.push('**Parameters:** none');
  else {
    lines.push('**Parameters:**');
    for (const name of names)
      lines.push(parameterLine(name, properties[name] as JsonObject, required.has(name)));
  }
  const rest = Object.entries(schema).filter(([k]) => !PARAMETER_LIST_KEYS.has(k));
  if (rest.length > 0) {
    lines.push('', `**Input schema also says:** ${rest.map(([k, v]) => `${k}: ${pythonStr(v)}`).join(', ')}`);
  }
  return lines.join('\n');
}
