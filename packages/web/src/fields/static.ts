// Display-only fields: divider (optionally labelled) and heading (level 1-4 with a description).
// validateFormSchema has checked their strings and the level (an integer 1-4) before they are built.
// The form's title is an <h2>, so a schema heading of level N is an <h(N+1)>: the outline stays in order
// and no section heading is drawn as large as the title. No controls: the core gives them no message.
import { fieldProp } from '@formrequest/schema/core';
import { h } from '../dom.js';
import type { FieldBuilder } from '../types.js';

export const divider: FieldBuilder<'divider'> = (f) => ({
  el: f.label ? h('div', { class: 'fr-divider' }, h('span', null, f.label)) : h('hr', { class: 'fr-hr' }),
  controls: [],
});

export const heading: FieldBuilder<'heading'> = (f) => ({
  el: h(
    'div',
    { class: 'fr-heading' },
    h(`h${(fieldProp(f, 'level') + 1) as 2 | 3 | 4 | 5}`, null, f.text),
    f.description ? h('p', { class: 'fr-hint' }, f.description) : null,
  ),
  controls: [],
});
