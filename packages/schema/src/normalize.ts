// Forgiveness where the intent is unambiguous: before a form is checked, what a model clearly meant but
// wrote another way is rewritten to the vocabulary (options as plain strings, `minDate: "tomorrow"`,
// `maxSize: "10MB"`, `Text` for `text`, `url` for `searchUrl`, `rows: 100`...), and each rewrite is a
// note (an Issue of severity `normalized`) that tells the model what was read and how to write it.
// Every surface checks through validateFormSchema, so every surface reads a form the same way.
// The input is never changed: what differs is a copy.
import { FORM_ALIASES, meantProperty, PROPERTY_ALIASES, typeOfSpelling } from './aliases.js';
import { FIELD_CATALOG, type FieldType, FORM_PROPS, isFieldType, type PropSpec } from './catalog.js';
import type { ModelRepairs, Sentences } from './check-parts.js';
import { isIsoDate, isoDateTimeOf, isoFormsOf } from './dates.js';
import { isPlainObject } from './json-depth.js';
import type { Where } from './schema-messages.js';
import type { Issue } from './types.js';
import { formLocale } from './words.js';

type Say = Sentences;
type Obj = Record<string, unknown>;

export interface NormalizeContext {
  say: Say;
  /** Parts nested too deep (reported by the checker): left exactly as they are. */
  skip: (index: number | null, prop: string) => boolean;
  /** The first-call repairs (check-parts.ts): with them, a lookahead password rule is split into checks. */
  repairs?: ModelRepairs;
}

/** Properties whose out-of-range values are display choices, held to the range rather than refused. */
const CLAMPED = new Set(['rows', 'level']);
const FORM_KEYS = Object.keys(FORM_PROPS);
/** Every property name of every type: one of them on the wrong type is no typo. */
const EVERY_PROP = new Set(Object.values(FIELD_CATALOG).flatMap((spec) => Object.keys(spec.props)));
const SINGLE_TO_MULTIPLE: Partial<Record<FieldType, FieldType>> = {
  select: 'multiselect',
  radio: 'multiselect',
  autocomplete: 'multi-autocomplete',
};
const LOCALES: Readonly<Record<string, 'ja' | 'en'>> = {
  en: 'en',
  english: 'en',
  ja: 'ja',
  jp: 'ja',
  japanese: 'ja',
  日本語: 'ja',
};

/**
 * A copy-on-write object: the first change copies it (keeping key order; a rename keeps the key's
 * place), so an input that needs nothing is returned as it is. A class, not closures: one per field.
 */
class Writable {
  private current: Obj;
  private readonly original: Obj;
  constructor(original: Obj) {
    this.original = original;
    this.current = original;
  }
  get(): Obj {
    return this.current;
  }
  set(key: string, value: unknown): void {
    if (this.current === this.original) this.current = { ...this.original };
    this.current[key] = value;
  }
  remove(key: string): void {
    if (this.current === this.original) this.current = { ...this.original };
    delete this.current[key];
  }
  rename(from: string, to: string): void {
    this.current = Object.fromEntries(Object.entries(this.current).map(([k, v]) => [k === from ? to : k, v]));
  }
}

/** The form as the checker should read it, and the notes saying what was read differently. */
export function normalizeForm(input: Obj, ctx: NormalizeContext): { form: Obj; notes: Issue[] } {
  const { say } = ctx;
  const notes: Issue[] = [];
  const form = new Writable(input);
  for (const key of Object.keys(input)) {
    if (Object.hasOwn(FORM_PROPS, key) || ctx.skip(null, key)) continue;
    const meant = meantProperty(key, FORM_KEYS, FORM_ALIASES, EVERY_PROP);
    if (!meant || form.get()[meant] !== undefined) continue;
    form.rename(key, meant);
    notes.push(note('renamed', meant, say.renamed(null, key, meant), { property: meant }));
  }
  const locale = form.get().locale;
  if (typeof locale === 'string' && locale !== 'ja' && locale !== 'en') {
    const meant = LOCALES[locale.toLowerCase().split(/[-_]/)[0]!];
    if (meant) {
      form.set('locale', meant);
      notes.push(note('readAs', 'locale', say.readAs(null, 'locale', locale, meant), { property: 'locale' }));
    }
  }
  const fields = form.get().fields;
  if (Array.isArray(fields) && !ctx.skip(null, 'fields')) {
    let changed: unknown[] | undefined;
    fields.forEach((field, index) => {
      if (!isPlainObject(field) || ctx.skip(index, '')) return;
      const out = normalizeField(field, index, ctx, notes);
      if (out !== field) {
        changed ??= [...fields];
        changed[index] = out;
      }
    });
    if (changed) form.set('fields', changed);
  }
  // A form that names no language is shown in the language of its words (seed 000's Japanese when they
  // say nothing): written into the form read, so every surface and host shows the same.
  if (form.get().locale === undefined && formLocale(form.get()) === 'en') form.set('locale', 'en');
  return { form: form.get(), notes };
}

