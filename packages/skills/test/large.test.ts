// Large servers (issue 29): on a notion-sized catalog (test/fixtures/notion-sized.ts: its single
// tools.yaml would be 4,362 lines), every file an agent must read stays under 2,000 lines, with no line
// near Claude Code's 2,000-character cut; lazy mode indexes each tool's place in SKILL.md, splits per
// tool and keeps the definitions several tools share once; what is read back from the split files is
// exactly the seed's lazy data. Small servers keep the seed's single tools.yaml, indexed by line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSkills, checkCatalog, lazyTool, lazyYaml, type Mapping, type Value } from '@formrequest/skills';
import { readYaml, sameValue } from '@formrequest/skills/data';
import { parse } from 'yaml';
import { notionSizedCatalog } from './fixtures/notion-sized.ts';
import { serverOf } from './support/catalog.ts';

const READ_WINDOW = 2000;
const [notion] = checkCatalog(notionSizedCatalog()).servers;

function within(files: { path: string; content: string }[]): void {
  for (const file of files) {
    const lines = file.content.split('\n');
    assert.ok(lines.length < READ_WINDOW, `${file.path}: ${lines.length} lines`);
    const longest = Math.max(...lines.map((l) => l.length));
    assert.ok(longest < 1000, `${file.path}: a line of ${longest} characters`);
  }
}

test('the fixture is notion-sized: one tools.yaml would be past a 2,000-line read window', () => {
  assert.ok(notion!.tools.length >= 19);
  assert.ok(lazyYaml(notion!.tools).split('\n').length > 4149);
});

test('lazy, notion-sized: an index in SKILL.md, one file per tool, shared $defs once; every file under 2,000 lines', () => {
  const [skill] = buildSkills([notion!], { lazy: true });
  within(skill!.files);
  const files = new Map(skill!.files.map((f) => [f.path.slice('workspace/'.length), f.content]));
  const md = files.get('SKILL.md')!;
  assert.ok(files.has('references/defs.yaml'));
  assert.ok(!files.has('references/tools.yaml'));
  const defs = readYaml(files.get('references/defs.yaml')!) as Mapping;
  const shared = defs.get('$defs') as Mapping;
  assert.ok(shared.has('richText') && shared.has('color'), 'definitions several tools carry');
  assert.ok(!shared.has('filter'), 'a definition only one tool carries stays with it');
  for (const tool of notion!.tools) {
    // Read 1: SKILL.md names the tool's file. Read 2: that file holds its entry.
    const link = new RegExp(
      `^- \`${tool.name}\` \\(\\[(references/tools/[^\\]]+)\\]\\(\\1\\)\\): `,
      'm',
    ).exec(md);
    assert.ok(link, `${tool.name} is in the index`);
    const text = files.get(link[1]!)!;
    const entry = (readYaml(text) as Mapping).get(tool.name) as Mapping;
    assert.deepEqual(parse(text)[tool.name].required, (entry.get('required') as Value[]).map(String));
    // Put back the shared definitions the file's comment names: the seed's data, exactly.
    const expected = lazyTool(tool);
    const schema = new Map((entry.get('schema') as Mapping | undefined) ?? []);
    const own = new Map((schema.get('$defs') as Mapping | undefined) ?? []);
    for (const m of text.matchAll(/^# {3}#\/\$defs\/([A-Za-z]+) -> \.\.\/defs\.yaml$/gm))
      own.set(m[1]!, shared.get(m[1]!)!);
    const wanted = (expected.get('schema') as Mapping).get('$defs') as Mapping | undefined;
    assert.deepEqual([...own.keys()].sort(), [...(wanted?.keys() ?? [])].sort(), tool.name);
    for (const [name, value] of wanted ?? [])
      assert.ok(sameValue(own.get(name)!, value), `${tool.name} $defs.${name}`);
    for (const key of ['description', 'required', 'parameters'])
      assert.ok(sameValue(entry.get(key)!, expected.get(key)!), `${tool.name}.${key}`);
    assert.ok(sameValue(schema.get('additionalProperties')!, false));
  }
});

test('full, notion-sized: nested schemas as indented lines, no line near the read cut, under 2,000 lines', () => {
  const [skill] = buildSkills([notion!]);
  within(skill!.files);
  const md = skill!.files[0]!.content;
  assert.match(
    md,
    /\n {2}- `parent`\* \(any\): Where the new page or block goes\.|\n {2}- `parent`\* \(any\): {2}\[\$ref: #\/\$defs\/parent\]/,
  );
  assert.match(
    md,
    /\n {2}- \$defs `richText` \(object\): One run of styled text: plain text, a mention or an equation\. \[additionalProperties: False\]\n {4}- `type` \(string\): {2}\[default: text, options: \['text', 'mention', 'equation'\]\]\n/,
  );
});

test('small servers: the seed tools.yaml, and SKILL.md gives the line each tool starts on', () => {
  const server = serverOf({
    id: 'small',
    tools: [
      {
        name: 'a',
        description: 'First.\n\nDetails nobody needs up front.',
        inputSchema: { type: 'object', properties: { x: { type: 'string' } } },
      },
      {
        name: 'b',
        description: 'Second',
        inputSchema: { type: 'object', properties: { y: { type: 'integer' }, z: { type: 'integer' } } },
      },
    ],
  });
  const [skill] = buildSkills([server], { lazy: true });
  assert.deepEqual(
    skill!.files.map((f) => f.path),
    ['small/SKILL.md', 'small/references/tools.yaml'],
  );
  const yaml = skill!.files[1]!.content.split('\n');
  const md = skill!.files[0]!.content;
  assert.match(md, /^- `a` \(line 1\): First\.$/m);
  const line = Number(/^- `b` \(line (\d+)\): Second$/m.exec(md)![1]);
  assert.equal(yaml[line - 1], 'b:');
  assert.doesNotMatch(md, /Details nobody needs/);
});

test('split definitions: the same name with different values stays with each tool; a long defs file is split per definition', () => {
  const big = Object.fromEntries(
    Array.from({ length: 60 }, (_, i) => [
      `D${i}`,
      { type: 'string', enum: Array.from({ length: 30 }, (_, j) => `v${i}-${j}`) },
    ]),
  );
  const tool = (name: string, extra: Record<string, unknown>) => ({
    name,
    description: name,
    inputSchema: { type: 'object', properties: { p: { $ref: '#/$defs/D0' } }, $defs: { ...big, ...extra } },
  });
  const server = serverOf({
    id: 'defs',
    tools: [tool('one', { Mine: { type: 'string' } }), tool('two', { Mine: { type: 'integer' } })],
  });
  const [skill] = buildSkills([server], { lazy: true });
  within(skill!.files);
  const paths = skill!.files.map((f) => f.path);
  assert.ok(
    paths.includes('defs/references/defs/D0.yaml') && paths.includes('defs/references/defs/D59.yaml'),
    paths.join(' '),
  );
  const one = skill!.files.find((f) => f.path === 'defs/references/tools/one.yaml')!.content;
  assert.match(one, /^# {3}#\/\$defs\/D0 -> \.\.\/defs\/D0\.yaml$/m);
  const mine = ((readYaml(one) as Mapping).get('one') as Mapping).get('schema') as Mapping;
  assert.equal(((mine.get('$defs') as Mapping).get('Mine') as Mapping).get('type'), 'string');
});
