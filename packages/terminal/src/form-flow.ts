// `formrequest ask` as a pure state machine: one input field at a time (its widget from fields/, by
// field type), inline validation with the schema's validateField, then a review screen where any
// field can be revised before submitting. Esc steps back one level (a widget's filter or query, then
// the review screen when revising, then cancelling); nothing typed or answered is thrown away without
// a yes/no question. Loads, files and timers come in through FormOptions: the machine does no I/O.
import {
  type Answers,
  type FieldOf,
  type FieldType,
  type FormSchema,
  type InputField,
  initialValues,
  isEmptyValue,
  isInputField,
  type Locale,
  validateAnswers,
  validateField,
} from '@formrequest/schema';
import { type DialogKind, type DialogState, dialogUpdate, openDialog } from './dialog.js';
import { type FieldContext, type FieldWidget, type FileSystem, WIDGETS } from './fields/index.js';
import { type InputEvent, verticalMove } from './keys.js';
import { say, words } from './messages.js';

export interface FormOptions {
  locale?: Locale;
  now?: Date;
  /** Base for relative searchUrl / loadUrl values (`--base-url`). */
  baseUrl?: string;
  /** Loads a URL and resolves to its JSON body. */
  load: (url: string, signal: AbortSignal) => Promise<unknown>;
  files: FileSystem;
  /** The home directory (`~` in file paths) and the directory relative paths start from. */
  home?: string;
  cwd?: string;
  /** Schedules `fn` after `ms` (setTimeout in real use); returns a cancel function. */
  later?: (fn: () => void, ms: number) => () => void;
}

export interface FormState {
  schema: FormSchema;
  opts: FormOptions;
  locale: Locale;
  /** Indexes into schema.fields of the fields that are steps. */
  steps: number[];
  /** Current step; steps.length is the review screen. */
  step: number;
  values: Answers;
  /** What a committed value is shown as (a remote item's text, a file's name and size). */
  labels: Record<string, string | string[]>;
  /** The text a committed value was made from, to edit again (file paths). */
  sources: Record<string, string>;
  /** Each step's widget state, kept while the person moves back and forth without committing. */
  widgets: unknown[];
  error: string | null;
  /** A passing notice (a paste was cut or cleaned); cleared by the next key. */
  notice: string | null;
  reviewCursor: number;
  revising: boolean;
  dialog: DialogState | null;
  /** Something was committed (so cancelling asks first). */
  touched: boolean;
  status: 'active' | 'submitted' | 'cancelled';
  /** The cleaned answers, once submitted. */
  result: Answers | null;
  /** Terminal rows, and how many items the screen shows of the current list (PageUp / PageDown):
   * both told by the runner, like a key. */
  rows: number;
  page: number;
  /** Called when something changed on its own (a search came back). */
  changed: () => void;
  /** The running load, its spinner's redraw ticker, and the scheduled search. */
  pending: {
    abort: AbortController | null;
    ticker: ReturnType<typeof setInterval> | null;
    cancelTimer: (() => void) | null;
  };
  /** Response bodies by URL (a failed load is not kept, so it can be tried again). */
  cache: Map<string, unknown>;
}

export function createForm(schema: FormSchema, given: FormOptions): FormState {
  // Relative dates count from one instant, when the form was issued (here: opened), in this zone.
  const opts = { ...given, now: given.now ?? new Date() };
  const steps = schema.fields.flatMap((f, i) => (isInputField(f) && widgetOf(f) ? [i] : []));
  const s: FormState = {
    schema,
    opts,
    locale: opts.locale ?? 'ja',
    steps,
    step: 0,
    // Keyed by field names, so without a prototype: a field "toString" starts empty, not as a function.
    values: Object.assign(Object.create(null), initialValues(schema, { now: opts.now })),
    labels: Object.create(null),
    sources: Object.create(null),
    widgets: [],
    error: null,
    notice: null,
    reviewCursor: steps.length,
    revising: false,
    dialog: null,
    touched: false,
    status: 'active',
    result: null,
    rows: 24,
    page: 8,
    changed: () => {},
    pending: { abort: null, ticker: null, cancelTimer: null },
    cache: new Map(),
  };
  enterStep(s);
  return s;
}

/** The field of `step`: an input field with a widget (createForm makes steps of no other). */
export function stepField(s: FormState, step: number): InputField {
  return s.schema.fields[s.steps[step]!] as InputField;
}

export function currentField(s: FormState): InputField | null {
  return s.step < s.steps.length ? stepField(s, s.step) : null;
}