function note(code: string, path: string, message: string, extra: Partial<Issue> = {}): Issue {
  return { severity: 'normalized', code, path, message, ...extra };
}

function normalizeField(field: Obj, index: number, ctx: NormalizeContext, notes: Issue[]): Obj {
  const { say } = ctx;
  const f = new Writable(field);
  const base = `fields[${index}]`;
  const given = field.type;
  let type: FieldType;
  if (isFieldType(given)) type = given;
  else {
    const meant = typeof given === 'string' ? typeOfSpelling(given) : undefined;
    if (!meant) return field;
    f.set('type', meant);
    notes.push(
      note('typeSpelling', `${base}.type`, say.readAs({ index }, 'type', given, meant), {
        index,
        fieldType: meant,
        property: 'type',
      }),
    );
    type = meant;
  }
  const multiple = SINGLE_TO_MULTIPLE[type];
  if (multiple && f.get().multiple === true) {
    const where: Where = { index, type };
    f.set('type', multiple);
    f.remove('multiple');
    const initial = f.get().default;
    if (initial !== undefined && !Array.isArray(initial)) f.set('default', [initial]);
    notes.push(
      note('multipleToType', `${base}.type`, say.multipleToType(where, multiple), {
        index,
        fieldType: multiple,
        property: 'type',
      }),
    );
    type = multiple;
  }
  const where: Where = { index, type };
  const props = FIELD_CATALOG[type].props as Record<string, PropSpec>;
  const known = Object.keys(props);
  for (const key of Object.keys(f.get())) {
    if (key === 'type' || Object.hasOwn(props, key) || ctx.skip(index, key)) continue;
    const meant = meantProperty(key, known, PROPERTY_ALIASES, EVERY_PROP);
    if (!meant || f.get()[meant] !== undefined) continue;
    f.rename(key, meant);
    notes.push(
      note('renamed', `${base}.${meant}`, say.renamed(where, key, meant), {
        index,
        fieldType: type,
        property: meant,
      }),
    );
  }
  for (const prop of Object.keys(f.get())) {
    const spec = Object.hasOwn(props, prop) ? props[prop]! : undefined;
    const value = f.get()[prop];
    if (!spec || value === undefined || ctx.skip(index, prop)) continue;
    const read = readValue(prop, spec, value) ?? readDateTime(type, prop, value);
    if (read === undefined) continue;
    f.set(prop, read.value);
    const message =
      read.code === 'clamped'
        ? say.clamped(where, prop, value as number, read.value as number)
        : read.code === 'optionsShape'
          ? say.optionsRead(where, ...firstChange(value, read.value as unknown[]))
          : say.readAs(where, prop, value, read.value);
    notes.push(note(read.code, `${base}.${prop}`, message, { index, fieldType: type, property: prop }));
  }
  moveQueryParams(f, where, base, notes, ctx);
  splitLookaheads(f, where, base, notes, ctx);
  defaultFromOptions(f, where, base, notes, ctx);
  defaultFromLabel(f, where, base, notes, ctx);
  return f.get();
}

/** What a property's value clearly means, when written another way; undefined when it stands as is. */
function readValue(
  prop: string,
  spec: PropSpec,
  value: unknown,
): { value: unknown; code: string } | undefined {
  switch (spec.kind) {
    case 'number':
    case 'integer': {
      let number = value;
      let code = 'numberFromString';
      if (typeof value === 'string') {
        number = prop === 'maxSize' ? sizeInBytes(value) : numberOf(value);
        if (number === undefined) return undefined;
        if (prop === 'maxSize' && !/^\s*\d+\s*$/.test(value)) code = 'sizeFromUnits';
      }
      if (typeof number !== 'number') return undefined;
      if (CLAMPED.has(prop) && Number.isInteger(number)) {
        const held = Math.min(spec.max ?? number, Math.max(spec.min ?? number, number));
        if (held !== number) return { value: held, code: 'clamped' };
      }
      return number === value ? undefined : { value: number, code };
    }
    case 'boolean':
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
        return { value: value.trim().toLowerCase() === 'true', code: 'booleanFromString' };
      return undefined;
    case 'string[]':
      return typeof value === 'string' ? { value: [value], code: 'listFromString' } : undefined;
    case 'options': {
      const options = optionsOf(value);
      return options ? { value: options, code: 'optionsShape' } : undefined;
    }
    case 'dateExpr': {
      const date = typeof value === 'string' ? dateExprOf(value) : undefined;
      return date === undefined ? undefined : { value: date, code: 'dateExpr' };
    }
    case 'pattern': {
      // `/^...$/` can never match as written (nothing comes before the start): the slashes are a
      // literal's. A literal with flags is refused by the checker (the flags cannot be kept).
      const literal = typeof value === 'string' ? /^\/(.+)\/$/s.exec(value) : null;
      if (literal && (literal[1]!.startsWith('^') || literal[1]!.endsWith('$')))
        return { value: literal[1], code: 'patternSlashes' };
      return undefined;
    }
    default:
      return prop === 'accept' ? acceptOf(value) : undefined;
  }
}

