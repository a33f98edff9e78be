// Writes docs/form-vocabulary.md from the catalog (the one description of the vocabulary), so the
// reference can never drift from the checker. `npm run docs`; a test fails when the file is stale.
import { writeFileSync } from 'node:fs';
import {
  type ElicitShape,
  FIELD_CATALOG,
  FIELD_TYPES,
  FORM_PROPS,
  fieldSpec,
  PATTERN_SYNTAX,
  type PropKind,
  type PropSpec,
  type ValueKind,
} from '@formrequest/schema';
import {
  MAX_FORM_PATTERN_LENGTH,
  MAX_FORM_PATTERN_SIZE,
  MAX_PATTERN_LENGTH,
  MAX_PATTERN_SIZE,
} from '@formrequest/schema/pattern';
import {
  type FieldPropName,
  FORM_ALIASES,
  FORM_PROP_WORDS,
  PROP_WORDS,
  PROPERTY_ALIASES,
  TYPE_SUGGESTIONS,
  TYPE_WORDS,
} from '@formrequest/schema/tooling';

// The generator's tables are keyed by the catalog's own unions (property kinds, value kinds,
// elicitation shapes): a kind or shape added to the catalog without its words here does not compile.
// Types need no table here: each one's section is written from its catalog entry.
export const KIND: Record<PropKind, string> = {
  string: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  'string[]': 'string[]',
  options: '{value, label}[]',
  params: 'object',
  url: 'URL (https://… or /path)',
  pattern: 'regular expression',
  dateExpr: 'date expression',
  any: 'any',
};

export const ANSWER: Record<ValueKind, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false (always sent)',
  option: "one option's value",
  options: 'an array of option values',
  remote: "the chosen item's valueField value",
  'remote[]': 'an array of valueField values',
  date: '"YYYY-MM-DD"',
  datetime: '"YYYY-MM-DDTHH:mm" (local time)',
  file: '{name, type, size, data} with a base64 data URL (an array when multiple), or {name, type, size, url}',
  fixed: 'its `value`, always sent',
  none: 'none (display only)',
};

/** How a client's own form dialog (MCP form-mode elicitation) asks for a field of each shape. */
export const ELICIT: Record<ElicitShape, string> = {
  string: 'a string',
  number: 'a number (an integer when its step and min are whole)',
  boolean: 'a boolean',
  enum: 'one of its options',
  enums: 'several of its options',
  skip: 'not asked',
  search: 'cannot be asked there (it searches an API), so the form is shown elsewhere',
  load: 'cannot be asked there (its options load from an API), so the form is shown elsewhere',
  cascade: "cannot be asked there (its options follow another field's value), so the form is shown elsewhere",
  file: 'cannot be asked there (it takes a file), so the form is shown elsewhere',
};

/** A type's answer and how a client's form dialog asks for it (with its answer's format), from its catalog entry. */
function answerLine(type: (typeof FIELD_TYPES)[number]): string {
  const spec = fieldSpec(type);
  const format = spec.format ? ` of format \`${spec.format}\`` : '';
  return `${TYPE_WORDS[type].doc} Answer: ${ANSWER[spec.value]}. In a client's form dialog: ${ELICIT[spec.elicit]}${format}.`;
}

function row(name: string, spec: PropSpec, doc: string): string {
  const notes = [
    spec.default !== undefined ? `default ${JSON.stringify(spec.default)}` : '',
    spec.min !== undefined || spec.max !== undefined ? `range ${spec.min ?? ''}…${spec.max ?? ''}` : '',
    spec.positive ? 'greater than 0' : '',
    spec.ext ? 'extension' : '',
  ].filter(Boolean);
  // The pattern syntax is long: the tables point to its section.
  const meaning = spec.kind === 'pattern' ? `${doc.replace(/\.$/, '')}: see [Patterns](#patterns).` : doc;
  return `| \`${name}\` | ${KIND[spec.kind]} | ${spec.required ? 'yes' : ''} | ${meaning}${notes.length ? ` (${notes.join('; ')})` : ''} |`;
}

