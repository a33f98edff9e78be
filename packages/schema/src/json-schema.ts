// The JSON Schema that request_form advertises for `form_schema`, derived from the catalog so a model
// sees every field type with every property, its type, default and bounds (seed 003's lesson).
import { FIELD_CATALOG, FIELD_TYPES, FORM_PROPS, type PropSpec } from './catalog.js';

type JsonSchema = Record<string, unknown>;

const OPTION: JsonSchema = {
  type: 'object',
  properties: { value: { type: 'string' }, label: { type: 'string' } },
  required: ['value', 'label'],
};

function propSchema(spec: PropSpec): JsonSchema {
  const out: JsonSchema = (() => {
    switch (spec.kind) {
      case 'string':
      case 'pattern':
      case 'dateExpr':
        return { type: 'string' };
      case 'url':
        return { type: 'string', format: 'uri-reference' };
      case 'number':
        return { type: 'number' };
      case 'integer':
        return { type: 'integer' };
      case 'boolean':
        return { type: 'boolean' };
      case 'string[]':
        return { type: 'array', items: { type: 'string' } };
      case 'options':
        return { type: 'array', items: OPTION, minItems: 1 };
      case 'params':
        return { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } };
      case 'any':
        return {};
    }
  })();
  out.description = spec.doc;
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
      properties[name] = propSchema(spec);
      if (spec.required) required.push(name);
    }
    return { type: 'object', title: type, description: FIELD_CATALOG[type].doc, properties, required };
  });
}

/** The JSON Schema of a whole form. */
export function formJsonSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, spec] of Object.entries(FORM_PROPS) as [string, PropSpec][]) {
    properties[name] =
      name === 'fields'
        ? { type: 'array', minItems: 1, items: { anyOf: fieldJsonSchemas() } }
        : propSchema(spec);
  }
  (properties.locale as JsonSchema).enum = ['ja', 'en'];
  (properties.fields as JsonSchema).description = FORM_PROPS.fields.doc;
  return { type: 'object', properties, required: ['title', 'fields'] };
}

/** The input schema of the request_form tool: `{form_schema}`. */
export function formInputJsonSchema(): JsonSchema {
  return {
    type: 'object',
    properties: {
      form_schema: {
        ...formJsonSchema(),
        description: 'The form to show the person: a title and its fields.',
      },
    },
    required: ['form_schema'],
  };
}
