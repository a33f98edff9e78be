// Maps a form onto the restricted schema of MCP elicitation (form mode, 2025-11-25): a flat object of
// strings, numbers, booleans, single selects and multi selects. Fields that need the network (search
// and remote options) or files cannot be expressed; the form then stays in the conversation mode.
// The table in README.md ("Elicitation mapping") documents the same decisions.

import {
  type FieldType,
  type FormField,
  type FormSchema,
  fieldLabel,
  fieldProp,
  resolveDateBound,
} from '@formrequest/schema';
import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';

type Prop = Record<string, unknown>;

/** The restricted schema of `elicitation/create` (form mode), as the SDK types it. */
export type ElicitationSchema = ElicitRequestFormParams['requestedSchema'];

export type ElicitationMapping =
  | { ok: true; requestedSchema: ElicitationSchema; message: string }
  | { ok: false; reasons: string[] };

/** Why a field type cannot be asked through elicitation (Japanese, for the result text). */
const UNMAPPABLE: Partial<Record<FieldType, string>> = {
  autocomplete: '検索APIで候補を探すため',
  'multi-autocomplete': '検索APIで候補を探すため',
  'async-select': '選択肢をAPIから読み込むため',
  'cascading-select': '選択肢が親フィールドの値に応じてAPIから変わるため',
  file: 'ファイルを送れないため',
};

export function toElicitation(schema: FormSchema, now: Date = new Date()): ElicitationMapping {
  const reasons: string[] = [];
  const properties: Record<string, Prop> = {};
  const required: string[] = [];
  schema.fields.forEach((field, index) => {
    const why = UNMAPPABLE[field.type];
    if (why) {
      reasons.push(
        `フィールド[${index}]（type: ${field.type}）は${why}、クライアントのフォームでは表示できません。`,
      );
      return;
    }
    const prop = fieldProperty(field, now);
    if (!prop) return;
    const name = (field as { name: string }).name;
    properties[name] = prop;
    if ((field as { required?: boolean }).required === true && field.type !== 'checkbox') required.push(name);
  });
  if (reasons.length > 0) return { ok: false, reasons };
  if (Object.keys(properties).length === 0) {
    return { ok: false, reasons: ['入力するフィールドがないため、クライアントのフォームは使いません。'] };
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

/** The elicitation property of one field, or undefined for fields that are not asked (display, hidden). */
function fieldProperty(field: FormField, now: Date): Prop | undefined {
  const f = field as FormField & Record<string, any>;
  const base: Prop = { title: fieldLabel(field) };
  const hints: string[] = [];
  if (typeof f.placeholder === 'string') hints.push(f.placeholder);
  let prop: Prop;
  switch (field.type) {
    case 'divider':
    case 'heading':
    case 'hidden':
      return undefined;
    case 'text':
    case 'textarea':
      prop = { type: 'string', ...bounds(f, 'minLength', 'maxLength', 'minLength', 'maxLength') };
      if (typeof f.default === 'string' && f.default !== '') prop.default = f.default;
      if (Array.isArray(f.suggestions) && f.suggestions.length > 0)
        hints.push(`例: ${f.suggestions.join(' / ')}`);
      if (typeof f.patternError === 'string') hints.push(f.patternError);
      break;
    case 'select':
    case 'radio':
      prop = {
        type: 'string',
        oneOf: f.options.map((o: { value: string; label: string }) => ({ const: o.value, title: o.label })),
      };
      if (typeof f.default === 'string') prop.default = f.default;
      break;
    case 'multiselect':
      prop = {
        type: 'array',
        items: {
          anyOf: f.options.map((o: { value: string; label: string }) => ({ const: o.value, title: o.label })),
        },
        ...bounds(f, 'minSelect', 'maxSelect', 'minItems', 'maxItems'),
      };
      if (Array.isArray(f.default)) prop.default = f.default;
      break;
    case 'checkbox':
      prop = { type: 'boolean', default: f.default === true };
      if (f.required === true) hints.push('チェックが必要です');
      break;
    case 'number':
    case 'range': {
      // A number without `step` takes any value in every renderer, so only a whole step (range: 1 by
      // default) from a whole (or no) `min` makes the answer an integer.
      const step = fieldProp(field, 'step');
      const min = fieldProp(field, 'min');
      const integral = Number.isInteger(step) && (min === undefined || Number.isInteger(min));
      prop = {
        type: integral ? 'integer' : 'number',
        ...bounds({ min, max: fieldProp(field, 'max') }, 'min', 'max', 'minimum', 'maximum'),
      };
      if (typeof f.default === 'number') prop.default = f.default;
      break;
    }
    case 'date': {
      prop = { type: 'string', format: 'date' };
      const earliest = typeof f.minDate === 'string' ? resolveDateBound(f.minDate, now) : null;
      const latest = typeof f.maxDate === 'string' ? resolveDateBound(f.maxDate, now) : null;
      if (earliest || latest) hints.push(`${earliest ?? ''}〜${latest ?? ''}`);
      if (typeof f.default === 'string') {
        const day = resolveDateBound(f.default, now);
        if (day) prop.default = day;
      }
      break;
    }
    case 'datetime':
      prop = { type: 'string', format: 'date-time' };
      break;
    default:
      return undefined;
  }
  const description = hints.length > 0 ? hints.join(' / ') : undefined;
  return { ...base, ...(description ? { description } : {}), ...prop };
}

function bounds(
  source: Record<string, any>,
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
 * Elicitation answers in the form's own value shapes before validateAnswers checks them:
 * a `date-time` answer becomes the form's local `YYYY-MM-DDTHH:mm` (the wall time as entered).
 */
export function answersFromElicitation(
  schema: FormSchema,
  content: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...content };
  for (const field of schema.fields) {
    if (field.type !== 'datetime') continue;
    const value = values[field.name];
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value))
      values[field.name] = value.slice(0, 16);
  }
  return values;
}
