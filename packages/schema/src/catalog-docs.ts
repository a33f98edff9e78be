// The words of the form vocabulary: what each field type, field property and form property means, in
// full (`doc`: the strict JSON Schema, docs/form-vocabulary.md) and in brief (`brief`: the compact schema
// request_form advertises to a model, '' where the name says it all). The facts (kinds, bounds,
// defaults, value kinds) stay in the catalog (catalog.ts), which every surface reads for every form;
// these words live apart so that a browser bundle, made by our build or by any consumer's bundler,
// never carries them: only the tool's schemas (json-schema.ts) and the docs generator import this module.
// Each table is keyed by the catalog's own names: a type, a field property or a form property added to
// the catalog without its words here does not compile (scripts/test/field-types.test.ts).
import type { FIELD_CATALOG, FieldType, FORM_PROPS } from './catalog.js';

export interface Words {
  readonly doc: string;
  /** What the compact schema says instead of `doc`: shorter, or '' when the name says it all. */
  readonly brief: string;
}

/** Every property name some field type takes. */
export type FieldPropName = {
  [T in FieldType]: keyof (typeof FIELD_CATALOG)[T]['props'] & string;
}[FieldType];

/** What each field type is: `brief` in a few words for the compact schema's table. */
export const TYPE_WORDS: Record<FieldType, Words> = {
  text: { doc: 'One line of text.', brief: 'one line' },
  textarea: { doc: 'Several lines of text.', brief: 'several lines' },
  divider: { doc: 'A line between sections; no input.', brief: 'no input' },
  heading: { doc: 'A section title; no input.', brief: 'no input' },
  select: { doc: 'One of fixed options (drop-down).', brief: 'drop-down' },
  multiselect: { doc: 'Several of fixed options.', brief: 'several options' },
  autocomplete: { doc: 'One item, searched as the person types.', brief: 'search' },
  'multi-autocomplete': { doc: 'Several items, searched as the person types.', brief: 'several' },
  'cascading-select': {
    doc: "One item of options loaded for an earlier field's value.",
    brief: 'options by a parent field',
  },
  'async-select': { doc: 'One item of options loaded when the form opens.', brief: 'loaded options' },
  checkbox: { doc: 'One yes/no box.', brief: 'yes/no' },
  radio: { doc: 'One of fixed options (radio buttons).', brief: 'buttons' },
  number: { doc: 'A number.', brief: '' },
  range: { doc: 'A number on a slider; always has a value.', brief: 'slider' },
  date: { doc: 'A date.', brief: '' },
  datetime: { doc: 'A date and time.', brief: '' },
  file: { doc: 'File upload.', brief: '' },
  hidden: { doc: 'A fixed value sent with the answers; not shown.', brief: 'sent, not shown' },
};

/**
 * What each field property means, once for every type that takes it (the compact schema states each
 * property once too). What a pattern may be is the pattern engine's contract (pattern/contract.ts): the
 * JSON Schemas and the docs add it wherever a property of kind `pattern` is described.
 */
export const PROP_WORDS: Record<FieldPropName, Words> = {
  name: { doc: 'Key of this value in the answers; unique in the form.', brief: 'Answer key, unique.' },
  label: { doc: 'Text shown with the field (checkbox: beside the box; divider: on the line).', brief: '' },
  placeholder: { doc: 'Placeholder text.', brief: '' },
  required: { doc: 'The person must fill the field (checkbox: must check it).', brief: '' },
  default: {
    doc: 'Initial value, as the answer holds it (an option value; date: also "today", "+Ndays").',
    brief: 'Initial value, as in the answer.',
  },
  options: { doc: 'Choices: [{"value": "...", "label": "..."}].', brief: '' },
  suggestions: { doc: 'Example inputs or text templates shown as clickable chips.', brief: '' },
  searchUrl: {
    doc: 'Search endpoint from your endpoints list (https://... or /path), no {query} in it.',
    brief: 'From your endpoints; no {query} in it.',
  },
  searchParams: {
    doc: 'Query parameters; "{query}" is replaced by the typed text. Without it: ?q=<text>.',
    brief: '"{query}" = the typed text; default ?q=<text>.',
  },
  displayField: { doc: 'Key of a result item shown to the person.', brief: 'Result key shown.' },
  valueField: { doc: 'Key of a result item sent as the value.', brief: 'Result key sent as the value.' },
  minChars: { doc: 'Characters typed before searching.', brief: '' },
  debounceMs: { doc: 'Pause after typing before searching (ms).', brief: '' },
  renderTemplate: {
    doc: 'How a result is shown, e.g. "{name} ({email})".',
    brief: 'e.g. "{name} ({email})"',
  },
  minSelect: { doc: 'Fewest choices.', brief: '' },
  maxSelect: { doc: 'Most choices.', brief: '' },
  minLength: { doc: 'Fewest characters.', brief: '' },
  maxLength: { doc: 'Most characters.', brief: '' },
  pattern: { doc: 'Pattern the text must match.', brief: '' },
  patternError: { doc: 'Message shown when the pattern does not match.', brief: '' },
  min: { doc: 'Smallest value.', brief: '' },
  max: { doc: 'Largest value.', brief: '' },
  step: { doc: 'Step between allowed values.', brief: '' },
  minDate: {
    doc: 'Earliest date: "today", "+Ndays", "-Ndays" or "YYYY-MM-DD".',
    brief: 'today, +Ndays, -Ndays or YYYY-MM-DD',
  },
  maxDate: { doc: 'Latest date, written like minDate.', brief: '' },
  rows: { doc: 'Visible lines.', brief: '' },
  text: { doc: 'Heading text.', brief: '' },
  level: { doc: 'Heading level 1-4.', brief: '' },
  description: { doc: 'Text under the heading.', brief: '' },
  dependsOn: { doc: 'Name of the earlier field this one depends on.', brief: 'Name of an earlier field.' },
  dependsOnParam: {
    doc: "Query parameter that carries the parent's value.",
    brief: 'Query parameter for its value.',
  },
  loadUrl: {
    doc: 'Endpoint from your endpoints list that returns the options.',
    brief: 'From your endpoints.',
  },
  showValue: { doc: 'Show the current value beside the slider.', brief: '' },
  accept: {
    doc: 'Allowed types, comma separated: ".pdf,.docx", "image/*", "application/pdf".',
    brief: 'e.g. ".pdf,.docx" or "image/*"',
  },
  maxSize: { doc: 'Largest file in bytes (10 MB = 10485760).', brief: 'Bytes; 10 MB = 10485760' },
  multiple: { doc: 'Allow several files (answer: an array).', brief: '' },
  value: { doc: 'The fixed value sent.', brief: '' },
};

/** The form's own properties (the compact schema describes only `locale`'s beyond its name). */
export const FORM_PROP_WORDS: Record<keyof typeof FORM_PROPS, Words> = {
  title: { doc: 'Form title.', brief: '' },
  description: { doc: 'Text under the title.', brief: '' },
  submitLabel: { doc: 'Submit button label (English forms: "Submit").', brief: '' },
  cancelLabel: { doc: 'Cancel button label (English forms: "Cancel").', brief: '' },
  locale: {
    doc: 'UI and message language; without it, the language of the title and labels (Japanese when unclear).',
    brief: '',
  },
  fields: { doc: 'The fields, in order.', brief: '' },
};
