// `formrequest ask` as a state machine: one input field at a time (its widget chosen by field family),
// inline validation with the schema's validateField, then a review screen where any field can be
// revised before submitting. Remote options (autocomplete, async-select, cascading-select) are loaded
// through an injected `load` function, so the machine itself does no I/O.
import {
  type Answers,
  buildDependentUrl,
  buildSearchUrl,
  extractItems,
  type FormField,
  type FormSchema,
  fieldLabel,
  fieldProp,
  initialValues,
  isEmptyValue,
  isInputField,
  itemValue,
  type Locale,
  optionText,
  resolveDateBound,
  t,
  validateAnswers,
  validateField,
} from '@formrequest/schema';
import { createEditor, type EditorState, editorUpdate } from './editor.js';
import type { InputEvent } from './keys.js';
import { ui } from './messages.js';

type AnyField = FormField & Record<string, any>;
type Item = Record<string, unknown>;

export type Family =
  | 'text'
  | 'textarea'
  | 'number'
  | 'date'
  | 'datetime'
  | 'file'
  | 'choice'
  | 'multi'
  | 'checkbox'
  | 'range'
  | 'search'
  | 'multisearch';

export function familyOf(field: FormField): Family | null {
  switch (field.type) {
    case 'text':
      return 'text';
    case 'textarea':
      return 'textarea';
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'file':
      return 'file';
    case 'select':
    case 'radio':
    case 'async-select':
    case 'cascading-select':
      return 'choice';
    case 'multiselect':
      return 'multi';
    case 'checkbox':
      return 'checkbox';
    case 'range':
      return 'range';
    case 'autocomplete':
      return 'search';
    case 'multi-autocomplete':
      return 'multisearch';
    default:
      return null; // divider, heading, hidden: not a step
  }
}

export interface Choice {
  label: string;
  value: unknown;
}

/** Remote options of the current field. */
export interface RemoteState {
  url: string | null;
  loading: boolean;
  error: string | null;
  items: Choice[];
}

export interface Widget {
  editor: EditorState;
  /** Highlighted row of a choice list or of search results. */
  cursor: number;
  /** Values toggled in a multi list, or chosen in a multi search. */
  picked: unknown[];
  remote: RemoteState | null;
  /** Which suggestion Tab filled in last (-1: none). */
  suggestion: number;
}

/** Reads files for `file` fields; injected so the state machine stays pure. */
export interface FileReader {
  stat(path: string): { size: number } | null;
  read(path: string): Buffer;
}

export interface FormOptions {
  locale?: Locale;
  now?: Date;
  baseUrl?: string;
  /** Loads a URL and resolves to its JSON body. */
  load: (url: string, signal: AbortSignal) => Promise<unknown>;
  files: FileReader;
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
  /** What a chosen remote value is shown as (the item's text). */
  labels: Record<string, string | string[]>;
  error: string | null;
  /** A paste was cut or cleaned. */
  notice: 'pasteTruncated' | 'pasteStripped' | null;
  widget: Widget | null;
  reviewCursor: number;
  revising: boolean;
  status: 'active' | 'submitted' | 'cancelled';
  /** The cleaned answers, once submitted. */
  result: Answers | null;
  /** Called when something changed on its own (a search came back). */
  changed: () => void;
  pending: { abort: AbortController | null; cancelTimer: (() => void) | null };
  cache: Map<string, Choice[]>;
}

export function createForm(schema: FormSchema, opts: FormOptions): FormState {
  const steps = schema.fields.flatMap((f, i) => (isInputField(f) && familyOf(f) ? [i] : []));
  const s: FormState = {
    schema,
    opts,
    locale: opts.locale ?? 'ja',
    steps,
    step: 0,
    values: initialValues(schema, { now: opts.now }),
    labels: {},
    error: null,
    notice: null,
    widget: null,
    reviewCursor: steps.length,
    revising: false,
    status: 'active',
    result: null,
    changed: () => {},
    pending: { abort: null, cancelTimer: null },
    cache: new Map(),
  };
  enterStep(s);
  return s;
}

export function currentField(s: FormState): AnyField | null {
  const i = s.steps[s.step];
  return i === undefined ? null : (s.schema.fields[i] as AnyField);
}

