import { PyFloat, Timestamp } from './data/value.js';

// The seed's full mode comes from a Python generator that prints values with `str()` and lists with
// `repr()` (`options: ['quad', 'triangle']`). These two functions reproduce Python 3's rules for the
// JSON values a tool schema can hold, so our output matches the seed byte for byte.

/** Python's `repr()` of a value: `'a'`, `True`, `None`, `30000`, `1.0`, `['a', 'b']`, `{'k': 1}`. */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof PyFloat)
    return pythonNumber(value);
  if (typeof value === 'string') return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (value instanceof Timestamp) return timestampRepr(value);
  if (value instanceof Map) {
    return `{${[...value].map(([k, v]) => `${pythonStringRepr(String(k))}: ${pythonRepr(v)}`).join(', ')}}`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${pythonStringRepr(k)}: ${pythonRepr(v)}`).join(', ')}}`;
  }
  return pythonStringRepr(String(value));
}

/** Python's `str()` (what an f-string prints): strings as they are, everything else as `repr()`. */
export function pythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Timestamp) return timestampStr(value);
  return pythonRepr(value);
}

// Characters Python's str.isprintable() rejects (categories Cc, Cf, Cs, Co, Cn, Zl, Zp, Zs), except
// the ASCII space. Python escapes these in repr(); everything else (CJK, emoji, accents) stays as is.
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's repr() of a str: single quotes unless the text has `'` and no `"`; Python's escapes. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += `\\${quote}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (char !== ' ' && NOT_PRINTABLE.test(char)) out += escapeCodePoint(char.codePointAt(0)!);
    else out += char;
  }
  return out + quote;
}

function escapeCodePoint(code: number): string {
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}

/**
 * Python's repr() of a number: ints as digits (exact, bigints too); floats in their shortest
 * round-trip form, fixed for exponents -4..15 (`0.0001`, `1.5`, `1.0`), else `1e-05` / `1e+16`.
 * A JS number without a fraction is an int; a whole float is a PyFloat (see data/value.ts).
 */
export function pythonNumber(value: number | bigint | PyFloat): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isInteger(value)) {
    return Number.isSafeInteger(value) ? String(value === 0 ? 0 : value) : BigInt(value).toString();
  }
  const n = typeof value === 'number' ? value : value.value;
  if (Number.isNaN(n)) return 'nan';
  if (n === Number.POSITIVE_INFINITY) return 'inf';
  if (n === Number.NEGATIVE_INFINITY) return '-inf';
  // Shortest round-trip digits and the decimal exponent: the digits Python's repr() chooses too.
  const [mantissa, exp] = n.toExponential().split('e') as [string, string];
  const exponent = Number(exp);
  const negative = mantissa.startsWith('-') || Object.is(n, -0);
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = negative ? '-' : '';
  if (exponent >= -4 && exponent < 16) {
    let fixed: string;
    if (exponent < 0) fixed = `0.${'0'.repeat(-exponent - 1)}${digits}`;
    else if (digits.length <= exponent + 1) fixed = `${digits}${'0'.repeat(exponent + 1 - digits.length)}.0`;
    else fixed = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
    return sign + fixed;
  }
  const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const e = `${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  return `${sign}${m}e${e}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Python's str() of the date or datetime PyYAML makes of a timestamp: `2024-01-01`, `2024-01-01 10:00:00+09:00`. */
export function timestampStr(t: Timestamp): string {
  const date = `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
  if (!t.time) return date;
  const { hour, minute, second, microsecond, offset } = t.time;
  let text = `${date} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
  if (microsecond) text += `.${pad(microsecond, 6)}`;
  if (offset !== undefined) {
    const abs = Math.abs(offset);
    text += `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  }
  return text;
}

/** Python's repr(): `datetime.date(2024, 1, 1)`, `datetime.datetime(2024, 1, 1, 10, 0, tzinfo=datetime.timezone.utc)`. */
export function timestampRepr(t: Timestamp): string {
  if (!t.time) return `datetime.date(${t.year}, ${t.month}, ${t.day})`;
  const { hour, minute, second, microsecond, offset } = t.time;
  const fields = [t.year, t.month, t.day, hour, minute, second, microsecond];
  if (fields.at(-1) === 0) fields.pop();
  if (fields.at(-1) === 0) fields.pop();
  let text = `datetime.datetime(${fields.join(', ')}`;
  if (offset !== undefined) {
    if (offset === 0) text += ', tzinfo=datetime.timezone.utc';
    else {
      const seconds = offset * 60;
      const days = Math.floor(seconds / 86400);
      const rest = seconds - days * 86400;
      const delta = days ? `days=${days}, seconds=${rest}` : `seconds=${rest}`;
      text += `, tzinfo=datetime.timezone(datetime.timedelta(${delta}))`;
    }
  }
  return `${text})`;
}
