// Block-style YAML that PyYAML (YAML 1.1, safe_load) and YAML 1.2 readers both read back as the very
// Values we wrote:
//   - a string is written plain only when both would read it back as that string: not `yes`/`on`/`y`,
//     `1:30`, `010`, `0o17`, `1e-7`, `2024-01-01`, `null`, `=`, `<<`, `.5`; no leading or trailing
//     blanks, no `: ` or ` #`, no indicator first; otherwise it is double-quoted;
//   - characters a reader would not take raw (controls, tabs outside block text, U+0085, U+2028,
//     U+2029, U+FEFF, lone surrogates) are escaped in double quotes (`\t`, `\N`, `\L`, `\P`, `\uD800`);
//   - a multi-line string is a literal block (`|-`, `|`, `|+`) when that is exact, else double-quoted;
//   - ints as digits (exact), floats with a dot as PyYAML writes them (`1.0`, `1.0e-07`, `.inf`, `.nan`),
//     timestamps as written;
//   - two-space indentation, lists indented under their key (`key:\n  - a`), `[]` and `{}` when empty;
//   - a key longer than PyYAML's 1024-character limit for implicit keys is written as `? key`.
import { pythonNumber } from '../python-repr.js';
import { isSpecialIn11 } from './yaml-resolve.js';
import { PyFloat, Timestamp, type Value } from './value.js';

/** Strings a YAML 1.2 core-schema reader (or YAML 1.1's y/n) reads as something other than a string. */
const SPECIAL_12 =
  /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|null|Null|NULL|~|true|True|TRUE|false|False|FALSE|[yYnN])$/;

/** Characters that must be escaped: not printable for PyYAML's reader, or line breaks in YAML 1.1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being matched
const NEEDS_ESCAPE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const INDICATOR_FIRST = /^[-?:,[\]{}#&*!|>'"%@`]/;

/** Can this string be written plain (in block context) and read back as itself by both readers? */
export function plainOk(text: string): boolean {
  if (text === '' || text.length > 1000) return false;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  if (first === 32 || first === 9 || last === 32 || last === 9) return false;
  if (INDICATOR_FIRST.test(text)) {
    // `-x`, `?x`, `:x` are plain for both readers; a lone indicator or one before a blank is not.
    const c = text[0];
    if (!(c === '-' || c === '?' || c === ':') || text.length === 1 || text[1] === ' ' || text[1] === '\t') return false;
    if (text.startsWith('---')) return false;
  }
  if (text.startsWith('...')) return false;
  if (/[\n\r\t]|: |:$| #/.test(text) || NEEDS_ESCAPE.test(text)) return false;
  if (text.includes('\x85')) return false;
  return !isSpecialIn11(text) && !SPECIAL_12.test(text);
}

const ESCAPE: Record<string, string> = {
  '\0': '\\0',
  '\x07': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '\x1b': '\\e',
  '"': '\\"',
  '\\': '\\\\',
  '\x85': '\\N',
  '\u2028': '\\L',
  '\u2029': '\\P',
};

/** A double-quoted YAML string with the escapes both YAML 1.1 and 1.2 know. */
export function doubleQuoted(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the characters to escape
  return `"${text.replace(/[\x00-\x1f\x7f-\x9f"\\\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]/g, (c, at: number) => {
    const named = ESCAPE[c];
    if (named) return named;
    const code = c.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) {
      // A surrogate pair stays as it is; a lone surrogate is escaped.
      const pairHigh = code <= 0xdbff && /[\udc00-\udfff]/.test(text[at + 1] ?? '');
      const pairLow = code >= 0xdc00 && /[\ud800-\udbff]/.test(text[at - 1] ?? '');
      return pairHigh || pairLow ? c : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    }
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  })}"`;
}

/** A scalar on one line: plain when safe, else double-quoted. Collections are not scalars. */
export function yamlScalar(value: Value): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'string') return plainOk(value) ? value : doubleQuoted(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' || value instanceof PyFloat) return yamlNumber(value);
  if (value instanceof Timestamp) return value.text;
  throw new TypeError('yamlScalar: not a scalar');
}

