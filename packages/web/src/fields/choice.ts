// Fixed options: select, radio (fieldset + radiogroup), checkbox, multiselect (fieldset of checkboxes).

import type { FieldOf } from '@formrequest/schema/core';
import { h, on } from '../dom.js';
import type { FieldBuilder, FieldContext, FieldView } from '../types.js';
import { base, caption, controlName, group, labelled } from './shell.js';

// validateFormSchema has made sure `options` is a list of {value, label} strings with unique values.
export const select: FieldBuilder<'select'> = (f, ctx) => {
  const sel = h(
    'select',
    base(f, ctx.id),
    h('option', { value: '' }, ctx.say('choose')),
    ...f.options.map((o) => h('option', { value: o.value }, o.label)),
  );
  sel.value = String(ctx.get() ?? '');
  on(sel, 'change', () => ctx.set(sel.value === '' ? undefined : sel.value));
  return { el: labelled(f, ctx.id, sel), controls: [sel] };
};

/** One radio or checkbox per option inside a fieldset; `multi` makes the value an array. */
function boxes(f: FieldOf<'radio' | 'multiselect'>, ctx: FieldContext, multi: boolean): FieldView {
  const v = ctx.get();
  const now = multi ? (Array.isArray(v) ? v.map(String) : []) : [String(v ?? '')];
  const options = f.options;
  const inputs = options.map((o, i) =>
    h('input', {
      type: multi ? 'checkbox' : 'radio',
      id: i ? `${ctx.id}-${i}` : ctx.id,
      name: ctx.id,
      value: o.value,
      checked: now.includes(o.value),
    }),
  );
  const el = group(
    f,
    multi ? { id: `${ctx.id}-g` } : { role: 'radiogroup', id: `${ctx.id}-g` },
    ...inputs.map((input, i) => h('label', { class: 'fr-opt' }, input, h('span', null, options[i]!.label))),
  );
  on(el, 'change', () => {
    const chosen = inputs.filter((i) => i.checked).map((i) => i.value);
    ctx.set(multi ? chosen : chosen[0]);
  });
  return { el, controls: inputs };
}

export const radio: FieldBuilder<'radio'> = (f, ctx) => boxes(f, ctx, false);
export const multiselect: FieldBuilder<'multiselect'> = (f, ctx) => boxes(f, ctx, true);

export const checkbox: FieldBuilder<'checkbox'> = (f, ctx) => {
  const input = h('input', {
    type: 'checkbox',
    id: ctx.id,
    name: controlName(f),
    required: !!f.required,
  });
  input.checked = ctx.get() === true;
  on(input, 'change', () => ctx.set(input.checked));
  const el = h('div', { class: 'fr-field fr-check' }, input, h('label', { for: ctx.id }, ...caption(f)));
  return { el, controls: [input] };
};
