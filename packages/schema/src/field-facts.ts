// A field's facts as every surface reads them: through the catalog, never with a default or a date
// rule written again by a renderer. `fieldProp` gives a property or its catalog default (range 0..100,
// minChars 1, debounceMs 300, rows 3, level 2); `dateBounds` resolves minDate / maxDate for the form's
// clock; `initialValue` is what a field starts with; `shortenSuggestion` is a suggestion as its chip
// shows it.
import { FIELD_CATALOG, type FieldType } from './catalog.js';
import { resolveDateBound } from './dates.js';
import type { FieldOf, FieldProps, FormField } from './types.js';

/** The property names every type of `T` takes. */
export type PropName<T extends FieldType> = keyof FieldProps<T> & string;

/** What `fieldProp` gives: the property's type, never undefined where the catalog has a default. */
export type PropValue<T extends FieldType, P extends string> = T extends FieldType
  ? P extends keyof FieldProps<T> & keyof FieldOf<T>
    ? FieldProps<T>[P] extends { default: unknown }
      ? Exclude<FieldOf<T>[P], undefined>
      : FieldOf<T>[P]
    : never
  : never;

/** The instant relative dates count from, and the person's zone (minutes east of UTC). */
export interface Clock {
  /** When the form was issued (default: now). */
  now?: Date;
  /** The person's UTC offset (clampUtcOffset it); default: this process's zone. */
  utcOffset?: number;
}

type Loose = Record<string, unknown>;

/** A property of a field, or the catalog default for it (e.g. range min 0, max 100, step 1). */
export function fieldProp<T extends FieldType, P extends PropName<T>>(
  field: { type: T } & FieldOf<T>,
  prop: P,
): PropValue<T, P>;
/** A property of any field (one the checker has not typed yet), or its catalog default. */
export function fieldProp(field: { type: string }, prop: string): unknown;
export function fieldProp(field: { type: string }, prop: string): unknown {
  const own = (field as Loose)[prop];
  if (own !== undefined) return own;
  const props = Object.hasOwn(FIELD_CATALOG, field.type)
    ? (FIELD_CATALOG[field.type as FieldType].props as Record<string, { default?: unknown }>)
    : undefined;
  return props?.[prop]?.default;
}

/** The label a person reads for a field: its label, else its name. */
export function fieldLabel(field: FormField | { type: string }): string {
  const f = field as Loose;
  return (typeof f.label === 'string' && f.label) || (typeof f.name === 'string' ? f.name : '');
}

/** minDate and maxDate as resolved days. */
export interface DateBounds {
  /** "YYYY-MM-DD", or null when the field has no (usable) bound. */
  min: string | null;
  max: string | null;
}

/**
 * A field's minDate and maxDate ("today", "+Ndays", "-Ndays", an ISO date) resolved to days for the
 * form's clock: the one rule every surface draws, checks and asks with (docs: Dates).
 */
export function dateBounds(field: FormField | { type: string }, clock: Clock = {}): DateBounds {
  const f = field as Loose;
  const day = (expr: unknown) =>
    typeof expr === 'string' ? resolveDateBound(expr, clock.now, clock.utcOffset) : null;
  return { min: day(f.minDate), max: day(f.maxDate) };
}

/**
 * What a field starts with, or undefined: a hidden field's value, a checkbox's default (false without
 * one), a range's default or its min (a slider always has a value), any other default as its answer
 * would hold it (a date expression resolved for the clock, a list copied).
 */
export function initialValue(field: FormField, clock: Clock = {}): unknown {
  const f = field as Loose;
  const kind = FIELD_CATALOG[field.type]?.value;
  if (!kind || kind === 'none') return undefined;
  if (kind === 'fixed') return f.value;
  if (kind === 'boolean') return f.default === true;
  if (field.type === 'range') return typeof f.default === 'number' ? f.default : fieldProp(field, 'min');
  const value = defaultValue(field, clock);
  return Array.isArray(value) ? [...value] : value;
}

/**
 * A field's `default` as its answer would hold it: a date expression ("today", "+7days": the catalog
 * says which defaults are) resolved for the clock, as written when it is no date; anything else as
 * written.
 */
export function defaultValue(field: FormField, clock: Clock = {}): unknown {
  const f = field as Loose;
  const spec = (FIELD_CATALOG[field.type]?.props as Record<string, { kind?: string }> | undefined)?.default;
  if (spec?.kind !== 'dateExpr' || typeof f.default !== 'string') return f.default;
  return resolveDateBound(f.default, clock.now, clock.utcOffset) ?? f.default;
}

/** Seed 000's suggestion chip text: the first 30 characters and "...". */
export function shortenSuggestion(suggestion: string, max = 30): string {
  const chars = Array.from(suggestion);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : suggestion;
}
