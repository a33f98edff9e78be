// What a form holds while it is open: each field's value (and a search field's display text), which
// fields were touched and the message each one shows, the work submit waits for, and the draft kept
// under the embedding app's draftKey. A field's builder reaches it through its context: a keystroke
// touches its own field only (the value goes in, that field's message is refreshed if it was touched,
// the fields that depend on it are cleared, and a draft write is scheduled).
import {
  type AnswersResult,
  type FormSchema,
  fieldLabel,
  initialValues,
  submitMessage,
  valueKind,
} from '@formrequest/schema/core';
import { answersOf, fieldProblem } from './checks.js';
import { clearDraft, type Draft, loadDraft, saveDraft } from './draft.js';
import type { CoreField, FieldContext, FieldView } from './types.js';

/** What every field's context shares (its language, clock, base URL, words and loader), and more. */
export interface StateOptions extends Pick<FieldContext, 'locale' | 'now' | 'base' | 'say' | 'load'> {
  uid: string;
  now: Date;
  draftKey?: string;
  /** The form was answered or cancelled. */
  closed(): boolean;
}

export interface FormState {
  fields: CoreField[];
  /** Each built input field's view and message element, by field index (the building fills them). */
  views: (FieldView | undefined)[];
  msgs: HTMLElement[];
  /** The context field `i`'s builder works through. */
  context(i: number): FieldContext;
  /** Work submit waits for (file reading, the deferred English and pattern engine). */
  pending: Set<Promise<unknown>>;
  wait(p: Promise<unknown>): void;
  /** Writes the messages of the touched fields again (their words or rules arrived). */
  recheck(): void;
  /**
   * Marks every built field touched and shows its message, focuses the first invalid one, and returns
   * the checked answer (not ok while a field holds something unsettled).
   */
  checkAll(): AnswersResult;
  /** Shows messages from elsewhere on the fields they name; returns the names it could not show. */
  showErrors(errors: Record<string, string>): string[];
  /** The answers as the person gave them (hidden values are the schema's, added by the checks). */
  raw(): Record<string, unknown>;
  /** What search and loaded fields showed for their values (their display texts). */
  shown(): Record<string, unknown>;
  /** Writes the draft now (nothing once the form is closed); `pending`: only if a write is scheduled. */
  writeDraft(pending?: boolean): void;
  /** Drops the draft (the form was answered or cancelled). */
  dropDraft(): void;
  /** The answer differs from the one the form started with (typed, or restored from a draft). */
  changed(): boolean;
}

/** A person gives this field its value: not display-only, not a fixed (hidden) value. */
const asked = (f: CoreField) => {
  const kind = valueKind(f);
  return kind !== 'none' && kind !== 'fixed';
};
/** ...and a draft keeps it (not a file: it can be megabytes). */
const drafted = (f: CoreField) => asked(f) && valueKind(f) !== 'file';

export function createState(schema: FormSchema, opts: StateOptions): FormState {
  const { uid, locale, now, draftKey } = opts;
  const fields: CoreField[] = schema.fields;
  // Keyed by field names, so without a prototype: a field "toString" starts empty, not as a function.
  const vals: Record<string, unknown> = Object.assign(Object.create(null), initialValues(schema, { now }));
  const start = submitMessage(schema, vals);
  const texts: Record<string, unknown> = Object.create(null);
  const draft = draftKey ? loadDraft(draftKey) : null;
  const index = new Map<string, number>();
  const dependents = new Map<string, number[]>();
  fields.forEach((f, i) => {
    if (!f.name) return;
    index.set(f.name, i);
    if (draft && drafted(f)) {
      if (Object.hasOwn(draft.v, f.name)) vals[f.name] = draft.v[f.name];
      if (Object.hasOwn(draft.t, f.name)) texts[f.name] = draft.t[f.name];
    }
    if ('dependsOn' in f) dependents.set(f.dependsOn, [...(dependents.get(f.dependsOn) ?? []), i]);
  });
  const views: (FieldView | undefined)[] = [];
  const msgs: HTMLElement[] = [];
  const touched = new Set<number>();
  const refused = new Map<number, string>(); // messages set by a field itself (a file refused before reading)
  const pending = new Set<Promise<unknown>>();
  let draftTimer: ReturnType<typeof setTimeout> | undefined;
  const wait = (p: Promise<unknown>) => {
    pending.add(p);
    p.finally(() => pending.delete(p));
  };

  const writeDraft = (pending?: boolean) => {
    if (pending && !draftTimer) return;
    clearTimeout(draftTimer);
    draftTimer = undefined;
    if (!draftKey || opts.closed()) return;
    const d: Draft = { v: {}, t: texts };
    for (const f of fields) if (f.name && drafted(f)) d.v[f.name] = vals[f.name];
    saveDraft(draftKey, d);
  };
  const show = (i: number, message: string | null | undefined) => {
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
        fieldProblem(fields[i]!, vals[fields[i]!.name!], { locale, now }),
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
  const raw = () => {
    const a: Record<string, unknown> = {};
    for (const f of fields) if (f.name && asked(f)) a[f.name] = vals[f.name];
    return a;
  };
  /**
   * Shows each built field's message from `message` (undefined: leaves that field as it is); focuses the
   * first field whose call asked for it with `focus()`.
   */
  const showEach = (
    message: (i: number, view: FieldView, focus: () => void) => string | null | undefined,
  ) => {
    let first: HTMLElement | undefined;
    views.forEach((view, i) => {
      if (!view) return;
      const m = message(i, view, () => (first ??= view.controls[0]));
      if (m === undefined) return;
      touched.add(i);
      show(i, m);
    });
    first?.focus();
  };

  return {
    fields,
    views,
    msgs,
    pending,
    wait,
    shown: () => ({ ...texts }),
    context(i) {
      const name = fields[i]!.name!;
      return {
        ...opts,
        id: `${uid}-${i}`,
        get: () => vals[name],
        text: () => texts[name],
        set(value, ...text) {
          vals[name] = value;
          refused.delete(i);
          if (text.length) texts[name] = text[0];
          if (touched.has(i)) check(i);
          clear(name);
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
        problem: (value) => fieldProblem(fields[i]!, value, { locale, now }),
        valueOf: (other) => vals[other],
        labelOf(other) {
          const parent = fields[index.get(other)!];
          return parent ? fieldLabel(parent) : other;
        },
        wait,
      };
    },
    recheck: () => touched.forEach(check),
    checkAll() {
      const r = answersOf(schema, raw(), { locale, now });
      showEach((i, view, focus) => {
        const name = fields[i]!.name!;
        const err = Object.hasOwn(r.errors, name) ? r.errors[name] : undefined;
        const own = view.check?.(true);
        if (own) r.ok = false;
        if (own || err) focus();
        return own ?? refused.get(i) ?? err ?? null;
      });
      return r;
    },
    showErrors(errors) {
      const missed = new Set(Object.keys(errors ?? {}));
      showEach((i, _view, focus) => {
        const name = fields[i]!.name!;
        const m = missed.has(name) ? errors[name] : undefined;
        if (typeof m !== 'string') return undefined;
        missed.delete(name);
        refused.set(i, m);
        focus();
        return m;
      });
      return [...missed];
    },
    raw,
    writeDraft,
    dropDraft: () => draftKey && clearDraft(draftKey),
    changed: () => submitMessage(schema, raw()) !== start,
  };
}
