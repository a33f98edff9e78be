// The values a catalog holds, kept exactly as the tools that write catalogs (Python's PyYAML and json)
// hold them, so that what we print is what the seed's Python generator prints:
//   - mappings are Maps: keys keep the source order (a JS object would move `123` to the front) and
//     `__proto__` is an ordinary key;
//   - integers are exact: a JS number when it is a safe integer, a bigint beyond that
//     (`18446744073709551615`, `-9007199254740993`);
//   - floats are JS numbers when they have a fraction (`0.5`), and PyFloat when their value is whole
//     (`1.0`, `-0.0`, `1e+20`), so `1.0` never prints as `1`;
//   - YAML 1.1 timestamps (`2024-01-01`) are Timestamp, which print as Python prints dates.
// Plain JS data (hand-built objects, JSON.parse output) comes in through fromJs.

export type Value = null | boolean | number | bigint | string | PyFloat | Timestamp | Value[] | Mapping;
export type Mapping = Map<string, Value>;

/** A float whose value is whole: Python prints it with `.0` (`1.0`, `-0.0`, `1e+20`). */
export class PyFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
}

/** A timestamp's time of day. */
export interface TimestampTime {
  hour: number;
  minute: number;
  second: number;
  microsecond: number;
  /** Offset in minutes east of UTC; undefined when naive; 0 for `Z`. */
  offset?: number;
}

/** A YAML 1.1 timestamp as PyYAML reads it: a date, or a datetime (naive or with an offset). */
export class Timestamp {
  /** The text as written (written back as is: it reads back as the same timestamp). */
  readonly text: string;
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** Absent for a date. */
  readonly time?: TimestampTime;
  constructor(
    text: string,
    year: number,
    month: number,
    day: number,
    time?: TimestampTime,
  ) {
    this.text = text;
    this.year = year;
    this.month = month;
    this.day = day;
    this.time = time;
  }
}

export const isMapping = (value: unknown): value is Mapping => value instanceof Map;

/** A number of either kind: int (number without fraction, bigint) or float (number with fraction, PyFloat). */
export function isNumber(value: unknown): value is number | bigint | PyFloat {
  return typeof value === 'number' || typeof value === 'bigint' || value instanceof PyFloat;
}

/** True for a Python int: a whole JS number or a bigint. */
export function isInt(value: unknown): value is number | bigint {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value));
}

/** The number as a JS number (bigints and PyFloats converted; may round). Undefined for non-numbers. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof PyFloat) return value.value;
  return undefined;
}

/** An int as a Value: a number when safe, else a bigint. */
export function intValue(n: bigint): number | bigint {
  return n >= -9007199254740991n && n <= 9007199254740991n ? Number(n) : n;
}

/** A float as a Value: a plain number when it has a fraction (or is inf/nan), else a PyFloat. */
export function floatValue(n: number): number | PyFloat {
  return Number.isInteger(n) || Object.is(n, -0) ? new PyFloat(n) : n;
}

/**
 * Plain JS data as Values: objects become Maps (own enumerable keys, in JS order), numbers follow JSON
 * (a whole number is an int). Values that are already Values pass through.
 */
export function fromJs(data: unknown): Value {
  if (data === null || data === undefined) return null;
  switch (typeof data) {
    case 'string':
    case 'boolean':
      return data;
    case 'number':
      return Number.isInteger(data) && !Number.isSafeInteger(data) ? intValue(BigInt(data)) : data;
    case 'bigint':
      return intValue(data);
    case 'object':
      break;
    default:
      return String(data);
  }
  if (data instanceof PyFloat || data instanceof Timestamp) return data;
  if (Array.isArray(data)) return data.map(fromJs);
  if (data instanceof Map) {
    const map: Mapping = new Map();
    for (const [k, v] of data) map.set(String(k), fromJs(v));
    return map;
  }
  const map: Mapping = new Map();
  for (const key of Object.keys(data)) map.set(key, fromJs((data as Record<string, unknown>)[key]));
  return map;
}

/**
 * Values as plain JS data (for callers that want objects): Maps become objects (`__proto__` as an own
 * key), PyFloats numbers, Timestamps their text; bigints stay bigints.
 */
export function toJs(value: Value): unknown {
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value) {
      Object.defineProperty(out, k, { value: toJs(v), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (Array.isArray(value)) return value.map(toJs);
  if (value instanceof PyFloat) return value.value;
  if (value instanceof Timestamp) return value.text;
  return value;
}

/** Structural equality of Values (Map order matters; 1 and 1.0 differ, as in the catalog's text). */
export function sameValue(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (a instanceof PyFloat && b instanceof PyFloat) return Object.is(a.value, b.value);
  if (a instanceof Timestamp && b instanceof Timestamp) return a.text === b.text;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]!));
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    const bk = [...b.keys()];
    let i = 0;
    for (const [k, v] of a) {
      if (bk[i++] !== k || !b.has(k) || !sameValue(v, b.get(k)!)) return false;
    }
    return true;
  }
  return false;
}
