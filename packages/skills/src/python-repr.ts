// The seed's full mode comes from a Python generator that prints values with `str()` and lists with
// `repr()` (`options: ['quad', 'triangle']`). These two functions reproduce Python 3's rules for the
// JSON values a tool schema can hold, so our output matches the seed byte for byte.

/** Python's `repr()` of a JSON value: `'a'`, `True`, `None`, `30000`, `1.5`, `['a', 'b']`, `{'k': 1}`. */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${pythonStringRepr(k)}: ${pythonRepr(v)}`).join(', ')}}`;
  }
  return pythonStringRepr(String(value));
}

/** Python's `str()` (what an f-string prints): strings as they are, everything else as `repr()`. */
export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
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
 * Python prints JSON integers as ints (`30000`) and other numbers as floats in their shortest
 * round-trip form: fixed notation for exponents -4..15 (`0.0001`, `1.5`), else `1e-05` / `1e+16`.
 * JSON cannot tell `1.0` from `1` once parsed, so whole numbers print as ints.
 */
export function pythonNumber(n: number): string {
  if (Number.isNaN(n)) return 'nan';
  if (n === Number.POSITIVE_INFINITY) return 'inf';
  if (n === Number.NEGATIVE_INFINITY) return '-inf';
  if (Number.isSafeInteger(n)) return String(n === 0 ? 0 : n);
  // Shortest round-trip digits and the decimal exponent, the same digits Python's repr() chooses.
  const [mantissa, exp] = n.toExponential().split('e') as [string, string];
  const exponent = Number(exp);
  const negative = mantissa.startsWith('-');
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
