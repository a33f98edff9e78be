// Field type -> builder. Adding a field type means one entry here and one module beside this file.
import type { FieldBuilder } from '../types.js';
import { autocomplete } from './autocomplete.js';
import { checkbox, multiselect, radio, select } from './choice.js';
import { date } from './date.js';
import { file } from './file.js';
import { number } from './number.js';
import { remoteSelect } from './remote.js';
import { text } from './text.js';

export const BUILDERS: Record<string, FieldBuilder> = {
  text,
  textarea: text,
  number,
  range: number,
  select,
  radio,
  checkbox,
  multiselect,
  date,
  datetime: date,
  file,
  autocomplete,
  'multi-autocomplete': autocomplete,
  'async-select': remoteSelect,
  'cascading-select': remoteSelect,
};