/** The rows of a choice field: its fixed options, or the loaded items. (An optional single choice gets
 * one more row after these, "none", drawn by the view.) */
export function choicesOf(s: FormState, field: AnyField): Choice[] {
  const base: Choice[] = Array.isArray(field.options)
    ? field.options.map((o: { value: string; label: string }) => ({ label: o.label, value: o.value }))
    : (s.widget?.remote?.items ?? []);
  return base;
}

function editorText(s: FormState, field: AnyField): string {
  const v = s.values[field.name];
  if (v === undefined || v === null) return '';
  if (field.type === 'file') return '';
  return String(v);
}

function enterStep(s: FormState) {
  cancelPending(s);
  s.error = null;
  const field = currentField(s);
  if (!field) {
    s.widget = null;
    return;
  }
  const family = familyOf(field)!;
  const w: Widget = {
    editor: createEditor(editorText(s, field)),
    cursor: 0,
    picked: [],
    remote: null,
    suggestion: -1,
  };
  s.widget = w;
  const value = s.values[field.name];
  if (family === 'multi' || family === 'multisearch') w.picked = Array.isArray(value) ? [...value] : [];
  if (family === 'search' || family === 'multisearch') w.editor = createEditor('');
  if (field.type === 'async-select')
    startLoad(
      s,
      buildDependentUrlSafe(() => new URL(field.loadUrl, base(s)).toString()),
    );
  if (field.type === 'cascading-select') {
    const parent = s.values[field.dependsOn];
    if (isEmptyValue(parent)) w.remote = { url: null, loading: false, error: null, items: [] };
    else
      startLoad(
        s,
        buildDependentUrlSafe(() => buildDependentUrl(field as any, parent, s.opts.baseUrl)),
      );
  }
  if (family === 'choice') {
    const i = choicesOf(s, field).findIndex((c) => c.value === value);
    w.cursor = Math.max(0, i);
  }
}

function base(s: FormState): string {
  return s.opts.baseUrl ?? 'http://127.0.0.1/';
}

function buildDependentUrlSafe(make: () => string): string | Error {
  try {
    return make();
  } catch (error) {
    return error as Error;
  }
}

function cancelPending(s: FormState) {
  s.pending.abort?.abort();
  s.pending.abort = null;
  s.pending.cancelTimer?.();
  s.pending.cancelTimer = null;
}

/** Loads remote items into the current widget (cached per URL). */
function startLoad(s: FormState, url: string | Error) {
  const w = s.widget!;
  const field = currentField(s)!;
  if (url instanceof Error) {
    w.remote = { url: null, loading: false, error: url.message, items: [] };
    return;
  }
  const cached = s.cache.get(url);
  if (cached) {
    w.remote = { url, loading: false, error: null, items: cached };
    syncChoiceCursor(s, field);
    return;
  }
  w.remote = { url, loading: true, error: null, items: w.remote?.items ?? [] };
  const abort = new AbortController();
  s.pending.abort = abort;
  s.opts
    .load(url, abort.signal)
    .then((body) => {
      if (abort.signal.aborted || s.widget !== w) return;
      const items = extractItems(body);
      if (!items) throw new Error(t(s.locale, 'loadError'));
      const choices = items.map((item: Item) => ({
        label: optionText(field as any, item),
        value: itemValue(field as any, item),
      }));
      s.cache.set(url, choices);
      w.remote = { url, loading: false, error: null, items: choices };
      syncChoiceCursor(s, field);
      s.changed();
    })
    .catch((error: Error) => {
      if (abort.signal.aborted || s.widget !== w) return;
      w.remote = { url, loading: false, error: error.message || t(s.locale, 'loadError'), items: [] };
      s.changed();
    });
}

function syncChoiceCursor(s: FormState, field: AnyField) {
  const w = s.widget!;
  if (familyOf(field) === 'choice') {
    const i = choicesOf(s, field).findIndex((c) => c.value === s.values[field.name]);
    if (i >= 0) w.cursor = i;
  } else w.cursor = 0;
}

