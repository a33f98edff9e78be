// The renderer's per-type table: one builder for every type of the catalog, keyed by its type union
// (types.ts, Builders), so a type added to the catalog without a builder here does not compile. One
// module per field family beside this file.
import type { Builders } from '../types.js';
import { autocomplete } from './autocomplete.js';
import { checkbox, multiselect, radio, select } from './choice.js';
import { date } from './date.js';
import { file } from './file.js';
import { number } from './number.js';
import { remoteSelect } from './remote.js';
import { divider, heading } from './static.js';
import { text } from './text.js';

export const BUILDERS: Builders = {
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
  divider,
  heading,
  // A fixed value sent with the answers: nothing to draw.
  hidden: null,
};
