// The one description of the form vocabulary's facts. The TypeScript types (types.ts), the JSON Schemas
// (json-schema.ts), the schema checker (check-schema.ts), the answer checks (answers.ts), the
// elicitation mapping, the tool description and the docs derive from it. Its words (what each type and
// property means) are in catalog-docs.ts, keyed by the same names: every surface reads this table for
// every form, and a browser bundle should not carry text only the tool's schemas and the docs read.
// Adding a field type means one entry here, its words there and one widget per renderer: every per-type
// table is keyed by `FieldType`, so the compiler names each one that lacks the new type.

/** The kinds of value a property may hold. */
export type PropKind =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'string[]'
  | 'options'
  | 'params'
  | 'url'
  | 'pattern'
  | 'dateExpr'
  | 'any';

export interface PropSpec {
  readonly kind: PropKind;
  readonly required?: boolean;
  /** The value a renderer uses when the property is absent. */
  readonly default?: unknown;
  /** Inclusive bounds for number/integer properties. */
  readonly min?: number;
  readonly max?: number;
  /** The number must be greater than 0 (a step of 0 would never move). */
  readonly positive?: boolean;
  /** Not in seed 000's tables: an extension we support (documented as such). */
  readonly ext?: boolean;
}

/** What an input field puts into the answers. */
export type ValueKind =
  | 'string'
  | 'number'
  | 'boolean'
  | 'option'
  | 'options'
  | 'remote'
  | 'remote[]'
  | 'date'
  | 'datetime'
  | 'file'
  | 'fixed'
  | 'none';

/**
 * How a client's own form dialog (MCP form-mode elicitation, a flat object of primitives) asks for a
 * field: as a string, a number, a boolean, one or several of its options; `skip` when there is nothing
 * to ask (display-only, or a fixed value); otherwise why it cannot be asked there (a search, options
 * loaded from a URL, options that follow another field, a file), and the form is shown elsewhere.
 */
export type ElicitShape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'enum'
  | 'enums'
  | 'skip'
  | 'search'
  | 'load'
  | 'cascade'
  | 'file';

/**
 * The JSON Schema `format` of an answer string, where the value kind alone does not say it. Each has
 * its row in formats.ts (the check, the input type, elicitation both ways, suggestions).
 */
export type AnswerFormat = 'date' | 'date-time';

export interface FieldSpec {
  readonly value: ValueKind;
  /**
   * The answer's string format (formats.ts: the rest of its answer check, how a page and a client's
   * dialog ask for it); a date or date-time answer has one (a test holds it).
   */
  readonly format?: AnswerFormat;
  readonly elicit: ElicitShape;
  readonly props: Readonly<Record<string, PropSpec>>;
}

/**
 * The properties several types share, each once: its kind and bounds. A type names them and
 * states only what differs for it (`{ ...label, required: true }`); a property of one type is written
 * in it. The compact schema the tool advertises (json-schema.ts) says each shared one once too.
 */
const name = { kind: 'string', required: true } as const;
const label = { kind: 'string' } as const;
const placeholder = { kind: 'string' } as const;
const required = { kind: 'boolean' } as const;
const initial = { kind: 'string' } as const;
const options = { kind: 'options', required: true } as const;
const suggestions = { kind: 'string[]' } as const;
const searchUrl = { kind: 'url', required: true } as const;
const searchParams = { kind: 'params' } as const;
const displayField = { kind: 'string', required: true } as const;
const valueField = { kind: 'string', required: true } as const;
const minChars = { kind: 'integer', min: 0, default: 1 } as const;
const debounceMs = { kind: 'integer', min: 0, max: 10000, default: 300 } as const;
const renderTemplate = { kind: 'string' } as const;
const minSelect = { kind: 'integer', min: 0 } as const;
const maxSelect = { kind: 'integer', min: 1 } as const;
const minLength = { kind: 'integer', min: 0 } as const;
const maxLength = { kind: 'integer', min: 1 } as const;
const pattern = { kind: 'pattern' } as const;
const patternError = { kind: 'string' } as const;
const min = { kind: 'number' } as const;
const max = { kind: 'number' } as const;
const step = { kind: 'number', positive: true } as const;
const minDate = { kind: 'dateExpr' } as const;
const maxDate = { kind: 'dateExpr' } as const;

