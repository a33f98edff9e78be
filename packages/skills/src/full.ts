// Full mode (seed 003, 通常モード): each tool as `### name`, its description, `**Parameters:**` and one
// line per parameter exactly as the seed's Python generator prints them:
//   - `name`* (type): description [default: X, options: ['a', 'b'], min: Y, max: Z]
// Beyond the seed, every other key of the parameter's schema follows in the same bracket, so nothing
// a model needs is dropped: first minLength, maxLength, pattern, format, examples (in that order), then
// the remaining keys in the schema's own order, each as `key: value`.
import {
  type CatalogTool,
  descriptionOf,
  inputSchemaOf,
  PARAMETER_LIST_KEYS,
  propertiesOf,
  requiredOf,
  type Schema,
} from './catalog.js';
import { isMapping, type Mapping } from './data/value.js';
import { pythonRepr, pythonStr } from './python-repr.js';

/** Shown first, in the seed's order and with the seed's labels. */
const SEED_KEYS = new Set(['type', 'description', 'default', 'enum', 'minimum', 'maximum']);
/** Shown next, in this order, under their own JSON Schema names. */
const NAMED_EXTRAS = ['minLength', 'maxLength', 'pattern', 'format', 'examples'];

/** The bracket items of one parameter: `default: 30000`, `options: ['quad', 'triangle']`, `minLength: 3`… */
export function parameterExtras(spec: Mapping): string[] {
  const extras: string[] = [];
  if (spec.has('default')) extras.push(`default: ${pythonStr(spec.get('default'))}`);
  if (spec.has('enum')) extras.push(`options: ${pythonStr(spec.get('enum'))}`);
  if (spec.has('minimum')) extras.push(`min: ${pythonStr(spec.get('minimum'))}`);
  if (spec.has('maximum')) extras.push(`max: ${pythonStr(spec.get('maximum'))}`);
  const items = spec.get('items');
  const itemsEnum = isMapping(items) && items.has('enum');
  if (itemsEnum) extras.push(`options: ${pythonStr(items.get('enum'))}`);
  for (const key of NAMED_EXTRAS) {
    if (spec.has(key)) extras.push(`${key}: ${pythonStr(spec.get(key))}`);
  }
  for (const [key, value] of spec) {
    if (SEED_KEYS.has(key) || NAMED_EXTRAS.includes(key)) continue;
    if (key === 'items' && itemsEnum) {
      // items.enum is already shown as options; show what else the item schema says.
      const rest = new Map([...(items as Mapping)].filter(([k]) => k !== 'enum'));
      if (rest.size > 0) extras.push(`items: ${pythonRepr(rest)}`);
      continue;
    }
    extras.push(`${key}: ${pythonStr(value)}`);
  }
  return extras;
}

/** One parameter line, e.g. `` - `steps` (integer): Number of inference steps [default: 28, min: 1, max: 100]``. */
export function parameterLine(name: string, spec: Schema, required: boolean): string {
  // A boolean schema: `true` takes anything, `false` nothing.
  const schema: Mapping = typeof spec === 'boolean' ? new Map([['type', spec ? 'any' : 'never']]) : spec;
  const type = pythonStr(schema.has('type') ? schema.get('type') : 'any');
  const description = pythonStr(
    schema.has('description')
      ? schema.get('description')
      : spec === false
        ? 'must not be given (its schema is false)'
        : '',
  );
  const extras = parameterExtras(schema);
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
  const required = new Set(requiredOf(schema));
  const lines = [`### ${tool.name}`, descriptionOf(tool), ''];
  if (properties.size === 0) lines.push('**Parameters:** none');
  else {
    lines.push('**Parameters:**');
    for (const [name, spec] of properties) lines.push(parameterLine(name, spec, required.has(name)));
  }
  const rest = [...schema].filter(([k]) => !PARAMETER_LIST_KEYS.has(k));
  if (rest.length > 0) {
    lines.push('', `**Input schema also says:** ${rest.map(([k, v]) => `${k}: ${pythonStr(v)}`).join(', ')}`);
  }
  return lines.join('\n');
}
