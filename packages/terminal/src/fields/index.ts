// Field type -> widget, keyed by the vocabulary's own type union: a type added to the catalog without a
// widget here (or a deliberate null: not a step) does not compile. One module per field family.
import type { FieldType } from '@formrequest/schema';
import { checkbox } from './checkbox.js';
import { choice } from './choice.js';
import { date } from './date.js';
import { file } from './file.js';
import { number } from './number.js';
import { range } from './range.js';
import { autocomplete } from './search.js';
import { text } from './text.js';
import type { FieldWidget } from './types.js';

export const WIDGETS: Record<FieldType, FieldWidget | null> = {
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

export type { AnyField, FieldContext, FieldWidget, FileSystem, LoadResult } from './types.js';
