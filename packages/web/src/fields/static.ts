// Display-only fields: divider (optionally labelled) and heading (level 1-4 with a description).
import { h } from '../dom.js';
import type { Field } from '../types.js';

export function divider(f: Field): HTMLElement {
  return f.label
    ? h('div', { class: 'fr-divider' }, h('span', null, String(f.label)))
    : h('hr', { class: 'fr-hr' });
}

export function heading(f: Field): HTMLElement {
  const level = Math.min(4, Math.max(1, Number(f.level) || 2)) as 1 | 2 | 3 | 4;
  return h(
    'div',
    { class: 'fr-heading' },
    h(`h${level}`, null, String(f.text ?? '')),
    f.description ? h('p', { class: 'fr-hint' }, String(f.description)) : null,
  );
}
