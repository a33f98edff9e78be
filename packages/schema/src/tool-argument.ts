// The form inside a request_form call's arguments, read as models send it: `{form_schema: {...}}`, the
// same object as a JSON string (some clients stringify nested arguments), and, forgiven with a note,
// the form without its wrapper (`{title, fields}`), under another name (`formSchema`, `form`), or
// wrapped twice. The server reads calls with it, and so does a host that takes the form from the call's
// `tool_use` input, so both show the same form.
import { foldName } from './aliases.js';
import { isPlainObject } from './json-depth.js';
import type { Issue, Locale } from './types.js';
import { formLocale } from './words.js';

export type FormArgument =
  | { ok: true; form: Record<string, unknown>; notes: Issue[] }
  | { ok: false; message: string; locale: Locale };

/** Other names models give `form_schema`. */
const ARGUMENT_NAMES = new Set(['formschema', 'form', 'schema', 'formdefinition', 'formspec']);
/** Tool arguments beside the form, left where they are when the wrapper is missing. */
const TOOL_ARGUMENTS = new Set(['mode']);
const SHAPE = '{"form_schema": {"title": "...", "fields": [...]}}';

const MESSAGES = {
  ja: {
    missing: `エラー: form_schema が指定されていません。引数は ${SHAPE} の形で渡してください。`,
    unparsable: (why: string) =>
      `エラー: form_schema の文字列を JSON として解析できません（${why}）。JSON オブジェクトをそのまま渡すか、正しい JSON 文字列を渡してください。`,
    notObject: (kind: string) =>
      `エラー: form_schema はオブジェクトでなければなりません（受け取った値: ${kind}）。引数は ${SHAPE} の形で渡してください。`,
    array: '配列',
    string: (text: string) => `文字列 ${text}`,
    unwrapped: `補足: 引数に form_schema がなかったため、引数そのものをフォームとして読みました。次回は ${SHAPE} の形で渡してください。`,
    renamed: (name: string) =>
      `補足: 引数 '${name}' を form_schema として読みました。次回は ${SHAPE} の形で渡してください。`,
    twice: `補足: form_schema の中にもう一つ form_schema があったため、内側をフォームとして読みました。次回は ${SHAPE} の形で渡してください。`,
  },
  en: {
    missing: `Error: form_schema is missing. Call the tool with ${SHAPE}.`,
    unparsable: (why: string) =>
      `Error: the form_schema string is not valid JSON (${why}). Pass the JSON object itself, or a valid JSON string.`,
    notObject: (kind: string) =>
      `Error: form_schema must be an object (got ${kind}). Call the tool with ${SHAPE}.`,
    array: 'an array',
    string: (text: string) => `the string ${text}`,
    unwrapped: `Note: the arguments had no form_schema, so they were read as the form itself. Call the tool with ${SHAPE} next time.`,
    renamed: (name: string) =>
      `Note: the argument '${name}' was read as form_schema. Call the tool with ${SHAPE} next time.`,
    twice: `Note: form_schema held another form_schema; the inner one was read as the form. Call the tool with ${SHAPE} next time.`,
  },
};

function kindOf(value: unknown, m: (typeof MESSAGES)['ja']): string {
  if (Array.isArray(value)) return m.array;
  if (value === null) return 'null';
  return typeof value === 'string'
    ? m.string(JSON.stringify(value.slice(0, 40)))
    : `${typeof value} ${String(value)}`;
}

function note(code: string, message: string): Issue {
  return { severity: 'normalized', code, path: 'form_schema', property: 'form_schema', message };
}

/** The form of a request_form call, with notes for what was forgiven; messages in the form's language. */
export function readFormArgument(args: unknown): FormArgument {
  const given = isPlainObject(args) ? args : {};
  let raw: unknown = given.form_schema;
  let code: 'unwrapped' | 'renamed' | undefined;
  let renamedFrom = '';
  if (raw === undefined || raw === null) {
    const other = Object.keys(given).find((key) => ARGUMENT_NAMES.has(foldName(key)));
    if (other !== undefined && (isPlainObject(given[other]) || typeof given[other] === 'string')) {
      raw = given[other];
      code = 'renamed';
      renamedFrom = other;
    } else if (given.fields !== undefined || given.title !== undefined) {
      raw = Object.fromEntries(Object.entries(given).filter(([key]) => !TOOL_ARGUMENTS.has(key)));
      code = 'unwrapped';
    }
  }
  let value: unknown = raw;
  let parseError: string | undefined;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      parseError = (error as Error).message;
    }
  }
  let twice = false;
  if (isPlainObject(value) && isPlainObject(value.form_schema) && value.fields === undefined) {
    value = value.form_schema;
    twice = true;
  }
  const locale: Locale = formLocale(value) ?? (code ? formLocale(given) : undefined) ?? 'ja';
  const m = MESSAGES[locale];
  if (raw === undefined || raw === null) return { ok: false, message: m.missing, locale };
  if (parseError !== undefined) return { ok: false, message: m.unparsable(parseError), locale };
  if (!isPlainObject(value)) return { ok: false, message: m.notObject(kindOf(value, m)), locale };
  const notes: Issue[] = [];
  if (code === 'unwrapped') notes.push(note('unwrapped', m.unwrapped));
  if (code === 'renamed') notes.push(note('argumentName', m.renamed(renamedFrom)));
  if (twice) notes.push(note('wrappedTwice', m.twice));
  return { ok: true, form: value, notes };
}
