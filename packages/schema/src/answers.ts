// Answer validation: the renderer guide's checks and wording (seed 000), plus the checks a server
// needs when it must not trust the client (types, option membership, formats, date bounds, file
// size/type). Browser, terminal, server and host all run these rules, so every surface says the same
// thing. The words and the pattern engine come in as parts (check-parts.ts): validate.ts passes all of
// them (validateField, validateAnswers), a page its own.
import { FIELD_CATALOG, type FieldSpec, type FieldType, type ValueKind } from './catalog.js';
import type { AnswerParts } from './check-parts.js';
import { type Clock, dateBounds, fieldLabel, fieldProp, initialValue } from './field-facts.js';
import { ANSWER_FORMATS } from './formats.js';
import type { MessageKey } from './messages.js';
import type { Answers, FileValue, FormField, FormSchema, Locale } from './types.js';

/** The language of the messages, and the clock relative date bounds count from (field-facts.ts). */
export interface ValidateOptions extends Clock {
  locale?: Locale;
}

export interface AnswersResult {
  ok: boolean;
  /** The first message per invalid field, keyed by field name. */
  errors: Record<string, string>;
  /** The cleaned answer: schema order, unfilled optional fields left out, hidden values merged in. */
  values: Answers;
  /** Keys of the submitted answers that name no input field (dropped from `values`). */
  unknown: string[];
}

type AnyField = FormField & Record<string, any>;

/** Empty means "not filled": undefined, null, '', whitespace-only text, or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Human file size: 10485760 -> "10 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let n = bytes / 1024;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${Number.isInteger(n) ? n : n.toFixed(1).replace(/\.0$/, '')} ${units[u]}`;
}

/**
 * A decimal number as a browser's number input sends it: an optional sign, ASCII digits with an
 * optional fraction, an optional exponent. No spaces, no `0x`/`0b`/`0o`, no `Infinity`, no full-width
 * digits (`５`): each surface refuses them alike with its "must be a number" message.
 */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** The number `text` writes in decimal, or NaN (what `Number()` would also read as hex, binary, octal, or with spaces). */
export function parseDecimal(text: string): number {
  return DECIMAL.test(text) ? Number(text) : Number.NaN;
}

/** A number from a number or decimal text ({@link parseDecimal}); NaN otherwise. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return parseDecimal(value);
  return Number.NaN;
}

const charCount = (text: string) => Array.from(text).length;

/** Bytes of a data URL's payload (what the file really weighs, whatever `size` claims). */
function dataUrlBytes(data: string): number {
  const comma = data.indexOf(',');
  const payload = data.slice(comma + 1);
  if (!/;base64$/i.test(data.slice(0, comma))) {
    // Percent-encoded text: each %XX is one byte, anything else its UTF-8 length.
    const escapes = payload.match(/%[0-9a-fA-F]{2}/g)?.length ?? 0;
    return new TextEncoder().encode(payload).length - 2 * escapes;
  }
  const b64 = payload.replace(/\s/g, '');
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((b64.length * 3) / 4) - padding);
}

/** True when a file's name or MIME type matches `accept` (".pdf", "image/*", "application/pdf"). */
export function acceptsFile(accept: string | undefined, file: { name: string; type: string }): boolean {
  if (!accept?.trim()) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return accept
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean)
    .some((token) =>
      token === '*/*'
        ? true
        : token.startsWith('.')
          ? name.endsWith(token)
          : token.endsWith('/*')
            ? type.startsWith(token.slice(0, -1))
            : type === token,
    );
}

function isFileValue(value: unknown): value is FileValue {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const f = value as Record<string, unknown>;
  return (
    typeof f.name === 'string' &&
    typeof f.size === 'number' &&
    f.size >= 0 &&
    (f.type === undefined || typeof f.type === 'string') &&
    ((typeof f.data === 'string' && f.data.startsWith('data:')) || typeof f.url === 'string')
  );
}

/**
 * The first message for `value` in `field`, or null when it is acceptable. Display-only and hidden
 * fields always pass (hidden values are fixed by the schema, never by the person).
 */