/** Numbers as PyYAML writes them: ints as digits, floats always with a dot (`1.0e-07`), `.inf`, `.nan`. */
function yamlNumber(value: number | PyFloat): string {
  const text = pythonNumber(value);
  if (text === 'nan') return '.nan';
  if (text === 'inf') return '.inf';
  if (text === '-inf') return '-.inf';
  if (typeof value === 'number' && Number.isInteger(value)) return text;
  return !text.includes('.') && text.includes('e') ? text.replace('e', '.0e') : text;
}

/** A literal block for a multi-line string, when that keeps it exactly: `|-`, `|` or `|+` and its lines. */
function literalBlock(text: string, indent: number): string | undefined {
  if (!text.includes('\n') || text.includes('\r') || NEEDS_ESCAPE.test(text) || text.includes('\x85')) return undefined;
  // The first line with text sets the indentation: it must not start with a blank.
  if (/^\n*[ \t]/.test(text) || /^\n*$/.test(text)) return undefined;
  const trailing = /\n*$/.exec(text)![0].length;
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const body = trailing === 0 ? text : text.slice(0, trailing === 1 ? -1 : -trailing);
  const pad = ' '.repeat(indent);
  const lines = body.split('\n').map((line) => (line === '' ? '' : pad + line));
  const keep = trailing > 1 ? '\n'.repeat(trailing - 1) : '';
  return `|${chomp}\n${lines.join('\n')}\n${keep}`;
}

/** The key of a mapping entry: `key:`, or `? key` + newline + `:` when too long for an implicit key. */
function keyPrefix(key: string, pad: string): string {
  const text = yamlScalar(key);
  return text.length > 1000 ? `${pad}? ${text}\n${pad}:` : `${pad}${text}:`;
}

/** Writes a value after `key:` or `-`: ` scalar\n`, ` |-\n…`, or `\n` and the nested block at `indent`. */
function after(value: Value, indent: number, out: string[]): void {
  if (value instanceof Map) {
    if (value.size === 0) out.push(' {}\n');
    else {
      out.push('\n');
      writeMapping(value, indent, out);
    }
  } else if (Array.isArray(value)) {
    if (value.length === 0) out.push(' []\n');
    else {
      out.push('\n');
      writeSequence(value, indent, out);
    }
  } else if (typeof value === 'string' && value.includes('\n')) {
    const block = literalBlock(value, indent);
    out.push(' ', block ?? `${doubleQuoted(value)}\n`);
  } else out.push(' ', yamlScalar(value), '\n');
}

export function writeMapping(map: Map<string, Value>, indent: number, out: string[], blankBetween = false): void {
  const pad = ' '.repeat(indent);
  let first = true;
  for (const [key, value] of map) {
    if (!first && blankBetween) out.push('\n');
    first = false;
    out.push(keyPrefix(key, pad));
    after(value, indent + 2, out);
  }
}

export function writeSequence(items: Value[], indent: number, out: string[]): void {
  const pad = ' '.repeat(indent);
  for (const item of items) {
    if ((item instanceof Map && item.size > 0) || (Array.isArray(item) && item.length > 0)) {
      // Compact form: the first line of the nested block goes right after the dash.
      const nested: string[] = [];
      if (item instanceof Map) writeMapping(item, indent + 2, nested);
      else writeSequence(item as Value[], indent + 2, nested);
      const text = nested.join('');
      out.push(`${pad}- ${text.slice(indent + 2)}`);
    } else {
      out.push(`${pad}-`);
      after(item, indent + 2, out);
    }
  }
}

/** A whole YAML document for a value (block style; a scalar root is one line). */
export function writeYaml(value: Value): string {
  const out: string[] = [];
  if (value instanceof Map && value.size > 0) writeMapping(value, 0, out);
  else if (Array.isArray(value) && value.length > 0) writeSequence(value, 0, out);
  else if (value instanceof Map) out.push('{}\n');
  else if (Array.isArray(value)) out.push('[]\n');
  else if (typeof value === 'string' && value.includes('\n')) out.push(`${doubleQuoted(value)}\n`);
  else out.push(`${yamlScalar(value)}\n`);
  return out.join('');
}
