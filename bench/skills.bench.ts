// Skills from a 400-server / 1,200-tool catalog (bench/skills-catalog.ts, seeded):
//  - time to build and write every skill, full and lazy, against the anchor of writing the same tools
//    as raw `tools/list` JSON (one file per server) in the same run;
//  - size of what lazy mode loads up front (SKILL.md: names and descriptions), of its on-demand
//    reference (references/tools.yaml) and of full mode, against the raw compact `tools/list` JSON;
//  - losslessness: every tools.yaml is parsed back and every key of every parameter schema (and of the
//    input schema) is compared with the catalog. A lost key, or an up-front load over 50%, fails the run.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  allServerIds,
  buildSkills,
  type CatalogServer,
  checkCatalog,
  inputSchemaOf,
  lazyTools,
  type Skill,
  writeTree,
} from '@formrequest/skills';
import { Document, isScalar, parse, visit } from 'yaml';
import { generateCatalog } from './skills-catalog.js';

const RUNS = 7;
const catalog = generateCatalog();
const checked = checkCatalog(structuredClone(catalog));
const servers = checked.servers;
const allIds = allServerIds(checked);
const toolCount = catalog.servers.reduce((n, s) => n + s.tools.length, 0);
const paramCount = servers.reduce(
  (n, s) => n + s.tools!.reduce((m, t) => m + Object.keys(inputSchemaOf(t).properties ?? {}).length, 0),
  0,
);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

type Body = (dir: string) => Promise<unknown>;

/**
 * Median time of each body over RUNS rounds. The bodies take turns within every round, so a busy
 * machine (tests of other packages running alongside) slows them alike and the ratios stay fair.
 */
async function timedTogether(bodies: Record<string, Body>): Promise<Record<string, number>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(bodies).map((k) => [k, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [label, body] of Object.entries(bodies)) {
      const dir = mkdtempSync(join(tmpdir(), `bench-skills-${label}-`));
      const start = performance.now();
      await body(dir);
      times[label]!.push(performance.now() - start);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}

const rawJson = (server: CatalogServer) => JSON.stringify({ tools: server.tools });

const t = await timedTogether({
  // Anchor: the same tools written as raw tools/list JSON, one file per server.
  anchor: async (dir) => {
    for (const server of servers) {
      const folder = join(dir, encodeURIComponent(server.id));
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'tools.json'), rawJson(server));
    }
  },
  buildFull: async () => buildSkills(servers, { allIds }),
  buildLazy: async () => buildSkills(servers, { lazy: true, allIds }),
  full: (dir) =>
    writeTree(
      dir,
      buildSkills(servers, { allIds }).flatMap((s) => s.files),
    ),
  lazy: (dir) =>
    writeTree(
      dir,
      buildSkills(servers, { lazy: true, allIds }).flatMap((s) => s.files),
    ),
});
const {
  anchor: anchorMs,
  buildFull: buildFullMs,
  buildLazy: buildLazyMs,
  full: fullMs,
  lazy: lazyMs,
} = t as Record<string, number>;

const full = buildSkills(servers, { allIds });
const lazy = buildSkills(servers, { lazy: true, allIds });
const bytes = (skills: Skill[], suffix: string) =>
  skills
    .flatMap((s) => s.files)
    .filter((f) => f.path.endsWith(suffix))
    .reduce((n, f) => n + Buffer.byteLength(f.content), 0);
const rawBytes = servers.reduce((n, s) => n + Buffer.byteLength(rawJson(s)), 0);
const upFront = bytes(lazy, '/SKILL.md');
// What an agent holds before any skill is used: the frontmatter (name + description) of every skill.
const frontmatterBytes = lazy.reduce(
  (n, s) => n + Buffer.byteLength(/^---\n[\s\S]*?\n---\n/.exec(s.files[0]!.content)![0]),
  0,
);

