// number and range (with an optional live value next to the slider).
import { fieldProp } from '@formrequest/schema/core';
import { h, on } from '../dom.js';
import type { FieldBuilder } from '../types.js';
import { base, labelled } from './shell.js';

export const number: FieldBuilder<'number' | 'range'> = (f, ctx) => {
  const range = f.type === 'range';
  const input = h('input', {
    ...base(f, ctx.id),
    type: range ? 'range' : 'number',
    // The catalog's defaults (range: 0, 100, 1); a number without a step takes any value.
    min: fieldProp(f, 'min'),
    max: fieldProp(f, 'max'),
    step: fieldProp(f, 'step') ?? 'any',
    inputmode: range ? null : 'decimal',
  });
  const v = ctx.get();
  input.value = v == null ? '' : String(v);
  const out = range && f.showValue ? h('output', { for: ctx.id, class: 'fr-out' }, input.value) : null;
  on(input, 'input', () => {
    ctx.set(input.validity.badInput ? Number.NaN : input.value === '' ? undefined : Number(input.value));
    if (out) out.textContent = input.value;
  });
  return {
    el: labelled(f, ctx.id, range ? h('div', { class: 'fr-row' }, input, out) : input),
    controls: [input],
  };
};
