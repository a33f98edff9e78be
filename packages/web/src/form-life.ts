// A form's life: it is answered or cancelled exactly once and is read-only after (controls disabled,
// requests and building stopped); setErrors opens an answered form again with messages from
// elsewhere (a server's 422); destroy removes it. Submit waits for work in progress, builds what is
// missing, shows every message and focuses the first invalid field before it sends anything.
import {
  answerValues,
  type FormSchema,
  fieldLabel,
  submitMessage,
  utcOffsetAt,
} from '@formrequest/schema/core';
import { h, on } from './dom.js';
import { type Building, FIRST } from './form-build.js';
import type { FormState } from './form-state.js';
import type { FormController, RenderOptions } from './types.js';

export interface Life {
  /** The signal of the form's requests: aborted when it closes (a new one when it opens again). */
  signal(): AbortSignal;
  /** Answered or cancelled (and not opened again). */
  closed(): boolean;
  /** Closes the form: read-only, requests and building stopped. */
  finish(): void;
  /** Stops the form's requests and building, and leaves it as it is (destroyed, or its rest broken). */
  stop(): void;
  cancel(): void;
  /** A button that cancels the form. */
  cancelButton(label: string): HTMLButtonElement;
}

export function createLife(
  root: HTMLElement,
  cancelled: () => string,
  options: RenderOptions,
  finished: () => void,
  reopened: () => void,
  changed: () => boolean | undefined,
): Life & { reopen(): void; cancelled(): boolean } {
  let done = false;
  let gone = false;
  let life = new AbortController();
  let frozen: HTMLInputElement[] = [];
  const finish = () => {
    done = true;
    finished();
    life.abort();
    frozen = [...root.querySelectorAll<HTMLInputElement>('input,select,textarea,button')].filter(
      (c) => !c.disabled,
    );
    for (const c of frozen) c.disabled = true;
  };
  const cancel = () => {
    if (done) return;
    gone = true;
    finish();
    options.onCancel?.(cancelled());
  };
  return {
    signal: () => life.signal,
    closed: () => done,
    cancelled: () => gone,
    finish,
    stop: () => life.abort(),
    // setErrors after submit: the answer was refused elsewhere, so the form opens again.
    reopen() {
      done = false;
      life = new AbortController();
      for (const c of frozen) c.disabled = false;
      reopened();
    },
    cancel,
    cancelButton(label) {
      const b = h('button', { type: 'button', class: 'fr-btn' }, label);
      // Typed answers are not thrown away without asking (prompts.ts); where it cannot load, the
      // person's cancel still cancels. The question goes when the form closes another way (the
      // embedder's cancel() or submit()): the signal of its requests says so.
      on(b, 'click', () =>
        changed()
          ? import('./prompts.js').then((m) => m.askDiscard(b, cancel, life.signal), cancel)
          : cancel(),
      );
      return b;
    },
  };
}

/** The controller of a form that could not be shown (its error panel): it can only be cancelled. */
export function panelController(root: HTMLElement, life: Life): FormController {
  return {
    values: () => ({}),
    validate: () => false,
    submit: async () => false,
    cancel: life.cancel,
    setErrors: (errors) => Object.keys(errors ?? {}),
    destroy: () => root.remove(),
  };
}

/** The controller of a form on screen, and its submit wired to the form and its button. */
export function formController(
  root: HTMLElement,
  submitButton: HTMLElement,
  life: ReturnType<typeof createLife>,
  state: FormState,
  building: Building,
  schema: FormSchema,
  now: Date,
  options: RenderOptions,
  whole: () => boolean,
): FormController {
  const all = () => building.buildUpTo(state.fields.length);
  let busy = false;
  let gone = false;
  /**
   * Shows every field's message, focuses the first invalid field (a long form: its error summary), and
   * returns the checked answer. submit() and the embedder's own validate() alike: a person told to fix
   * a long form is told where, whoever asked for the check.
   */
  const checkAll = () => {
    if (!whole()) return { ok: false, values: {} };
    all();
    const checked = state.checkAll();
    if (!checked.ok) summarize();
    return checked;
  };
  /** A long form says what to fix at its top (prompts.ts), after a failed check or a server's refusal. */
  const summarize = () =>
    state.fields.length > FIRST &&
    import('./prompts.js').then(
      (m) => m.summarize(root, state, fieldLabel, life),
      () => {},
    );
  const submit = async () => {
    if (life.closed() || busy) return false;
    busy = true;
    try {
      while (state.pending.size) await Promise.allSettled([...state.pending]);
      const { ok, values } = checkAll();
      if (life.closed() || !ok) return false;
      life.finish();
      options.onSubmit?.(values, submitMessage(schema, values), {
        utcOffset: utcOffsetAt(now),
        shown: state.shown(),
      });
      return true;
    } finally {
      busy = false;
    }
  };
  on(root, 'submit', (e) => {
    e.preventDefault();
    e.stopPropagation();
    void submit();
  });
  // A sandboxed frame without allow-forms never fires 'submit'; the button's click (also fired by
  // Enter's implicit submission) submits there too, and preventDefault stops a second, native one.
  on(submitButton, 'click', (e) => {
    e.preventDefault();
    void submit();
  });
  const onHide = () => state.writeDraft();
  addEventListener('pagehide', onHide);

  return {
    values: () => (whole() ? answerValues(schema, state.raw()) : {}),
    validate: () => checkAll().ok,
    submit,
    cancel: life.cancel,
    setErrors(errors) {
      if (life.cancelled() || gone || !whole()) return Object.keys(errors ?? {});
      all();
      if (life.closed()) life.reopen();
      const missed = state.showErrors(errors);
      summarize();
      return missed;
    },
    destroy() {
      state.writeDraft(true);
      removeEventListener('pagehide', onHide);
      gone = true;
      life.stop();
      root.remove();
    },
  };
}
