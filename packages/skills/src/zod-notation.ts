// JSON Schema in the zod-like notation of the tool spec template (seed 002):
//   z.string() (required), z.number().optional(), z.array(z.object({...})), z.enum(["a", "b"]) …
// It is documentation for people, not code to run: it shows type, allowed values, limits and defaults.
// Local references (`$ref: "#/$defs/Item"`, as Pydantic and FastMCP write them) are followed; a
// reference back into itself shows as `z.lazy(() => Item)`.
import { toJson } from './data/json-write.js';
import { fromJs, isInt, isMapping, type Mapping, numberOf, type Value } from './data/value.js';

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

const lit = (value: Value) => toJson(value);

/** Where `$ref`s are resolved: the root schema, and the references being expanded (to stop cycles). */
export interface RefContext {
  root: Value;
  stack: string[];
}

/** The schema a local `$ref` (`#/$defs/Item`, `#/definitions/Item`, `#`) points at, or undefined. */
export function resolveRef(ref: string, root: Value): Value | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: Value | undefined = root;
  const pointer = decodeURIComponentSafe(ref.slice(1));
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  for (const raw of pointer.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (isMapping(node)) node = node.get(part);
    else if (Array.isArray(node) && /^\d+$/.test(part)) node = node[Number(part)];
    else return undefined;
  }
  return node;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The name a reference is shown by: the last part of its pointer (`Item` for `#/$defs/Item`). */
export const refName = (ref: string) => ref.split('/').pop() || 'Root';

/** Follows a schema's local `$ref` (once); the schema itself when it has none or it cannot be followed. */
export function derefOnce(schema: Value, ctx: RefContext): { schema: Value; ref?: string } {
  if (!isMapping(schema)) return { schema };
  const ref = schema.get('$ref');
  if (typeof ref !== 'string') return { schema };
  const target = resolveRef(ref, ctx.root);
  if (target === undefined) return { schema };
  // Keys beside $ref (description, default …) still apply: the referencing schema's own keys win.
  if (!isMapping(target)) return { schema: target, ref };
  const merged: Mapping = new Map(target);
  for (const [k, v] of schema) if (k !== '$ref') merged.set(k, v);
  return { schema: merged, ref };
}

export function zodOf(schema: unknown, depth = 0, ctx?: RefContext): string {
  const s = fromJs(schema);
  return zod(s, depth, ctx ?? { root: s, stack: [] });
}

function zod(schema: Value | undefined, depth: number, ctx: RefContext): string {
  if (schema === true || schema === undefined) return 'z.any()';
  if (schema === false) return 'z.never()';
  if (!isMapping(schema)) return 'z.any()';
  const ref = schema.get('$ref');
  if (typeof ref === 'string') {
    if (ctx.stack.includes(ref)) return `z.lazy(() => ${refName(ref)})`;
    const { schema: target, ref: followed } = derefOnce(schema, ctx);
    if (!followed) return `z.any() /* $ref ${ref} */`;
    return zod(target, depth, { root: ctx.root, stack: [...ctx.stack, ref] });
  }
  let out = zodBase(schema, depth, ctx);
  if (schema.has('default')) out += `.default(${lit(schema.get('default')!)})`;
  return out;
}

