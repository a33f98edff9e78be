// The terminal's per-type table: one widget for every type of the catalog, keyed by its type union
// (types.ts, Widgets): a type added to the catalog without a widget here (or a deliberate null: not a
// step) does not compile. One module per field family.
import { checkbox } from './checkbox.js';
import { choice } from './choice.js';
import { date } from './date.js';
import { file } from './file.js';
import { number } from './number.js';
import { range } from './range.js';
import { autocomplete } from './search.js';
import { text } from './text.js';
import type { Widgets } from './types.js';

export const WIDGETS: Widgets = {
  text,
  textarea: text,
  number,
  range,
  date,
  datetime: date,
  file,
  select: choice,
  radio: choice,
  multiselect: choice,
  'async-select': choice,
  'cascading-select': choice,
  checkbox,
  autocomplete,
  'multi-autocomplete': autocomplete,
  // Not steps: headings and dividers title the fields after them, hidden values are sent as they are.
  heading: null,
  divider: null,
  hidden: null,
};

export type { FieldContext, FieldWidget, FileSystem, LoadResult, Widgets } from './types.js';
