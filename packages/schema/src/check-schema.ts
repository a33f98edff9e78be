// The schema check: every defect of a form at once, in seed 000's wording, each with its fix. Never
// throws, whatever it is given. The sentences, the reader of what a model meant and the pattern engine
// come in as parts (check-parts.ts): validate.ts passes all of them (validateFormSchema), a page its own.
import { checkField as checkAnswer } from './answers.js';
import {
  FIELD_CATALOG,
  FIELD_TYPES,
  type FieldType,
  FORM_PROPS,
  isFieldType,
  type PropSpec,
} from './catalog.js';
import type { CheckParts, Sentences } from './check-parts.js';
import { resolveDateBound } from './dates.js';
import { dateBounds, defaultValue, fieldProp } from './field-facts.js';
import { isPlainObject, MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import type { Where } from './schema-messages.js';
import type { FormField, FormSchema, Issue, Locale } from './types.js';
import { formLocale } from './words.js';

export type { Issue } from './types.js';

export interface SchemaResult {
  ok: boolean;
  /**
   * The form as read, when there are no errors: the input itself, or a copy with what was normalised
   * (each change is an Issue of severity `normalized` in `warnings`) and, for a form whose words are
   * English and that names no locale, `locale: "en"`.
   */
  schema?: FormSchema;
  errors: Issue[];
  /** Warnings, and the notes of what was normalised (severity `normalized`), in the form's order. */
  warnings: Issue[];
  /** The language of the messages: the option, else the form's own (`locale`, else its words'). */
  locale: Locale;
}

const TYPE_LIST = FIELD_TYPES.join(', ');
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
const BOUND_PAIRS = [
  ['min', 'max'],
  ['minLength', 'maxLength'],
  ['minSelect', 'maxSelect'],
] as const;

/** The required properties of each type, listed once rather than on every field of every form. */
const REQUIRED = Object.fromEntries(
  Object.entries(FIELD_CATALOG).map(([type, spec]) => [
    type,
    (Object.entries(spec.props) as [string, PropSpec][]).filter(([, p]) => p.required),
  ]),
) as Record<FieldType, [string, PropSpec][]>;

/** `/source/flags`: a JavaScript regex literal, whose flags a pattern cannot carry. */
const REGEX_LITERAL = /^\/.+\/[dgimsuyv]+$/s;

/** An `accept` entry that is neither an extension (`.pdf`) nor a MIME type (`image/*`) matches no file. */
const isBadAccept = (accept: string) =>
  accept.split(',').some((token) => /^[^.\s]/.test(token.trim()) && !token.includes('/'));

/** True when `value` has the kind a property spec asks for. */
function hasKind(spec: PropSpec, value: unknown): boolean {
  switch (spec.kind) {
    case 'string':
    case 'url':
    case 'pattern':
    case 'dateExpr':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string[]':
      return Array.isArray(value) && value.every((s) => typeof s === 'string');
    case 'options':
      return Array.isArray(value);
    case 'params':
      return (
        isPlainObject(value) &&
        Object.values(value).every((v) => ['string', 'number', 'boolean'].includes(typeof v))
      );
    case 'any':
      return value !== undefined;
  }
}

export interface SchemaCheckOptions {
  locale?: Locale;
  now?: Date;
  utcOffset?: number;
  /**
   * A searchUrl / loadUrl at a link-local, cloud-metadata (169.254.169.254) or private address is a
   * warning (`privateUrl`) unless this is true (an intranet deployment that means it says so) or a
   * list that holds the URL (a server's configured endpoints).
   */
  allowPrivateUrls?: boolean | readonly string[];
}

/**
 * Checks a form definition against the vocabulary. Returns every error and warning (unknown
 * properties are warnings: ignored, not fatal) with messages in `locale` (Japanese by default).
 */
export function checkFormSchema(
  given: unknown,
  options: SchemaCheckOptions,
  parts: CheckParts,
): SchemaResult {
  const locale: Locale =
    options.locale === 'en' || options.locale === 'ja' ? options.locale : (formLocale(given) ?? 'ja');
  const say = parts.sentences(locale);
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const add = (
    severity: Issue['severity'],
    code: string,
    path: string,
    message: string,
    extra: Partial<Issue> = {},
  ) => (severity === 'error' ? errors : warnings).push({ severity, code, path, message, ...extra });
  /** An error (or warning) at a top-level property. */
  const top = (code: string, prop: string, message: string, severity: Issue['severity'] = 'error') =>
    add(severity, code, prop, message, { property: prop });

  if (!isPlainObject(given)) {
    add('error', 'notObject', '', say.notObject(given));
    return { ok: false, errors, warnings, locale };
  }
  const raw = given;
  // Before anything walks or prints the input (thousands of levels would overflow the stack), each part
  // that nests too deep is reported where it is and left out; the rest of the form is still checked.
  const deep = tooDeepParts(raw);
  for (const [index, prop] of deep) {
    const field = index === null ? null : (raw.fields as unknown[])[index];
    const where: Where =
      index === null
        ? null
        : { index, type: isPlainObject(field) && isFieldType(field.type) ? field.type : undefined };
    const path = index === null ? prop : prop ? `fields[${index}].${prop}` : `fields[${index}]`;
    add('error', 'tooDeep', path, say.tooDeep(where, prop, MAX_JSON_DEPTH), {
      ...(index === null ? {} : { index, fieldType: where?.type }),
      ...(prop ? { property: prop } : {}),
    });
  }
  const skip = (index: number | null, prop: string) =>
    deep.some(([i, p]) => i === index && (p === prop || p === ''));
  const normalized = parts.read?.(raw, { say, skip });
  if (normalized) warnings.push(...normalized.notes);
  const input = normalized?.form ?? raw;

  // Top level.
  for (const [prop, spec] of Object.entries(FORM_PROPS) as [string, PropSpec][]) {
    const value = input[prop];
    if (prop === 'fields' || skip(null, prop)) continue;
    if (value === undefined || (prop === 'title' && value === '')) {
      if (spec.required) top('missingTitle', prop, say.missingTitle());
    } else if (prop === 'locale') {
      if (value !== 'ja' && value !== 'en') top('badLocale', prop, say.badLocale(value));
    } else if (!hasKind(spec, value)) {
      top('wrongKind', prop, say.wrongKind(null, prop, spec.kind, value));
    }
  }
  for (const prop of Object.keys(input)) {
    if (!Object.hasOwn(FORM_PROPS, prop)) {
      top(
        'unknownProperty',
        prop,
        say.unknownProp(null, prop, Object.keys(FORM_PROPS), input[prop]),
        'warning',
      );
    }
  }

  const fields = input.fields;
  if (fields === undefined) top('missingFields', 'fields', say.missingFields());
  else if (skip(null, 'fields')) {
    // reported above
  } else if (!Array.isArray(fields)) top('fieldsNotArray', 'fields', say.fieldsNotArray(fields));
  else if (fields.length === 0) top('fieldsEmpty', 'fields', say.fieldsEmpty());
  else {
    const names = new Map<string, number>();
    const ctx: Ctx = {
      add,
      say,
      parts,
      locale,
      now: options.now,
      utcOffset: options.utcOffset,
      allowPrivateUrls: options.allowPrivateUrls ?? false,
      patterns: { size: 0, length: 0 },
    };
    fields.forEach((field, index) => {
      if (skip(index, '')) return;
      const deepProps = new Set(deep.filter(([i]) => i === index).map(([, p]) => p));
      checkField(field, index, names, fields, { ...ctx, deepProps });
    });
  }

  const ok = errors.length === 0;
  return { ok, schema: ok ? (input as unknown as FormSchema) : undefined, errors, warnings, locale };
}

/** Adds an error (or warning) at a property of the field being checked. */
type At = (code: string, prop: string, message: string, severity?: Issue['severity']) => void;

interface Ctx {
  add: (
    severity: Issue['severity'],
    code: string,
    path: string,
    message: string,
    extra?: Partial<Issue>,
  ) => void;
  say: Sentences;
  parts: CheckParts;
  locale: Locale;
  now?: Date;
  utcOffset?: number;
  allowPrivateUrls: boolean | readonly string[];
  /** The total size and length of the form's patterns so far. */
  patterns: { size: number; length: number };
  /** Properties of this field nested too deep: reported already, not looked into. */
  deepProps?: Set<string>;
}

function checkField(
  field: unknown,
  index: number,
  names: Map<string, number>,
  all: unknown[],
  ctx: Ctx,
): void {
  const { add, say } = ctx;
  if (!isPlainObject(field)) {
    add('error', 'fieldNotObject', `fields[${index}]`, say.fieldNotObject({ index }, field), { index });
    return;
  }
  const type = field.type;
  if (type === undefined) {
    add('error', 'missingType', `fields[${index}].type`, say.missingType({ index }, TYPE_LIST), {
      index,
      property: 'type',
    });
    return;
  }
  if (!isFieldType(type)) {
    add('error', 'invalidType', `fields[${index}].type`, say.invalidType({ index }, type, TYPE_LIST), {
      index,
      property: 'type',
    });
    return;
  }
  const where: Where = { index, type };
  /** An error (or warning) at this field's property. */
  const at = (code: string, prop: string, message: string, severity: Issue['severity'] = 'error') =>
    add(severity, code, `fields[${index}].${prop}`, message, { index, fieldType: type, property: prop });
  const props = FIELD_CATALOG[type].props as Record<string, PropSpec>;
  let sound = true; // every property has the right kind, so the cross-property checks can run

  // Required properties first, then each property the field has (usually a few of the type's many).
  for (const [prop, spec] of REQUIRED[type]) {
    const value = field[prop];
    if (value === undefined || (prop === 'name' && value === '')) {
      sound = false;
      if (prop === 'name') at('missingName', prop, say.missingName(where));
      else at('missingProperty', prop, say.missingProp(where, prop, spec.kind));
    }
  }
  for (const prop of Object.keys(field)) {
    if (prop === 'type') continue;
    if (ctx.deepProps?.has(prop)) {
      sound = false;
      continue;
    }
    if (!Object.hasOwn(props, prop)) {
      at('unknownProperty', prop, say.unknownProp(where, prop, Object.keys(props), field[prop]), 'warning');
      continue;
    }
    const spec = props[prop]!;
    const value = field[prop];
    if (value === undefined || (prop === 'name' && value === '')) continue;
    if (!hasKind(spec, value)) {
      sound = false;
      at('wrongKind', prop, say.wrongKind(where, prop, spec.kind, value));
      continue;
    }
    if (typeof value === 'number' && (spec.min !== undefined || spec.max !== undefined)) {
      if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) {
        sound = false;
        at('outOfRange', prop, say.outOfRange(where, prop, spec.kind, spec.min, spec.max, value));
      }
    }
    if (spec.positive && typeof value === 'number' && value <= 0) {
      sound = false;
      at('outOfRange', prop, say.notPositive(where, prop, value));
    }
    // A value of the right kind that still cannot work for the person: refused, each with its fix.
    const text = value as string;
    const broken =
      spec.kind === 'url' && !ctx.parts.remoteUrl(text)
        ? 'badUrl'
        : spec.kind === 'url' && /[{}]|%7B/i.test(text)
          ? 'placeholderInUrl' // `{query}` in a URL is sent as written (…/%7Bquery%7D/…)
          : spec.kind === 'dateExpr' && resolveDateBound(text) === null
            ? 'badDateExpr'
            : prop === 'accept' && isBadAccept(text)
              ? 'badAccept' // every file would be refused
              : spec.kind === 'pattern' && REGEX_LITERAL.test(text)
                ? 'regexLiteral' // nothing would ever match
                : undefined;
    if (broken) {
      sound = false;
      at(broken, prop, say[broken](where, prop, text));
      continue;
    }
    const allowed = ctx.allowPrivateUrls === true || (ctx.allowPrivateUrls || []).includes(text);
    const risky = spec.kind === 'url' && !allowed ? ctx.parts.riskyAddress?.(text) : undefined;
    if (risky) at('privateUrl', prop, say.privateUrl(where, prop, text, risky), 'warning');
    if (spec.kind === 'pattern') sound = checkFieldPattern(text, where, ctx, at) && sound;
    if (spec.kind === 'options') sound = checkOptions(value as unknown[], where, ctx, at) && sound;
  }
  // Names: unique, and not ones that would corrupt the answers object.
  const name = field.name;
  if (typeof name === 'string' && name !== '' && Object.hasOwn(props, 'name')) {
    if (RESERVED_NAMES.has(name)) {
      at('reservedName', 'name', say.reservedName(where, name));
    } else if (names.has(name)) {
      at('duplicateName', 'name', say.duplicateName(where, name, names.get(name)!));
    } else names.set(name, index);
  }

  if (typeof field.dependsOn === 'string' && type === 'cascading-select') {
    const target = field.dependsOn;
    const targetIndex = all.findIndex((f) => isPlainObject(f) && f.name === target);
    if (targetIndex === -1) {
      at('dependsOnMissing', 'dependsOn', say.dependsOnMissing(where, target));
    } else if (targetIndex >= index) {
      at('dependsOnLater', 'dependsOn', say.dependsOnLater(where, target, targetIndex));
    }
  }

  if (!sound) return;
  for (const [lo, hi] of BOUND_PAIRS) {
    // With the catalog defaults (range: 0..100), so `"min": 150` alone is caught too.
    const min = fieldProp(field as FormField, lo);
    const max = fieldProp(field as FormField, hi);
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      at('minAboveMax', field[lo] !== undefined ? lo : hi, say.minAboveMax(where, lo, hi, min, max));
    }
  }
  if (typeof field.minDate === 'string' && typeof field.maxDate === 'string') {
    const { min, max } = dateBounds(field as FormField, ctx);
    if (min && max && min > max) {
      at('minAboveMax', 'minDate', say.minAboveMax(where, 'minDate', 'maxDate', min, max));
    }
  }
  if (type === 'multiselect' && typeof field.minSelect === 'number') {
    const count = (field.options as unknown[]).length;
    if (field.minSelect > count) {
      at('minSelectAboveOptions', 'minSelect', say.minSelectAboveOptions(where, field.minSelect, count));
    }
  }
  if (isPlainObject(field.searchParams) && Object.keys(field.searchParams).length > 0) {
    if (!Object.values(field.searchParams).some((v) => String(v).includes('{query}'))) {
      at('noQueryParam', 'searchParams', say.noQueryParam(where), 'warning');
    }
  }
  checkDefault(field as FormField, where, ctx, at);
}