/** The widget of a field's type (null: not a step), typed for that field. */
export function widgetOf<T extends FieldType>(
  field: FieldOf<T> & { type: T },
): FieldWidget<unknown, T> | null {
  return WIDGETS[field.type];
}

/** The widget of a step's field (every step has one). */
export function stepWidget(field: InputField): FieldWidget {
  return widgetOf(field)!;
}

/** Tells the machine the rows it may use and how many list items the last frame showed. */
export function formLayout(s: FormState, rows: number, page?: number): void {
  s.rows = Math.max(4, rows);
  if (page) s.page = page;
}

/** Rows a list gets when the rest of the screen is not measured (PageUp / PageDown). */
function estimatedListRows(s: FormState): number {
  return Math.max(3, s.rows - 9);
}

function cancelPending(s: FormState) {
  s.pending.abort?.abort();
  s.pending.abort = null;
  stopTicker(s);
  s.pending.cancelTimer?.();
  s.pending.cancelTimer = null;
}

function stopTicker(s: FormState) {
  if (s.pending.ticker) clearInterval(s.pending.ticker);
  s.pending.ticker = null;
}

/** The context a widget of `step` works through. */
export function fieldContext(s: FormState, step = s.step, listRows = estimatedListRows(s)): FieldContext {
  const field = stepField(s, step);
  const later =
    s.opts.later ??
    ((fn, ms) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    });
  return {
    field,
    locale: s.locale,
    now: s.opts.now,
    listRows,
    page: s.page,
    files: s.opts.files,
    home: s.opts.home ?? '/',
    cwd: s.opts.cwd ?? '/',
    value: (name = field.name) => s.values[name],
    label: (name = field.name) => s.labels[name],
    source: () => s.sources[field.name],
    fieldNamed: (name) => s.schema.fields.find((f) => 'name' in f && f.name === name),
    commit: (value, label, source) => commit(s, step, value, label, source),
    setError: (message) => {
      s.error = message;
    },
    error: () => s.error,
    check: (value) => validateField(field, value, { locale: s.locale, now: s.opts.now }),
    setNotice: (message) => {
      s.notice = message;
    },
    load(url, done, opts = {}) {
      cancelPending(s);
      if (!opts.fresh && s.cache.has(url)) return done({ ok: true, body: s.cache.get(url) });
      const abort = new AbortController();
      s.pending.abort = abort;
      // The spinner's elapsed time moves while the load runs.
      s.pending.ticker = setInterval(() => s.changed(), 100);
      s.pending.ticker.unref?.();
      const settle = () => {
        stopTicker(s);
        s.notice = null; // "再読み込みしています…" ends with the load, however it ended
      };
      s.opts.load(url, abort.signal).then(
        (body) => {
          if (abort.signal.aborted) return;
          settle();
          s.cache.set(url, body);
          done({ ok: true, body });
          s.changed();
        },
        (error: Error) => {
          if (abort.signal.aborted) return;
          settle();
          done({ ok: false, error: error?.message || String(error) });
          s.changed();
        },
      );
    },
    schedule(fn, ms) {
      s.pending.cancelTimer?.();
      s.pending.cancelTimer = later(() => {
        s.pending.cancelTimer = null;
        fn();
        s.changed();
      }, ms);
    },
    cancelPending: () => cancelPending(s),
    resolveUrl(make, raw) {
      if (!s.opts.baseUrl && !isAbsoluteUrl(raw))
        return { error: say(words(s.locale).needBaseUrl, { url: raw }) };
      try {
        return make(s.opts.baseUrl);
      } catch (error) {
        return { error: (error as Error).message };
      }
    },
  };
}

