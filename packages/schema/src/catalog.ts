// The one description of the form vocabulary. The TypeScript types (types.ts), the JSON Schema the
// tool advertises (json-schema.ts), the schema checker (check-schema.ts), the answer checks
// (answers.ts), the elicitation mapping, the tool description and the docs derive from it. Adding a
// field type means one entry here and one widget per renderer: every per-type table of a surface is
// keyed by `FieldType`, so the compiler names each one that lacks the new type.

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
  /**
   * What the compact schema a model reads says instead of `doc`: shorter, or '' when the name says it
   * all (placeholder, min). The docs keep `doc`.
   */
  readonly brief?: string;
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
  readonly doc: string;
  /** The type in a few words for the compact schema's table ('' when its name says it). */
  readonly brief: string;
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
 * The properties several types share, each once: its kind, bounds and meaning. A type names them and
 * states only what differs for it (`{ ...label, required: true }`); a property of one type is written
 * in it. The compact schema the tool advertises (json-schema.ts) says each shared one once too.
 */
const name = {
  kind: 'string',
  required: true,
  doc: 'Key of this value in the answers; unique in the form.',
  brief: 'Answer key, unique.',
} as const;
const label = {
  kind: 'string',
  doc: 'Text shown with the field (checkbox: beside the box; divider: on the line).',
  brief: '',
} as const;
const placeholder = { kind: 'string', doc: 'Placeholder text.', brief: '' } as const;
const required = {
  kind: 'boolean',
  doc: 'The person must fill the field (checkbox: must check it).',
  brief: '',
} as const;
const initial = {
  kind: 'string',
  doc: 'Initial value, as the answer holds it (an option value; date: also "today", "+Ndays").',
  brief: 'Initial value, as in the answer.',
} as const;
const options = {
  kind: 'options',
  required: true,
  doc: 'Choices: [{"value": "...", "label": "..."}].',
  brief: '',
} as const;
const suggestions = {
  kind: 'string[]',
  doc: 'Example inputs or text templates shown as clickable chips.',
  brief: '',
} as const;
const searchUrl = {
  kind: 'url',
  required: true,
  doc: 'Search endpoint from your endpoints list (https://... or /path), no {query} in it.',
  brief: 'From your endpoints; no {query} in it.',
} as const;
const searchParams = {
  kind: 'params',
  doc: 'Query parameters; "{query}" is replaced by the typed text. Without it: ?q=<text>.',
  brief: '"{query}" = the typed text; default ?q=<text>.',
} as const;
const displayField = {
  kind: 'string',
  required: true,
  doc: 'Key of a result item shown to the person.',
  brief: 'Result key shown.',
} as const;
const valueField = {
  kind: 'string',
  required: true,
  doc: 'Key of a result item sent as the value.',
  brief: 'Result key sent as the value.',
} as const;
const minChars = {
  kind: 'integer',
  min: 0,
  default: 1,
  doc: 'Characters typed before searching.',
  brief: '',
} as const;
const debounceMs = {
  kind: 'integer',
  min: 0,
  max: 10000,
  default: 300,
  doc: 'Pause after typing before searching (ms).',
  brief: '',
} as const;
const renderTemplate = {
  kind: 'string',
  doc: 'How a result is shown, e.g. "{name} ({email})".',
  brief: 'e.g. "{name} ({email})"',
} as const;
const minSelect = { kind: 'integer', min: 0, doc: 'Fewest choices.', brief: '' } as const;
const maxSelect = { kind: 'integer', min: 1, doc: 'Most choices.', brief: '' } as const;
const minLength = { kind: 'integer', min: 0, doc: 'Fewest characters.', brief: '' } as const;
const maxLength = { kind: 'integer', min: 1, doc: 'Most characters.', brief: '' } as const;
// What a pattern may be is the pattern engine's contract (pattern/contract.ts): the JSON Schemas and
// the docs add it wherever a property of kind `pattern` is described.
const pattern = { kind: 'pattern', doc: 'Pattern the text must match.', brief: '' } as const;
const patternError = {
  kind: 'string',
  doc: 'Message shown when the pattern does not match.',
  brief: '',
} as const;
const min = { kind: 'number', doc: 'Smallest value.', brief: '' } as const;
const max = { kind: 'number', doc: 'Largest value.', brief: '' } as const;
const step = { kind: 'number', positive: true, doc: 'Step between allowed values.', brief: '' } as const;
const minDate = {
  kind: 'dateExpr',
  doc: 'Earliest date: "today", "+Ndays", "-Ndays" or "YYYY-MM-DD".',
  brief: 'today, +Ndays, -Ndays or YYYY-MM-DD',
} as const;
const maxDate = { kind: 'dateExpr', doc: 'Latest date, written like minDate.', brief: '' } as const;

