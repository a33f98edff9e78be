// renderForm: checks the schema, builds the form, keeps the values, validates with the schema package,
// and submits or cancels exactly once. A keystroke touches its own field only: the value goes into the
// state, that one field's message is refreshed if it was touched, and a draft write is scheduled.
// The first screen comes first: the first fields are built at once, the rest in slices when the browser
// is idle (submit and validate build whatever is still missing before they look at the DOM).
import {
  answerValues,
  cancelMessage,
  type FormSchema,
  type Issue,
  initialValues,
  isFieldType,
  isInputField,
  readFormSchema,
  resolveLocale,
  submitMessage,
  t,
  utcOffsetAt,
  validateAnswers,
  validateField,
  validateFormSchema,
} from '@formrequest/schema';
import { englishReady } from './deferred-english.js';
import { patternsPending } from './deferred-pattern.js';
import { issueList } from './deferred-sentences.js';
import { append, h, on } from './dom.js';
import { clearDraft, type Draft, loadDraft, saveDraft } from './draft.js';
import { BUILDERS } from './fields/index.js';
import { divider, heading } from './fields/static.js';
import { loadItems } from './load.js';
import { ensureStyles } from './styles.js';
import type { Field, FieldContext, FieldView, FormController, RenderOptions } from './types.js';

const FIRST = 14; // fields built before the first frame: a full screen of them (the rest follows when idle)
// The rest is built when the browser is idle (after the first frame, between keystrokes), ~8 ms at a time.
const later: (fn: () => void) => unknown = globalThis.requestIdleCallback ?? ((fn) => setTimeout(fn, 1));
let forms = 0;

/**
 * Draws `schema` into `container` and returns its controller. A schema that fails
 * `validateFormSchema` (from untyped JSON, say) draws an error panel that lists every problem.
 */