// YAML style alternatives for the same lazy data (measured, not shipped: the seed's block style is the
// contract). Flow style for collections of scalars, and one flow line per parameter.
function styled(server: CatalogServer, flowParameters: boolean): number {
  const doc = new Document(lazyTools(server.tools!), { version: '1.1', aliasDuplicateObjects: false });
  visit(doc, {
    Seq(_, node) {
      if (flowParameters || node.items.every((i) => isScalar(i))) node.flow = true;
    },
    Map(_, node, path) {
      // path: document, tools map, tool pair, tool map, pair, parameters map, pair -> a parameter's map.
      if ((flowParameters && path.length >= 7) || node.items.every((p) => isScalar(p.value)))
        node.flow = true;
    },
  });
  return Buffer.byteLength(doc.toString({ lineWidth: 0 }));
}
const flowLeaves = servers.reduce((n, s) => n + styled(s, false), 0);
const flowParams = servers.reduce((n, s) => n + styled(s, true), 0);
const reference = bytes(lazy, '/references/tools.yaml');
const fullBytes = bytes(full, '/SKILL.md');

// Losslessness: parse every tools.yaml back and compare every schema key with the catalog.
let keysChecked = 0;
const lost: string[] = [];
lazy.forEach((skill, i) => {
  const parsed = parse(skill.files[1]!.content, { version: '1.1' });
  for (const tool of servers[i]!.tools!) {
    const entry = parsed[tool.name];
    const schema = inputSchemaOf(tool);
    for (const [pname, spec] of Object.entries(
      (schema.properties ?? {}) as Record<string, Record<string, unknown>>,
    )) {
      const got = entry.parameters[pname];
      for (const [key, value] of Object.entries(spec)) {
        keysChecked++;
        try {
          assert.deepEqual(got[key], value);
        } catch {
          lost.push(`${skill.name}/${tool.name}/${pname}.${key}`);
        }
      }
    }
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'type' || key === 'properties') continue;
      keysChecked++;
      const got = key === 'required' ? entry.required : entry.schema?.[key];
      try {
        assert.deepEqual(got, value);
      } catch {
        lost.push(`${skill.name}/${tool.name}/inputSchema.${key}`);
      }
    }
  }
});

const pct = (n: number) => `${((n / rawBytes) * 100).toFixed(1)}%`;
const ratio = (ms: number) => `${(ms / anchorMs).toFixed(2)}x`;
console.log(
  `catalog: ${catalog.servers.length} servers (${servers.length} usable), ${toolCount} tools, ${paramCount} parameters of usable servers`,
);
console.log(`time, median of ${RUNS} (ms):`);
console.log(`  anchor: write raw tools/list JSON per server   ${anchorMs.toFixed(1)}`);
console.log(
  `  full:  build ${buildFullMs.toFixed(1)}, build + write ${fullMs.toFixed(1)} (${ratio(fullMs)} the anchor)`,
);
console.log(
  `  lazy:  build ${buildLazyMs.toFixed(1)}, build + write ${lazyMs.toFixed(1)} (${ratio(lazyMs)} the anchor)`,
);
console.log('size against the raw compact tools/list JSON of the same tools:');
console.log(`  raw tools/list JSON                      ${rawBytes.toLocaleString('en')} B  100%`);
console.log(
  `  always in context: every frontmatter     ${frontmatterBytes.toLocaleString('en')} B  ${pct(frontmatterBytes)}`,
);
console.log(
  `  lazy SKILL.md, all skills (names+descr.) ${upFront.toLocaleString('en')} B  ${pct(upFront)}  (target <= 50%)`,
);
console.log(
  `  lazy references/tools.yaml (on demand)   ${reference.toLocaleString('en')} B  ${pct(reference)}`,
);
console.log(
  `    same data, flow style for scalar lists ${flowLeaves.toLocaleString('en')} B  ${pct(flowLeaves)}  (not shipped)`,
);
console.log(
  `    same data, one flow line per parameter ${flowParams.toLocaleString('en')} B  ${pct(flowParams)}  (not shipped)`,
);
console.log(
  `  full mode SKILL.md, all skills           ${fullBytes.toLocaleString('en')} B  ${pct(fullBytes)}`,
);
console.log(
  `lossless: ${keysChecked.toLocaleString('en')} schema keys read back from tools.yaml, ${lost.length} lost`,
);
if (lost.length > 0) console.log(`  lost: ${lost.slice(0, 10).join(', ')}`);

if (lost.length > 0 || upFront > rawBytes / 2) process.exitCode = 1;
