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
import { isMapping, type Mapping, type Value } from './data/value.js';
import { pythonStr } from './python-repr.js';

/** Shown first, in the seed's order and with the seed's labels. */
const SEED_KEYS = new Set(['type', 'description', 'default', 'enum', 'minimum', 'maximum']);
/** Shown next, in this order, under their own JSON Schema names. */
const NAMED_EXTRAS = ['minLength', 'maxLength', 'pattern', 'format', 'examples'];
/** Keys whose value is a mapping of schemas by name, each shown as a nested line. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keys whose value is one schema, shown as a nested line. */
const SCHEMA_ONE = new Set([
  'items',
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
]);
/** Keys whose value is a list of schemas, each shown as a nested line. */
const SCHEMA_LISTS = new Set(['oneOf', 'anyOf', 'allOf', 'prefixItems', 'items']);

const isSchemaMap = (v: unknown): v is Mapping =>
  isMapping(v) && [...v.values()].every((x) => isMapping(x) || typeof x === 'boolean');

/**
 * The keys of `spec` shown as nested lines rather than in the bracket: sub-schemas, so that a nested
 * object reads as an indented list instead of one line of Python repr several KB long. `items` with
 * nothing but an `enum` stays the seed's `options: [...]`.
 */
function nestedKeys(spec: Mapping): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of spec) {
    if (SCHEMA_MAPS.has(key) && isSchemaMap(value) && value.size > 0) keys.add(key);
    else if (SCHEMA_ONE.has(key) && isMapping(value)) {
      if (key !== 'items' || [...value.keys()].some((k) => k !== 'enum')) keys.add(key);
    } else if (
      SCHEMA_LISTS.has(key) &&
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((x) => isMapping(x) || typeof x === 'boolean')
    )
      keys.add(key);
  }
  return keys;
}

/** The bracket items of one parameter: `default: 30000`, `options: ['quad', 'triangle']`, `minLength: 3`… */
export function parameterExtras(spec: Mapping, nested: ReadonlySet<string> = new Set()): string[] {
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
  const properties = spec.get('properties');
  for (const [key, value] of spec) {
    if (SEED_KEYS.has(key) || NAMED_EXTRAS.includes(key) || nested.has(key)) continue;
    // The `*` of the nested lines says it, unless a required name has no line of its own.
    if (
      key === 'required' &&
      nested.has('properties') &&
      Array.isArray(value) &&
      value.every((r) => typeof r === 'string' && (properties as Mapping).has(r))
    )
      continue;
    if (key === 'items' && itemsEnum) continue;
    extras.push(`${key}: ${pythonStr(value)}`);
  }
  return extras;
}

/** One schema as a list line (`- label* (type): description [extras]`) and its sub-schemas below it. */
function schemaLines(label: string, spec: Schema, required: boolean, indent: string): string[] {
  // A boolean schema: `true` takes anything, `false` nothing.
  const schema: Mapping = typeof spec === 'boolean' ? new Map([['type', spec ? 'any' : 'never']]) : spec;
  return schemaLinesOf(label, spec, schema, required, indent);
}

function schemaLinesOf(
  label: string,
  spec: Schema,
  schema: Mapping,
  required: boolean,
  indent: string,
): string[] {
  const type = pythonStr(schema.has('type') ? schema.get('type') : 'any');
  const description = pythonStr(
    schema.has('description')
      ? schema.get('description')
      : spec === false
        ? 'must not be given (its schema is false)'
        : '',
  );
  const nested = nestedKeys(schema);
  const extras = parameterExtras(schema, nested);
  const extraText = extras.length > 0 ? ` [${extras.join(', ')}]` : '';
  // Continuation lines of a multi-line description are indented so they stay inside the list item.
  const line = `${indent}- ${label}${required ? '*' : ''} (${type}): ${description}${extraText}`.replace(
    /\n/g,
    `\n${indent}  `,
  );
  const requiredHere = new Set(requiredOf(schema));
  return [
    line,
    ...[...nested].flatMap((key) => subSchemaLines(key, schema.get(key)!, `${indent}  `, requiredHere)),
  ];
}

/** The nested lines of one schema-valued key (`properties`, `items`, `oneOf`, `$defs` …). */
function subSchemaLines(key: string, value: Value, indent: string, required: ReadonlySet<string>): string[] {
  if (key === 'properties')
    return [...(value as Map<string, Schema>)].flatMap(([name, sub]) =>
      schemaLines(`\`${name}\``, sub, required.has(name), indent),
    );
  if (Array.isArray(value))
    return value.flatMap((sub, i) => schemaLines(`${key}[${i}]`, sub as Schema, false, indent));
  if (SCHEMA_MAPS.has(key))
    return [...(value as Map<string, Schema>)].flatMap(([name, sub]) =>
      schemaLines(`${key} \`${name}\``, sub, false, indent),
    );
  if (key === 'items' && isMapping(value) && value.has('enum')) {
    // Its enum is the parent's `options: [...]` already (the seed's place for it).
    const rest = new Map([...value].filter(([k]) => k !== 'enum'));
    return schemaLinesOf(key, rest, rest, false, indent);
  }
  return schemaLines(key, value as Schema, false, indent);
}

/**
 * One parameter line, e.g. `` - `steps` (integer): Number of inference steps [default: 28, min: 1, max: 100]``,
 * followed by its sub-schemas (properties, items, oneOf …) as indented lines.
 */
export function parameterLine(name: string, spec: Schema, required: boolean): string {
  return schemaLines(`\`${name}\``, spec, required, '  ').join('\n');
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
  const rest = new Map([...schema].filter(([k]) => !PARAMETER_LIST_KEYS.has(k)));
  if (rest.size > 0) {
    // Sub-schemas ($defs, oneOf …) as nested lines; plain values on the line.
    const nested = nestedKeys(rest);
    const plain = [...rest].filter(([k]) => !nested.has(k));
    lines.push(
      '',
      `**Input schema also says:**${plain.length > 0 ? ` ${plain.map(([k, v]) => `${k}: ${pythonStr(v)}`).join(', ')}` : ''}`,
    );
    for (const key of nested) lines.push(...subSchemaLines(key, rest.get(key)!, '  ', new Set()));
  }
  return lines.join('\n');
}
