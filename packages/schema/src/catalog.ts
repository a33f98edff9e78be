// The one description of the form vocabulary. The TypeScript types (types.ts), the JSON Schema the
// tool advertises (json-schema.ts), the schema checker (check-schema.ts) and the docs derive from it.
// Adding a field type means one entry here and one widget per renderer.
import { PATTERN_SYNTAX } from './pattern/index.js';

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
  readonly doc: string;
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

export interface FieldSpec {
  readonly doc: string;
  readonly value: ValueKind;
  readonly props: Readonly<Record<string, PropSpec>>;
}

const name = {
  kind: 'string',
  required: true,
  doc: 'Field name: the key of this value in the answers.',
} as const;
const label = { kind: 'string', doc: 'Label shown to the person.' } as const;
const placeholder = { kind: 'string', doc: 'Placeholder text.' } as const;
const required = { kind: 'boolean', doc: 'The person must fill this field.' } as const;
const options = {
  kind: 'options',
  required: true,
  doc: 'Choices: [{"value": "...", "label": "..."}].',
} as const;
const suggestions = { kind: 'string[]', doc: 'Example inputs shown as clickable chips.' } as const;
const displayField = {
  kind: 'string',
  required: true,
  doc: 'Key of a result item shown to the person.',
} as const;
const valueField = {
  kind: 'string',
  required: true,
  doc: 'Key of a result item sent as the value.',
} as const;
const searchUrl = {
  kind: 'url',
  required: true,
  doc: 'Search endpoint (https://… or a path such as /api/…).',
} as const;
const searchParams = {
  kind: 'params',
  doc: 'Query parameters; "{query}" is replaced by the typed text. Without it: ?q=<text>.',
} as const;
const minChars = { kind: 'integer', min: 0, default: 1, doc: 'Characters typed before searching.' } as const;
const debounceMs = {
  kind: 'integer',
  min: 0,
  max: 10000,
  default: 300,
  doc: 'Pause after typing before searching (ms).',
} as const;
const renderTemplate = { kind: 'string', doc: 'How a result is shown, e.g. "{name} ({email})".' } as const;
const minSelect = { kind: 'integer', min: 0, doc: 'Fewest choices.' } as const;
const maxSelect = { kind: 'integer', min: 1, doc: 'Most choices.' } as const;
const minLength = { kind: 'integer', min: 0, doc: 'Fewest characters.' } as const;
const maxLength = { kind: 'integer', min: 1, doc: 'Most characters.' } as const;
const pattern = { kind: 'pattern', doc: `Pattern the text must match: ${PATTERN_SYNTAX}` } as const;
const patternError = { kind: 'string', doc: 'Message shown when the pattern does not match.' } as const;
const minDate = {
  kind: 'dateExpr',
  doc: 'Earliest date: "today", "+Ndays", "-Ndays" or ISO "YYYY-MM-DD".',
} as const;
const maxDate = {
  kind: 'dateExpr',
  doc: 'Latest date: "today", "+Ndays", "-Ndays" or ISO "YYYY-MM-DD".',
} as const;