export const FIELD_CATALOG = {
  text: {
    doc: 'One line of text.',
    brief: 'one line',
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
    doc: 'Several lines of text.',
    brief: 'several lines',
    value: 'string',
    elicit: 'string',
    props: {
      name,
      label,
      placeholder,
      rows: { kind: 'integer', min: 1, max: 50, default: 3, doc: 'Visible lines.', brief: '' },
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
    doc: 'A line between sections; no input.',
    brief: 'no input',
    value: 'none',
    elicit: 'skip',
    props: { label: label },
  },
  heading: {
    doc: 'A section title; no input.',
    brief: 'no input',
    value: 'none',
    elicit: 'skip',
    props: {
      text: { kind: 'string', required: true, doc: 'Heading text.', brief: '' },
      level: { kind: 'integer', min: 1, max: 4, default: 2, doc: 'Heading level 1-4.', brief: '' },
      description: { kind: 'string', doc: 'Text under the heading.', brief: '' },
    },
  },
  select: {
    doc: 'One of fixed options (drop-down).',
    brief: 'drop-down',
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
    doc: 'Several of fixed options.',
    brief: 'several options',
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
    doc: 'One item, searched as the person types.',
    brief: 'search',
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
    doc: 'Several items, searched as the person types.',
    brief: 'several',
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
    doc: "One item of options loaded for an earlier field's value.",
    brief: 'options by a parent field',
    value: 'remote',
    elicit: 'cascade',
    props: {
      name,
      label,
      searchUrl,
      dependsOn: {
        kind: 'string',
        required: true,
        doc: 'Name of the earlier field this one depends on.',
        brief: 'Name of an earlier field.',
      },
      dependsOnParam: {
        kind: 'string',
        required: true,
        doc: "Query parameter that carries the parent's value.",
        brief: 'Query parameter for its value.',
      },
      displayField,
      valueField,
      required: { ...required, ext: true },
    },
  },
  'async-select': {
    doc: 'One item of options loaded when the form opens.',
    brief: 'loaded options',
    value: 'remote',
    elicit: 'load',
    props: {
      name,
      label,
      loadUrl: {
        kind: 'url',
        required: true,
        doc: 'Endpoint from your endpoints list that returns the options.',
        brief: 'From your endpoints.',
      },
      displayField,
      valueField,
      default: { ...initial, kind: 'any', ext: true },
      required: { ...required, ext: true },
    },
  },
  checkbox: {
    doc: 'One yes/no box.',
    brief: 'yes/no',
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
    doc: 'One of fixed options (radio buttons).',
    brief: 'buttons',
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
    doc: 'A number.',
    brief: '',
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
    doc: 'A number on a slider; always has a value.',
    brief: 'slider',
    value: 'number',
    elicit: 'number',
    props: {
      name,
      label,
      min: { ...min, default: 0 },
      max: { ...max, default: 100 },
      step: { ...step, default: 1 },
      showValue: { kind: 'boolean', doc: 'Show the current value beside the slider.', brief: '' },
      default: { ...initial, kind: 'number', ext: true },
    },
  },
  date: {
    doc: 'A date.',
    brief: '',
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
    doc: 'A date and time.',
    brief: '',
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
    doc: 'File upload.',
    brief: '',
    value: 'file',
    elicit: 'file',
    props: {
      name,
      label,
      accept: {
        kind: 'string',
        doc: 'Allowed types, comma separated: ".pdf,.docx", "image/*", "application/pdf".',
        brief: 'e.g. ".pdf,.docx" or "image/*"',
      },
      maxSize: {
        kind: 'integer',
        min: 1024,
        max: 2147483648,
        doc: 'Largest file in bytes (10 MB = 10485760).',
        brief: 'Bytes; 10 MB = 10485760',
      },
      multiple: { kind: 'boolean', doc: 'Allow several files (answer: an array).', brief: '' },
      required: { ...required, ext: true },
    },
  },
  hidden: {
    doc: 'A fixed value sent with the answers; not shown.',
    brief: 'sent, not shown',
    value: 'fixed',
    elicit: 'skip',
    props: { name, value: { kind: 'any', required: true, doc: 'The fixed value sent.', brief: '' } },
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
  locale: {
    kind: 'string',
    ext: true,
    doc: 'UI and message language; without it, the language of the title and labels (Japanese when unclear).',
    brief: '',
  },
  fields: { kind: 'any', required: true, doc: 'The fields, in order.' },
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
