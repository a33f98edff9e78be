// Field names that are also names of DOM members (of <form>, of elements, of Object.prototype): a form
// renderer that looks a field up as form[name] or form.elements[name], or keeps values in a plain
// object, breaks on them. The web renderer, the host page and the Apps widget are tested with a form
// that uses every one of them, across the field types, filled in and submitted by Playwright.
import type { Locator } from 'playwright-core';

/** A page, a frame or a locator: where the form is. */
type Scope = Pick<Locator, 'getByLabel' | 'getByRole'>;

export const DOM_NAMES = [
  // <form> members a control's name would shadow
  'remove',
  'submit',
  'reset',
  'elements',
  'length',
  'action',
  'method',
  'target',
  'encoding',
  'enctype',
  'noValidate',
  'checkValidity',
  'requestSubmit',
  // Element and Node members
  'querySelectorAll',
  'querySelector',
  'addEventListener',
  'removeEventListener',
  'dispatchEvent',
  'id',
  'style',
  'name',
  'append',
  'replaceChildren',
  'children',
  'parentNode',
  'textContent',
  'innerHTML',
  'focus',
  'contains',
  'closest',
  'getAttribute',
  'setAttribute',
  'dataset',
  'className',
  'hidden',
  'title',
  'ownerDocument',
  'isConnected',
  // Object.prototype members: a plain object of values would read these as functions
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'toLocaleString',
  '__defineGetter__',
];

/** Refused by the checker with a message (they would corrupt an answers object). */
export const RESERVED_NAMES = ['__proto__', 'constructor', 'prototype'];

const OPTIONS = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];
const TYPES = ['text', 'number', 'checkbox', 'select', 'radio', 'multiselect', 'date', 'textarea'] as const;

type Kind = (typeof TYPES)[number];
const kindOf = (i: number): Kind => TYPES[i % TYPES.length]!;

/** The form: one field per name, the types in turn; each label is its name. */
export function domNamesForm(title = 'DOM names'): { title: string; fields: Record<string, unknown>[] } {
  return {
    title,
    fields: DOM_NAMES.map((name, i) => {
      const type = kindOf(i);
      const field: Record<string, unknown> = { name, type, label: name, required: type !== 'checkbox' };
      if (type === 'select' || type === 'radio' || type === 'multiselect') field.options = OPTIONS;
      return field;
    }),
  };
}

/** What each field is filled with, as the answer carries it. */
export function domNamesAnswer(): Record<string, unknown> {
  const value = (name: string, i: number): unknown => {
    const kind = kindOf(i);
    if (kind === 'text' || kind === 'textarea') return `value of ${name}`;
    if (kind === 'number') return i;
    if (kind === 'checkbox') return true;
    if (kind === 'multiselect') return ['a', 'b'];
    return kind === 'date' ? '2026-03-15' : 'b';
  };
  return Object.fromEntries(DOM_NAMES.map((name, i) => [name, value(name, i)]));
}

/** The control labelled exactly `name` (a required field's label ends in a visual " *"). */
const labelled = (scope: Scope, name: string) =>
  scope.getByLabel(new RegExp(`^${name.replace(/[$_]/g, '\\$&')}( \\*)?$`));

/** Fills every field through its label, as a person would. */
export async function fillDomNames(scope: Scope): Promise<void> {
  const answer = domNamesAnswer();
  for (const [i, name] of DOM_NAMES.entries()) {
    const value = answer[name];
    switch (kindOf(i)) {
      case 'text':
      case 'textarea':
      case 'number':
      case 'date':
        await labelled(scope, name).fill(String(value));
        break;
      case 'checkbox':
        await scope.getByRole('checkbox', { name, exact: true }).check();
        break;
      case 'select':
        await labelled(scope, name).selectOption('b');
        break;
      case 'radio':
        await scope.getByRole('radiogroup', { name, exact: true }).getByRole('radio', { name: 'B' }).check();
        break;
      case 'multiselect': {
        const group = scope.getByRole('group', { name, exact: true });
        await group.getByRole('checkbox', { name: 'A' }).check();
        await group.getByRole('checkbox', { name: 'B' }).check();
        break;
      }
    }
  }
}
