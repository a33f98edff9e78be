// Values as JSON text, exactly: key order kept, ints as their digits (bigints too), floats as Python's
// json writes them (`1.0`, `1e-07`), timestamps as their text. NaN and infinities are written as
// Python writes them (`NaN`, `Infinity`), which Python and our reader read back.
import { pythonNumber } from '../python-repr.js';
import { PyFloat, Timestamp, type Value } from './value.js';

export function toJson(value: Value, indent = 0): string {
  return write(value, indent > 0 ? ' '.repeat(indent) : '', '');
}

function write(value: Value, unit: string, pad: string): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' || value instanceof PyFloat) {
    const n = typeof value === 'number' ? value : value.value;
    if (Number.isNaN(n)) return 'NaN';
    if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
    return pythonNumber(value);
  }
  if (value instanceof Timestamp) return JSON.stringify(value.text);
  const inner = pad + unit;
  const open = unit ? `\n${inner}` : '';
  const close = unit ? `\n${pad}` : '';
  const comma = unit ? `,\n${inner}` : ',';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${open}${value.map((v) => write(v, unit, inner)).join(comma)}${close}]`;
  }
  if (value.size === 0) return '{}';
  const colon = unit ? ': ' : ':';
  return `{${open}${[...value].map(([k, v]) => `${JSON.stringify(k)}${colon}${write(v, unit, inner)}`).join(comma)}${close}}`;
}