export const FIELD_CATALOG = {
  text: {
    value: 'string',
    elicit: 'string',
    props: {
      name,
      label,
      placeholder,
      required,
      minLength,
      maxLength,
      pattern,
      patternError,
      default: initial,
      suggestions,
    },
  },
  textarea: {
    value: 'string',
    elicit: 'string',
    props: {
      name,
      label,
      placeholder,
      rows: { kind: 'integer', min: 1, max: 50, default: 3 },
      maxLength,
      suggestions,
      required: { ...required, ext: true },
      minLength: { ...minLength, ext: true },
      pattern: { ...pattern, ext: true },
      patternError: { ...patternError, ext: true },
      default: { ...initial, ext: true },
    },
  },
  divider: {
    value: 'none',
    elicit: 'skip',
    props: { label: label },
  },
  heading: {
    value: 'none',
    elicit: 'skip',
    props: {
      text: { kind: 'string', required: true },
      level: { kind: 'integer', min: 1, max: 4, default: 2 },
      description: { kind: 'string' },
    },
  },
  select: {
    value: 'option',
    elicit: 'enum',
    props: {
      name,
      label,
      options,
      default: initial,
      required,
      placeholder: { ...placeholder, ext: true },
    },
  },
  multiselect: {
    value: 'options',
    elicit: 'enums',
    props: {
      name,
      label,
      options,
      minSelect,
      maxSelect,
      required: { ...required, ext: true },
      default: { ...initial, kind: 'string[]', ext: true },
    },
  },
  autocomplete: {
    value: 'remote',
    elicit: 'search',
    props: {
      name,
      label,
      placeholder,
      searchUrl,
      searchParams,
      displayField,
      valueField,
      minChars,
      debounceMs,
      renderTemplate,
      required,
    },
  },
  'multi-autocomplete': {
    value: 'remote[]',
    elicit: 'search',
    props: {
      name,
      label,
      searchUrl,
      displayField,
      valueField,
      maxSelect,
      placeholder: { ...placeholder, ext: true },
      searchParams: { ...searchParams, ext: true },
      minChars: { ...minChars, ext: true },
      debounceMs: { ...debounceMs, ext: true },
      renderTemplate: { ...renderTemplate, ext: true },
      minSelect: { ...minSelect, ext: true },
      required: { ...required, ext: true },
    },
  },
  'cascading-select': {
    value: 'remote',
    elicit: 'cascade',
    props: {
      name,
      label,
      searchUrl,
      dependsOn: {
        kind: 'string',
        required: true,
      },
      dependsOnParam: {
        kind: 'string',
        required: true,
      },
      displayField,
      valueField,
      required: { ...required, ext: true },
    },
  },
  'async-select': {
    value: 'remote',
    elicit: 'load',
    props: {
      name,
      label,
      loadUrl: {
        kind: 'url',
        required: true,
      },
      displayField,
      valueField,
      default: { ...initial, kind: 'any', ext: true },
      required: { ...required, ext: true },
    },
  },
  checkbox: {
    value: 'boolean',
    elicit: 'boolean',
    props: {
      name,
      label: { ...label, required: true },
      required,
      default: { ...initial, kind: 'boolean' },
    },
  },
  radio: {
    value: 'option',
    elicit: 'enum',
    props: {
      name,
      label,
      options,
      default: initial,
      required: { ...required, ext: true },
    },
  },
  number: {
    value: 'number',
    elicit: 'number',
    props: {
      name,
      label,
      min,
      max,
      step,
      default: { ...initial, kind: 'number' },
      required: { ...required, ext: true },
      placeholder: { ...placeholder, ext: true },
    },
  },
  range: {
    value: 'number',
    elicit: 'number',
    props: {
      name,
      label,
      min: { ...min, default: 0 },
      max: { ...max, default: 100 },
      step: { ...step, default: 1 },
      showValue: { kind: 'boolean' },
      default: { ...initial, kind: 'number', ext: true },
    },
  },
  date: {
    value: 'date',
    format: 'date',
    elicit: 'string',
    props: {
      name,
      label,
      minDate,
      maxDate,
      required: { ...required, ext: true },
      default: { ...initial, kind: 'dateExpr', ext: true },
    },
  },
  datetime: {
    value: 'datetime',
    format: 'date-time',
    elicit: 'string',
    props: {
      name,
      label,
      minDate: { ...minDate, ext: true },
      maxDate: { ...maxDate, ext: true },
      required: { ...required, ext: true },
      default: { ...initial, ext: true },
    },
  },
  file: {
    value: 'file',
    elicit: 'file',
    props: {
      name,
      label,
      accept: {
        kind: 'string',
      },
      maxSize: {
        kind: 'integer',
        min: 1024,
        max: 2147483648,
      },
      multiple: { kind: 'boolean' },
      required: { ...required, ext: true },
    },
  },
  hidden: {
    value: 'fixed',
    elicit: 'skip',
    props: { name, value: { kind: 'any', required: true } },
  },
} as const satisfies Record<string, FieldSpec>;

export type FieldType = keyof typeof FIELD_CATALOG;

/** The 18 field types in alphabetical order (the order the error message lists them in). */
export const FIELD_TYPES = (Object.keys(FIELD_CATALOG) as FieldType[]).sort() as readonly FieldType[];

/** Top-level properties of a form. */
export const FORM_PROPS = {
  title: { kind: 'string', required: true },
  description: { kind: 'string' },
  submitLabel: { kind: 'string', default: '送信' },
  cancelLabel: { kind: 'string', default: 'キャンセル' },
  locale: { kind: 'string', ext: true },
  fields: { kind: 'any', required: true },
} as const satisfies Record<string, PropSpec>;

export function isFieldType(type: unknown): type is FieldType {
  return typeof type === 'string' && Object.hasOwn(FIELD_CATALOG, type);
}

/** A type's entry as the FieldSpec interface states it (every fact optional or not as declared). */
export function fieldSpec(type: FieldType): FieldSpec {
  return FIELD_CATALOG[type];
}

/** What a field puts into the answers (the catalog's `value`); undefined for an unknown type. */
export function valueKind(field: { type: string }): ValueKind | undefined {
  return isFieldType(field.type) ? FIELD_CATALOG[field.type].value : undefined;
}

/** Display-only fields (divider, heading) produce no answer. */
export function isInputField(field: { type: string }): boolean {
  const kind = valueKind(field);
  return kind !== undefined && kind !== 'none';
}
