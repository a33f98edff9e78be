// Building a form's fields: each field's view from its type's builder (fields/index.ts, one for every
// type of the catalog), the message element of an input field and the listeners that mark it touched.
// The first screen comes first: the first fields are built at once, the rest in slices when the
// browser is idle (submit, validate and setErrors build whatever is still missing first).
import { type FieldOf, type FieldType, isInputField } from '@formrequest/schema/core';
import { h, on } from './dom.js';
import { BUILDERS } from './fields/index.js';
import type { FormState } from './form-state.js';
import type { FieldBuilder, FieldContext, FieldView } from './types.js';

/** Fields built before the first frame: a full screen of them (the rest follows when idle). */
export const FIRST = 14;
// The rest is built when the browser is idle (after the first frame, between keystrokes), ~8 ms at a time.
const later: (fn: () => void) => unknown = globalThis.requestIdleCallback ?? ((fn) => setTimeout(fn, 1));

export interface Building {
  /** The fields' container (div.fr-fields). */
  list: HTMLElement;
  /** Builds every field before index `end` that is not built yet. */
  buildUpTo(end: number): void;
  /** Builds the rest after the first frame, in idle slices, while `going()` says so. */
  buildRest(going: () => boolean): void;
}

/** The view of a field, from its type's builder (undefined: nothing is drawn). */
function viewOf<T extends FieldType>(f: FieldOf<T> & { type: T }, ctx: FieldContext): FieldView | undefined {
  const build: FieldBuilder<T> | null = BUILDERS[f.type];
  return build?.(f, ctx);
}

/** `root` is the form element: a press anywhere in it holds messages back until the pointer is up. */
export function buildFields(
  state: FormState,
  uid: string,
  root: HTMLElement,
  closed: () => boolean,
): Building {
  const { fields, views, msgs } = state;
  let pressing = false;
  /** Runs fn once the pointer is up again (after the click it makes). */
  const afterPress = (fn: () => unknown) => {
    const go = () => {
      removeEventListener('pointerup', go);
      removeEventListener('pointercancel', go);
      setTimeout(fn);
    };
    addEventListener('pointerup', go);
    addEventListener('pointercancel', go);
  };
  on(root, 'pointerdown', () => {
    pressing = true;
    afterPress(() => (pressing = false));
  });
  const list = h('div', { class: 'fr-fields' });
  let built = 0;
  const build = (i: number) => {
    const f = fields[i]!;
    const ctx = state.context(i);
    const view = viewOf(f, ctx);
    if (!view) return;
    list.append(view.el);
    if (!isInputField(f)) return;
    // The message sits under the control (labelled() leaves its place), else at the end of the group.
    const msg = view.el.querySelector<HTMLElement>(':scope>.fr-msg') ?? h('p', { class: 'fr-msg' });
    if (!msg.parentNode) view.el.append(msg);
    msg.id = `${uid}-${i}-m`;
    for (const c of view.controls) c.setAttribute('aria-describedby', msg.id);
    // A field counts as touched once focus leaves it, or once a choice is made.
    // Focus leaving because a button is being pressed: the message waits until the press is over, or
    // the text it adds would push that button away from under the pointer and the click would be lost.
    on<FocusEvent>(view.el, 'focusout', (e) => {
      if (view.el.contains(e.relatedTarget as Node | null)) return;
      if (pressing) afterPress(() => closed() || ctx.touch());
      else ctx.touch();
    });
    on(view.el, 'change', () => view.typed || ctx.touch());
    views[i] = view;
    msgs[i] = msg;
  };
  const buildUpTo = (end: number) => {
    while (built < Math.min(end, fields.length)) build(built++);
  };
  return {
    list,
    buildUpTo,
    // The first frame shows the first screen; checking and building the rest starts after it.
    buildRest(going) {
      const slice = () => {
        if (!going()) return;
        const end = performance.now() + 8;
        while (built < fields.length && performance.now() < end) build(built++);
        if (built < fields.length) later(slice);
      };
      if (built < fields.length) requestAnimationFrame(() => later(slice));
    },
  };
}
