// What an untagged plain YAML scalar means, by PyYAML's YAML 1.1 rules (its implicit resolvers),
// and the constructors of the YAML 1.1 scalar tags. The catalogs the seed's tooling writes are
// written and read by PyYAML, so `yes`/`on` are booleans, `1:30` is 90 (base 60), `010` is 8,
// `0o17` and `1e-7` are strings (PyYAML's float needs a dot), `2024-01-01` is a date.
import { floatValue, intValue, Timestamp, type Value } from './value.js';

/** The merge key `<<` and the value key `=`: special only as plain scalars. */
export const MERGE = Symbol('merge');
export const VALUE_KEY = Symbol('value');

const BOOLS = new Map<string, boolean>([
  ...['yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'].map((s) => [s, true] as const),
  ...['no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'].map((s) => [s, false] as const),
]);
const NULLS = new Set(['', '~', 'null', 'Null', 'NULL']);

const INT =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const TIMESTAMP =
  /^(?:([0-9]{4})-([0-9]{2})-([0-9]{2})|([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9]{1,2})(?::([0-9]{2}))?))?)$/;

/** The value of an untagged plain scalar (PyYAML's resolvers, in its order: bool, float, int, merge, null, timestamp, value). */
export function resolvePlain(text: string): Value | typeof MERGE | typeof VALUE_KEY {
  if (text === '') return null;
  const c = text.charCodeAt(0);
  // Most scalars are words: only a few first characters can start anything but a string.
  if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) {
    if (c !== 48 && text.length < 16 && /^[0-9]+$/.test(text)) return Number(text);
    if (text.includes('.') && FLOAT.test(text)) return constructFloat(text);
    if (INT.test(text)) return constructInt(text);
    if (c >= 48 && c <= 57 && TIMESTAMP.test(text)) return constructTimestamp(text);
    return text;
  }
  const bool = BOOLS.get(text);
  if (bool !== undefined) return bool;
  if (NULLS.has(text)) return null;
  if (text === '<<') return MERGE;
  if (text === '=') return VALUE_KEY;
  return text;
}

/** PyYAML's construct_yaml_int: `_` dropped, 0b / 0x / leading-0 octal / base-60, exact. */
export function constructInt(text: string): number | bigint {
  let s = text.replace(/_/g, '');
  let sign = 1n;
  if (s[0] === '-') sign = -1n;
  if (s[0] === '+' || s[0] === '-') s = s.slice(1);
  let n: bigint;
  if (s === '0') n = 0n;
  else if (s.startsWith('0b')) n = BigInt(s);
  else if (s.startsWith('0x')) n = BigInt(s);
  else if (s[0] === '0') n = BigInt(`0o${s.slice(1)}`);
  else if (s.includes(':')) {
    n = 0n;
    let base = 1n;
    for (const part of s.split(':').reverse()) {
      n += BigInt(part) * base;
      base *= 60n;
    }
  } else n = BigInt(s);
  return intValue(sign * n);
}

/** PyYAML's construct_yaml_float: `_` dropped, `.inf`/`.nan`, base-60 summed as Python sums it. */
export function constructFloat(text: string): Value {
  let s = text.replace(/_/g, '').toLowerCase();
  let sign = 1;
  if (s[0] === '-') sign = -1;
  if (s[0] === '+' || s[0] === '-') s = s.slice(1);
  let value: number;
  if (s === '.inf') value = sign * Number.POSITIVE_INFINITY;
  else if (s === '.nan') value = Number.NaN;
  else if (s.includes(':')) {
    let sum = 0;
    let base = 1;
    for (const part of s.split(':').reverse()) {
      sum += Number(part) * base;
      base *= 60;
    }
    value = sign * sum;
  } else value = sign * Number(s);
  return floatValue(value);
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** PyYAML's construct_yaml_timestamp (a date, or a datetime with microseconds and an optional offset). */
export function constructTimestamp(text: string): Timestamp {
  const m = TIMESTAMP.exec(text);
  if (!m) throw new RangeError(`'${text}' is not a timestamp`);
  const dateOnly = m[1] !== undefined;
  const year = Number(dateOnly ? m[1] : m[4]);
  const month = Number(dateOnly ? m[2] : m[5]);
  const day = Number(dateOnly ? m[3] : m[6]);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > (month === 2 && !leap ? 28 : DAYS[month - 1]!)) {
    throw new RangeError(`'${text}' is not a valid date`);
  }
  if (dateOnly) return new Timestamp(text, year, month, day);
  const hour = Number(m[7]);
  const minute = Number(m[8]);
  const second = Number(m[9]);
  if (hour > 23 || minute > 59 || second > 59) throw new RangeError(`'${text}' is not a valid time`);
  const microsecond = Number((m[10] ?? '').slice(0, 6).padEnd(6, '0'));
  let offset: number | undefined;
  if (m[11] === 'Z') offset = 0;
  else if (m[12]) {
    offset = (Number(m[13]) * 60 + Number(m[14] ?? 0)) * (m[12] === '-' ? -1 : 1);
    if (Math.abs(offset) >= 24 * 60) throw new RangeError(`'${text}' has an offset of a day or more`);
  }
  return new Timestamp(text, year, month, day, { hour, minute, second, microsecond, offset });
}

/** PyYAML's construct_yaml_bool for `!!bool` (any case of the YAML 1.1 words). */
export function constructBool(text: string): boolean {
  const value = BOOLS.get(text) ?? BOOLS.get(text.toLowerCase());
  if (value === undefined) throw new RangeError(`'${text}' is not a YAML 1.1 boolean (yes/no, true/false, on/off)`);
  return value;
}

/** Would PyYAML (YAML 1.1) read this text, written plain, as something other than this string? */
export function isSpecialIn11(text: string): boolean {
  return resolvePlain(text) !== text;
}
