// The renderer's per-type table: one builder for every type of the catalog, keyed by its type union
// (types.ts, Builders), so a type added to the catalog without a builder here does not compile. One
// module per field family beside this file; the families that fetch and the file field are imported
// when a form has one of them (later.ts).
import type { Builders } from '../types.js';
import { checkbox, multiselect, radio, select } from './choice.js';
import { date } from './date.js';
import { later } from './later.js';
import { number } from './number.js';
import { divider, heading } from './static.js';
import { text } from './text.js';

const autocomplete = later<'autocomplete' | 'multi-autocomplete'>('network', 'autocomplete');
const remoteSelect = later<'async-select' | 'cascading-select'>('network', 'remoteSelect');
const file = later<'file'>('file', 'file');

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
