// Hard catalogs (test/fixtures/corpus) against seed 003's algorithm in Python (bench/skills-anchor.py,
// PyYAML with libyaml), value by value: PyYAML-written aliases, merges, YAML 1.1 scalars, big and odd
// numbers, keys that need quoting, control and Unicode characters, `__proto__`, numeric names, and a
// JSON catalog read as Python's json reads it. Our lazy YAML is then read back by PyYAML (safe_load)
// and by a YAML 1.2 reader (the yaml package) and must give the same values again.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import {
  type CatalogServer,
  checkCatalog,
  lazyYaml,
  type Mapping,
  PyFloat,
  parseCatalogText,
  readCatalogFile,
  Timestamp,
  type Value,
} from '@formrequest/skills';
import { parse } from 'yaml';
import { parameterExtras } from '../src/full.ts';
import { lazyTools } from '../src/lazy.ts';
import { anchor } from './support/python.ts';
import { typed } from './support/typed.ts';

const corpus = resolve(import.meta.dirname, 'fixtures/corpus');
const files = readdirSync(corpus).filter((f) => /\.(ya?ml|json)$/.test(f));
const temp = mkdtempSync(join(tmpdir(), 'skills-corpus-'));

interface PythonServer {
  id: string;
  lazy: unknown;
  full: { name: string; description: string; parameters: string[] }[];
}

/** Our parameter line cut to the seed's own bracket items (ours adds the schema's other keys after them). */
function seedLines(server: CatalogServer): string[][] {
  return server.tools.map((tool) => {
    const schema = (tool.data.get('inputSchema') ?? new Map()) as Mapping;
    const properties = (schema.get('properties') ?? new Map()) as Map<string, Mapping>;
    const required = (schema.get('required') ?? []) as Value[];
    return [...properties].map(([name, spec]) => {
      const items = spec.get('items');
      const seedCount =
        ['default', 'enum', 'minimum', 'maximum'].filter((k) => spec.has(k)).length +
        (items instanceof Map && items.has('enum') ? 1 : 0);
      const extras = parameterExtras(spec).slice(0, seedCount);
      const type = spec.has('type') ? spec.get('type') : 'any';
      const description = spec.has('description') ? spec.get('description') : '';
      const show = (v: Value | undefined) => (typeof v === 'string' ? v : String(v));
      return `  - \`${name}\`${required.includes(name) ? '*' : ''} (${show(type)}): ${show(description)}${extras.length ? ` [${extras.join(', ')}]` : ''}`;
    });
  });
}

/** What a YAML 1.2 reader (yaml, Maps and bigints on) makes of a value we wrote. */
function as12(value: Value): unknown {
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, as12(v)]));
  if (Array.isArray(value)) return value.map(as12);
  if (value instanceof PyFloat) return value.value;
  if (value instanceof Timestamp) return value.text;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  return value;
}

for (const file of files) {
  test(`${file}: the same values as seed 003's Python algorithm, and our YAML read back equal by PyYAML and YAML 1.2`, () => {
    const path = join(corpus, file);
    const python = anchor('data', path) as PythonServer[];
    const checked = checkCatalog(readCatalogFile(path));
    assert.deepEqual(checked.broken, [], 'no server has defects');
    assert.deepEqual(
      checked.servers.map((s) => s.id),
      python.map((s) => s.id),
    );
    // Every server's YAML is written first and read back by one PyYAML process (loadmany).
    const written = checked.servers.map((server, i) => {
      const ours = lazyTools(server.tools);
      const text = lazyYaml(server.tools);
      const out = join(temp, `${file}-${i}.yaml`);
      writeFileSync(out, text);
      return { server, ours, text, out };
    });
    const readBack = anchor('loadmany', ...written.map((w) => w.out)) as unknown[];
    assert.equal(readBack.length, written.length);
    written.forEach(({ server, ours, text }, i) => {
      const expected = python[i]!;
      assert.deepEqual(typed(ours), expected.lazy, `${server.id}: lazy data`);
      assert.deepEqual(
        seedLines(server),
        expected.full.map((t) => t.parameters),
        `${server.id}: full-mode lines`,
      );
      assert.deepEqual(readBack[i], typed(ours), `${server.id}: PyYAML reads our YAML back`);
      assert.deepEqual(
        parse(text, { mapAsMap: true, intAsBigInt: true, uniqueKeys: true }),
        as12(ours),
        `${server.id}: a YAML 1.2 reader reads our YAML back`,
      );
      // And ours, as PyYAML does.
      assert.deepEqual(typed(parseCatalogText(text)), typed(ours));
    });
  });
}

test('the corpus covers what it claims: aliases, merges, order, exact numbers', () => {
  const aliases = readdirSync(corpus).includes('pyyaml-aliases.yaml');
  assert.ok(aliases);
  const yaml11 = checkCatalog(readCatalogFile(join(corpus, 'yaml11.yaml')));
  const tools = yaml11.servers[0]!.tools;
  assert.deepEqual(
    tools.map((t) => t.name),
    ['scalars', '123'],
  );
  const json = checkCatalog(readCatalogFile(join(corpus, 'exact.json')));
  const nums = json.servers[0]!.tools[0]!;
  const props = (nums.data.get('inputSchema') as Mapping).get('properties') as Mapping;
  assert.deepEqual([...props.keys()], ['b', '10', '__proto__', 'a']);
  assert.equal((props.get('b') as Mapping).get('maximum'), 18446744073709551615n);
  assert.equal((props.get('b') as Mapping).get('minimum'), -9007199254740993n);
  assert.ok((props.get('b') as Mapping).get('default') instanceof PyFloat);
  assert.match(lazyYaml(json.servers[0]!.tools), /^nums:[\s\S]*\n\n"123":\n/);
});
