// The types whose answer is a string: text and textarea, and a type whose answer has a format (an
// input of its format's type, from the schema's ANSWER_FORMATS), with suggestion chips that fill it.
import { ANSWER_FORMATS, fieldProp, fieldSpec, shortenSuggestion } from '@formrequest/schema/core';
import { h, on } from '../dom.js';
import type { FieldBuilder, TypesOfKind } from '../types.js';
import { base, labelled } from './shell.js';

export const text: FieldBuilder<TypesOfKind<'string'>> = (f, ctx) => {
  const format = fieldSpec(f.type).format;
  const input =
    f.type === 'textarea'
      ? h('textarea', { ...base(f, ctx.id), rows: fieldProp(f, 'rows') })
      : h('input', { ...base(f, ctx.id), type: format ? ANSWER_FORMATS[format].input : 'text' });
  input.value = String(ctx.get() ?? '');
  on(input, 'input', () => ctx.set(input.value));
  const list = ('suggestions' in f && f.suggestions) || [];
  const chips = list.length
    ? h(
        'div',
        { class: 'fr-sugg' },
        h('span', { class: 'fr-hint' }, ctx.say('suggestions')),
        ...list.map((s) => {
          const short = shortenSuggestion(s);
          const chip = h(
            'button',
            { type: 'button', class: 'fr-chip', title: short === s ? null : s },
            short,
          );
          on(chip, 'click', () => {
            input.value = s;
            ctx.set(s);
            ctx.touch();
            input.focus();
          });
          return chip;
        }),
      )
    : null;
  return { el: labelled(f, ctx.id, input, chips), controls: [input], typed: true };
};
