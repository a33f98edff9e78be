// What a model reads of request_form (issue 14): the tool definition's size with the seed's four
// endpoints, against anchors built in the same run (the strict per-type schema the tool advertised
// before, one JSON Schema per field type) and the fixed limits it must meet (Claude Code cuts a tool
// description at 2,048 characters; the budget is 5,500 for description + input schema). Then the
// corpus of mistaken calls (packages/server/test/fixtures) through the tool's own reading and checking:
// how many are forgiven with a note, how many refused with the field, the property and the fix.
// Run: npm run bench definition
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatIssues, formJsonSchema, readFormArgument, validateFormSchema } from '@formrequest/schema';
import {
  requestFormInputJsonSchema,
  requestFormToolDescription,
  type SearchEndpoint,
} from '@formrequest/server';

const root = resolve(import.meta.dirname, '..');
const CUT = 2048;
const BUDGET = 5500; // issue 24 (6,000 in issue 14); the long-term goal is AskUserQuestion's 4,135
const SEED_ENDPOINTS: SearchEndpoint[] = [
  {
    purpose: 'ユーザー検索',
    url: 'https://api.example.com/users/search',
    params: { q: '検索クエリ', limit: '件数' },
  },
  {
    purpose: 'プロジェクト検索',
    url: 'https://api.example.com/projects/search',
    params: { q: '検索クエリ' },
  },
  { purpose: 'カテゴリ一覧', url: 'https://api.example.com/categories' },
  {
    purpose: '都道府県一覧',
    url: 'https://api.example.com/prefectures',
    params: { country_code: '国コード' },
  },
];

const chars = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)).length;
const bytes = (value: unknown) =>
  Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

const description = requestFormToolDescription({ endpoints: SEED_ENDPOINTS });
const schema = requestFormInputJsonSchema();
const compact = (schema as { properties: Record<string, unknown> }).properties;
// The anchor: the same input with the strict schema (every type its own sub-schema, every doc in full).
const strict = {
  type: 'object',
  properties: { form_schema: formJsonSchema(), mode: compact.mode },
  required: ['form_schema'],
};
const total = chars(description) + chars(schema);

console.log("request_form's definition with the seed's four endpoints (characters, UTF-8 bytes in brackets)");
console.log(
  `  description        ${String(chars(description)).padStart(6)} (${bytes(description)})  ${chars(description) <= CUT ? 'within' : 'OVER'} the ${CUT} cut (${ratio(chars(description), CUT)})`,
);
console.log(
  `  input schema       ${String(chars(schema)).padStart(6)} (${bytes(schema)})  the strict per-type schema: ${chars(strict)} (${ratio(chars(schema), chars(strict))} of it)`,
);
console.log(
  `  total              ${String(total).padStart(6)}  ${total <= BUDGET ? 'within' : 'OVER'} the ${BUDGET} budget (${ratio(total, BUDGET)}); with the strict schema it would be ${chars(description) + chars(strict)}`,
);

interface Case {
  id: string;
  arguments: Record<string, unknown>;
  expect: { outcome: 'normalized' | 'error'; index?: number; property: string; fix: string };
}
const corpus: Case[] = JSON.parse(
  readFileSync(resolve(root, 'packages/server/test/fixtures/mistaken-calls.json'), 'utf8'),
);
const lineFor = (lines: string[], e: Case['expect']) =>
  lines.some(
    (line) =>
      (e.index === undefined ||
        line.includes(`フィールド[${e.index}]`) ||
        line.includes(`field[${e.index}]`)) &&
      line.includes(e.property) &&
      line.includes(e.fix),
  );
const score = { normalized: 0, error: 0, missed: [] as string[] };
const started = performance.now();
for (const c of corpus) {
  const argument = readFormArgument(c.arguments);
  const checked = argument.ok ? validateFormSchema(argument.form) : undefined;
  const mode = c.arguments.mode;
  const modeError = mode !== undefined && mode !== 'never' && mode !== 'auto' ? ['mode'] : [];
  const errors = argument.ok ? [...modeError, formatIssues(checked!.errors)].join('\n') : argument.message;
  const notes = argument.ok ? [...argument.notes, ...checked!.warnings].map((n) => n.message) : [];
  const refused = !argument.ok || !checked!.ok || modeError.length > 0;
  const met =
    c.expect.outcome === 'error'
      ? refused && (c.expect.property === 'mode' || lineFor(errors.split('\n'), c.expect))
      : !refused && lineFor(notes, c.expect);
  if (met) score[c.expect.outcome]++;
  else score.missed.push(c.id);
}
const ms = performance.now() - started;
console.log(
  `\nmistaken calls: ${score.normalized + score.error}/${corpus.length} met (${score.normalized} forgiven with a note, ${score.error} refused with index, property and fix)${score.missed.length ? `; missed: ${score.missed.join(', ')}` : ''}; read and checked in ${ms.toFixed(1)} ms`,
);
console.log('  (the server test runs the same corpus through real SDK clients over stdio and HTTP)');