/** A datetime's default written another way (`2026/12/01 10:00`), as the answer holds it. */
function readDateTime(
  type: FieldType,
  prop: string,
  value: unknown,
): { value: unknown; code: string } | undefined {
  if (type !== 'datetime' || prop !== 'default' || typeof value !== 'string') return undefined;
  const read = isoDateTimeOf(value);
  return read === undefined ? undefined : { value: read, code: 'dateExpr' };
}

/** The first option as written and as read, to show the model the shape it should write. */
function firstChange(given: unknown, read: unknown[]): [unknown, unknown] {
  if (!Array.isArray(given)) {
    const [key, label] = Object.entries(given as Obj)[0]!;
    return [{ [key]: label }, read[0]];
  }
  const i = given.findIndex((option, j) => option !== read[j]);
  return [given[i], read[i]];
}

function numberOf(text: string): number | undefined {
  return /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : undefined;
}

/** "10MB", "1.5 GiB", "500 kb", "2048" as bytes (binary units, as the seed's 10485760 for 10 MB). */
export function sizeInBytes(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|bytes?|[kmg]i?b?)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = (m[2] ?? 'b').toLowerCase()[0]!;
  return Math.round(Number(m[1]) * 1024 ** (unit === 'b' ? 0 : 'kmg'.indexOf(unit) + 1));
}

/**
 * Options written as strings or numbers, as pairs with a value or a label missing or not a string, or
 * as a value -> label map: as {value, label} pairs (other keys of an option are kept). Undefined when
 * they stand as they are. An option that means nothing clear is left as written (the checker says so).
 */
function optionsOf(value: unknown): unknown[] | undefined {
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    // Keys that look like array indexes are reordered by JavaScript: their order is not the model's.
    if (entries.length === 0 || entries.some(([k, v]) => /^\d+$/.test(k) || !isScalar(v))) return undefined;
    return entries.map(([k, v]) => ({ value: k, label: String(v) }));
  }
  if (!Array.isArray(value)) return undefined;
  let changed = false;
  const out: unknown[] = [];
  for (const option of value) {
    if (isScalar(option)) {
      out.push({ value: String(option), label: String(option) });
      changed = true;
    } else if (isPlainObject(option)) {
      if (typeof option.value === 'string' && typeof option.label === 'string') {
        out.push(option);
        continue;
      }
      // Other libraries' keys (SurveyJS and Select2 {value, text}, {id, name}, {key, title}) when the
      // option has neither of ours: each read only when it is the option's one key of its kind.
      const valueKey = keyOf(option, 'value', VALUE_KEYS);
      const labelKey = keyOf(option, 'label', LABEL_KEYS);
      const v = valueKey && isScalar(option[valueKey]) ? String(option[valueKey]) : undefined;
      const l = labelKey && isScalar(option[labelKey]) ? String(option[labelKey]) : undefined;
      const unclear =
        valueKey === null ||
        labelKey === null ||
        (valueKey !== undefined && v === undefined) ||
        (labelKey !== undefined && l === undefined) ||
        (v === undefined && l === undefined);
      if (unclear) out.push(option);
      else {
        const rest = Object.fromEntries(
          Object.entries(option).filter(([k]) => k !== valueKey && k !== labelKey),
        );
        out.push({ value: v ?? l!, label: l ?? v!, ...rest });
        changed = true;
      }
    } else out.push(option);
  }
  return changed ? out : undefined;
}

const VALUE_KEYS = ['id', 'key', 'code', 'const'];
const LABEL_KEYS = ['text', 'title', 'name', 'display', 'displayName'];

