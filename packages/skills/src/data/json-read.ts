// JSON straight into Values, as Python's json module reads it: objects keep their key order (Maps,
// `__proto__` included), integers are exact (bigint beyond 2^53), numbers with a fraction or an
// exponent are floats (`1.0` stays a float), a repeated key keeps its first place and its last value,
// and NaN / Infinity / -Infinity are accepted as Python accepts them. The root object's `servers` list
// can be handed out item by item, like the YAML reader does.
import { floatValue, intValue, type Mapping, type Value } from './value.js';

export class JsonError extends Error {
  readonly reason: string;
  readonly line: number;
  readonly column: number;
  constructor(
    reason: string,
    line: number,
    column: number,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.reason = reason;
    this.line = line;
    this.column = column;
  }
}

export interface JsonReadOptions {
  maxDepth?: number;
  onServer?: (server: Value, index: number) => void;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

export function readJson(text: string, options: JsonReadOptions = {}): Value {
  let pos = 0;
  let depth = 0;
  const maxDepth = options.maxDepth ?? 500;
  const s = text;

  const fail = (reason: string, at = pos): never => {
    let line = 1;
    let start = 0;
    for (let i = 0; i < at; i++) {
      if (s.charCodeAt(i) === 10) {
        line++;
        start = i + 1;
      }
    }
    throw new JsonError(reason, line, at - start + 1);
  };
  const found = () => (pos >= s.length ? 'the end of the text' : `'${s[pos]}'`);
  const space = () => {
    for (;;) {
      const c = s.charCodeAt(pos);
      if (c === 32 || c === 10 || c === 13 || c === 9) pos++;
      else return;
    }
  };

  const string = (): string => {
    const open = pos;
    pos++;
    let out = '';
    let start = pos;
    for (;;) {
      const c = s.charCodeAt(pos);
      if (c === 34) {
        out += s.slice(start, pos);
        pos++;
        return out;
      }
      if (c === 92) {
        out += s.slice(start, pos);
        const e = s[pos + 1];
        switch (e) {
          case '"':
          case '\\':
          case '/':
            out += e;
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'n':
            out += '\n';
            break;
          case 'r':
            out += '\r';
            break;
          case 't':
            out += '\t';
            break;
          case 'u': {
            const hex = s.slice(pos + 2, pos + 6);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('\\u needs four hex digits', pos);
            out += String.fromCharCode(Number.parseInt(hex, 16));
            pos += 4;
            break;
          }
          default:
            fail(`unknown escape '\\${e ?? ''}' in a string`, pos);
        }
        pos += 2;
        start = pos;
        continue;
      }
      if (Number.isNaN(c)) fail('a string is not closed', open);
      if (c < 32) fail('a control character inside a string must be escaped (\\n, \\t, \\u0001 …)', pos);
      pos++;
    }
  };

  const number = (): Value => {
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(s);
    if (!m) return fail(`unexpected ${found()}`);
    pos += m[0].length;
    if (m[1] === undefined && m[2] === undefined) return intValue(BigInt(m[0]));
    return floatValue(Number(m[0]));
  };

  const value = (sink?: (item: Value, index: number) => void): Value => {
    space();
    const c = s.charCodeAt(pos);
    if (c === 123) return object();
    if (c === 91) return array(sink);
    if (c === 34) return string();
    if (c === 45 || (c >= 48 && c <= 57)) {
      if (s.startsWith('-Infinity', pos)) {
        pos += 9;
        return Number.NEGATIVE_INFINITY;
      }
      return number();
    }
    for (const [word, v] of WORDS) {
      if (s.startsWith(word, pos)) {
        pos += word.length;
        return v;
      }
    }
    return fail(`unexpected ${found()}; expected a JSON value`);
  };

  const enter = () => {
    if (++depth > maxDepth) fail(`arrays and objects are nested more than ${maxDepth} levels deep`);
  };

  const object = (): Mapping => {
    enter();
    pos++;
    const map: Mapping = new Map();
    space();
    if (s.charCodeAt(pos) === 125) {
      pos++;
      depth--;
      return map;
    }
    for (;;) {
      space();
      if (s.charCodeAt(pos) !== 34) fail(`expected a key in double quotes, found ${found()}`);
      const key = string();
      space();
      if (s.charCodeAt(pos) !== 58) fail(`expected ':' after the key "${key}", found ${found()}`);
      pos++;
      const sink = depth === 1 && key === 'servers' ? options.onServer : undefined;
      map.set(key, value(sink));
      space();
      const c = s.charCodeAt(pos);
      pos++;
      if (c === 44) continue;
      if (c === 125) break;
      fail(`expected ',' or '}' in an object, found ${found()}`, pos - 1);
    }
    depth--;
    return map;
  };

  const array = (sink?: (item: Value, index: number) => void): Value[] => {
    enter();
    pos++;
    const items: Value[] = [];
    space();
    if (s.charCodeAt(pos) === 93) {
      pos++;
      depth--;
      return items;
    }
    let index = 0;
    for (;;) {
      const item = value();
      if (sink) sink(item, index++);
      else items.push(item);
      space();
      const c = s.charCodeAt(pos);
      pos++;
      if (c === 44) continue;
      if (c === 93) break;
      fail(`expected ',' or ']' in an array, found ${found()}`, pos - 1);
    }
    depth--;
    return items;
  };

  if (s.charCodeAt(0) === 0xfeff) pos = 1;
  const result = value();
  space();
  if (pos < s.length) fail(`unexpected ${found()} after the JSON value`);
  return result;
}

const WORDS: [string, Value][] = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
];
