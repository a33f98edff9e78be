// The way back from elicitation-schema.ts: any form-mode elicitation (`requestedSchema`, the restricted
// flat schema of MCP) as a form of the vocabulary, so an MCP client can show another server's
// elicitation on the form page (@formrequest/host does, for the Claude Agent SDK's `onElicitation`),
// and the page's checked answers as the elicitation's `content`.
import { type FormField, type FormSchema, isPlainObject, validateFormSchema } from '@formrequest/schema';
import { type AnswerFormat, FORMAT_EXCHANGE, typeOfFormat } from '@formrequest/schema/core';

export type ElicitationForm =
  | { ok: true; schema: FormSchema; kinds: Record<string, PropertyKind> }
  | { ok: false; reason: string };

/**
 * What each property of the requested schema is, to turn a form value back into its content value: a
 * string of an answer format (the schema's FORMAT_EXCHANGE) is that format.
 */
export type PropertyKind = 'string' | AnswerFormat | 'number' | 'integer' | 'boolean' | 'enum' | 'enums';

interface Choice {
  value: string;
  label: string;
}

const RADIO_AT_MOST = 5;

/**
 * The form for `message` + `requestedSchema`: the message's first line is the title, the rest the
 * description; each property a field labelled with its title (else its name), described by its
 * description, required as the schema says, with its default.
 */
export function formFromElicitation(message: string, requestedSchema: unknown): ElicitationForm {
  if (!isPlainObject(requestedSchema) || !isPlainObject(requestedSchema.properties)) {
    return { ok: false, reason: 'requestedSchema must be an object schema with properties.' };
  }
  const required = new Set(Array.isArray(requestedSchema.required) ? requestedSchema.required : []);
  const fields: FormField[] = [];
  const kinds: Record<string, PropertyKind> = {};
  for (const [name, raw] of Object.entries(requestedSchema.properties)) {
    if (!isPlainObject(raw)) return { ok: false, reason: `property "${name}" is not a schema.` };
    const field = fieldOf(name, raw, required.has(name));
    if (!field) return { ok: false, reason: `property "${name}" is not one of the elicitation types.` };
    fields.push(field.field);
    kinds[name] = field.kind;
  }
  const [first = '', ...rest] = message.trim().split('\n');
  const title = first.trim().slice(0, 200) || 'Input';
  const description = rest.join('\n').trim();
  const checked = validateFormSchema({ title, ...(description ? { description } : {}), fields });
  if (!checked.ok || !checked.schema) {
    return { ok: false, reason: checked.errors.map((e) => e.message).join(' ') };
  }
  return { ok: true, schema: checked.schema, kinds };
}

function fieldOf(
  name: string,
  prop: Record<string, unknown>,
  required: boolean,
): { field: FormField; kind: PropertyKind } | undefined {
  const label = typeof prop.title === 'string' && prop.title ? prop.title : name;
  const base: Record<string, unknown> = { name, label, ...(required ? { required: true } : {}) };
  if (typeof prop.description === 'string' && prop.description)
    base.placeholder = prop.description.slice(0, 200);
  const withDefault = (value: unknown) => (value === undefined ? {} : { default: value });
  const choices = singleChoices(prop);
  if (prop.type === 'string' && choices) {
    const type = choices.length <= RADIO_AT_MOST ? 'radio' : 'select';
    return {
      field: { ...base, type, options: choices, ...withDefault(prop.default) } as FormField,
      kind: 'enum',
    };
  }
  if (prop.type === 'array') {
    const items = isPlainObject(prop.items) ? prop.items : {};
    const options = singleChoices({ type: 'string', ...items });
    if (!options) return undefined;
    const field: Record<string, unknown> = { ...base, type: 'multiselect', options };
    delete field.required;
    if (typeof prop.minItems === 'number') field.minSelect = prop.minItems;
    else if (required) field.minSelect = 1;
    if (typeof prop.maxItems === 'number') field.maxSelect = prop.maxItems;
    if (Array.isArray(prop.default)) field.default = prop.default;
    return { field: field as FormField, kind: 'enums' };
  }
  if (prop.type === 'string') {
    // A format of the vocabulary is its type's (date, date-time...), its default read back as the type holds it.
    const format = typeof prop.format === 'string' ? prop.format : '';
    const type = typeOfFormat(format);
    if (type) {
      const row = FORMAT_EXCHANGE[format as AnswerFormat];
      const value = typeof prop.default === 'string' ? row.fromElicitation(prop.default) : undefined;
      return { field: { ...base, type, ...withDefault(value) } as FormField, kind: format as AnswerFormat };
    }
    const field: Record<string, unknown> = { ...base, type: 'text', ...withDefault(prop.default) };
    if (typeof prop.minLength === 'number') field.minLength = prop.minLength;
    if (typeof prop.maxLength === 'number') field.maxLength = prop.maxLength;
    return { field: field as FormField, kind: 'string' };
  }
  if (prop.type === 'number' || prop.type === 'integer') {
    const field: Record<string, unknown> = { ...base, type: 'number', ...withDefault(prop.default) };
    if (typeof prop.minimum === 'number') field.min = prop.minimum;
    if (typeof prop.maximum === 'number') field.max = prop.maximum;
    if (prop.type === 'integer') field.step = 1;
    return { field: field as FormField, kind: prop.type };
  }
  if (prop.type === 'boolean') {
    // A required boolean is a question to answer, not a box that must be ticked: not `required` here.
    const { required: _required, ...rest } = base;
    return {
      field: { ...rest, type: 'checkbox', ...withDefault(prop.default) } as FormField,
      kind: 'boolean',
    };
  }
  return undefined;
}

/** `enum` (values as labels, or `enumNames`), or titled `oneOf` / `anyOf` of `{const, title}`. */
function singleChoices(prop: Record<string, unknown>): Choice[] | undefined {
  if (Array.isArray(prop.enum)) {
    const names = Array.isArray(prop.enumNames) ? prop.enumNames : [];
    return prop.enum.map((value, i) => ({ value: String(value), label: String(names[i] ?? value) }));
  }
  const titled = Array.isArray(prop.oneOf) ? prop.oneOf : Array.isArray(prop.anyOf) ? prop.anyOf : undefined;
  if (!titled) return undefined;
  return titled
    .filter(isPlainObject)
    .map((choice) => ({ value: String(choice.const), label: String(choice.title ?? choice.const) }));
}

/**
 * The elicitation `content` for the page's checked values: a formatted string as its format sends it (a
 * date-time as RFC 3339 with the person's UTC offset, minutes east of UTC), the rest as they are.
 */
export function elicitationContent(
  kinds: Record<string, PropertyKind>,
  values: Record<string, unknown>,
  utcOffset = 0,
): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    content[name] =
      Object.hasOwn(FORMAT_EXCHANGE, kind) && typeof value === 'string'
        ? FORMAT_EXCHANGE[kind as AnswerFormat].toElicitation(value, utcOffset)
        : value;
  }
  return content;
}
