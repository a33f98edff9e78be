// renderForm: reads and checks the schema, then puts a form together from its three parts: its state
// (form-state.ts: values, messages, drafts), its building (form-build.ts: the DOM, one builder per
// field type) and its life (form-life.ts: submit or cancel exactly once, setErrors, destroy).
// A form longer than the first screen is checked in two steps: the fields drawn at once before they
// are drawn, the rest when the browser is idle, before any of it is built (or at once if submit,
// validate or values come first). A defect found then turns the form into the error panel.
// A form with something to say as written (a defect, an unknown property) waits for the reader of what
// a model meant (checks.ts) and is drawn as read, in place: forms from a server or a host were read
// there already and are drawn at once.
import {
  type FormSchema,
  formLocale,
  type Issue,
  isFieldType,
  type MessageKey,
  resolveLocale,
} from '@formrequest/schema/core';
import { checkSchema, readerReady, readForm, unread } from './checks.js';
import { append, h, on } from './dom.js';
import { familiesReady, network } from './fields/later.js';
import { buildFields, FIRST } from './form-build.js';
import { createLife, formController, panelController } from './form-life.js';
import { createState, type FormState } from './form-state.js';
import { issueList } from './issues.js';
import { patternsPending } from './patterns.js';
import { ensureStyles } from './styles.js';
import type { FormController, RenderOptions } from './types.js';
import { englishReady, say as words } from './words.js';

let forms = 0;

/**
 * Draws `schema` into `container` and returns its controller. A schema that fails the check (from
 * untyped JSON, say) draws an error panel that lists every problem.
 */
export function renderForm(
  container: HTMLElement,
  schema: FormSchema,
  options: RenderOptions = {},
): FormController {
  if ((container as Node | null)?.nodeType !== 1)
    throw new TypeError(
      `renderForm: the first argument must be an element to render into (got ${container === null ? 'null' : typeof container}).`,
    );
  ensureStyles(container, options);
  let root: HTMLElement | undefined;
  let ctl!: FormController;
  let alive = true;
  // Draws the form as it reads now, in place of the one before (whose pending draft is written).
  const show = () => {
    if (!alive) return;
    const [el, c] = draw(schema, container, options, show);
    root ? root.replaceWith(el) : container.append(el);
    ctl?.destroy();
    root = el;
    ctl = c;
  };
  show();
  return {
    values: () => ctl.values(),
    validate: () => ctl.validate(),
    submit: () => ctl.submit(),
    cancel: () => ctl.cancel(),
    setErrors: (errors) => ctl.setErrors(errors),
    destroy() {
      alive = false;
      ctl.destroy();
    },
  };
}

