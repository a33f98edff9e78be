// JSON Schemas of a form, derived from the catalog so they cannot drift from the checker.
// - formJsonSchema(): strict, one sub-schema per field type (for validators and tools that read schemas).
// - formInputJsonSchema(): what request_form advertises to a model: compact (each property once, with
//   the per-type facts in one table), so the tool's definition stays small enough that clients do not
//   cut it, while every type and every property of each type stays in it (tests check both).
import { FIELD_CATALOG, FIELD_TYPES, FORM_PROPS, type PropKind, type PropSpec } from './catalog.js';
import { type FieldPropName, FORM_PROP_WORDS, PROP_WORDS, TYPE_WORDS } from './catalog-docs.js';
import { PATTERN_SYNTAX, PATTERN_SYNTAX_BRIEF } from './pattern/contract.js';

type JsonSchema = Record<string, unknown>;

const OPTION: JsonSchema = {
  type: 'object',
  properties: { value: { type: 'string' }, label: { type: 'string' } },
  required: ['value', 'label'],
};

function kindSchema(kind: PropKind, compact: boolean): JsonSchema {
  switch (kind) {
    case 'string':
    case 'pattern':
    case 'dateExpr':
    case 'url':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'integer':
      return { type: 'integer' };
    case 'boolean':
      return { type: 'boolean' };
    case 'string[]':
      return { type: 'array', items: { type: 'string' } };
    case 'options':
      return compact ? { type: 'array', items: OPTION } : { type: 'array', items: OPTION, minItems: 1 };
    case 'params':
      // The compact schema leaves the value types to the checker (its message says what to write).
      return compact
        ? { type: 'object' }
        : { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } };
    case 'any':
      return {};
  }
}

function propSchema(spec: PropSpec, doc: string, compact = false): JsonSchema {
  const out = kindSchema(spec.kind, compact);
  // What a pattern may be is the engine's contract (pattern/contract.ts), said wherever one is described.
  const text = spec.kind === 'pattern' ? (compact ? PATTERN_SYNTAX_BRIEF : `${doc} ${PATTERN_SYNTAX}`) : doc;
  if (text) out.description = text;
  if (spec.default !== undefined) out.default = spec.default;
  if (spec.min !== undefined) out.minimum = spec.min;
  if (spec.max !== undefined) out.maximum = spec.max;
  if (spec.positive) out.exclusiveMinimum = 0;
  return out;
}

/** One JSON Schema per field type, `type` fixed by `const`. */
export function fieldJsonSchemas(): JsonSchema[] {
  return FIELD_TYPES.map((type) => {
    const props = FIELD_CATALOG[type].props as Record<string, PropSpec>;
    const properties: Record<string, JsonSchema> = { type: { const: type } };
    const required = ['type'];
    for (const [name, spec] of Object.entries(props)) {
      properties[name] = propSchema(spec, PROP_WORDS[name as FieldPropName].doc);
      if (spec.required) required.push(name);
    }
    return { type: 'object', title: type, description: TYPE_WORDS[type].doc, properties, required };
  });
}

/** The form's own properties; the compact schema keeps only the docs that say more than the name. */
function formProperties(fields: JsonSchema, compact: boolean): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, spec] of Object.entries(FORM_PROPS) as [keyof typeof FORM_PROPS, PropSpec][]) {
    const words = FORM_PROP_WORDS[name];
    const doc = compact ? words.brief : words.doc;
    properties[name] = name === 'fields' ? fields : propSchema(spec, doc, compact);
  }
  (properties.locale as JsonSchema).enum = ['ja', 'en'];
  return properties;
}

/** The strict JSON Schema of a whole form: one sub-schema per field type. */
export function formJsonSchema(): JsonSchema {
  const fields = {
    type: 'array',
    minItems: 1,
    items: { anyOf: fieldJsonSchemas() },
    description: FORM_PROP_WORDS.fields.doc,
  };
  return { type: 'object', properties: formProperties(fields, false), required: ['title', 'fields'] };
}

// ---- The compact schema ----

const KIND_WORD: Record<PropKind, string> = {
  string: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  'string[]': 'string[]',
  options: 'options',
  params: 'object',
  url: 'url',
  pattern: 'pattern',
  dateExpr: 'date',
  any: 'any',
};

let shared: Record<string, PropSpec> | undefined;
/** The shared specs, computed once (the catalog never changes). */
const SHARED = () => (shared ??= sharedPropSpecs());

/** Every type's spec of `prop`, in the catalog's order of types. */
function specsOf(prop: string): PropSpec[] {
  return Object.values(FIELD_CATALOG).flatMap((spec) => {
    const found = (spec.props as Record<string, PropSpec>)[prop];
    return found ? [found] : [];
  });
}

/**
 * Each field property once, as most types that take it have it (the first such type's on a tie): what
 * the compact schema states once; the table states what a type says otherwise. Its words
 * (catalog-docs.ts) are one per property name, shared by all.
 */
export function sharedPropSpecs(): Record<string, PropSpec> {
  const shared: Record<string, PropSpec> = {};
  for (const spec of Object.values(FIELD_CATALOG))
    for (const prop of Object.keys(spec.props)) {
      if (Object.hasOwn(shared, prop)) continue;
      const counts = new Map<string, { spec: PropSpec; n: number }>();
      for (const one of specsOf(prop)) {
        const { ext: _ext, ...facts } = one;
        const key = JSON.stringify(facts);
        const seen = counts.get(key) ?? { spec: facts, n: 0 };
        seen.n++;
        counts.set(key, seen);
      }
      shared[prop] = [...counts.values()].reduce((a, b) => (b.n > a.n ? b : a)).spec;
    }
  return shared;
}

