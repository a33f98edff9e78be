// One skill per server: Agent Skills frontmatter, full and lazy bodies, repeated tool names, determinism.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { buildSkills, checkCatalog, isValidSkillName, parseCatalogText } from '@formrequest/skills';
import { parse } from 'yaml';
import { skillDescription } from '../src/skill-md.ts';
import { serverOf } from './support/catalog.ts';

const repo = resolve(import.meta.dirname, '../../..');
const sample = checkCatalog(
  parseCatalogText(readFileSync(resolve(repo, 'examples/catalogs/sample.yaml'), 'utf8')),
);

function frontmatter(text: string): Record<string, string> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  assert.ok(match, 'SKILL.md starts with frontmatter');
  return parse(match[1]!);
}

test('each skill has a valid name equal to its folder and a description of 1-1024 characters', () => {
  for (const lazy of [false, true]) {
    for (const skill of buildSkills(sample.servers, { lazy })) {
      const md = skill.files.find((f) => f.path.endsWith('/SKILL.md'))!;
      const fm = frontmatter(md.content);
      assert.ok(isValidSkillName(fm.name!), fm.name);
      assert.equal(md.path, `${fm.name}/SKILL.md`);
      assert.equal(skill.name, fm.name);
      assert.ok(fm.description!.length >= 1 && Array.from(fm.description!).length <= 1024);
    }
  }
});

test('lazy mode: SKILL.md lists names and descriptions and points at references/tools.yaml', () => {
  const [flux] = buildSkills(sample.servers, { lazy: true });
  assert.deepEqual(
    flux!.files.map((f) => f.path),
    ['image-flux-lora/SKILL.md', 'image-flux-lora/references/tools.yaml'],
  );
  const md = flux!.files[0]!.content;
  assert.match(
    md,
    /- `flux_lora_submit` \(line 1\): Submit Flux LoRA image generation request\n- `status` \(line \d+\): Status of a submitted request\n/,
  );
  assert.match(md, /\[references\/tools\.yaml\]\(references\/tools\.yaml\)/);
  assert.doesNotMatch(md, /Output aspect ratio/, 'parameters are not loaded up front');
  const yaml = parse(flux!.files[1]!.content);
  assert.deepEqual(Object.keys(yaml), ['flux_lora_submit', 'status']);
});

test('a tool name used by two servers stays with its own server and its own schema', () => {
  const [flux, meshy] = buildSkills(sample.servers, { lazy: true });
  const fluxStatus = parse(flux!.files[1]!.content).status;
  const meshyStatus = parse(meshy!.files[1]!.content).status;
  assert.equal(fluxStatus.description, 'Status of a submitted request');
  assert.equal(fluxStatus.parameters.request_id.pattern, '^[0-9a-f-]{36}$');
  assert.equal(meshyStatus.description, '処理状況を確認します');
  assert.equal(meshyStatus.parameters.request_id.pattern, undefined);
  const full = buildSkills(sample.servers);
  assert.match(full[0]!.files[0]!.content, /### status\nStatus of a submitted request/);
  assert.match(full[1]!.files[0]!.content, /### status\n処理状況を確認します/);
});

test('full mode: the seed lines inside a SKILL.md with frontmatter; same input, same bytes', () => {
  const once = buildSkills(sample.servers);
  const again = checkCatalog(
    parseCatalogText(readFileSync(resolve(repo, 'examples/catalogs/sample.yaml'), 'utf8')),
  );
  const twice = buildSkills(again.servers);
  assert.deepEqual(once, twice);
  const meshy = once[1]!.files[0]!.content;
  assert.match(
    meshy,
    /\n {2}- `topology` \(string\): Mesh topology type \[default: triangle, options: \['quad', 'triangle'\]\]\n/,
  );
});

test('names are chosen against every id of the catalog, so --server alone gives the same folder', () => {
  const servers = [
    serverOf({ id: 'A.B', tools: [{ name: 't' }] }),
    serverOf({ id: 'a-b', tools: [{ name: 't' }] }),
  ];
  const alone = buildSkills([servers[0]!], { allIds: ['A.B', 'a-b'] });
  const both = buildSkills(servers);
  assert.equal(alone[0]!.name, both[0]!.name);
  assert.match(both[0]!.name, /^a-b-[0-9a-f]{8}$/);
  assert.equal(both[1]!.name, 'a-b');
});

test('the description is short (what every client loads up front): tool names dropped from the end, the server description cut', () => {
  const tools = Array.from({ length: 200 }, (_, i) => ({ name: `a_fairly_long_tool_name_${i}` }));
  const text = skillDescription(serverOf({ id: 'many', description: 'x'.repeat(300), tools }));
  assert.ok(Array.from(text).length <= 300, text);
  assert.match(
    text,
    /^MCP server "many": x{159}… Tools: a_fairly_long_tool_name_0, .* and \d+ more\. Read before calling them\.$/,
  );
  const huge = skillDescription(
    serverOf({ id: 'big'.repeat(400), description: 'y'.repeat(5000), tools: [{ name: 't'.repeat(2000) }] }),
  );
  assert.ok(Array.from(huge).length <= 1024);
  assert.match(huge, /1 tool\. Read before calling them\.$/);
});