export function checkField(
  field: FormField,
  value: unknown,
  options: ValidateOptions,
  parts: AnswerParts,
): string | null {
  // Read as a FieldSpec, so `spec.value` is every ValueKind and the switch below must handle each.
  const spec: FieldSpec | undefined = FIELD_CATALOG[field.type as FieldType];
  if (!spec || spec.value === 'none' || spec.value === 'fixed') return null;
  const f = field as AnyField;
  const label = fieldLabel(field);
  const say = (key: MessageKey, params: Record<string, unknown> = {}) =>
    parts.words(options.locale, key, { label, ...params });

  if (spec.value === 'boolean') {
    if (value !== undefined && value !== null && typeof value !== 'boolean') return say('badValue');
    return f.required && value !== true ? say('mustCheck') : null;
  }
  if (isEmptyValue(value)) {
    if (f.required) return say('required');
    const minSelect = f.minSelect;
    if (
      (spec.value === 'options' || spec.value === 'remote[]') &&
      typeof minSelect === 'number' &&
      minSelect > 0
    ) {
      return say('minSelect', { n: minSelect });
    }
    return null;
  }

  // A formatted answer (the catalog's `format`: a date, a date-time...) is a string of its format first.
  const format = spec.format && ANSWER_FORMATS[spec.format];
  if (format && (typeof value !== 'string' || !format.test(value))) return say(format.message);

  switch (spec.value) {
    case 'string': {
      if (typeof value !== 'string') return say('badValue');
      const length = charCount(value);
      if (typeof f.minLength === 'number' && length < f.minLength)
        return say('minLength', { n: f.minLength });
      if (typeof f.maxLength === 'number' && length > f.maxLength)
        return say('maxLength', { n: f.maxLength });
      if (typeof f.pattern === 'string' && f.pattern) {
        let matches = true;
        try {
          matches = parts.patterns.compilePattern(f.pattern).test(value);
        } catch {
          // An unsafe pattern is refused by validateFormSchema; never run it here.
        }
        if (!matches)
          return typeof f.patternError === 'string' && f.patternError ? f.patternError : say('pattern');
      }
      return null;
    }
    case 'number': {
      const n = toNumber(value);
      if (!Number.isFinite(n)) return say('notNumber');
      const min = fieldProp(field, 'min');
      const max = fieldProp(field, 'max');
      const step = fieldProp(field, 'step');
      if (typeof min === 'number' && n < min) return say('min', { n: min });
      if (typeof max === 'number' && n > max) return say('max', { n: max });
      if (typeof step === 'number' && step > 0) {
        const k = (n - (typeof min === 'number' ? min : 0)) / step;
        if (Math.abs(k - Math.round(k)) > 1e-9)
          // Steps of 1 from a whole number (or none): the field asks for whole numbers, and says so.
          return say(step === 1 && Number.isInteger(min ?? 0) ? 'wholeNumber' : 'step', { n: step });
      }
      return null;
    }
    case 'option': {
      if (typeof value !== 'string') return say('badValue');
      return (f.options as { value: string }[]).some((o) => o.value === value) ? null : say('notOption');
    }
    case 'options':
    case 'remote[]': {
      if (!Array.isArray(value)) return say('badValue');
      const fixed = spec.value === 'options';
      for (const item of value) {
        if (fixed ? typeof item !== 'string' : typeof item !== 'string' && typeof item !== 'number') {
          return say('badValue');
        }
        if (fixed && !(f.options as { value: string }[]).some((o) => o.value === item))
          return say('notOption');
      }
      if (new Set(value).size !== value.length) return say('duplicate');
      if (typeof f.minSelect === 'number' && value.length < f.minSelect)
        return say('minSelect', { n: f.minSelect });
      if (typeof f.maxSelect === 'number' && value.length > f.maxSelect)
        return say('maxSelect', { n: f.maxSelect });
      return null;
    }
    case 'remote':
      return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
        ? null
        : say('badValue');
    case 'date':
    case 'datetime': {
      // Of its format already (every date kind has one: formats.test.ts).
      if (typeof value !== 'string') return say('badValue');
      const day = value.slice(0, 10);
      const { min, max } = dateBounds(field, options);
      if (min && day < min) return say('minDate', { date: min });
      if (max && day > max) return say('maxDate', { date: max });
      return null;
    }
    case 'file': {
      const files = Array.isArray(value) ? value : [value];
      if (!f.multiple && files.length > 1) return say('fileSingle');
      for (const file of files) {
        if (!isFileValue(file)) return say('badValue');
        const bytes = Math.max(file.size, file.data ? dataUrlBytes(file.data) : 0);
        if (typeof f.maxSize === 'number' && bytes > f.maxSize)
          return say('fileSize', { size: formatBytes(f.maxSize) });
        if (!acceptsFile(f.accept, { name: file.name, type: file.type ?? '' })) {
          return say('fileType', { accept: f.accept });
        }
      }
      return null;
    }
  }
  // No return here: with every case returning, a value kind added to the catalog without a check
  // above makes this function fall off its end, which tsc refuses (TS2366), instead of a free pass.
}

