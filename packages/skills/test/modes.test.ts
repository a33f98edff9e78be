// Lazy and full mode beyond the seed's examples: unknown keys, nested schemas, oneOf without type,
// Unicode, odd values; lazy YAML read back (YAML 1.1 and 1.2) must equal the catalog's schemas.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  fromJs,
  lazyTool,
  lazyYaml,
  type Mapping,
  parameterLine,
  toJs,
  toolSection,
} from '@formrequest/skills';
import { parse } from 'yaml';
import { toolOf } from './support/catalog.ts';

const plain = {
  name: 'make_thing',
  description: '物を作る\nsecond line',
  inputSchema: {
    type: 'object',
    required: ['name', 'mode'],
    additionalProperties: false,
    $defs: { Size: { type: 'integer', minimum: 1 } },
    properties: {
      name: {
        type: 'string',
        description: '名前 (Unicode ✓)',
        minLength: 2,
        maxLength: 40,
        pattern: '^[a-z]+$',
        format: 'hostname',
        examples: ['box'],
      },
      mode: { enum: ['yes', 'no', 'on', 'off', '1:1', '010', 'null', ''], 'x-vendor': { weight: 0.5 } },
      value: { oneOf: [{ type: 'string' }, { type: 'number', exclusiveMinimum: 0 }], description: 'A value' },
      options: {
        type: 'object',
        properties: {
          depth: { type: 'integer', default: 3 },
          tags: {
            type: 'array',
            items: { type: 'string', enum: ['a', 'b'] },
            minItems: 1,
            uniqueItems: true,
          },
        },
        required: ['depth'],
      },
      size: { $ref: '#/$defs/Size' },
      ratio: { type: ['number', 'null'], default: null, multipleOf: 0.25 },
      flag: { type: 'boolean', default: false, deprecated: true },
    },
  },
};
const tool = toolOf(plain);
const entryOf = (t = tool) => toJs(lazyTool(t)) as Record<string, any>;
const spec = (value: unknown) => fromJs(value) as Mapping;

test('lazy: type and description first with defaults, every other key after them in schema order', () => {
  const entry = entryOf();
  assert.deepEqual(entry.required, ['name', 'mode']);
  assert.deepEqual(Object.keys(entry.parameters.name!), [
    'type',
    'description',
    'minLength',
    'maxLength',
    'pattern',
    'format',
    'examples',
  ]);
  assert.deepEqual(entry.parameters.mode, {
    type: 'any',
    description: '',
    enum: ['yes', 'no', 'on', 'off', '1:1', '010', 'null', ''],
    'x-vendor': { weight: 0.5 },
  });
  assert.equal(entry.parameters.value!.type, 'any');
  // Input-schema keys besides type/properties/required are kept too, so a $ref still resolves.
  assert.deepEqual(entry.schema, {
    additionalProperties: false,
    $defs: { Size: { type: 'integer', minimum: 1 } },
  });
});

test('lazy: the YAML reads back, under YAML 1.1 and 1.2, to exactly the lazy data (no key lost)', () => {
  const text = lazyYaml([tool]);
  const expected = { make_thing: entryOf() };
  assert.deepEqual(parse(text, { version: '1.2' }), JSON.parse(JSON.stringify(expected)));
  assert.deepEqual(parse(text, { version: '1.1' }), JSON.parse(JSON.stringify(expected)));
  assert.match(text, /名前 \(Unicode ✓\)/, 'Unicode is written as is, not escaped');
  assert.match(
    text,
    /\n {2}description: \|-\n {4}物を作る\n {4}second line\n/,
    'multi-line text as a literal block',
  );
});

test('lazy: same input, same bytes; a blank line separates parameters and tools', () => {
  const other = toolOf({ name: 'other', inputSchema: { properties: { a: { type: 'string' } } } });
  const text = lazyYaml([tool, other]);
  assert.equal(text, lazyYaml([tool, other]));
  assert.match(
    text,
    /\n\nother:\n {2}description: ""\n {2}required: \[\]\n {2}parameters:\n {4}a:\n {6}type: string\n {6}description: ""\n$/,
  );
});

test('lazy: objects shared between parameters are written out, never as YAML anchors', () => {
  const shared = { type: 'string', enum: ['x', 'y'] };
  const text = lazyYaml([toolOf({ name: 't', inputSchema: { properties: { a: shared, b: shared } } })]);
  assert.doesNotMatch(text, /[&*]a1/);
});

test('full: named extras after the seed keys, then the rest in schema order', () => {
  const raw = plain.inputSchema.properties as Record<string, unknown>;
  const props = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, spec(v)]));
  assert.equal(
    parameterLine('name', props.name!, true),
    "  - `name`* (string): 名前 (Unicode ✓) [minLength: 2, maxLength: 40, pattern: ^[a-z]+$, format: hostname, examples: ['box']]",
  );
  assert.equal(
    parameterLine('mode', props.mode!, true),
    "  - `mode`* (any):  [options: ['yes', 'no', 'on', 'off', '1:1', '010', 'null', ''], x-vendor: {'weight': 0.5}]",
  );
  assert.equal(
    parameterLine('value', props.value!, false),
    '  - `value` (any): A value\n    - oneOf[0] (string): \n    - oneOf[1] (number):  [exclusiveMinimum: 0]',
  );
  assert.equal(
    parameterLine('ratio', props.ratio!, false),
    "  - `ratio` (['number', 'null']):  [default: None, multipleOf: 0.25]",
  );
  assert.equal(
    parameterLine('flag', props.flag!, false),
    '  - `flag` (boolean):  [default: False, deprecated: True]',
  );
});

test('full: items.enum shows as options and the rest of the item schema is kept', () => {
  const tags = { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 };
  assert.equal(
    parameterLine('tags', spec(tags), false),
    "  - `tags` (array):  [options: ['a', 'b'], minItems: 1]\n    - items (string): ",
  );
});

test('full: nested objects are indented lines, never one long repr; multi-line descriptions stay inside the list item', () => {
  const section = toolSection(tool);
  assert.ok(
    section.includes(
      "\n  - `options` (object): \n    - `depth`* (integer):  [default: 3]\n    - `tags` (array):  [options: ['a', 'b'], minItems: 1, uniqueItems: True]\n      - items (string): \n",
    ),
    section,
  );
  assert.match(section, /^### make_thing\n物を作る\nsecond line\n\n\*\*Parameters:\*\*\n/);
  assert.ok(
    section.endsWith(
      '\n\n**Input schema also says:** additionalProperties: False\n  - $defs `Size` (integer):  [min: 1]',
    ),
    section,
  );
  const multi = parameterLine('p', spec({ type: 'string', description: 'one\ntwo' }), false);
  assert.equal(multi, '  - `p` (string): one\n    two');
  assert.equal(
    toolSection(toolOf({ name: 'ping', description: 'Ping' })),
    '### ping\nPing\n\n**Parameters:** none',
  );
});