function zodBase(s: Mapping, depth: number, ctx: RefContext): string {
  if (s.has('const')) return `z.literal(${lit(s.get('const')!)})`;
  const values = s.get('enum');
  if (Array.isArray(values)) {
    if (values.length > 0 && values.every((v) => typeof v === 'string'))
      return `z.enum([${values.map(lit).join(', ')}])`;
    return `z.union([${values.map((v) => `z.literal(${lit(v)})`).join(', ')}])`;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = s.get(key);
    if (Array.isArray(list) && list.length > 0) {
      // Pydantic writes Optional[X] as anyOf [X, {type: null}]: that is X.nullable().
      const nonNull = list.filter((v) => !(isMapping(v) && v.get('type') === 'null' && v.size === 1));
      if (nonNull.length === 1 && list.length === 2) return `${zod(nonNull[0], depth, ctx)}.nullable()`;
      return `z.union([${list.map((v) => zod(v, depth, ctx)).join(', ')}])`;
    }
  }
  const allOf = s.get('allOf');
  if (Array.isArray(allOf) && allOf.length > 0) {
    return allOf.map((v, i) => (i === 0 ? zod(v, depth, ctx) : `.and(${zod(v, depth, ctx)})`)).join('');
  }
  const type = s.get('type');
  if (Array.isArray(type)) {
    const types = type.filter((t) => t !== 'null');
    const nullable = types.length < type.length;
    const withType = (t: Value) => new Map([...s, ['type', t]]);
    const inner =
      types.length === 1
        ? zodBase(withType(types[0]!), depth, ctx)
        : `z.union([${types.map((t) => zodBase(withType(t), depth, ctx)).join(', ')}])`;
    return nullable ? `${inner}.nullable()` : inner;
  }
  const num = (key: string) => {
    const v = s.get(key);
    return v !== undefined && numberOf(v) !== undefined ? lit(v) : undefined;
  };
  switch (type) {
    case 'string': {
      let out = 'z.string()';
      const format = s.get('format');
      if (typeof format === 'string' && FORMATS[format]) out += FORMATS[format];
      if (num('minLength')) out += `.min(${num('minLength')})`;
      if (num('maxLength')) out += `.max(${num('maxLength')})`;
      const pattern = s.get('pattern');
      if (typeof pattern === 'string') out += `.regex(/${pattern.replace(/\//g, '\\/')}/)`;
      return out;
    }
    case 'number':
    case 'integer': {
      let out = type === 'integer' ? 'z.number().int()' : 'z.number()';
      if (num('minimum')) out += `.min(${num('minimum')})`;
      if (num('maximum')) out += `.max(${num('maximum')})`;
      if (num('exclusiveMinimum')) out += `.gt(${num('exclusiveMinimum')})`;
      if (num('exclusiveMaximum')) out += `.lt(${num('exclusiveMaximum')})`;
      if (num('multipleOf')) out += `.multipleOf(${num('multipleOf')})`;
      return out;
    }
    case 'boolean':
      return 'z.boolean()';
    case 'null':
      return 'z.null()';
    case 'array': {
      const items = s.get('items');
      let out = `z.array(${items !== undefined && !Array.isArray(items) ? zod(items, depth, ctx) : 'z.any()'})`;
      if (isInt(s.get('minItems'))) out += `.min(${lit(s.get('minItems')!)})`;
      if (isInt(s.get('maxItems'))) out += `.max(${lit(s.get('maxItems')!)})`;
      return out;
    }
    case 'object':
      return zodObject(s, depth, ctx);
    default:
      return isMapping(s.get('properties')) ? zodObject(s, depth, ctx) : 'z.any()';
  }
}

function zodObject(s: Mapping, depth: number, ctx: RefContext): string {
  const properties = s.get('properties');
  if (!isMapping(properties)) {
    const additional = s.get('additionalProperties');
    if (isMapping(additional)) return `z.record(z.string(), ${zod(additional, depth + 1, ctx)})`;
    return 'z.object({})';
  }
  if (depth >= MAX_DEPTH) return 'z.object({...})';
  const required = new Set(Array.isArray(s.get('required')) ? (s.get('required') as Value[]) : []);
  const fields = [...properties].map(([name, spec]) => {
    const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
    const optional = required.has(name) || hasDefault(spec, ctx) ? '' : '.optional()';
    return `${key}: ${zod(spec, depth + 1, ctx)}${optional}`;
  });
  return `z.object({ ${fields.join(', ')} })`;
}

function hasDefault(spec: Value, ctx: RefContext): boolean {
  const { schema } = derefOnce(spec, ctx);
  return isMapping(schema) && schema.has('default');
}

/**
 * One parameter line of the template: `name: z.string() (required) — description (例: "box")`.
 * `root` is the input schema the parameter belongs to (for its `$ref`s).
 */
export function zodParameterLine(
  name: string,
  spec: unknown,
  required: boolean,
  fallbackDescription = '',
  root?: unknown,
): string {
  const s = fromJs(spec);
  const ctx: RefContext = { root: root === undefined ? s : fromJs(root), stack: [] };
  const zodText = zod(s, 0, ctx);
  const { schema: resolved } = derefOnce(s, ctx);
  const suffix = required ? ' (required)' : hasDefault(s, ctx) ? '' : '.optional()';
  const raw =
    isMapping(resolved) && typeof resolved.get('description') === 'string'
      ? (resolved.get('description') as string)
      : fallbackDescription;
  const description = raw.replace(/\s+/g, ' ').trim();
  const examples = isMapping(resolved) ? resolved.get('examples') : undefined;
  const example =
    Array.isArray(examples) && examples.length > 0 ? ` (例: ${examples.map((e) => lit(e)).join(', ')})` : '';
  return `${name}: ${zodText}${suffix}${description ? ` — ${description}` : ''}${example}`;
}