/** Schedules a debounced search for the typed query (autocomplete, multi-autocomplete). */
function scheduleSearch(s: FormState, field: AnyField) {
  const w = s.widget!;
  cancelPending(s);
  const query = w.editor.text;
  const minChars = typeof field.minChars === 'number' ? field.minChars : 1;
  if (query.length < minChars) {
    w.remote = null;
    return;
  }
  const url = buildDependentUrlSafe(() => buildSearchUrl(field as any, query, s.opts.baseUrl));
  const delay = typeof field.debounceMs === 'number' ? field.debounceMs : 300;
  const later =
    s.opts.later ??
    ((fn, ms) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    });
  w.remote = { url: null, loading: true, error: null, items: w.remote?.items ?? [] };
  s.pending.cancelTimer = later(() => {
    s.pending.cancelTimer = null;
    if (s.widget === w) startLoad(s, url);
    s.changed();
  }, delay);
}

export function formUpdate(s: FormState, e: InputEvent) {
  if (s.status !== 'active') return;
  if (e.type === 'key' && e.ctrl && e.name === 'c') return cancel(s);
  s.notice = null;
  if (s.step >= s.steps.length) return reviewUpdate(s, e);
  const field = currentField(s)!;
  if (e.type === 'key' && e.name === 'escape') return cancel(s);
  if (e.type === 'key' && e.name === 'tab' && e.shift) return go(s, s.step - 1);
  const family = familyOf(field)!;
  switch (family) {
    case 'text':
    case 'textarea':
    case 'number':
    case 'date':
    case 'datetime':
    case 'file':
      return textUpdate(s, field, family, e);
    case 'choice':
    case 'multi':
      return choiceUpdate(s, field, family, e);
    case 'checkbox':
      return checkboxUpdate(s, field, e);
    case 'range':
      return rangeUpdate(s, field, e);
    case 'search':
    case 'multisearch':
      return searchUpdate(s, field, family, e);
  }
}

function cancel(s: FormState) {
  cancelPending(s);
  s.status = 'cancelled';
}

function go(s: FormState, step: number) {
  if (step < 0) return;
  s.step = Math.min(step, s.steps.length);
  enterStep(s);
}

/** Validates the value for the current field and moves on (or shows the message and stays). */
function commit(s: FormState, field: AnyField, value: unknown, label?: string | string[]) {
  const message = validateField(field, value, { locale: s.locale, now: s.opts.now });
  if (message) {
    s.error = message;
    return;
  }
  const before = s.values[field.name];
  if (isEmptyValue(value)) delete s.values[field.name];
  else s.values[field.name] = value;
  if (label !== undefined) s.labels[field.name] = label;
  if (JSON.stringify(before) !== JSON.stringify(value)) clearDependents(s, field.name);
  if (s.revising) {
    s.revising = false;
    toReview(s);
  } else go(s, s.step + 1);
}

/** A changed parent clears the cascading-selects that depend on it, down the chain. */
function clearDependents(s: FormState, name: string) {
  const changed = new Set([name]);
  for (const f of s.schema.fields as AnyField[]) {
    if (f.type === 'cascading-select' && changed.has(f.dependsOn)) {
      delete s.values[f.name];
      delete s.labels[f.name];
      changed.add(f.name);
    }
  }
}

function toReview(s: FormState) {
  s.step = s.steps.length;
  enterStep(s);
  s.reviewCursor = s.steps.length;
}

function textUpdate(s: FormState, field: AnyField, family: Family, e: InputEvent) {
  const w = s.widget!;
  const multiline = family === 'textarea' || (family === 'file' && field.multiple === true);
  if (
    e.type === 'key' &&
    e.name === 'tab' &&
    !e.shift &&
    Array.isArray(field.suggestions) &&
    field.suggestions.length
  ) {
    w.suggestion = (w.suggestion + 1) % field.suggestions.length;
    w.editor = createEditor(String(field.suggestions[w.suggestion]));
    s.error = null;
    return;
  }
  if (family === 'date' && e.type === 'key' && (e.name === 'up' || e.name === 'down')) {
    w.editor = createEditor(shiftDay(w.editor.text, e.name === 'up' ? 1 : -1, s.opts.now));
    return;
  }
  const action = editorUpdate(w.editor, e, { multiline });
  if (action.kind === 'edit') {
    w.editor = action.state;
    s.notice = action.notice ?? null;
    return;
  }
  if (action.kind !== 'submit') return;
  const text = w.editor.text;
  if (family === 'number') {
    const typed = text.trim();
    // A string that is not a number is passed on so validateField gives its "not a number" message.
    return commit(
      s,
      field,
      typed === '' ? undefined : Number.isFinite(Number(typed)) ? Number(typed) : typed,
    );
  }
  if (family === 'file') return commitFiles(s, field, text);
  if (family === 'date' || family === 'datetime')
    return commit(s, field, text.trim() === '' ? undefined : text.trim());
  commit(s, field, text === '' ? undefined : text);
}

