// The other names models give the vocabulary's types and properties, gathered from real mistaken calls.
// A spelling (case, `_`, `-`) or an alias below is read as the real name when its meaning is clear
// (normalize.ts, with a note); a type alias only earns a "did you mean" (an `email` field is not simply
// a `text` field). Tables only: the rules that use them live in normalize.ts and check-schema.ts.
import { FIELD_TYPES, type FieldType } from './catalog.js';
import { FORMAT_EXCHANGE, typeOfFormat } from './formats.js';

/** A name with case, `_`, `-` and spaces folded away: `Min_Length` and `min-length` are `minlength`. */
export function foldName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, '');
}

const FOLDED_TYPES = new Map(FIELD_TYPES.map((type) => [foldName(type), type]));

/** A type's name as foldName folds it (`multi-autocomplete` -> `multiautocomplete`). */
type Folded<S extends string> = S extends `${infer A}-${infer B}` ? Folded<`${A}${B}`> : Lowercase<S>;
/**
 * A table of other names for the types: one keyed by a type's own name is stale (a type added to the
 * catalog under a name models used for another type, as `email` for `text`) and does not compile.
 */
type OtherNames = Readonly<Record<string, FieldType>> & { readonly [T in FieldType as Folded<T>]?: never };

/** Type spellings whose meaning is the type itself (HTML's own names among them). */
const TYPE_SPELLINGS = {
  datetimelocal: 'datetime',
  multiplechoice: 'multiselect',
  multiselectautocomplete: 'multi-autocomplete',
  cascadeselect: 'cascading-select',
  cascadingdropdown: 'cascading-select',
  asyncdropdown: 'async-select',
} as const satisfies OtherNames;

/** The type a spelling clearly means (`Text`, `multi_select`, `date-time`, `datetime-local`), if any. */
export function typeOfSpelling(type: string): FieldType | undefined {
  const folded = foldName(type);
  return FOLDED_TYPES.get(folded) ?? (TYPE_SPELLINGS as Readonly<Record<string, FieldType>>)[folded];
}

/**
 * Names models use for a type they mean, for "did you mean": close, but the field may need more than
 * the new type (a `slider` is a `range`; an `email` is a `text`, best with a pattern). The names for a
 * type with an answer format are in its row of formats.ts (`suggestedBy`).
 */
const NAMED = {
  string: 'text',
  input: 'text',
  textinput: 'text',
  textfield: 'text',
  textbox: 'text',
  shorttext: 'text',
  email: 'text',
  url: 'text',
  tel: 'text',
  phone: 'text',
  password: 'text',
  longtext: 'textarea',
  paragraph: 'textarea',
  multiline: 'textarea',
  richtext: 'textarea',
  dropdown: 'select',
  choice: 'select',
  combobox: 'autocomplete',
  search: 'autocomplete',
  lookup: 'autocomplete',
  typeahead: 'autocomplete',
  checkboxes: 'multiselect',
  checkboxgroup: 'multiselect',
  tags: 'multiselect',
  radiogroup: 'radio',
  radios: 'radio',
  boolean: 'checkbox',
  bool: 'checkbox',
  toggle: 'checkbox',
  switch: 'checkbox',
  integer: 'number',
  int: 'number',
  float: 'number',
  numeric: 'number',
  decimal: 'number',
  slider: 'range',
  rating: 'range',
  upload: 'file',
  fileupload: 'file',
  attachment: 'file',
  image: 'file',
  header: 'heading',
  title: 'heading',
  section: 'heading',
  label: 'heading',
  separator: 'divider',
  hr: 'divider',
  line: 'divider',
  constant: 'hidden',
} as const satisfies OtherNames;

export const TYPE_SUGGESTIONS: Readonly<Record<string, FieldType>> = {
  ...NAMED,
  ...Object.fromEntries(
    Object.entries(FORMAT_EXCHANGE).flatMap(([format, row]) => {
      const type = typeOfFormat(format);
      return type ? row.suggestedBy.map((name) => [name, type]) : [];
    }),
  ),
};

/**
 * Other names for a property, each with the properties it may mean, in order: the first one the
 * field's type takes is meant (`min` on a date is minDate; `title` on a field is its label, on a
 * heading its text). Only where the meaning is clear for every type that takes the target.
 */
