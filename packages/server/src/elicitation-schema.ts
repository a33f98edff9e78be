// Maps a form onto the restricted schema of MCP elicitation (form mode, 2025-11-25): a flat object of
// strings, numbers, booleans, single selects and multi selects. How each field type is asked is the
// catalog's `elicit` shape, and its answer `format` the row of the schema's format table
// (FORMAT_EXCHANGE: the default sent, the answer read back): a type added to the catalog says
// it there, and SHAPES below has an entry for every shape. Fields that need the network (search and
// remote options) or files cannot be expressed; the form then goes elsewhere, and the reasons say why in
// the form's language. The table in README.md ("Elicitation mapping") documents the same decisions.

import {
  dateBounds,
  type ElicitShape,
  type FieldOption,
  FORMAT_EXCHANGE,
  type FormField,
  type FormSchema,
  fieldLabel,
  fieldProp,
  fieldSpec,
  type Locale,
} from '@formrequest/schema/core';
import { type AgentKey, agentText } from '@formrequest/schema/messages';
import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';

type Prop = Record<string, unknown>;

/** The restricted schema of `elicitation/create` (form mode), as the SDK types it. */
export type ElicitationSchema = ElicitRequestFormParams['requestedSchema'];

export type ElicitationMapping =
  | { ok: true; requestedSchema: ElicitationSchema; message: string }
  | { ok: false; reasons: string[] };

/** A field as the mappers read it: any property may be there or not (the catalog says which). */
type Loose = FormField & Record<string, unknown>;

/** What a mapper needs besides the field: the form's clock and language. */
interface MapContext {
  now: Date;
  locale: Locale | undefined;
  /** Adds a line to the property's description (shown under the control). */
  hint(text: string): void;
}

/**
 * How each elicitation shape is asked: the property's JSON Schema (`undefined`: nothing to ask), or the
 * catalog entry of the reason it cannot be asked. Keyed by the catalog's ElicitShape, so a shape
 * added there without a mapping here does not compile.
 */
export const SHAPES: Record<ElicitShape, ((f: Loose, ctx: MapContext) => Prop | undefined) | AgentKey> = {
  string(f, ctx) {
    const prop: Prop = { type: 'string', ...bounds(f, 'minLength', 'maxLength', 'minLength', 'maxLength') };
    const format = fieldSpec(f.type).format;
    // A formatted answer's default is its format's to give (a relative date resolved for the form's
    // clock; none for a wall time without a zone); a plain string's is the field's own.
    const initial = format
      ? FORMAT_EXCHANGE[format].elicitDefault(f, ctx)
      : typeof f.default === 'string'
        ? f.default
        : undefined;
    if (format) prop.format = format;
    if (initial) prop.default = initial;
    // Date bounds (minDate, maxDate) resolved for the form's clock, as a hint.
    const { min, max } = dateBounds(f, ctx);
    if (min || max) ctx.hint(agentText(ctx.locale, 'hintDates', { min: min ?? '', max: max ?? '' }));
    if (Array.isArray(f.suggestions) && f.suggestions.length > 0)
      ctx.hint(agentText(ctx.locale, 'hintExamples', { examples: f.suggestions.join(' / ') }));
    if (typeof f.patternError === 'string') ctx.hint(f.patternError);
    return prop;
  },
  number(f) {
    // A number without `step` takes any value in every renderer, so only a whole step (range: 1 by
    // default) from a whole (or no) `min` makes the answer an integer.
    const step = fieldProp(f, 'step');
    const min = fieldProp(f, 'min');
    const integral = Number.isInteger(step) && (min === undefined || Number.isInteger(min));
    const prop: Prop = {
      type: integral ? 'integer' : 'number',
      ...bounds({ min, max: fieldProp(f, 'max') }, 'min', 'max', 'minimum', 'maximum'),
    };
    if (typeof f.default === 'number') prop.default = f.default;
    return prop;
  },
  boolean(f, ctx) {
    if (f.required === true) ctx.hint(agentText(ctx.locale, 'hintMustCheck'));
    return { type: 'boolean', default: f.default === true };
  },
  enum(f) {
    const prop: Prop = { type: 'string', oneOf: titled(f.options) };
    if (typeof f.default === 'string') prop.default = f.default;
    return prop;
  },
  enums(f) {
    const prop: Prop = {
      type: 'array',
      items: { anyOf: titled(f.options) },
      ...bounds(f, 'minSelect', 'maxSelect', 'minItems', 'maxItems'),
    };
    if (Array.isArray(f.default)) prop.default = f.default;
    return prop;
  },
  skip: () => undefined,
  search: 'unfitSearch',
  load: 'unfitLoad',
  cascade: 'unfitCascade',
  file: 'unfitFile',
};

function titled(options: unknown): Prop[] {
  return (options as FieldOption[]).map((o) => ({ const: o.value, title: o.label }));
}

export function toElicitation(schema: FormSchema, now: Date = new Date()): ElicitationMapping {
  const { locale } = schema;
  const reasons: string[] = [];
  const properties: Record<string, Prop> = {};
  const required: string[] = [];
  schema.fields.forEach((field, index) => {
    const f = field as Loose;
    const map = SHAPES[fieldSpec(field.type).elicit];
    if (typeof map === 'string') {
      const why = agentText(locale, map);
      reasons.push(agentText(locale, 'unfitField', { index, type: field.type, why }));
      return;
    }
    const hints: string[] = [];
    if (typeof f.placeholder === 'string') hints.push(f.placeholder);
    const prop = map(f, { now, locale, hint: (text) => hints.push(text) });
    if (!prop) return;
    const name = f.name as string;
    const description = hints.length > 0 ? hints.join(' / ') : undefined;
    properties[name] = { title: fieldLabel(field), ...(description ? { description } : {}), ...prop };
    // A required checkbox must be checked: a hint, not `required` (a boolean always has an answer).
    if (f.required === true && prop.type !== 'boolean') required.push(name);
  });
  if (reasons.length > 0) return { ok: false, reasons };
  if (Object.keys(properties).length === 0) {
    return { ok: false, reasons: [agentText(locale, 'nothingToAsk')] };
  }
  const requestedSchema = {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
  } as ElicitationSchema;
  return { ok: true, requestedSchema, message: elicitationMessage(schema) };
}

function elicitationMessage(schema: FormSchema): string {
  return schema.description ? `${schema.title}\n\n${schema.description}` : schema.title;
}

function bounds(
  source: Record<string, unknown>,
  lowKey: string,
  highKey: string,
  lowOut: string,
  highOut: string,
): Prop {
  const out: Prop = {};
  if (typeof source[lowKey] === 'number') out[lowOut] = source[lowKey];
  if (typeof source[highKey] === 'number') out[highOut] = source[highKey];
  return out;
}

/**
 * Elicitation answers in the form's own value shapes before validateAnswers checks them: each formatted
 * answer as its format reads it back (a `date-time` becomes the form's local `YYYY-MM-DDTHH:mm`, the
 * wall time as entered).
 */
export function answersFromElicitation(
  schema: FormSchema,
  content: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...content };
  for (const field of schema.fields) {
    const format = fieldSpec(field.type).format;
    if (!format || !('name' in field)) continue;
    const value = values[field.name];
    if (typeof value === 'string') values[field.name] = FORMAT_EXCHANGE[format].fromElicitation(value);
  }
  return values;
}
