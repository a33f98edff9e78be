// Our YAML reader and writer against PyYAML on generated data (fast-check, seeded): every value is
// written by PyYAML in six styles (block, flow leaves, flow, ASCII with folding at 20 columns,
// canonical, explicit markers with indent 4) and read by us; and written by us and read by PyYAML and
// by a YAML 1.2 reader. The strings mix what YAML 1.1 treats specially (yes, 1:30, 010, 1e-7, =, <<,
// ': ', ' #', quotes, tabs, U+2028, NEL, controls, CJK, emoji).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PyFloat, type Value } from '@formrequest/skills';
import { readYaml, toJson, writeYaml } from '@formrequest/skills/data';
import fc from 'fast-check';
import { parse } from 'yaml';
import { anchorScript, pythonWithYaml } from './support/python.ts';
import { typed } from './support/typed.ts';

const PIECES = [
  'a',
  'key',
  'yes',
  'No',
  'on',
  'y',
  'null',
  '~',
  '1',
  '010',
  '08',
  '0o17',
  '0x1F',
  '1:30',
  '1e-7',
  '1.0',
  '.5',
  '2024-01-01',
  '=',
  '<<',
  ':',
  ': ',
  ' #',
  '#',
  '-',
  '- ',
  '?',
  '"',
  "'",
  '\\',
  ' ',
  '\t',
  '\n',
  '\u2028',
  '\x85',
  '\x01',
  '\ufeff',
  'é',
  '漢字',
  '😀',
  '[',
  ']',
  '{',
  '}',
  ',',
  '&a',
  '*a',
  '!',
  '|',
  '>',
  '%',
  '@',
  '`',
  '---',
  '...',
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 5 }).map((parts) => parts.join(''));
const scalar: fc.Arbitrary<Value> = fc.oneof(
  text,
  fc.integer(),
  fc
    .bigInt({ min: -(2n ** 70n), max: 2n ** 70n })
    .map((n) => (n >= -(2n ** 53n) + 1n && n <= 2n ** 53n - 1n ? Number(n) : n)),
  fc.double({ noNaN: false }).map((n) => (Number.isInteger(n) || Object.is(n, -0) ? new PyFloat(n) : n)),
  fc.boolean(),
  fc.constant(null),
);
const { value } = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .uniqueArray(fc.tuple(text, tie('value')), { maxLength: 4, selector: ([k]) => k })
      .map((entries) => new Map(entries)),
  ),
}));

function as12(v: Value): unknown {
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, as12(x)]));
  if (Array.isArray(v)) return v.map(as12);
  if (v instanceof PyFloat) return v.value;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  return v;
}

const cases = fc.sample(fc.oneof(value, fc.array(value, { minLength: 1, maxLength: 4 })), {
  numRuns: 80,
  seed: Number(process.env.YAML_DIFF_SEED ?? 20261123),
});
const dir = mkdtempSync(join(tmpdir(), 'yaml-differential-'));
const STYLES = ['block', 'leaves-flow', 'flow', 'ascii-narrow', 'canonical', 'explicit'];

test('values PyYAML writes in six styles are read by us as PyYAML reads them', () => {
  const casesFile = join(dir, 'cases.json');
  writeFileSync(casesFile, `[${cases.map((c) => toJson(c)).join(',')}]`);
  const original = JSON.parse(
    execFileSync(pythonWithYaml(), [anchorScript, 'styles', casesFile, dir], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }),
  ) as unknown[];
  const files = cases.flatMap((_, i) => STYLES.map((style) => join(dir, `${i}-${style}.yaml`)));
  // What PyYAML reads back (not always what it wrote: it writes a NEL raw in single quotes, and reads it as a space).
  const pyyaml = JSON.parse(
    execFileSync(pythonWithYaml(), [anchorScript, 'loadmany', ...files], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }),
  ) as unknown[];
  let same = 0;
  files.forEach((file, n) => {
    assert.deepEqual(typed(readYaml(readFileSync(file, 'utf8'))), pyyaml[n], file);
    if (JSON.stringify(pyyaml[n]) === JSON.stringify(original[Math.floor(n / STYLES.length)])) same++;
  });
  assert.ok(
    same > files.length * 0.5,
    `most values survive PyYAML's own round trip (${same}/${files.length})`,
  );
  for (const [i, c] of cases.entries())
    assert.deepEqual(typed(c), original[i], `case ${i}: the JSON went over as it is`);
});

test('values we write are read back equal by PyYAML and by a YAML 1.2 reader', () => {
  const files = cases.map((c, i) => {
    const file = join(dir, `ours-${i}.yaml`);
    writeFileSync(file, writeYaml(c));
    return file;
  });
  const read = JSON.parse(
    execFileSync(pythonWithYaml(), [anchorScript, 'loadmany', ...files], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }),
  ) as unknown[];
  cases.forEach((c, i) => {
    const written = readFileSync(files[i]!, 'utf8');
    assert.deepEqual(read[i], typed(c), `PyYAML, case ${i}:\n${written}`);
    assert.deepEqual(
      parse(written, { mapAsMap: true, intAsBigInt: true }),
      as12(c),
      `YAML 1.2, case ${i}:\n${written}`,
    );
    assert.deepEqual(typed(readYaml(written)), typed(c), `ours, case ${i}`);
  });
});
