// Values as the typed JSON that bench/skills-anchor.py prints for Python values, so a test can compare
// what we read with what PyYAML reads, value by value ({"int": "1"} is not {"float": "1.0"}).
import { PyFloat, pythonNumber, Timestamp, timestampStr, type Value } from '@formrequest/skills/data';

export type Typed = null | { [kind: string]: unknown };

export function typed(value: Value): Typed {
  if (value === null) return null;
  if (typeof value === 'boolean') return { bool: value };
  if (typeof value === 'bigint') return { int: value.toString() };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { int: String(value) } : { float: pythonNumber(value) };
  if (value instanceof PyFloat) return { float: pythonNumber(value) };
  if (typeof value === 'string') return { str: value };
  if (value instanceof Timestamp) return { ts: timestampStr(value) };
  if (Array.isArray(value)) return { list: value.map(typed) };
  return { map: [...value].map(([k, v]) => [k, typed(v)]) };
}
