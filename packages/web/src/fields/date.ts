// date and datetime: the picker is the input type of the answer's format (formats.ts of the schema
// package); bounds ('today', '+30days', ISO) come from the schema package with the form's clock and go
// into it as min/max; typed values are checked by the same answer check.
import { ANSWER_FORMATS, dateBounds, fieldSpec } from '@formrequest/schema/core';
import { h, on } from '../dom.js';
import type { FieldBuilder } from '../types.js';
import { base, labelled } from './shell.js';

export const date: FieldBuilder<'date' | 'datetime'> = (f, ctx) => {
  const dt = f.type === 'datetime';
  const { min, max } = dateBounds(f, ctx);
  const input = h('input', {
    ...base(f, ctx.id),
    type: ANSWER_FORMATS[fieldSpec(f.type).format!].input,
    min: min && (dt ? `${min}T00:00` : min),
    max: max && (dt ? `${max}T23:59` : max),
  });
  input.value = String(ctx.get() ?? '');
  const sync = () => ctx.set(input.value);
  on(input, 'input', sync);
  on(input, 'change', sync);
  return { el: labelled(f, ctx.id, input), controls: [input] };
};