/**
 * The key an option's value (or label) is under: `own` when present, else the one of `others` present;
 * undefined when none is, null when several are (which one is meant is unclear).
 */
function keyOf(option: Obj, own: string, others: readonly string[]): string | null | undefined {
  if (option[own] !== undefined) return own;
  const present = others.filter((k) => option[k] !== undefined);
  return present.length === 1 ? present[0] : present.length === 0 ? undefined : null;
}

function isScalar(value: unknown): value is string | number | boolean {
  return (
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean'
  );
}

const WORDS: Readonly<Record<string, string>> = {
  today: 'today',
  tomorrow: '+1days',
  yesterday: '-1days',
  now: 'today',
  今日: 'today',
  本日: 'today',
  きょう: 'today',
  明日: '+1days',
  あした: '+1days',
  昨日: '-1days',
};
const ISO_DATETIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/** A date bound written another way, in the vocabulary's words; undefined when it stands as is. */
function dateExprOf(text: string): string | undefined {
  const t = text.trim().toLowerCase();
  if (Object.hasOwn(WORDS, t)) return WORDS[t] === text ? undefined : WORDS[t];
  const rel =
    /^([+-]?)(\d{1,5})\s*(d|days?|w|weeks?)$/.exec(t) ?? /^in\s+(\d{1,5})\s*(days?|weeks?)$/.exec(t);
  if (rel) {
    const [sign, count, unit] =
      rel.length === 4 ? [rel[1] || '+', rel[2]!, rel[3]!] : ['+', rel[1]!, rel[2]!];
    const days = Number(count) * (unit.startsWith('w') ? 7 : 1);
    const canonical = `${sign}${days}days`;
    return canonical === text ? undefined : canonical;
  }
  const stamp = ISO_DATETIME.exec(text.trim());
  if (stamp) return isIsoDate(stamp[1]!) ? stamp[1] : undefined;
  // 2026/12/01, 2026年12月1日, 12/25/2026: read only when it means one day (checker: both forms in the fix).
  const forms = isoFormsOf(text);
  return forms.length === 1 && forms[0] !== text ? forms[0] : undefined;
}

/** `accept` as a list, or with `*.pdf` globs: the comma-separated string the vocabulary takes. */
function acceptOf(value: unknown): { value: unknown; code: string } | undefined {
  const list = Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
  const text = list ? list.join(',') : typeof value === 'string' ? value : undefined;
  if (text === undefined) return undefined;
  const fixed = text
    .split(',')
    .map((token) => token.trim().replace(/^\*(?=\.[^.*/]+$)/, ''))
    .join(',');
  return fixed === value ? undefined : { value: fixed, code: 'acceptShape' };
}

/**
 * `searchUrl: "/api/users?q={query}&limit=10"`: the parameters that carry `{query}` move to
 * searchParams, where they are filled (the rest of the URL stays as written).
 */
function moveQueryParams(
  f: Writable,
  where: Where,
  base: string,
  notes: Issue[],
  ctx: NormalizeContext,
): void {
  const field = f.get();
  const url = field.searchUrl;
  const type = field.type as FieldType;
  if (typeof url !== 'string' || !Object.hasOwn(FIELD_CATALOG[type].props, 'searchParams')) return;
  const q = url.indexOf('?');
  if (q === -1 || !url.slice(q).includes('{query}')) return;
  if (field.searchParams !== undefined && !isPlainObject(field.searchParams)) return;
  const hash = url.indexOf('#', q);
  const query = new URLSearchParams(url.slice(q + 1, hash === -1 ? undefined : hash));
  const params: Record<string, unknown> = { ...((field.searchParams as Obj | undefined) ?? {}) };
  const kept = new URLSearchParams();
  const moved: Record<string, string> = {};
  for (const [key, value] of query) {
    if (value.includes('{query}') && !Object.hasOwn(params, key)) {
      params[key] = value;
      moved[key] = value;
    } else kept.append(key, value);
  }
  if (Object.keys(moved).length === 0) return;
  const rest = kept.toString();
  const newUrl = `${url.slice(0, q)}${rest ? `?${rest}` : ''}`;
  f.set('searchUrl', newUrl);
  f.set('searchParams', params);
  notes.push(
    note('queryInUrl', `${base}.searchUrl`, ctx.say.queryInUrl(where, url, newUrl, moved), {
      index: where!.index,
      fieldType: type,
      property: 'searchUrl',
    }),
  );
}