/** The name lists of the aliases, grouped by what they mean. */
function aliasRows(aliases: Readonly<Record<string, readonly string[]>>): string[] {
  const byTarget = new Map<string, string[]>();
  for (const [alias, targets] of Object.entries(aliases))
    byTarget.set(targets.join(' / '), [...(byTarget.get(targets.join(' / ')) ?? []), alias]);
  return [...byTarget].map(
    ([target, names]) => `| \`${target}\` | ${names.map((n) => `\`${n}\``).join(', ')} |`,
  );
}

/** What the checker forgives (normalize.ts) and what it refuses outright, from its own tables. */
function readAsMeant(): string[] {
  const suggestions = new Map<string, string[]>();
  for (const [word, type] of Object.entries(TYPE_SUGGESTIONS))
    suggestions.set(type, [...(suggestions.get(type) ?? []), word]);
  return [
    '## Read as meant',
    '',
    'Before a form is checked, what a model clearly meant but wrote another way is read as meant. Each',
    'change is a note (`補足: …` / `Note: …`, an issue of severity `normalized`) that says what was read',
    'and how to write it; the tool shows it to the model, and every surface reads the form the same way.',
    '',
    '- a type spelt another way: case, `_`, `-` (`Text`, `multi_select`, `date-time`), and `datetime-local`;',
    '- `select` or `radio` with `"multiple": true` is a `multiselect`, `autocomplete` with it a',
    '  `multi-autocomplete` (a single default becomes a list);',
    '- a property spelt another way (`max_length`, `MaxLength`), one of the aliases below when the type',
    '  takes its target and the target is not there, or a typo one edit away from exactly one property',
    '  of the type (`requried`, `placholder`) when the name is no property of any type;',
    '- options as strings or numbers, as pairs with the value or the label missing or not a string, or',
    '  as a `{"value": "label"}` map, become `{value, label}` pairs; a default written as an option\'s',
    "  label becomes its value; other libraries' option keys (`{value, text}`, `{id, name}`, `{key, title}`,",
    "  JSON Schema's `oneOf`/`anyOf` of `{const, title}`) are read as `{value, label}`; an option marked",
    '  `"selected": true` (or `checked`) is the default when the field has none;',
    '- numbers and `true`/`false` written as strings; `suggestions` as one string;',
    '- date bounds `tomorrow`, `yesterday`, `now`, `7d`, `+2 weeks`, `in 3 days`, and ISO date-times',
    '  (with a zone or not) as their date; a date written another way (`2026/12/01`, `2026年12月1日`,',
    '  `25/12/2026`, `Dec 1, 2026`, `今日`, `明日`) as its ISO date, and a datetime default',
    '  (`2026/12/01 10:00`) as `YYYY-MM-DDTHH:mm`; `12/01/2026` means two days and is refused with both;',
    '- a password rule written with lookaheads on a text field (`^(?=.*[A-Z])(?=.*\\d).{8,}$`) becomes',
    '  the checks it means: `minLength` / `maxLength` and a pattern listing the kinds of character in every',
    '  order (`[A-Z].*\\d|\\d.*[A-Z]`); more kinds than one pattern can hold are refused with the split',
    '  of as many as fit;',
    '- `maxSize` with units (`"10MB"`, `"500 KB"`: binary, 10 MB = 10485760);',
    "- `rows` and a heading's `level` held to their range;",
    '- a `pattern` written `/^...$/` (it could never match with the slashes);',
    '- `accept` as a list, or with `*.pdf` globs;',
    '- a `{query}` parameter in the query string of `searchUrl`, moved to `searchParams`;',
    '- `locale` spelt `en-US`, `English`, `ja-JP`...; a form with no `locale` whose words are English is',
    '  shown in English (`locale: "en"` in the form read);',
    '- the tool argument: the form without `form_schema`, under `formSchema`/`form`/`schema`, or wrapped',
    '  twice.',
    '',
    'Refused, with the fix, because the form could not work for the person: `{query}` or any `{name}`',
    'in a URL (it is sent as written), `accept` entries that are neither `.ext` nor a MIME type (every',
    'file would be refused), a regex literal with flags (`/…/i`), `maxSize` under 1024 bytes or over',
    '2 GiB. An unknown type gets "did you mean" from the names below or the nearest spelling. An unknown',
    'property is a warning that says what the vocabulary offers for it, when it offers something (`min` on',
    'a text: `minLength`; `format: "email"`: the `pattern` that checks it; `enum` on a text: a select\'s',
    '`options`; `placeholder` on a date; `visibleIf`; `hasOther`; a property of another type: the types',
    'that take it), else "did you mean" the nearest property.',
    '',
    'The names below are compared without case, `_`, `-` or spaces (`minItems`, `min_items`).',
    '',
    '| property | read from |',
    '| --- | --- |',
    ...aliasRows(PROPERTY_ALIASES),
    '',
    '| form property | read from |',
    '| --- | --- |',
    ...aliasRows(FORM_ALIASES),
    '',
    '| "did you mean" | for the type |',
    '| --- | --- |',
    ...[...suggestions].map(
      ([type, words]) => `| \`${type}\` | ${words.map((w) => `\`${w}\``).join(', ')} |`,
    ),
    '',
  ];
}

export function vocabularyDoc(): string {
  const out = [
    '# The form vocabulary',
    '',
    '<!-- Generated from packages/schema/src/catalog.ts and catalog-docs.ts by `npm run docs`. Do not edit by hand. -->',
    '',
    'A form is `{title, fields}` plus the optional properties below. Properties marked *extension* are not',
    "in seed 000's tables; they follow the seed's own validation guide (e.g. `required` on more types).",
    'Unknown properties are reported as warnings and ignored; what a model clearly meant but wrote another',
    'way is read as meant, with a note ([Read as meant](#read-as-meant)).',
    '',
    '## Form',
    '',
    '| property | type | required | meaning |',
    '| --- | --- | --- | --- |',
    ...(Object.entries(FORM_PROPS) as [keyof typeof FORM_PROPS, PropSpec][]).map(([name, spec]) =>
      row(name, spec, FORM_PROP_WORDS[name].doc),
    ),
    '',
    `## Field types (${FIELD_TYPES.length})`,
    '',
  ];
  for (const type of FIELD_TYPES) {
    const spec = FIELD_CATALOG[type];
    out.push(`### ${type}`, '', answerLine(type), '');
    out.push(
      '| property | type | required | meaning |',
      '| --- | --- | --- | --- |',
      '| `type` | string | yes | `"' + type + '"` |',
    );
    for (const [name, prop] of Object.entries(spec.props))
      out.push(row(name, prop as PropSpec, PROP_WORDS[name as FieldPropName].doc));
    out.push('');
  }
  out.push(
    '## Dates',
    '',
    '`minDate`, `maxDate` and a date `default` take `"today"`, `"+Ndays"`, `"-Ndays"` or an ISO date. A',
    "relative one is resolved once, for the instant the form was issued, in the person's time zone where",
    'the surface knows it: the page resolves it in its zone and sends its UTC offset with the answers, and',
    'a server re-checking them resolves it from the same instant with that offset (held to the real zones,',
    '-12:00 to +14:00), so the bounds the person sees are the bounds that are enforced. Without an offset',
    "(the terminal, a client's own form) the checking process's zone is used. The answer is a plain",
    'calendar date, "YYYY-MM-DD".',
    '',
    '## Patterns',
    '',
    `A \`pattern\` is ${PATTERN_SYNTAX.replace(/^JavaScript/, 'a JavaScript')}`,
    '',
    'Every surface (the server, the browser renderer, the terminal, the host) matches with the same',
    'small engine of `@formrequest/schema`, in time linear in the text, so a pattern and a text get the',
    'same verdict everywhere. Whatever the syntax above does not list is refused up front with the reason.',
    '',
    '| limit | value |',
    '| --- | --- |',
    `| characters of one pattern | ${MAX_PATTERN_LENGTH} |`,
    `| size of one pattern | ${MAX_PATTERN_SIZE} |`,
    `| total size of the patterns of one form | ${MAX_FORM_PATTERN_SIZE} |`,
    `| total characters of the patterns of one form | ${MAX_FORM_PATTERN_LENGTH} |`,
    '',
    'Size: a character, class, `.` or assertion is 1; each extra alternative of `|` adds 1; a repeated',
    'group is copied, so `(ab){3}` is 6 and `(ab){0,3}` is 9 (a split per optional copy); `*` and `+` on',
    'a group add 1. A repeated character or class is a row of counters instead, 3 for each 31 of its',
    'largest count (`\\d{4}` is 3, `[a-z]{1,64}` is 9), or its copies when that is smaller (`a?` is 2).',
    '',
    ...readAsMeant(),
    '',
  );
  return out.join('\n');
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(new URL('../docs/form-vocabulary.md', import.meta.url), vocabularyDoc());
  console.log('wrote docs/form-vocabulary.md');
}
