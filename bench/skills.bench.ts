// `formrequest skill` against its anchor, the seed 003 algorithm in Python with libyaml
// (bench/skills-anchor.py: PyYAML's C loader and dumper), on the same PyYAML-written catalogs of 400
// and 4,000 servers (bench/skills-catalog.ts, seeded), full and lazy mode. Both run as commands, taking
// turns, each measured by the same wrapper: wall time and peak RSS (the child's ru_maxrss). Reported as
// ratios to the anchor (median of the rounds), and our memory net of Node's floor (the same command on an
// empty catalog) against the catalog's size, which is how the memory target is judged.
//
// Then, in process on the 400-server catalog: the size of what lazy mode loads up front against raw
// tools/list JSON, and losslessness: every tools.yaml read back (our YAML 1.1 reader) equals the lazy
// data built from the catalog. A lost value, or an up-front load over 50%, fails the run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSkills, checkCatalog, lazyTool, type Mapping } from '@formrequest/skills';
import { readYaml, sameValue } from '@formrequest/skills/data';
import { generateCatalog } from './skills-catalog.js';

const root = resolve(import.meta.dirname, '..');
const anchor = join(root, 'bench', 'skills-anchor.py');
const cli = join(root, 'packages', 'cli', 'dist', 'main.js');
const python = process.env.PYTHON ?? 'python3';

const probe = spawnSync(python, ['-c', 'import yaml; print(yaml.__with_libyaml__)'], { encoding: 'utf8' });
if (probe.status !== 0) {
  console.error(
    `${python} with PyYAML is needed for the anchor (Debian: apt-get install python3-yaml): ${probe.error?.message ?? probe.stderr.trim()}`,
  );
  process.exit(1);
}
if (probe.stdout.trim() !== 'True')
  console.warn('note: PyYAML has no libyaml here; the anchor runs in pure Python');