/** The properties most field types take (name, label, required): stated once, not on every type. */
export function sharedFieldProps(): string[] {
  return Object.keys(sharedPropSpecs()).filter(
    (prop) => FIELD_TYPES.filter((type) => Object.hasOwn(FIELD_CATALOG[type].props, prop)).length > 9,
  );
}

/** The kind the compact schema advertises for a property: its own, or `any` when types differ. */
function advertisedKind(prop: string): PropKind {
  const kinds = new Set(
    FIELD_TYPES.map((type) => (FIELD_CATALOG[type].props as Record<string, PropSpec>)[prop]?.kind).filter(
      Boolean,
    ),
  );
  return kinds.size > 1 ? 'any' : specsOf(prop)[0]!.kind;
}

/**
 * What a type says about a property beyond the shared table: `:kind` where the advertised property
 * takes any value, `*` required, `=v` its default, `(min..max)` its bounds. Empty when it says nothing new.
 */
function difference(prop: string, spec: PropSpec, shared: boolean): string {
  const base = SHARED()[prop]!;
  let out = '';
  if (spec.kind !== advertisedKind(prop)) out += `:${KIND_WORD[spec.kind]}`;
  // A shared property's required-ness is in the header; another one's is said on each type.
  if (spec.required && !(shared && base.required)) out += '*';
  if (spec.default !== base.default && spec.default !== undefined) out += `=${JSON.stringify(spec.default)}`;
  if (spec.min !== base.min || spec.max !== base.max) out += `(${spec.min ?? ''}..${spec.max ?? ''})`;
  return out;
}

interface TypeEntry {
  type: string;
  /** Its properties beyond the shared ones, each with what differs (`options*`, `min=0`). */
  own: string[];
  /** The shared properties it does not take. */
  lacks: string[];
}

function typeEntries(): TypeEntry[] {
  const shared = sharedFieldProps();
  return FIELD_TYPES.map((type) => {
    const props = FIELD_CATALOG[type].props as Record<string, PropSpec>;
    const own: string[] = [];
    for (const [prop, spec] of Object.entries(props)) {
      const isShared = shared.includes(prop);
      const diff = difference(prop, spec, isShared);
      if (!isShared || diff) own.push(`${prop}${diff}`);
    }
    return { type, own, lacks: shared.filter((prop) => !Object.hasOwn(props, prop)) };
  });
}

/**
 * A type's properties as written in the table: its own list, or `like <other> + extra` when an
 * earlier-written type has all of them but a few (multi-autocomplete is autocomplete + minSelect
 * maxSelect) and that is shorter.
 */
function propsText(entry: TypeEntry, written: TypeEntry[]): string {
  const plain = entry.own.join(' ');
  let best = plain;
  for (const other of written) {
    if (other.own.length === 0 || other.lacks.join() !== entry.lacks.join()) continue;
    if (!other.own.every((p) => entry.own.includes(p))) continue;
    const extra = entry.own.filter((p) => !other.own.includes(p));
    const text = `like ${other.type}${extra.length ? ` + ${extra.join(' ')}` : ''}`;
    if (text.length < best.length) best = text;
  }
  return best;
}

/**
 * One line per type: its brief, then its properties beyond the shared ones (with what differs), and the
 * shared ones it does not take. A model reads every type's whole set of properties here.
 */
export function fieldTypeTable(): string {
  const shared = sharedFieldProps();
  const written: TypeEntry[] = [];
  const lines = typeEntries().map((entry) => {
    const brief = TYPE_WORDS[entry.type as keyof typeof FIELD_CATALOG].brief;
    const props = propsText(entry, written);
    written.push(entry);
    return `${entry.type}${brief ? ` (${brief})` : ''}${props ? `: ${props}` : ''}${entry.lacks.length ? `; no ${entry.lacks.join(' ')}` : ''}`;
  });
  const sharedText = shared.map((p) => `${p}${SHARED()[p]!.required ? '*' : ''}`).join(', ');
  return [`* required, =default. All take ${sharedText} unless "no":`, ...lines].join('\n');
}

/** One field: `type` with the per-type table, every property once with its meaning and bounds. */
export function compactFieldJsonSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    type: { enum: [...FIELD_TYPES], description: fieldTypeTable() },
  };
  for (const [prop, base] of Object.entries(SHARED())) {
    const doc = PROP_WORDS[prop as FieldPropName].brief;
    // A property whose kind differs by type (default) takes any value here; the table says which.
    properties[prop] = propSchema(
      advertisedKind(prop) === 'any' ? { ...base, kind: 'any' } : base,
      doc,
      true,
    );
    // Required-ness is per type (the table); the shared entry never says `required`.
  }
  return { type: 'object', properties, required: ['type'] };
}

/** The input schema of the request_form tool: `{form_schema}`, compact. */
export function formInputJsonSchema(): JsonSchema {
  const fields = { type: 'array', items: compactFieldJsonSchema() };
  return {
    type: 'object',
    properties: {
      form_schema: {
        type: 'object',
        // Every parameter described (lint: spec --strict); the tool description says the rest.
        description: 'フォーム',
        properties: formProperties(fields, true),
        required: ['title', 'fields'],
      },
    },
    required: ['form_schema'],
  };
}
