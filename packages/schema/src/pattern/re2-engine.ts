// Node engine: RE2JS, a linear-time matcher, so no pattern a model writes can hang a server process.
import { RE2JS } from 're2js';

/** JavaScript escapes RE2 spells differently. */
function toRe2(source: string): string {
  return source
    .replace(/\\u([0-9a-fA-F]{4})/g, '\\x{$1}')
    .replace(/\\\//g, '/')
    .replace(/\[\^\]/g, '[\\s\\S]')
    .replace(/\\0(?![0-9])/g, '\\x00');
}

export function compileEngine(source: string): (text: string) => boolean {
  const re = RE2JS.compile(toRe2(source));
  return (text) => re.matcher(text).find();
}

export const ENGINE = 're2';