/** A field's pattern, and the form's running totals (many patterns in one form are bounded too). */
function checkFieldPattern(pattern: string, where: Where, ctx: Ctx, at: At): boolean {
  const { say, patterns } = ctx;
  const { checkPattern, patternSize, MAX_FORM_PATTERN_LENGTH, MAX_FORM_PATTERN_SIZE } = ctx.parts.patterns;
  const over = (what: 'size' | 'length', total: number, max: number) => {
    at('patternsTooBig', 'pattern', say.patternsTooBig(where, what, total, max));
    return false;
  };
  // Past a total, later patterns are not even parsed: the form is refused already.
  if (patterns.length > MAX_FORM_PATTERN_LENGTH || patterns.size > MAX_FORM_PATTERN_SIZE) return false;
  patterns.length += pattern.length;
  if (patterns.length > MAX_FORM_PATTERN_LENGTH)
    return over('length', patterns.length, MAX_FORM_PATTERN_LENGTH);
  const problem = checkPattern(pattern);
  if (problem) {
    at(
      problem.kind === 'syntax' ? 'badPattern' : 'unsafePattern',
      'pattern',
      say.badPattern(where, pattern, problem),
    );
    return false;
  }
  patterns.size += patternSize(pattern);
  if (patterns.size > MAX_FORM_PATTERN_SIZE) return over('size', patterns.size, MAX_FORM_PATTERN_SIZE);
  return true;
}