const work = mkdtempSync(join(tmpdir(), 'bench-skills-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

interface Measure {
  seconds: number;
  maxRssKb: number;
}

function measure(command: string[]): Measure {
  const r = spawnSync(python, [anchor, 'measure', ...command], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const result = JSON.parse(r.stdout) as Measure & { code: number; stderr: string };
  if (result.code !== 0) throw new Error(`${command.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows: string[] = [];

// Node's floor: the same command on an empty catalog (Node itself and the modules `skill` loads). The
// memory target is judged net of it: what a run adds, against the catalog's size.
const empty = join(work, 'empty.yaml');
writeFileSync(empty, 'servers: []\n');
const floorMb =
  median(
    Array.from({ length: 5 }, () =>
      measure([process.execPath, cli, 'skill', empty, '--out', join(work, 'floor')]),
    ).map((m) => m.maxRssKb),
  ) / 1024;
console.log(`Node's floor (skill on an empty catalog): ${floorMb.toFixed(0)} MB peak RSS`);

// Import weight (issue 30: the library <= 50 MB): peak RSS of a Node that imports each entry and
// nothing else, against the same Node importing an empty module. The MCP client is loaded only when a
// live server is read, node:crypto when a hash is first needed.
const emptyModule = join(work, 'empty.mjs');
writeFileSync(emptyModule, 'export {};\n');
const importRss = (specifier: string) =>
  median(
    Array.from({ length: 5 }, () =>
      measure([process.execPath, '--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`]),
    ).map((m) => m.maxRssKb),
  ) / 1024;
const importFloor = importRss(pathToFileURL(emptyModule).href);
console.log(`\nimport, peak RSS (Node importing an empty module: ${importFloor.toFixed(1)} MB):`);
for (const entry of ['@formrequest/skills', '@formrequest/skills/cli', '@formrequest/skills/data']) {
  const mb = importRss(entry);
  console.log(
    `  ${entry.padEnd(26)} ${mb.toFixed(1)} MB (+${(mb - importFloor).toFixed(1)} MB)${entry === '@formrequest/skills' ? `  target <= 50 MB: ${mb <= 50 ? 'met' : 'NOT met'}` : ''}`,
  );
}

for (const servers of [400, 4000]) {
  const json = join(work, `catalog-${servers}.json`);
  const yaml = join(work, `catalog-${servers}.yaml`);
  writeFileSync(json, JSON.stringify(generateCatalog(20261123, servers, servers * 3)));
  spawnSync(python, [anchor, 'dump', json, yaml], { stdio: 'inherit' });
  const bytes = statSync(yaml).size;
  const rounds = servers >= 4000 ? 3 : 5;
  for (const lazy of [false, true]) {
    const ours: Measure[] = [];
    const theirs: Measure[] = [];
    for (let i = 0; i < rounds; i++) {
      const a = join(work, `ours-${i}`);
      const b = join(work, `anchor-${i}`);
      ours.push(measure([process.execPath, cli, 'skill', yaml, '--out', a, ...(lazy ? ['--lazy'] : [])]));
      theirs.push(measure([python, anchor, 'skills', yaml, b, ...(lazy ? ['--lazy'] : [])]));
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
    const t = median(ours.map((m) => m.seconds));
    const tp = median(theirs.map((m) => m.seconds));
    const m = median(ours.map((x) => x.maxRssKb)) / 1024;
    const mp = median(theirs.map((x) => x.maxRssKb)) / 1024;
    const input = bytes / 1024 / 1024;
    rows.push(
      `| ${servers.toLocaleString('en')} | ${lazy ? 'lazy' : 'full'} | ${input.toFixed(1)} MB | ${t.toFixed(2)} s / ${tp.toFixed(2)} s = ${(t / tp).toFixed(2)}x | ${m.toFixed(0)} MB / ${mp.toFixed(0)} MB = ${(m / mp).toFixed(2)}x | ${(m - floorMb).toFixed(0)} MB = ${((m - floorMb) / input).toFixed(1)}x the input |`,
    );
    console.log(rows.at(-1));
  }
}

console.log(
  `\nours / Python + libyaml, medians (rounds alternate; load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}):`,
);
console.log(
  `| servers | mode | catalog | time | peak RSS | ours net of Node's ${floorMb.toFixed(0)} MB floor |`,
);
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);

// ----- sizes and losslessness, in process, on the 400-server catalog
const catalog = generateCatalog();
const checked = checkCatalog(catalog);
const lazy = buildSkills(checked.servers, { lazy: true });
const full = buildSkills(checked.servers);
const rawBytes = checked.servers.reduce(
  (n, s) => n + Buffer.byteLength(JSON.stringify({ tools: catalog.servers[s.index]!.tools })),
  0,
);
const bytesOf = (skills: typeof lazy, suffix: string) =>
  skills
    .flatMap((s) => s.files)
    .filter((f) => f.path.endsWith(suffix))
    .reduce((n, f) => n + Buffer.byteLength(f.content), 0);
const upFront = bytesOf(lazy, '/SKILL.md');
const frontmatter = lazy.reduce(
  (n, s) => n + Buffer.byteLength(/^---\n[\s\S]*?\n---\n/.exec(s.files[0]!.content)![0]),
  0,
);
const pct = (n: number) => `${((n / rawBytes) * 100).toFixed(1)}%`;
console.log('\nsize against the raw compact tools/list JSON of the same tools (400 servers):');
console.log(`  raw tools/list JSON                      ${rawBytes.toLocaleString('en')} B  100%`);
console.log(
  `  always in context: every frontmatter     ${frontmatter.toLocaleString('en')} B  ${pct(frontmatter)}`,
);
console.log(
  `  lazy SKILL.md, all skills (names+descr.) ${upFront.toLocaleString('en')} B  ${pct(upFront)}  (target <= 50%)`,
);
const reference = bytesOf(lazy, '/references/tools.yaml');
console.log(
  `  lazy references/tools.yaml (on demand)   ${reference.toLocaleString('en')} B  ${pct(reference)}`,
);
const fullBytes = bytesOf(full, '/SKILL.md');
console.log(
  `  full mode SKILL.md, all skills           ${fullBytes.toLocaleString('en')} B  ${pct(fullBytes)}`,
);

let checkedTools = 0;
const lost: string[] = [];
lazy.forEach((skill, i) => {
  const read = readYaml(skill.files[1]!.content) as Mapping;
  for (const tool of checked.servers[i]!.tools) {
    checkedTools++;
    if (!sameValue(read.get(tool.name)!, lazyTool(tool))) lost.push(`${skill.name}/${tool.name}`);
  }
});
console.log(`lossless: ${checkedTools} tools read back from tools.yaml, ${lost.length} differ`);
if (lost.length > 0) console.log(`  differ: ${lost.slice(0, 10).join(', ')}`);
if (lost.length > 0 || upFront > rawBytes / 2) process.exitCode = 1;

// ----- large servers and up-front context (issue 29): a notion-sized catalog (the test fixture whose
// single tools.yaml would be 4,362 lines) and server-everything read live. Up front is what an agent
// loads before it picks a skill (the frontmatter); the first read is SKILL.md; both against the raw
// compact tools/list JSON. Every file an agent reads must stay under 2,000 lines (the run fails otherwise).
const { notionSizedCatalog } = await import('../packages/skills/test/fixtures/notion-sized.ts');
const notionCatalog = notionSizedCatalog() as { servers: { tools: unknown[] }[] };
const notion = checkCatalog(notionCatalog).servers;
const notionRaw = Buffer.byteLength(JSON.stringify({ tools: notionCatalog.servers[0]!.tools }));
console.log(
  `\nnotion-sized catalog (${notion[0]!.tools.length} tools, raw tools/list ${notionRaw.toLocaleString('en')} B):`,
);
let tooLong = false;
for (const mode of ['lazy', 'full'] as const) {
  const [skill] = buildSkills(notion, { lazy: mode === 'lazy' });
  const lines = skill!.files.map((f) => f.content.split('\n').length - 1);
  const longest = Math.max(...skill!.files.flatMap((f) => f.content.split('\n').map((l) => l.length)));
  const md = skill!.files[0]!.content;
  const front = Buffer.byteLength(/^---\n[\s\S]*?\n---\n/.exec(md)![0]);
  if (Math.max(...lines) >= 2000) tooLong = true;
  console.log(
    `  ${mode}: ${skill!.files.length} files, lines per file max ${Math.max(...lines)} (SKILL.md ${lines[0]}), longest line ${longest} characters; up front ${front} B = ${((front / notionRaw) * 100).toFixed(1)}%, SKILL.md ${Buffer.byteLength(md).toLocaleString('en')} B = ${((Buffer.byteLength(md) / notionRaw) * 100).toFixed(1)}%`,
  );
}
if (tooLong) {
  console.log('  FAIL: a file an agent reads is 2,000 lines or more');
  process.exitCode = 1;
}
{
  const { readLiveServer } = await import('@formrequest/skills');
  const { createRequire } = await import('node:module');
  const pkg = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json', {
    paths: [join(root, 'packages', 'skills')],
  });
  const server = await readLiveServer(
    { command: process.execPath, args: [join(pkg, '..', 'dist', 'index.js'), 'stdio'] },
    { id: 'everything', timeoutMs: 120_000 },
  );
  const live = checkCatalog({ servers: [server] }).servers;
  const raw = Buffer.byteLength(
    JSON.stringify({ tools: (await import('@formrequest/skills')).toJs(server.get('tools')!) }),
  );
  const [skill] = buildSkills(live, { lazy: true });
  const md = skill!.files[0]!.content;
  const front = Buffer.byteLength(/^---\n[\s\S]*?\n---\n/.exec(md)![0]);
  console.log(
    `server-everything (${live[0]!.tools.length} tools, raw tools/list ${raw.toLocaleString('en')} B): up front ${front} B = ${((front / raw) * 100).toFixed(1)}%, lazy SKILL.md ${Buffer.byteLength(md).toLocaleString('en')} B = ${((Buffer.byteLength(md) / raw) * 100).toFixed(1)}% (with the server's instructions)`,
  );
}
