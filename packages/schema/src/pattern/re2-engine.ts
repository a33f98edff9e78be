// Node engine: RE2JS, a linear-time matcher, so no pattern a model writes can hang a server process.
import { RE2JS } from 're2js';

// JavaScript's \s also matches Unicode spaces (U+3000, the ideographic space of Japanese text, among
// them); RE2's is ASCII only. Spelled out so the server judges text as the browser does.
const JS_SPACE = '\\t\\n\\x0B\\f\\r\\p{Z}\\x{FEFF}';
// JavaScript's `.` stops at every line terminator; RE2's only at \n.
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/**
 * The RE2 spelling of a JavaScript (non-unicode) pattern. One pass over the source, so an escaped
 * backslash (`\\u0041`, `\\0`) stays a backslash followed by plain text.
 */
function toRe2(source: string): string {
  let out = '';
  let inClass = false;
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      const hex = next === 'u' ? /^[0-9a-fA-F]{4}/.exec(source.slice(i + 2, i + 6)) : null;
      if (hex) {
        out += `\\x{${hex[0]}}`;
        i += 6;
        continue;
      }
      i += 2;
      if (next === '/') out += '/';
      else if (next === '0' && !/[0-9]/.test(source[i] ?? '')) out += '\\x00';
      else if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      // Inside a class RE2 cannot negate a part; \S there keeps RE2's ASCII meaning.
      else if (next === 'S' && !inClass) out += `[^${JS_SPACE}]`;
      else out += `\\${next}`;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      i++;
    } else if (source.startsWith('[^]', i)) {
      out += '[\\s\\S]';
      i += 3;
    } else {
      if (c === '[') inClass = true;
      out += c === '.' ? JS_DOT : c;
      i++;
    }
  }
  return out;
}

export function compileEngine(source: string): (text: string) => boolean {
  const re = RE2JS.compile(toRe2(source));
  return (text) => re.matcher(text).find();
}

export const ENGINE = 're2';
