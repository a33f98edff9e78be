// The reading and check of request_form's argument, remembered for calls seen again: models repeat forms
// (a retry, the same form in the next conversation), and a server waiting on its pipe runs the check
// cold, several times slower than a loop does. A small LRU keyed by the check's options, the arguments'
// JSON and the calendar day (relative dates such as `today` resolve against it), plus the seed's text of
// each checked form.
import {
  type FormArgument,
  type FormSchema,
  formRequestText,
  readFormArgument,
  type SchemaResult,
  validateFormSchema,
} from '@formrequest/schema';

/** A call's form as read (readFormArgument) and, when it could be read, as checked (validateFormSchema). */
export type CheckedCall = { argument: FormArgument; checked?: SchemaResult };

/** How many distinct calls are remembered, and the longest arguments (JSON characters) worth keeping. */
export const FORM_CHECK_CACHE_SIZE = 64;
export const FORM_CHECK_CACHE_MAX_CHARS = 64 * 1024;

/** What the server's config adds to the check (validateFormSchema's `allowPrivateUrls`). */
export interface FormCheckOptions {
  allowPrivateUrls?: boolean | readonly string[];
}

type Entry = { day: number; call: CheckedCall };
/**
 * Per the options' JSON (one per server config, so a handful), keyed by the arguments' JSON; each entry
 * holds the day it was checked on.
 */
const byOptions = new Map<string, Map<string, Entry>>();
/** Server configs remembered at once; the least recently used goes first. */
const MAX_OPTION_SETS = 8;
let newest: Entry | undefined;
/** The seed's text of a checked form, built once per form object a check returned. */
const texts = new WeakMap<FormSchema, string>();

function readAndCheck(args: unknown, options: FormCheckOptions, now: Date): CheckedCall {
  const argument = readFormArgument(args);
  if (!argument.ok) return { argument };
  return { argument, checked: validateFormSchema(argument.form, { ...options, now }) };
}

/**
 * readFormArgument(args) and validateFormSchema of its form with `options`, at `now` in this process's
 * zone, remembered. The result (and the form in it) is shared by every call with the same arguments and
 * options that day: callers read it and never change it.
 */
export function checkCall(
  args: unknown,
  options: FormCheckOptions = {},
  now: Date = new Date(),
): CheckedCall {
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch {
    // what cannot be written as JSON (nested too deep) is checked every time
  }
  if (json === undefined || json.length > FORM_CHECK_CACHE_MAX_CHARS) return readAndCheck(args, options, now);
  const optionsKey = JSON.stringify(options.allowPrivateUrls ?? false);
  let calls = byOptions.get(optionsKey);
  if (!calls) {
    calls = new Map();
    byOptions.set(optionsKey, calls);
    if (byOptions.size > MAX_OPTION_SETS) byOptions.delete(byOptions.keys().next().value!);
  }
  // The day in this process's zone, as validateFormSchema resolves `today` without a clock given.
  const day = Math.floor((now.getTime() - now.getTimezoneOffset() * 60_000) / 86_400_000);
  const known = calls.get(json);
  if (known?.day === day) {
    // The least recently used goes first: a repeat of the last call is where it belongs already.
    if (known !== newest) {
      calls.delete(json);
      calls.set(json, known);
      newest = known;
    }
    return known.call;
  }
  const entry = { day, call: readAndCheck(args, options, now) };
  calls.delete(json);
  calls.set(json, entry);
  newest = entry;
  if (calls.size > FORM_CHECK_CACHE_SIZE) calls.delete(calls.keys().next().value!);
  return entry.call;
}

/** formRequestText(schema), once per form object (a remembered check returns the same object). */
export function formText(schema: FormSchema): string {
  let text = texts.get(schema);
  if (text === undefined) {
    text = formRequestText(schema);
    texts.set(schema, text);
  }
  return text;
}
