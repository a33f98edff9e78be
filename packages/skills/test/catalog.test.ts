// The catalog check: wrong shapes, broken tool schemas with the path of the defect, offline and
// tool-less servers, duplicates; parse errors of text that is neither JSON nor YAML.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CatalogError, checkCatalog, parseCatalogText } from '@formrequest/skills';

const ok = (id: string) => ({
  id,
  status: 'online',
  tools: [{ name: 't', description: 'd', inputSchema: { type: 'object', properties: {} } }],
});

test('a catalog that is not an object with a servers list is rejected as a whole', () => {
  assert.throws(
    () => checkCatalog('hello world'),
    (e: Error) =>
      e instanceof CatalogError && /must be a mapping with a "servers" list, got a string/.test(e.message),
  );
  assert.throws(() => checkCatalog({ server: [] }), /has no "servers" list \(servers: nothing\)/);
  assert.throws(() => checkCatalog([1]), /got a list/);
});

test('text that is neither JSON nor YAML gets a message with the line', () => {
  assert.throws(
    () => parseCatalogText('servers:\n  - id: a\n   status: [online\n', 'cat.yaml'),
    (e: Error) =>
      e instanceof CatalogError && /cat\.yaml is not valid YAML: line \d+, column \d+: /.test(e.message),
  );
  assert.throws(
    () => parseCatalogText('{"servers": [}', 'cat.json'),
    /cat\.json is not valid JSON: line 1, column 14/,
  );
  assert.deepEqual(
    parseCatalogText('{servers: []}'),
    new Map([['servers', []]]),
    'flow-style YAML is still YAML',
  );
});

test('a broken tool schema names the path of the defect; the other servers stay usable', () => {
  const tools: { name: string; inputSchema: Record<string, unknown> }[] = Array.from(
    { length: 8 },
    (_, i) => ({
      name: `tool${i}`,
      inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
    }),
  );
  tools[7] = { name: 'tool7', inputSchema: { type: 'object', properties: { steps: 'integer' } } };
  const checked = checkCatalog({
    servers: [ok('a'), ok('b'), ok('c'), { id: 'd', status: 'online', tools }, ok('e')],
  });
  assert.deepEqual(
    checked.servers.map((s) => s.id),
    ['a', 'b', 'c', 'e'],
  );
  assert.equal(checked.broken.length, 1);
  assert.deepEqual(checked.broken[0]!.defects, [
    {
      path: 'servers[3].tools[7].inputSchema.properties.steps',
      message:
        'a parameter schema must be a mapping such as {type: string} (or true / false), got a string ("integer")',
    },
  ]);
});

test('defects deep in a schema and in every kind of place are found', () => {
  const checked = checkCatalog({
    servers: [
      {
        id: 'x',
        tools: [
          {
            name: 'a',
            inputSchema: {
              type: 'object',
              properties: { o: { type: 'object', properties: { 'file.name': null } } },
            },
          },
          { name: 'b', inputSchema: { type: 'array' } },
          {
            name: 'c',
            inputSchema: { properties: { l: { type: 'array', items: 'string' } }, required: 'l' },
          },
          { name: 'd', parameters: { properties: { u: { oneOf: [{ type: 'string' }, 3] } } } },
          { description: 'no name' },
          { name: 'a', description: 5 },
          'not a tool',
        ],
      },
    ],
  });
  const paths = checked.broken[0]!.defects.map((d) => d.path);
  assert.deepEqual(paths, [
    'servers[0].tools[0].inputSchema.properties.o.properties["file.name"]',
    'servers[0].tools[1].inputSchema.type',
    'servers[0].tools[2].inputSchema.properties.l.items',
    'servers[0].tools[2].inputSchema.required',
    'servers[0].tools[3].parameters.properties.u.oneOf[1]',
    'servers[0].tools[4].name',
    'servers[0].tools[5].description',
    'servers[0].tools[5].name',
    'servers[0].tools[6]',
  ]);
  assert.match(
    checked.broken[0]!.defects[7]!.message,
    /duplicate tool name 'a' \(also servers\[0\]\.tools\[0\]\)/,
  );
});

test('offline and tool-less servers are reported as inactive (their tools are not checked); duplicates and missing ids are defects', () => {
  const checked = checkCatalog({
    servers: [
      ok('a'),
      { id: 'off', status: 'offline', tools: [{ broken: true }] },
      { id: 'empty', status: 'online', tools: [] },
      { id: 'none', status: 'online' },
      ok('a'),
      { status: 'online', tools: [] },
      { id: 'nostatus', tools: [{ name: 'x' }] },
    ],
  });
  assert.deepEqual(
    checked.servers.map((s) => s.id),
    ['a', 'nostatus'],
  );
  assert.deepEqual(
    checked.inactive.map((s) => [s.id, s.reason]),
    [
      ['off', "status is 'offline', not 'online'"],
      ['empty', 'it has no tools'],
      ['none', 'it has no tools'],
    ],
  );
  assert.deepEqual(
    checked.broken.map((s) => [s.id, s.named, s.defects[0]!.path]),
    [
      ['a', true, 'servers[4].id'],
      ['#5', false, 'servers[5].id'],
    ],
  );
});
