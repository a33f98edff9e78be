// The two wrappers every input field uses: a labelled block, or a fieldset whose legend names a group.
import { type Child, h } from '../dom.js';

/** What the shells read of a field (an input field has each of these or lacks it). */
type Shell = { name?: string; label?: string; required?: boolean; placeholder?: string };

/** The field's label (or name) and, when required, a visual `*` hidden from screen readers. */
export function caption(f: Shell): Child[] {
  return [
    f.label ?? f.name ?? '',
    f.required ? h('span', { class: 'fr-req', 'aria-hidden': 'true' }, ' *') : null,
  ];
}

/** div.fr-field > label[for=id] + the control + its message + the rest (chips, status, ...) */
export function labelled(f: Shell, id: string, control: Child, ...rest: Child[]): HTMLElement {
  return h(
    'div',
    { class: 'fr-field' },
    h('label', { for: id, id: `${id}-c`, class: 'fr-label' }, ...caption(f)),
    control,
    h('p', { class: 'fr-msg' }),
    ...rest,
  );
}

/** fieldset.fr-field > legend + children (radio groups, multiselect) */
export function group(f: Shell, attrs: Record<string, string>, ...children: Child[]): HTMLElement {
  return h(
    'fieldset',
    { class: 'fr-field', ...attrs },
    h('legend', { class: 'fr-label' }, ...caption(f)),
    ...children,
  );
}

/**
 * A control's `name`: the field's behind a prefix. A bare name would become a property of the <form>
 * that hides the DOM's own (a field "remove" makes form.remove the input); no DOM member has a '-'.
 */
export const controlName = (f: Shell): string | undefined => f.name && `fr-${f.name}`;

/** Attributes every text-like control shares. */
export function base(f: Shell, id: string): Record<string, string | boolean | undefined> {
  return { id, name: controlName(f), class: 'fr-in', required: !!f.required, placeholder: f.placeholder };
}
