// number and range (with an optional live value next to the slider).
import { h, on } from '../dom.js';
import type { Field, FieldContext, FieldView } from '../types.js';
import { base, labelled } from './shell.js';

export function number(f: Field, ctx: FieldContext): FieldView {
  const range = f.type === 'range';
  const input = h('input', {
    ...base(f, ctx.id),
    type: range ? 'range' : 'number',
    min: f.min ?? (range ? 0 : null),
    max: f.max ?? (range ? 100 : null),
    step: f.step ?? (range ? 1 : 'any'),
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
}
