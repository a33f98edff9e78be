// Writes docs/form-vocabulary.md from the catalog (the one description of the vocabulary), so the
// reference can never drift from the checker. `npm run docs`; a test fails when the file is stale.
import { writeFileSync } from 'node:fs';
import { FIELD_CATALOG, FIELD_TYPES, FORM_PROPS, type PropSpec } from '@formrequest/schema';

const KIND: Record<string, string> = {
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

const ANSWER: Record<string, string> = {
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

function row(name: string, spec: PropSpec): string {
  const notes = [
    spec.default !== undefined ? `default ${JSON.stringify(spec.default)}` : '',
    spec.min !== undefined || spec.max !== undefined ? `range ${spec.min ?? ''}…${spec.max ?? ''}` : '',
    spec.positive ? 'greater than 0' : '',
    spec.ext ? 'extension' : '',
  ].filter(Boolean);
  return `| \`${name}\` | ${KIND[spec.kind]} | ${spec.required ? 'yes' : ''} | ${spec.doc}${notes.length ? ` (${notes.join('; ')})` : ''} |`;
}

export function vocabularyDoc(): string {
  const out = [
    '# The form vocabulary',
    '',
    '<!-- Generated from packages/schema/src/catalog.ts by `npm run docs`. Do not edit by hand. -->',
    '',
    'A form is `{title, fields}` plus the optional properties below. Properties marked *extension* are not',
    "in seed 000's tables; they follow the seed's own validation guide (e.g. `required` on more types).",
    'Unknown properties are reported as warnings and ignored.',
    '',
    '## Form',
    '',
    '| property | type | required | meaning |',
    '| --- | --- | --- | --- |',
    ...Object.entries(FORM_PROPS).map(([name, spec]) => row(name, spec as PropSpec)),
    '',
    `## Field types (${FIELD_TYPES.length})`,
    '',
  ];
  for (const type of FIELD_TYPES) {
    const spec = FIELD_CATALOG[type];
    out.push(`### ${type}`, '', `${spec.doc} Answer: ${ANSWER[spec.value]}.`, '');
    out.push(
      '| property | type | required | meaning |',
      '| --- | --- | --- | --- |',
      '| `type` | string | yes | `"' + type + '"` |',
    );
    for (const [name, prop] of Object.entries(spec.props)) out.push(row(name, prop as PropSpec));
    out.push('');
  }
  return out.join('\n');
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(new URL('../docs/form-vocabulary.md', import.meta.url), vocabularyDoc());
  console.log('wrote docs/form-vocabulary.md');
}