/**
 * The value as it goes into the answers (numbers as numbers, one file where one is asked). The other
 * kinds go as they are; `Record<ValueKind, …>` would spell that out, at a cost in the browser bundle.
 */
function normalize(field: FormField, value: unknown): unknown {
  const kind: ValueKind = FIELD_CATALOG[field.type as FieldType].value;
  if (kind === 'number') return toNumber(value);
  if (kind === 'file' && !(field as AnyField).multiple && Array.isArray(value)) return value[0];
  return value;
}

/**
 * Validates a whole answer against its form. Hidden fields always carry the schema's value, whatever
 * was submitted; keys that name no input field are reported in `unknown` and dropped.
 */
export function checkAnswers(
  schema: FormSchema,
  answers: unknown,
  options: ValidateOptions,
  parts: AnswerParts,
): AnswersResult {
  const given: Record<string, unknown> =
    answers && typeof answers === 'object' && !Array.isArray(answers)
      ? (answers as Record<string, unknown>)
      : {};
  const errors: Record<string, string> = {};
  const values: Answers = {};
  const known = new Set<string>();
  // The form's patterned answers share one matching budget (pattern/budget.ts), where there is one.
  const budget = parts.budget?.() ?? (() => null);
  for (const field of schema.fields) {
    const kind = FIELD_CATALOG[field.type as FieldType]?.value;
    if (!kind || kind === 'none') continue;
    const name = (field as AnyField).name as string;
    known.add(name);
    if (kind === 'fixed') {
      values[name] = (field as AnyField).value;
      continue;
    }
    const value = Object.hasOwn(given, name) ? given[name] : undefined;
    const message = budget(field, value, options) ?? checkField(field, value, options, parts);
    if (message) errors[name] = message;
    else if (kind === 'boolean') values[name] = value === true;
    else if (!isEmptyValue(value)) values[name] = normalize(field, value);
  }
  const unknown = Object.keys(given).filter((key) => !known.has(key));
  return { ok: Object.keys(errors).length === 0, errors, values, unknown };
}

/** The values a form starts with: each field's initialValue (defaults, checkbox false, range at min, hidden values). */
export function initialValues(schema: FormSchema, clock: Clock = {}): Answers {
  const values: Answers = {};
  for (const field of schema.fields) {
    const value = initialValue(field, clock);
    if (value !== undefined) values[(field as AnyField).name] = value;
  }
  return values;
}

/**
 * The answer values as sent (DESIGN.md, Answers): schema order, hidden fields with their fixed value,
 * display-only fields and unfilled optional fields left out, checkboxes always present.
 */
export function answerValues(schema: FormSchema, values: Answers): Answers {
  const out: Answers = {};
  for (const field of schema.fields) {
    const kind = FIELD_CATALOG[field.type as FieldType]?.value;
    if (!kind || kind === 'none') continue;
    const f = field as { name: string; value?: unknown };
    if (kind === 'fixed') out[f.name] = f.value;
    else if (kind === 'boolean') out[f.name] = values[f.name] === true;
    else if (Object.hasOwn(values, f.name) && !isEmptyValue(values[f.name])) out[f.name] = values[f.name];
  }
  return out;
}

/** The next user message on submit: `JSON.stringify(values, null, 2)` with hidden values merged. */
export function submitMessage(schema: FormSchema, values: Answers): string {
  return JSON.stringify(answerValues(schema, values), null, 2);
}