function checkOptions(options: unknown[], where: Where, ctx: Ctx, at: At): boolean {
  const { say } = ctx;
  if (options.length === 0) {
    at('emptyOptions', 'options', say.emptyOptions(where));
    return false;
  }
  let sound = true;
  const seen = new Map<string, number>();
  options.forEach((option, i) => {
    if (!isPlainObject(option) || typeof option.value !== 'string' || typeof option.label !== 'string') {
      sound = false;
      at('badOption', `options[${i}]`, say.badOption(where, i, option));
    } else if (seen.has(option.value)) {
      sound = false;
      at(
        'duplicateOption',
        `options[${i}].value`,
        say.duplicateOption(where, i, seen.get(option.value)!, option.value),
      );
    } else seen.set(option.value, i);
  });
  return sound;
}

/** A default must pass the field's own rules; remote choices can't be checked before they load. */
function checkDefault(field: FormField, where: Where, ctx: Ctx, at: At): void {
  const f = field as FormField & { default?: unknown };
  if (f.default === undefined || field.type === 'async-select' || field.type === 'checkbox') return;
  const clock = { now: ctx.now, utcOffset: ctx.utcOffset };
  const value = defaultValue(field, clock);
  const reason = checkAnswer(field, value, { locale: ctx.locale, ...clock }, ctx.parts);
  // An empty default of a required field is just "no default".
  if (
    reason &&
    !(typeof value === 'string' && value === '') &&
    !(Array.isArray(value) && value.length === 0)
  ) {
    at('badDefault', 'default', ctx.say.badDefault(where, f.default, reason));
  }
}

/**
 * The parts of a form that nest deeper than MAX_JSON_DEPTH counted from the form itself: a top-level
 * property (index null), a field that is no object (prop ''), or a field's property. Checked without
 * recursion, each part once, so the cost is linear in the form.
 */
function tooDeepParts(input: Record<string, unknown>): [number | null, string][] {
  const parts: [number | null, string][] = [];
  for (const [prop, value] of Object.entries(input)) {
    if (prop === 'fields' && Array.isArray(value)) {
      value.forEach((field, index) => {
        if (!isPlainObject(field)) {
          if (nestsDeeperThan(field, MAX_JSON_DEPTH - 2)) parts.push([index, '']);
          return;
        }
        for (const [key, inner] of Object.entries(field))
          if (nestsDeeperThan(inner, MAX_JSON_DEPTH - 3)) parts.push([index, key]);
      });
    } else if (nestsDeeperThan(value, MAX_JSON_DEPTH - 1)) parts.push([null, prop]);
  }
  return parts;
}

/** The text of a list of issues, one message per line (the tool's error text). */
export function formatIssues(issues: Issue[]): string {
  return issues.map((issue) => issue.message).join('\n');
}