function shiftDay(text: string, days: number, now = new Date()): string {
  const base = /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? new Date(`${text.trim()}T00:00:00Z`) : null;
  const d =
    base && !Number.isNaN(base.getTime()) ? base : new Date(`${resolveDateBound('today', now)}T00:00:00Z`);
  if (base) d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  xml: 'application/xml',
  zip: 'application/zip',
};

export function mimeType(name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return MIME[ext] ?? 'application/octet-stream';
}

/** Turns typed paths into file answers: size and type are checked before any file is read. */
function commitFiles(s: FormState, field: AnyField, text: string) {
  const paths = text
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
  if (paths.length === 0) return commit(s, field, undefined);
  const stated = [];
  for (const path of paths) {
    const st = s.opts.files.stat(path);
    if (!st) {
      s.error = `${fieldLabel(field)}: ${ui(s.locale).fileNotFound(path)}`;
      return;
    }
    const name = path.split('/').pop()!;
    stated.push({ path, name, type: mimeType(name), size: st.size });
  }
  const probe = stated.map((f) => ({ name: f.name, type: f.type, size: f.size, data: 'data:,' }));
  const message = validateField(field, field.multiple ? probe : probe[0], {
    locale: s.locale,
    now: s.opts.now,
  });
  if (message) {
    s.error = message;
    return;
  }
  const files = stated.map((f) => ({
    name: f.name,
    type: f.type,
    size: f.size,
    data: `data:${f.type};base64,${s.opts.files.read(f.path).toString('base64')}`,
  }));
  const names = files.map((f) => f.name);
  commit(s, field, field.multiple ? files : files[0], field.multiple ? names : names[0]);
}

function choiceUpdate(s: FormState, field: AnyField, family: Family, e: InputEvent) {
  const w = s.widget!;
  const choices = choicesOf(s, field);
  const optional = !field.required && family === 'choice';
  const count = choices.length + (optional ? 1 : 0);
  if (e.type === 'text') {
    if (e.text === ' ' && family === 'multi' && w.cursor < choices.length) {
      const v = choices[w.cursor]!.value;
      w.picked = w.picked.includes(v) ? w.picked.filter((x) => x !== v) : [...w.picked, v];
      s.error = null;
    }
    return;
  }
  if (e.type !== 'key') return;
  if (e.name === 'up' && count) w.cursor = (w.cursor - 1 + count) % count;
  else if ((e.name === 'down' || e.name === 'tab') && count) w.cursor = (w.cursor + 1) % count;
  else if (e.name === 'home') w.cursor = 0;
  else if (e.name === 'end') w.cursor = Math.max(0, count - 1);
  else if (e.name === 'enter') {
    if (family === 'multi') {
      const order = choices.map((c) => c.value);
      const picked = order.filter((v) => w.picked.includes(v));
      return commit(s, field, picked);
    }
    if (w.remote?.loading) return;
    const choice = choices[w.cursor];
    if (!choice) return commit(s, field, undefined, '');
    commit(s, field, choice.value, choice.label);
  }
}

function checkboxUpdate(s: FormState, field: AnyField, e: InputEvent) {
  const on = s.values[field.name] === true;
  if (e.type === 'text' && (e.text === ' ' || e.text === 'x')) s.values[field.name] = !on;
  else if (e.type === 'text' && e.text === 'y') s.values[field.name] = true;
  else if (e.type === 'text' && e.text === 'n') s.values[field.name] = false;
  else if (e.type === 'key' && e.name === 'enter') {
    const value = s.values[field.name] === true;
    commit(s, field, value);
    if (s.error === null) s.values[field.name] = value;
    return;
  } else return;
  s.error = null;
}