export const FIELD_CATALOG = {
  text: {
    doc: 'Single-line text input.',
    value: 'string',
    props: {
      name,
      label,
      placeholder,
      required,
      minLength,
      maxLength,
      pattern,
      patternError,
      default: { kind: 'string', doc: 'Initial text.' },
      suggestions,
    },
  },
  textarea: {
    doc: 'Multi-line text input.',
    value: 'string',
    props: {
      name,
      label,
      placeholder,
      rows: { kind: 'integer', min: 1, max: 50, default: 3, doc: 'Visible lines.' },
      maxLength,
      suggestions: { ...suggestions, doc: 'Text templates shown as clickable chips.' },
      required: { ...required, ext: true },
      minLength: { ...minLength, ext: true },
      pattern: { ...pattern, ext: true },
      patternError: { ...patternError, ext: true },
      default: { kind: 'string', ext: true, doc: 'Initial text.' },
    },
  },
  divider: {
    doc: 'A line that separates sections (display only).',
    value: 'none',
    props: { label: { kind: 'string', doc: 'Section name shown on the line.' } },
  },
  heading: {
    doc: 'A section heading (display only).',
    value: 'none',
    props: {
      text: { kind: 'string', required: true, doc: 'Heading text.' },
      level: { kind: 'integer', min: 1, max: 4, default: 2, doc: 'Heading level 1-4.' },
      description: { kind: 'string', doc: 'Text under the heading.' },
    },
  },
  select: {
    doc: 'Single choice from fixed options (drop-down).',
    value: 'option',
    props: {
      name,
      label,
      options,
      default: { kind: 'string', doc: 'Value of the option chosen at first.' },
      required,
      placeholder: { ...placeholder, ext: true },
    },
  },
  multiselect: {
    doc: 'Several choices from fixed options.',
    value: 'options',
    props: {
      name,
      label,
      options,
      minSelect,
      maxSelect,
      required: { ...required, ext: true },
      default: { kind: 'string[]', ext: true, doc: 'Values chosen at first.' },
    },
  },
  autocomplete: {
    doc: 'Single choice found by searching a remote endpoint as the person types.',
    value: 'remote',
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
    doc: 'Several choices found by searching a remote endpoint.',
    value: 'remote[]',
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
    doc: 'Single choice whose options are loaded for the value of an earlier field (dependsOn).',
    value: 'remote',
    props: {
      name,
      label,
      searchUrl,
      dependsOn: { kind: 'string', required: true, doc: 'Name of the earlier field this one depends on.' },
      dependsOnParam: {
        kind: 'string',
        required: true,
        doc: "Query parameter that carries the parent's value.",
      },
      displayField,
      valueField,
      required: { ...required, ext: true },
    },
  },
  'async-select': {
    doc: 'Single choice from options loaded from an endpoint when the form opens.',
    value: 'remote',
    props: {
      name,
      label,
      loadUrl: {
        kind: 'url',
        required: true,
        doc: 'Endpoint that returns the options (https://… or /api/…).',
      },
      displayField,
      valueField,
      default: { kind: 'any', ext: true, doc: 'valueField value chosen once the options are loaded.' },
      required: { ...required, ext: true },
    },
  },
  checkbox: {
    doc: 'A single yes/no box.',
    value: 'boolean',
    props: {
      name,
      label: { kind: 'string', required: true, doc: 'Text beside the box.' },
      required: { ...required, doc: 'The box must be checked.' },
      default: { kind: 'boolean', doc: 'Checked at first.' },
    },
  },
  radio: {
    doc: 'Single choice shown as radio buttons.',
    value: 'option',
    props: {
      name,
      label: { kind: 'string', doc: 'Group label.' },
      options,
      default: { kind: 'string', doc: 'Value of the option chosen at first.' },
      required: { ...required, ext: true },
    },
  },
  number: {
    doc: 'A number.',
    value: 'number',
    props: {
      name,
      label,
      min: { kind: 'number', doc: 'Smallest value.' },
      max: { kind: 'number', doc: 'Largest value.' },
      step: { kind: 'number', positive: true, doc: 'Step between allowed values.' },
      default: { kind: 'number', doc: 'Initial value.' },
      required: { ...required, ext: true },
      placeholder: { ...placeholder, ext: true },
    },
  },
  range: {
    doc: 'A number chosen with a slider.',
    value: 'number',
    props: {
      name,
      label,
      min: { kind: 'number', default: 0, doc: 'Smallest value.' },
      max: { kind: 'number', default: 100, doc: 'Largest value.' },
      step: { kind: 'number', positive: true, default: 1, doc: 'Step between values.' },
      showValue: { kind: 'boolean', doc: 'Show the current value beside the slider.' },
      default: { kind: 'number', ext: true, doc: 'Initial value (otherwise min).' },
    },
  },
  date: {
    doc: 'A date.',
    value: 'date',
    props: {
      name,
      label,
      minDate,
      maxDate,
      required: { ...required, ext: true },
      default: { kind: 'dateExpr', ext: true, doc: 'Initial date ("today", "+Ndays", ISO).' },
    },
  },
  datetime: {
    doc: 'A date and time.',
    value: 'datetime',
    props: {
      name,
      label,
      minDate: { ...minDate, ext: true },
      maxDate: { ...maxDate, ext: true },
      required: { ...required, ext: true },
      default: { kind: 'string', ext: true, doc: 'Initial value "YYYY-MM-DDTHH:mm".' },
    },
  },
  file: {
    doc: 'File upload.',
    value: 'file',
    props: {
      name,
      label,
      accept: {
        kind: 'string',
        doc: 'Allowed types, comma separated: ".pdf,.docx", "image/*", "application/pdf".',
      },
      maxSize: { kind: 'integer', min: 1, doc: 'Largest file in bytes.' },
      multiple: { kind: 'boolean', doc: 'Allow several files (answer: an array).' },
      required: { ...required, ext: true },
    },
  },
  hidden: {
    doc: 'A fixed value sent with the answers, never shown.',
    value: 'fixed',
    props: {
      name,
      value: { kind: 'any', required: true, doc: 'The value sent.' },
    },
  },
} as const satisfies Record<string, FieldSpec>;

export type FieldType = keyof typeof FIELD_CATALOG;

/** The 18 field types in alphabetical order (the order the error message lists them in). */
export const FIELD_TYPES = (Object.keys(FIELD_CATALOG) as FieldType[]).sort() as readonly FieldType[];

/** Top-level properties of a form. */
export const FORM_PROPS = {
  title: { kind: 'string', required: true, doc: 'Form title.' },
  description: { kind: 'string', doc: 'Text under the title.' },
  submitLabel: { kind: 'string', default: '送信', doc: 'Submit button label (English forms: "Submit").' },
  cancelLabel: {
    kind: 'string',
    default: 'キャンセル',
    doc: 'Cancel button label (English forms: "Cancel").',
  },
  locale: { kind: 'string', ext: true, doc: 'UI and message language: "ja" (default) or "en".' },
  fields: { kind: 'any', required: true, doc: 'The fields, in order.' },
} as const satisfies Record<string, PropSpec>;

export function isFieldType(type: unknown): type is FieldType {
  return typeof type === 'string' && Object.hasOwn(FIELD_CATALOG, type);
}

/** Display-only fields (divider, heading) produce no answer. */
export function isInputField(field: { type: string }): boolean {
  return isFieldType(field.type) && FIELD_CATALOG[field.type].value !== 'none';
}
