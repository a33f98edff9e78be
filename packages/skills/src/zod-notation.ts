// JSON Schema in the zod-like notation of the tool spec template (seed 002):
//   z.string() (required), z.number().optional(), z.array(z.object({...})), z.enum(["a", "b"]) …
// It is documentation for people, not code to run: it shows type, allowed values, limits and defaults.
import { isObject, type JsonObject } from './catalog.js';

/** Object schemas nested deeper than this are shown as `z.object({...})`, as the template does. */
const MAX_DEPTH = 2;

const FORMATS: Record<string, string> = {
  email: '.email()',
  uri: '.url()',
  url: '.url()',
  uuid: '.uuid()',
  'date-time': '.datetime()',
  date: '.date()',
  time: '.time()',
  ipv4: '.ip()',
  ipv6: '.ip()',
};

const lit = (value: unknown) => JSON.stringify(value);

export function zodOf(schema: unknown, depth = 0): string {
  if (schema === true || schema === undefined) return 'z.any()';
  if (schema === false) return 'z.never()';
  if (!isObject(schema)) return 'z.any()';
  let out = zodBase(schema, depth);
  if ('default' in schema) out += `.default(${lit(schema.default)})`;
  return out;
}

function zodBase(s: JsonObject, depth: number): string {
  if ('const' in s) return `z.literal(${lit(s.const)})`;
  if (Array.isArray(s.enum)) {
    const values = s.enum;
    if (values.length > 0 && values.every((v) => typeof v === 'string'))
      return `z.enum([${values.map(lit).join(', ')}])`;
    return `z.union([${values.map((v) => `z.literal(${lit(v)})`).join(', ')}])`;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = s[key];
    if (Array.isArray(list) && list.length > 0) {
      return `z.union([${list.map((v) => zodOf(v, depth)).join(', ')}])`;
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) {
    return s.allOf.map((v, i) => (i === 0 ? zodOf(v, depth) : `.and(${zodOf(v, depth)})`)).join('');
  }
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t) => t !== 'null');
    const nullable = types.length < s.type.length;
    const inner =
      types.length === 1
        ? zodBase({ ...s, type: types[0] }, depth)
        : `z.union([${types.map((t) => zodBase({ ...s, type: t }, depth)).join(', ')}])`;
    return nullable ? `${inner}.nullable()` : inner;
  }
  switch (s.type) {
    case 'string': {
      let out = 'z.string()';
      if (typeof s.format === 'string' && FORMATS[s.format]) out += FORMATS[s.format];
      if (typeof s.minLength === 'number') out += `.min(${s.minLength})`;
      if (typeof s.maxLength === 'number') out += `.max(${s.maxLength})`;
      if (typeof s.pattern === 'string') out += `.regex(/${s.pattern.replace(/\//g, '\\/')}/)`;
      return out;
    }
    case 'number':
    case 'integer': {
      let out = s.type === 'integer' ? 'z.number().int()' : 'z.number()';
      if (typeof s.minimum === 'number') out += `.min(${s.minimum})`;
      if (typeof s.maximum === 'number') out += `.max(${s.maximum})`;
      if (typeof s.exclusiveMinimum === 'number') out += `.gt(${s.exclusiveMinimum})`;
      if (typeof s.exclusiveMaximum === 'number') out += `.lt(${s.exclusiveMaximum})`;
      if (typeof s.multipleOf === 'number') out += `.multipleOf(${s.multipleOf})`;
      return out;
    }
    case 'boolean':
      return 'z.boolean()';
    case 'null':
      return 'z.null()';
    case 'array': {
      let out = `z.array(${isObject(s.items) ? zodOf(s.items, depth) : 'z.any()'})`;
      if (typeof s.minItems === 'number') out += `.min(${s.minItems})`;
      if (typeof s.maxItems === 'number') out += `.max(${s.maxItems})`;
      return out;
    }
    case 'object':
      return zodObject(s, depth);
    default:
      return isObject(s.properties) ? zodObject(s, depth) : 'z.any()';
  }
}

function zodObject(s: JsonObject, depth: number): string {
  const properties = isObject(s.properties) ? s.properties : undefined;
  if (!properties) {
    if (isObject(s.additionalProperties))
      return `z.record(z.string(), ${zodOf(s.additionalProperties, depth + 1)})`;
    return 'z.object({})';
  }
  if (depth >= MAX_DEPTH) return 'z.object({...})';
  const required = new Set(Array.isArray(s.required) ? s.required : []);
  const fields = Object.entries(properties).map(([name, spec]) => {
    const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : lit(name);
    return `${key}: ${zodOf(spec, depth + 1)}${required.has(name) || hasDefault(spec) ? '' : '.optional()'}`;
  });
  return `z.object({ ${fields.join(', ')} })`;
}

function hasDefault(spec: unknown): boolean {
  return isObject(spec) && 'default' in spec;
}

/** One parameter line of the template: `name: z.string() (required) — description`. */
export function zodParameterLine(
  name: string,
  spec: unknown,
  required: boolean,
  fallbackDescription = '',
): string {
  const zod = zodOf(spec);
  const suffix = required ? ' (required)' : hasDefault(spec) ? '' : '.optional()';
  const raw = isObject(spec) && typeof spec.description === 'string' ? spec.description : fallbackDescription;
  const description = raw.replace(/\s+/g, ' ').trim();
  return `${name}: ${zod}${suffix}${description ? ` — ${description}` : ''}`;
}
