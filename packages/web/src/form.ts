// renderForm: reads and checks the schema, then puts a form together from its three parts: its state
// (form-state.ts: values, messages, drafts), its building (form-build.ts: the DOM, one builder per
// field type) and its life (form-life.ts: submit or cancel exactly once, setErrors, destroy).
// A form longer than the first screen is checked in two steps: the fields drawn at once before they
// are drawn, the rest when the browser is idle, before any of it is built (or at once if submit,
// validate or values come first). A defect found then turns the form into the error panel.
import {
  type FormSchema,
  type Issue,
  isFieldType,
  type MessageKey,
  readFormSchema,
  resolveLocale,
  t,
  validateFormSchema,
} from '@formrequest/schema';
import { englishReady } from './deferred-english.js';
import { patternsPending } from './deferred-pattern.js';
import { issueList } from './deferred-sentences.js';
import { append, h, on } from './dom.js';
import { buildFields, FIRST } from './form-build.js';
import { createLife, formController, panelController } from './form-life.js';
import { createState, type FormState } from './form-state.js';
import { loadItems } from './load.js';
import { ensureStyles } from './styles.js';
import type { FormController, RenderOptions } from './types.js';

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
  const say = (key: MessageKey, params?: Record<string, unknown>) => t(locale, key, params);
  const uid = `fr${++forms}`;
  ensureStyles(container, options);
  const root = h('form', {
    class: 'fr',
    novalidate: true,
    'data-theme': options.theme,
    'aria-labelledby': `${uid}-t`,
  });
  let state: FormState | undefined;
  const life = createLife(
    root,
    locale,
    options,
    () => state?.dropDraft(),
    () => state?.writeDraft(),
  );
  // Native 'submit' and 'cancel' (a file picker closed) bubble; keep them inside the form, where a page's
  // own <form> or <dialog> around it cannot take them for its own.
  on(root, 'cancel', (e) => e.stopPropagation());

  const long =
    Array.isArray(given.fields) &&
    given.fields.length > FIRST &&
    given.fields.every(
      (f) => f !== null && typeof f === 'object' && isFieldType((f as { type?: unknown }).type),
    );
  let checked = long
    ? validateFormSchema({ ...given, fields: (given.fields as unknown[]).slice(0, FIRST) }, { locale, now })
    : validateFormSchema(input, { locale, now });
  if (long && !checked.ok) checked = validateFormSchema(input, { locale, now }); // list every defect
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
    return panelController(root, life);
  }
  /** Checks the whole form (again); false, and the error panel, when it has defects. */
  const checkWhole = () => {
    whole = true;
    const full = validateFormSchema(input, { locale, now });
    if (!full.ok) {
      broken = true;
      life.stop();
      root.replaceChildren(...panel(full.errors));
    }
    return !broken;
  };
  /** Checks the rest of a long form once; false (and the error panel) when it has defects. */
  const ensureWhole = () => (whole ? !broken : checkWhole());

  const schema = (long ? input : checked.schema) as FormSchema;
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
      return loadItems(fetchFn, url, signal ? [signal, alive] : [alive], options.credentials ?? 'omit').catch(
        (error) => (alive.aborted ? new Promise<never>(() => {}) : Promise.reject(error)),
      );
    },
    closed: life.closed,
  });
  state = s;
  const building = buildFields(s, uid, root, life.closed);
  // The English a form shows after it is drawn arrives while it renders (deferred-english.ts): submit
  // waits for it, and messages already on screen are written again once it is there.
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
    h('h2', { id: `${uid}-t`, class: 'fr-title' }, schema.title),
    schema.description ? h('p', { id: `${uid}-d`, class: 'fr-desc' }, schema.description) : null,
    building.list,
    h('div', { class: 'fr-actions' }, life.cancelButton(schema.cancelLabel ?? say('cancel')), submitButton),
  );
  building.buildUpTo(FIRST);
  building.buildRest(() => !life.signal().aborted && ensureWhole());
  container.append(root);
  return formController(root, submitButton, life, s, building, schema, now, options, ensureWhole);
}