export function renderForm(
  container: HTMLElement,
  schemaGiven: FormSchema,
  options: RenderOptions = {},
): FormController {
  if ((container as Node | null)?.nodeType !== 1)
    throw new TypeError(
      `renderForm: the first argument must be an element to render into (got ${container === null ? 'null' : typeof container}).`,
    );
  // The form as every surface reads it (what a model clearly meant, in the vocabulary's words; a form
  // without `locale` in the language of its words), so a long form's parts are read the same way.
  const input = readFormSchema(schemaGiven) as FormSchema;
  const given = (input ?? {}) as { fields?: unknown; locale?: unknown };
  // The embedding app's choice first, then the form's own `locale`, as in the terminal and the server.
  const locale = resolveLocale(options.locale, given.locale);
  // One instant for the form's whole life: "today" does not move at midnight while it is open.
  const now = options.now ?? new Date();
  const say = (key: string, params?: Record<string, unknown>) => t(locale, key as never, params as never);
  const uid = `fr${++forms}`;
  ensureStyles(container, options);
  const root = h('form', {
    class: 'fr',
    novalidate: true,
    'data-theme': options.theme,
    'aria-labelledby': `${uid}-t`,
  });
  let done = false;
  let life = new AbortController();
  let busy = false;
  let frozen: HTMLInputElement[] = [];
  let gone = false;
  // Once answered or cancelled the form is read-only: controls disabled, requests and building stopped.
  const finish = () => {
    done = true;
    if (draftKey) clearDraft(draftKey);
    life.abort();
    frozen = [...root.querySelectorAll<HTMLInputElement>('input,select,textarea,button')].filter(
      (c) => !c.disabled,
    );
    for (const c of frozen) c.disabled = true;
  };
  // setErrors after submit: the answer was refused elsewhere (a server's 422), so the form opens again.
  const reopen = () => {
    done = false;
    life = new AbortController();
    for (const c of frozen) c.disabled = false;
    writeDraft();
  };
  let cancelled = false;
  const cancel = () => {
    if (done) return;
    cancelled = true;
    finish();
    options.onCancel?.(cancelMessage(locale));
  };
  const cancelButton = (label?: string) => {
    const b = h('button', { type: 'button', class: 'fr-btn' }, label ?? say('cancel'));
    on(b, 'click', cancel);
    return b;
  };
  // Native 'submit' and 'cancel' (a file picker closed) bubble; keep them inside the form, where a page's
  // own <form> or <dialog> around it cannot take them for its own.
  on(root, 'cancel', (e) => e.stopPropagation());

  // A form longer than the first screen is checked in two steps: the fields drawn at once before they
  // are drawn, the rest when the browser is idle, before any of it is built (or at once if submit,
  // validate or values come first). A defect found then turns the form into the error panel.
  const long =
    Array.isArray(given.fields) &&
    given.fields.length > FIRST &&
    given.fields.every((f) => f !== null && typeof f === 'object' && isFieldType((f as Field).type));
  let checked = long
    ? validateFormSchema({ ...given, fields: (given.fields as unknown[]).slice(0, FIRST) }, { locale, now })
    : validateFormSchema(input, { locale, now });
  if (long && !checked.ok) checked = validateFormSchema(input, { locale, now }); // list every defect
  let whole = !long || !checked.ok;
  let broken = false;
  const draftKey = checked.ok ? options.draftKey : undefined;
  const panel = (issues: Issue[]) => [
    h(
      'div',
      { class: 'fr-panel', role: 'alert' },
      h('h2', { id: `${uid}-t` }, say('invalidForm')),
      issueList(issues),
    ),
    h('div', { class: 'fr-actions' }, cancelButton()),
  ];
  // The pattern engine may still be on its way (deferred-pattern.ts): the schema's patterns get their
  // verdict when it is there, and the whole schema is checked again then.
  const engine = patternsPending();
  if (!checked.ok || !checked.schema) {
    root.append(...panel(checked.errors));
    engine?.then(() => root.replaceChildren(...panel(validateFormSchema(input, { locale }).errors)));
    on(root, 'submit', (e) => {
      e.preventDefault();
      e.stopPropagation();
    });
    container.append(root);
    return {
      values: () => ({}),
      validate: () => false,
      submit: async () => false,
      cancel,
      setErrors: (errors) => Object.keys(errors ?? {}),
      destroy: () => root.remove(),
    };
  }
  /** Checks the whole form (again); false, and the error panel, when it has defects. */
  const checkWhole = () => {
    whole = true;
    const full = validateFormSchema(input, { locale, now });
    if (!full.ok) {
      broken = true;
      life.abort();
      root.replaceChildren(...panel(full.errors));
    }
    return !broken;
  };
  /** Checks the rest of a long form once; false (and the error panel) when it has defects. */
  const ensureWhole = () => (whole ? !broken : checkWhole());

  const schema = (long ? input : checked.schema) as FormSchema;
  const fields = schema.fields as Field[];
  // Keyed by field names, so without a prototype: a field "toString" starts empty, not as a function.
  const vals: Record<string, unknown> = Object.assign(Object.create(null), initialValues(schema, { now }));
  const texts: Record<string, unknown> = Object.create(null);
  const draft = draftKey ? loadDraft(draftKey) : null;
  for (const f of fields) {
    if (!draft || !f.name || !isInputField(f as never) || f.type === 'hidden' || f.type === 'file') continue;
    if (Object.hasOwn(draft.v, f.name)) vals[f.name] = draft.v[f.name];
    if (Object.hasOwn(draft.t, f.name)) texts[f.name] = draft.t[f.name];
  }

  const index = new Map<string, number>();
  const dependents = new Map<string, number[]>();
  fields.forEach((f, i) => {
    if (f.name) index.set(f.name, i);
    if (f.type === 'cascading-select')
      dependents.set(f.dependsOn, [...(dependents.get(f.dependsOn) ?? []), i]);
  });
  const views: (FieldView | undefined)[] = [];
  const msgs: HTMLElement[] = [];
  const touched = new Set<number>();
  const refused = new Map<number, string>(); // messages set by a field itself (a file refused before reading)
  const pending = new Set<Promise<unknown>>();
  const wait = (p: Promise<unknown>) => {
    pending.add(p);
    p.finally(() => pending.delete(p));
  };
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  let draftTimer: ReturnType<typeof setTimeout> | undefined;

  const writeDraft = () => {
    clearTimeout(draftTimer);
    draftTimer = undefined;
    if (!draftKey || done) return;
    const d: Draft = { v: {}, t: texts };
    for (const f of fields)
      if (f.name && f.type !== 'file' && f.type !== 'hidden') d.v[f.name] = vals[f.name];
    saveDraft(draftKey, d);
  };
  const show = (i: number, message: string | null) => {
    const view = views[i];
    if (!view) return;
    msgs[i]!.textContent = message ?? '';
    for (const c of view.controls) c.setAttribute('aria-invalid', String(!!message));
  };
  // A field's own unsettled state first (search text never picked), then a message set by the field or
  // by setErrors, then the schema's rules.
  const check = (i: number) =>
    show(
      i,
      views[i]?.check?.(false) ??
        refused.get(i) ??
        validateField(fields[i] as never, vals[fields[i]!.name!], { locale, now }),
    );
  const clear = (name: string) => {
    for (const d of dependents.get(name) ?? []) {
      const dn = fields[d]!.name!;
      vals[dn] = undefined;
      texts[dn] = undefined;
      clear(dn);
      views[d]?.parentChanged?.(vals[name]);
      if (touched.has(d)) check(d);
    }
  };

  const context = (i: number, f: Field): FieldContext => ({
    id: `${uid}-${i}`,
    locale,
    now,
    base: container.ownerDocument.baseURI,
    get: () => vals[f.name!],
    text: () => texts[f.name!],
    set(value, ...text) {
      vals[f.name!] = value;
      refused.delete(i);
      if (text.length) texts[f.name!] = text[0];
      if (touched.has(i)) check(i);
      clear(f.name!);
      if (draftKey && !draftTimer) draftTimer = setTimeout(writeDraft, 300);
    },
    touch() {
      touched.add(i);
      check(i);
    },
    refresh() {
      if (touched.has(i)) check(i);
    },
    fail(message) {
      touched.add(i);
      refused.set(i, message);
      show(i, message);
    },
    say,
    // A request cut short because the form closed settles never: no error state on a finished form.
    load(url, signal) {
      const alive = life.signal;
      return loadItems(fetchFn, url, signal ? [signal, alive] : [alive], options.credentials ?? 'omit').catch(
        (error) => (alive.aborted ? new Promise<never>(() => {}) : Promise.reject(error)),
      );
    },
    valueOf: (name) => vals[name],
    labelOf: (name) => fields[index.get(name)!]?.label ?? name,
    wait,
  });

  // The English a form shows after it is drawn arrives while it renders (deferred-english.ts): submit
  // waits for it, and messages already on screen are written again once it is there.
  if (locale === 'en') wait(englishReady().then(() => touched.forEach(check)));
  if (engine) wait(engine.then(() => !broken && checkWhole() && touched.forEach(check)));

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
    if (f.type === 'divider' || f.type === 'heading') {
      list.append((f.type === 'divider' ? divider : heading)(f));
      return;
    }
    if (f.type === 'hidden') return;
    const ctx = context(i, f);
    const view = BUILDERS[f.type](f, ctx);
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
      if (pressing) afterPress(() => done || ctx.touch());
      else ctx.touch();
    });
    on(view.el, 'change', () => {
      if (f.type !== 'text' && f.type !== 'textarea') ctx.touch();
    });
    views[i] = view;
    msgs[i] = msg;
    list.append(view.el);
  };
  const buildUpTo = (end: number) => {
    while (built < Math.min(end, fields.length)) build(built++);
  };
  const buildLater = () => {
    if (life.signal.aborted || !ensureWhole()) return;
    const end = performance.now() + 8;
    while (built < fields.length && performance.now() < end) build(built++);
    if (built < fields.length) later(buildLater);
  };

  const submitButton = h(
    'button',
    { type: 'submit', class: 'fr-btn fr-primary' },
    schema.submitLabel ?? say('submit'),
  );
  if (schema.description) root.setAttribute('aria-describedby', `${uid}-d`);
  append(
    root,
    h('h2', { id: `${uid}-t`, class: 'fr-title' }, schema.title),
    schema.description ? h('p', { id: `${uid}-d`, class: 'fr-desc' }, schema.description) : null,
    list,
    h('div', { class: 'fr-actions' }, cancelButton(schema.cancelLabel), submitButton),
  );
  buildUpTo(FIRST);
  // The first frame shows the first screen; checking and building the rest starts after it.
  if (built < fields.length) requestAnimationFrame(() => later(buildLater));
  container.append(root);

  const raw = () => {
    const a: Record<string, unknown> = {};
    for (const f of fields)
      if (f.name && f.type !== 'hidden' && isInputField(f as never)) a[f.name] = vals[f.name];
    return a;
  };
  const answers = () => validateAnswers(schema, raw(), { locale, now });
  /** Shows every field's message, focuses the first invalid field, and returns the checked answer. */
  const checkAll = () => {
    if (!ensureWhole()) return { ok: false, values: {} as Record<string, unknown>, errors: {} };
    buildUpTo(fields.length);
    const r = answers();
    let first: HTMLElement | undefined;
    views.forEach((view, i) => {
      if (!view) return;
      touched.add(i);
      const name = fields[i]!.name!;
      const err = Object.hasOwn(r.errors, name) ? r.errors[name] : undefined;
      const own = view.check?.(true);
      const m = own ?? refused.get(i) ?? err;
      show(i, m ?? null);
      if (own) r.ok = false;
      if ((own || err) && !first) first = view.controls[0];
    });
    first?.focus();
    return r;
  };
  const submit = async () => {
    if (done || busy) return false;
    busy = true;
    try {
      while (pending.size) await Promise.allSettled([...pending]);
      const { ok, values } = checkAll();
      if (done || !ok) return false;
      finish();
      options.onSubmit?.(values, submitMessage(schema, values), { utcOffset: utcOffsetAt(now) });
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
  const onHide = () => writeDraft();
  addEventListener('pagehide', onHide);

  return {
    values: () => (ensureWhole() ? answerValues(schema, raw()) : {}),
    validate: () => checkAll().ok,
    submit,
    cancel,
    setErrors(errors) {
      const missed = new Set(Object.keys(errors ?? {}));
      if (cancelled || gone || !ensureWhole()) return [...missed];
      buildUpTo(fields.length);
      if (done) reopen();
      let first: HTMLElement | undefined;
      views.forEach((view, i) => {
        const name = fields[i]!.name!;
        const m = missed.has(name) ? errors[name] : undefined;
        if (!view || typeof m !== 'string') return;
        missed.delete(name);
        touched.add(i);
        refused.set(i, m);
        show(i, m);
        first ??= view.controls[0];
      });
      first?.focus();
      return [...missed];
    },
    destroy() {
      if (draftTimer) writeDraft();
      removeEventListener('pagehide', onHide);
      gone = true;
      life.abort();
      root.remove();
    },
  };
}