export const PROPERTY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  choices: ['options'],
  items: ['options'],
  values: ['options'],
  enum: ['options'],
  oneof: ['options'],
  anyof: ['options'],
  defaultvalue: ['default'],
  initialvalue: ['default'],
  initial: ['default'],
  value: ['default'],
  default: ['value'],
  title: ['label', 'text'],
  caption: ['label'],
  question: ['label'],
  text: ['label'],
  label: ['text'],
  min: ['minDate', 'minSelect'],
  max: ['maxDate', 'maxSelect'],
  minimum: ['min', 'minDate'],
  maximum: ['max', 'maxDate'],
  minvalue: ['min', 'minDate'],
  maxvalue: ['max', 'maxDate'],
  ratemin: ['min'],
  ratemax: ['max'],
  ratestep: ['step'],
  earliest: ['minDate'],
  latest: ['maxDate'],
  minitems: ['minSelect'],
  maxitems: ['maxSelect'],
  minselections: ['minSelect'],
  maxselections: ['maxSelect'],
  minchoices: ['minSelect'],
  maxchoices: ['maxSelect'],
  maxchars: ['maxLength'],
  minlength: ['minChars'],
  maxfilesize: ['maxSize'],
  maxbytes: ['maxSize'],
  sizelimit: ['maxSize'],
  maxsizebytes: ['maxSize'],
  accepts: ['accept'],
  allowedtypes: ['accept'],
  acceptedtypes: ['accept'],
  filetypes: ['accept'],
  allowedextensions: ['accept'],
  extensions: ['accept'],
  url: ['searchUrl', 'loadUrl'],
  endpoint: ['searchUrl', 'loadUrl'],
  apiurl: ['searchUrl', 'loadUrl'],
  source: ['searchUrl', 'loadUrl'],
  searchendpoint: ['searchUrl'],
  optionsurl: ['loadUrl'],
  labelfield: ['displayField'],
  labelkey: ['displayField'],
  displaykey: ['displayField'],
  textfield: ['displayField'],
  valuekey: ['valueField'],
  idfield: ['valueField'],
  parent: ['dependsOn'],
  parentfield: ['dependsOn'],
  paramname: ['dependsOnParam'],
  parentparam: ['dependsOnParam'],
  params: ['searchParams'],
  queryparams: ['searchParams'],
  regex: ['pattern'],
  regexp: ['pattern'],
  patternmessage: ['patternError'],
  patternerrormessage: ['patternError'],
  errormessage: ['patternError'],
  validationmessage: ['patternError'],
  examples: ['suggestions'],
  datalist: ['suggestions'],
  increment: ['step'],
  lines: ['rows'],
  template: ['renderTemplate'],
  displaytemplate: ['renderTemplate'],
  id: ['name'],
  key: ['name'],
  fieldname: ['name'],
  fieldid: ['name'],
  mandatory: ['required'],
  isrequired: ['required'],
  debounce: ['debounceMs'],
};

/** Form-level aliases, the same way. */
export const FORM_ALIASES: Readonly<Record<string, readonly string[]>> = {
  inputs: ['fields'],
  items: ['fields'],
  elements: ['fields'],
  formfields: ['fields'],
  formtitle: ['title'],
  heading: ['title'],
  subtitle: ['description'],
  submittext: ['submitLabel'],
  submitbutton: ['submitLabel'],
  submitbuttontext: ['submitLabel'],
  canceltext: ['cancelLabel'],
  cancelbutton: ['cancelLabel'],
  cancelbuttontext: ['cancelLabel'],
  lang: ['locale'],
  language: ['locale'],
};

/** True when `a` becomes `b` by one insertion, deletion, substitution or swap of neighbours. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) || // substitution
      (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) // swap
    );
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The property `name` means among `known` (the type's properties): the same name spelt another way
 * (`Min_Length`), an alias whose first target the type takes (`choices`), or a typo one edit away from
 * exactly one of them (`requried`, `lable`) when `name` is no property of any type (`max` on a date is
 * meant as maxDate by the aliases, not as a typo). Undefined when nothing is meant clearly.
 */
export function meantProperty(
  name: string,
  known: readonly string[],
  aliases: Readonly<Record<string, readonly string[]>>,
  everyName: ReadonlySet<string> = new Set(),
): string | undefined {
  // rjsf's uiSchema names (`ui:placeholder`, `ui:help`) are the property without the prefix.
  const folded = foldName(name.replace(/^ui:/i, ''));
  const same = known.find((prop) => foldName(prop) === folded);
  if (same) return same;
  const targets = Object.hasOwn(aliases, folded) ? aliases[folded]! : [];
  const alias = targets.find((target) => known.includes(target));
  if (alias || everyName.has(name) || folded.length < 4) return alias;
  const typos = known.filter((prop) => oneEditApart(folded, prop.toLowerCase()));
  return typos.length === 1 ? typos[0] : undefined;
}