function rangeUpdate(s: FormState, field: AnyField, e: InputEvent) {
  const min = Number(fieldProp(field, 'min') ?? 0);
  const max = Number(fieldProp(field, 'max') ?? 100);
  const step = Number(fieldProp(field, 'step') ?? 1) || 1;
  const now = typeof s.values[field.name] === 'number' ? (s.values[field.name] as number) : min;
  if (e.type !== 'key') return;
  const clamp = (n: number) => Math.min(max, Math.max(min, Math.round((n - min) / step) * step + min));
  const big = Math.max(step, (max - min) / 10);
  if (e.name === 'left' || e.name === 'down') s.values[field.name] = clamp(now - step);
  else if (e.name === 'right' || e.name === 'up') s.values[field.name] = clamp(now + step);
  else if (e.name === 'pagedown') s.values[field.name] = clamp(now - big);
  else if (e.name === 'pageup') s.values[field.name] = clamp(now + big);
  else if (e.name === 'home') s.values[field.name] = min;
  else if (e.name === 'end') s.values[field.name] = max;
  else if (e.name === 'enter') commit(s, field, now);
}

function searchUpdate(s: FormState, field: AnyField, family: Family, e: InputEvent) {
  const w = s.widget!;
  const items = w.remote && !w.remote.loading ? w.remote.items : [];
  if (e.type === 'key' && (e.name === 'up' || e.name === 'down')) {
    if (items.length) w.cursor = (w.cursor + (e.name === 'up' ? -1 : 1) + items.length) % items.length;
    return;
  }
  if (e.type === 'key' && e.name === 'enter') {
    const item = items[w.cursor];
    if (family === 'search') {
      if (item) return commit(s, field, item.value, item.label);
      if (w.editor.text === '') return commit(s, field, s.values[field.name], s.labels[field.name]);
      return;
    }
    if (item && w.editor.text !== '') {
      const labels = (s.labels[field.name] as string[] | undefined) ?? [];
      const at = w.picked.indexOf(item.value);
      if (at >= 0) {
        w.picked.splice(at, 1);
        labels.splice(at, 1);
      } else {
        w.picked.push(item.value);
        labels.push(item.label);
      }
      s.labels[field.name] = labels;
      s.error = null;
      return;
    }
    return commit(s, field, [...w.picked], s.labels[field.name] ?? []);
  }
  if (
    family === 'multisearch' &&
    e.type === 'key' &&
    e.name === 'backspace' &&
    w.editor.text === '' &&
    w.picked.length
  ) {
    w.picked.pop();
    (s.labels[field.name] as string[] | undefined)?.pop();
    return;
  }
  const action = editorUpdate(w.editor, e, { multiline: false });
  if (action.kind === 'edit' && action.state.text !== w.editor.text) {
    w.editor = action.state;
    w.cursor = 0;
    scheduleSearch(s, field);
  } else if (action.kind === 'edit') w.editor = action.state;
}

function reviewUpdate(s: FormState, e: InputEvent) {
  const count = s.steps.length + 2; // fields, submit, cancel
  if (e.type !== 'key') return;
  if (e.name === 'up') s.reviewCursor = (s.reviewCursor - 1 + count) % count;
  else if (e.name === 'down' || e.name === 'tab') s.reviewCursor = (s.reviewCursor + 1) % count;
  else if (e.name === 'escape') cancel(s);
  else if (e.name === 'enter') {
    if (s.reviewCursor === s.steps.length + 1) return cancel(s);
    if (s.reviewCursor < s.steps.length) {
      s.revising = true;
      return go(s, s.reviewCursor);
    }
    const check = validateAnswers(s.schema, s.values, { locale: s.locale, now: s.opts.now });
    if (!check.ok) {
      const first = s.steps.findIndex((i) => (s.schema.fields[i] as AnyField).name in check.errors);
      s.revising = true;
      go(s, first);
      s.error = check.errors[(s.schema.fields[s.steps[first]!] as AnyField).name] ?? null;
      return;
    }
    s.result = check.values;
    s.status = 'submitted';
  }
}