function isAbsoluteUrl(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** The widget state of the current step (made on first visit, kept until the field is committed). */
export function widgetState(s: FormState): unknown {
  const field = currentField(s);
  if (!field) return undefined;
  s.widgets[s.step] ??= stepWidget(field).create(fieldContext(s));
  return s.widgets[s.step];
}

function enterStep(s: FormState) {
  cancelPending(s);
  s.error = null;
  const field = currentField(s);
  if (!field) return;
  const w = widgetState(s);
  stepWidget(field).enter?.(fieldContext(s), w);
}

function go(s: FormState, step: number) {
  if (step < 0) return;
  s.step = Math.min(step, s.steps.length);
  enterStep(s);
}

function toReview(s: FormState, cursor = s.steps.length) {
  s.revising = false;
  go(s, s.steps.length);
  s.reviewCursor = cursor;
}

/** Validates the value for `step`'s field and moves on (or shows the message and stays). */
function commit(s: FormState, step: number, value: unknown, label?: string | string[], source?: string) {
  const field = stepField(s, step);
  const message = validateField(field, value, { locale: s.locale, now: s.opts.now });
  if (message) {
    s.error = message;
    return;
  }
  const before = JSON.stringify(s.values[field.name]);
  if (isEmptyValue(value)) delete s.values[field.name];
  else s.values[field.name] = value;
  if (label !== undefined) s.labels[field.name] = label;
  else delete s.labels[field.name];
  if (source !== undefined) s.sources[field.name] = source;
  s.touched = true;
  s.widgets[step] = undefined; // made again from the committed value next time
  if (before !== JSON.stringify(value)) clearDependents(s, field.name);
  if (s.revising) toReview(s);
  else go(s, step + 1);
}

/** A changed parent clears the cascading-selects that depend on it, down the chain. */
function clearDependents(s: FormState, name: string) {
  const changed = new Set([name]);
  s.schema.fields.forEach((field, i) => {
    if ('dependsOn' in field && changed.has(field.dependsOn)) {
      delete s.values[field.name];
      delete s.labels[field.name];
      const step = s.steps.indexOf(i);
      if (step >= 0) s.widgets[step] = undefined;
      changed.add(field.name);
    }
  });
}

/** True when cancelling would throw away something the person entered. */
export function hasInput(s: FormState): boolean {
  if (s.touched) return true;
  return s.steps.some((_, step) => {
    const w = s.widgets[step];
    if (w === undefined) return false;
    return stepWidget(stepField(s, step)).dirty?.(fieldContext(s, step), w) === true;
  });
}

function cancel(s: FormState) {
  cancelPending(s);
  s.dialog = null;
  s.status = 'cancelled';
}

function ask(s: FormState, kind: DialogKind) {
  s.dialog = openDialog(kind);
}

/** Cancel, asking first when there is something to lose. */
function requestCancel(s: FormState) {
  if (hasInput(s)) ask(s, 'cancelForm');
  else cancel(s);
}

export function formUpdate(s: FormState, e: InputEvent) {
  if (s.status !== 'active') return;
  s.notice = null;
  if (s.dialog) return dialogKey(s, e);
  if (e.type === 'key' && e.ctrl && e.name === 'c') return requestCancel(s);
  if (s.step >= s.steps.length) return reviewUpdate(s, e);
  const widget = stepWidget(currentField(s)!);
  const w = widgetState(s);
  if (e.type === 'key' && e.name === 'tab' && e.shift) return go(s, s.step - 1);
  if (e.type === 'key' && e.name === 'escape') {
    if (widget.escape?.(fieldContext(s), w)) return;
    if (!s.revising) return requestCancel(s);
    if (widget.dirty?.(fieldContext(s), w)) return ask(s, 'discardEdit');
    return toReview(s, s.step);
  }
  widget.update(fieldContext(s), w, e);
}

function dialogKey(s: FormState, e: InputEvent) {
  const d = s.dialog!;
  const answer = dialogUpdate(d, e);
  if (answer === null) return;
  s.dialog = null;
  if (answer === 'no') return;
  if (d.kind === 'discardEdit') {
    s.widgets[s.step] = undefined;
    toReview(s, s.step);
  } else cancel(s);
}

function reviewUpdate(s: FormState, e: InputEvent) {
  const count = s.steps.length + 2; // fields, submit, cancel
  const move = verticalMove(e);
  if (move) s.reviewCursor = (s.reviewCursor + (move === 'up' ? count - 1 : 1)) % count;
  if (e.type !== 'key' || move) return;
  if (e.name === 'tab' && !e.shift) s.reviewCursor = (s.reviewCursor + 1) % count;
  else if (e.name === 'tab' && e.shift) s.reviewCursor = (s.reviewCursor - 1 + count) % count;
  else if (e.name === 'home' || e.name === 'pageup') s.reviewCursor = 0;
  else if (e.name === 'end' || e.name === 'pagedown') s.reviewCursor = count - 1;
  else if (e.name === 'escape') requestCancel(s);
  else if (e.name === 'enter') {
    if (s.reviewCursor === s.steps.length + 1) return requestCancel(s);
    if (s.reviewCursor < s.steps.length) {
      s.revising = true;
      return go(s, s.reviewCursor);
    }
    const check = validateAnswers(s.schema, s.values, { locale: s.locale, now: s.opts.now });
    if (!check.ok) {
      const first = s.steps.findIndex((_, step) => Object.hasOwn(check.errors, stepField(s, step).name));
      s.revising = true;
      go(s, first);
      const name = stepField(s, first).name;
      s.error = Object.hasOwn(check.errors, name) ? check.errors[name]! : null;
      return;
    }
    s.result = check.values;
    s.status = 'submitted';
  }
}