/** The form element and its controller; `again` draws it anew once the reader is here. */
function draw(
  given: unknown,
  container: HTMLElement,
  options: RenderOptions,
  again: () => void,
): [HTMLElement, FormController] {
  const input = readForm(given) as FormSchema;
  const g = (input ?? {}) as { fields?: unknown };
  // The embedding app's choice first, then the form's own (its `locale`, else its words').
  const locale = resolveLocale(options.locale, formLocale(input));
  // One instant for the form's whole life: "today" does not move at midnight while it is open.
  const now = options.now ?? new Date();
  const say = (key: MessageKey, params?: Record<string, unknown>) => words(locale, key, params);
  const uid = `fr${++forms}`;
  const root = h('form', {
    class: 'fr',
    novalidate: true,
    'data-theme': options.theme,
    lang: locale,
    'aria-labelledby': `${uid}-t`,
  });
  let state: FormState | undefined;
  const life = createLife(
    root,
    () => say('cancelled'),
    options,
    () => state?.dropDraft(),
    () => state?.writeDraft(),
    () => state?.changed(),
  );
  // Native 'submit' and 'cancel' (a file picker closed) bubble; keep them inside the form, where a page's
  // own <form> or <dialog> around it cannot take them for its own.
  on(root, 'cancel', (e) => e.stopPropagation());
  /** An empty busy form until `p` settles (the reader, the fields that fetch); then drawn again. */
  const after = (p: Promise<unknown>): [HTMLElement, FormController] => {
    p.then(() => !life.closed() && again());
    root.setAttribute('aria-busy', 'true');
    return [root, panelController(root, life)];
  };

  const long =
    Array.isArray(g.fields) &&
    g.fields.length > FIRST &&
    g.fields.every((f) => f !== null && typeof f === 'object' && isFieldType((f as { type?: unknown }).type));
  let checked = checkSchema(long ? { ...g, fields: (g.fields as unknown[]).slice(0, FIRST) } : input, {
    locale,
    now,
  });
  if ((checked.errors.length || checked.warnings.length) && unread()) return after(readerReady());
  if (long && !checked.ok) checked = checkSchema(input, { locale, now }); // list every defect
  let whole = !long || !checked.ok;
  let broken = false;
  const panel = (issues: Issue[]) => [
    h(
      'div',
      { class: 'fr-panel', role: 'alert' },
      h('h2', { id: `${uid}-t` }, say('invalidForm')),
      issueList(issues),
    ),
    h('div', { class: 'fr-actions' }, life.cancelButton(say('cancel'))),
  ];
  // The pattern engine may still be on its way (patterns.ts): the schema's patterns get their verdict
  // when it is there, and the whole schema is checked again then.
  const engine = patternsPending();
  if (!checked.ok || !checked.schema) {
    root.append(...panel(checked.errors));
    engine?.then(() => root.replaceChildren(...panel(checkSchema(input, { locale }).errors)));
    on(root, 'submit', (e) => {
      e.preventDefault();
      e.stopPropagation();
    });
    return [root, panelController(root, life)];
  }
  /** Checks the whole form (again); false, and the error panel (or the reader), when it has defects. */
  const checkWhole = () => {
    whole = true;
    const full = checkSchema(input, { locale, now });
    if (!full.ok) {
      broken = true;
      life.stop();
      if (unread()) after(readerReady());
      else root.replaceChildren(...panel(full.errors));
    }
    return !broken;
  };
  /** Checks the rest of a long form once; false (and the error panel) when it has defects. */
  const ensureWhole = () => (whole ? !broken : checkWhole());

  const schema = (long ? input : checked.schema) as FormSchema;
  const families = familiesReady(schema.fields);
  if (families) return after(families);
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const s = createState(schema, {
    uid,
    locale,
    now,
    draftKey: options.draftKey,
    base: container.ownerDocument.baseURI,
    say,
    // A request cut short because the form closed settles never: no error state on a finished form.
    load(url, signal) {
      const alive = life.signal();
      return network()!
        .loadItems(fetchFn, url, signal ? [signal, alive] : [alive], options.credentials ?? 'omit')
        .catch((error) => (alive.aborted ? new Promise<never>(() => {}) : Promise.reject(error)));
    },
    closed: life.closed,
  });
  state = s;
  const building = buildFields(s, uid, root, life.closed);
  // The English a form shows after it is drawn arrives while it renders (words.ts): submit waits for
  // it, and messages already on screen are written again once it is there.
  if (locale === 'en') s.wait(englishReady().then(s.recheck));
  if (engine) s.wait(engine.then(() => !broken && checkWhole() && s.recheck()));

  const submitButton = h(
    'button',
    { type: 'submit', class: 'fr-btn fr-primary' },
    schema.submitLabel ?? say('submit'),
  );
  if (schema.description) root.setAttribute('aria-describedby', `${uid}-d`);
  append(
    root,
    h(`h${options.titleLevel ?? 2}` as 'h2', { id: `${uid}-t`, class: 'fr-title' }, schema.title),
    schema.description ? h('p', { id: `${uid}-d`, class: 'fr-desc' }, schema.description) : null,
    building.list,
    h('div', { class: 'fr-actions' }, life.cancelButton(schema.cancelLabel ?? say('cancel')), submitButton),
  );
  building.buildUpTo(FIRST);
  building.buildRest(() => !life.signal().aborted && ensureWhole());
  return [root, formController(root, submitButton, life, s, building, schema, now, options, ensureWhole)];
}