/**
 * A password rule written with lookaheads on a text field (`^(?=.*[A-Z])(?=.*\d).{8,}$`): the checks it
 * means (lookahead-rule.ts), when the engine can run them all; a length already written stays if it is
 * stricter. A rule that cannot be split stays as written (the checker refuses it and says how).
 */
function splitLookaheads(
  f: Writable,
  where: Where,
  base: string,
  notes: Issue[],
  ctx: NormalizeContext,
): void {
  const field = f.get();
  const given = field.pattern;
  if (typeof given !== 'string' || field.type !== 'text' || ctx.skip(where!.index, 'pattern')) return;
  const rule = ctx.repairs?.splitLookaheadRule(given, true);
  if (rule?.kind !== 'split') return;
  if (rule.pattern === undefined) f.remove('pattern');
  else f.set('pattern', rule.pattern);
  const min = field.minLength;
  const max = field.maxLength;
  if (rule.minLength !== undefined && !(typeof min === 'number' && min >= rule.minLength))
    f.set('minLength', rule.minLength);
  if (rule.maxLength !== undefined && !(typeof max === 'number' && max <= rule.maxLength))
    f.set('maxLength', rule.maxLength);
  notes.push(
    note('lookaheadSplit', `${base}.pattern`, ctx.say.lookaheadSplit(where, given, rule), {
      index: where!.index,
      fieldType: 'text',
      property: 'pattern',
    }),
  );
}

/** The flags other libraries put on an option to mark it chosen at first (HTML's selected, checked). */
const CHOSEN_FLAGS = ['selected', 'checked', 'default', 'isDefault'];

/**
 * Options marked chosen at first (`{"value": "b", "label": "B", "selected": true}`) when the field has
 * no default: the default is their value (a list for a multiselect), the flags are dropped.
 */
function defaultFromOptions(
  f: Writable,
  where: Where,
  base: string,
  notes: Issue[],
  ctx: NormalizeContext,
): void {
  const field = f.get();
  const type = field.type as FieldType;
  const props = FIELD_CATALOG[type].props as Record<string, PropSpec>;
  if (!Array.isArray(field.options) || !Object.hasOwn(props, 'default') || field.default !== undefined)
    return;
  const marked = (o: unknown) => isPlainObject(o) && CHOSEN_FLAGS.some((k) => o[k] === true);
  const chosen = field.options.filter(marked) as Obj[];
  if (chosen.length === 0 || chosen.some((o) => typeof o.value !== 'string')) return;
  const several = props.default!.kind === 'string[]';
  if (!several && chosen.length > 1) return;
  const flag = CHOSEN_FLAGS.find((k) => chosen[0]![k] === true)!;
  f.set(
    'options',
    field.options.map((o) =>
      marked(o) ? Object.fromEntries(Object.entries(o as Obj).filter(([k]) => !CHOSEN_FLAGS.includes(k))) : o,
    ),
  );
  const initial = several ? chosen.map((o) => o.value) : chosen[0]!.value;
  f.set('default', initial);
  notes.push(
    note('defaultFromOption', `${base}.default`, ctx.say.defaultFromOption(where, flag, initial), {
      index: where!.index,
      fieldType: type,
      property: 'default',
    }),
  );
}

type Pair = { value?: unknown; label?: unknown };

/** The value of the one option labelled `given` when no option has it as its value; else `given`. */
function valueOfLabel(pairs: Pair[], given: unknown): unknown {
  if (typeof given !== 'string' || pairs.some((o) => o.value === given)) return given;
  const byLabel = pairs.filter((o) => o.label === given);
  return byLabel.length === 1 && typeof byLabel[0]!.value === 'string' ? byLabel[0]!.value : given;
}

/** A choice's default written as its label (`"Python"`) means that option's value (`"py"`). */
function defaultFromLabel(
  f: Writable,
  where: Where,
  base: string,
  notes: Issue[],
  ctx: NormalizeContext,
): void {
  const field = f.get();
  const options = field.options;
  const initial = field.default;
  if (!Array.isArray(options) || initial === undefined) return;
  const pairs = options.filter(isPlainObject) as Pair[];
  const read = Array.isArray(initial)
    ? initial.map((given) => valueOfLabel(pairs, given))
    : valueOfLabel(pairs, initial);
  const same = Array.isArray(initial)
    ? initial.every((v, i) => v === (read as unknown[])[i])
    : read === initial;
  if (same) return;
  f.set('default', read);
  notes.push(
    note('defaultFromLabel', `${base}.default`, ctx.say.readAs(where, 'default', initial, read), {
      index: where!.index,
      fieldType: field.type as string,
      property: 'default',
    }),
  );
}
