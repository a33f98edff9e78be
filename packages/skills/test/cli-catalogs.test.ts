// The real `formrequest skill` on the catalogs that used to break it: PyYAML-written aliases, alias
// bombs and recursive aliases (a clear error, exit 2, no stack trace), boolean subschemas, --server by
// id or folder name, whole-skill writes with --prune, a catalog failing partway, and paths that cannot hold files.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, argv] = cliCommand(...args);
  return new Promise((done) => {
    execFile(command, argv, { cwd: repoRoot, timeout: 120_000 }, (error, stdout, stderr) => {
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const temp = () => mkdtempSync(join(tmpdir(), 'skills-catalogs-'));
const corpus = resolve(import.meta.dirname, 'fixtures/corpus');

test('a PyYAML-written catalog with 700 aliases of shared dicts is read like PyYAML reads it', async () => {
  const out = temp();
  const r = await run('skill', join(corpus, 'pyyaml-aliases.yaml'), '--lazy', '--out', out);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /wrote 60 skills/);
  const yaml = parse(readFileSync(join(out, 'shared-59/references/tools.yaml'), 'utf8'));
  assert.deepEqual(yaml.tool_2.parameters.height, {
    type: 'integer',
    description: '',
    minimum: 1,
    maximum: 4096,
    default: 1024,
  });
});

test('an alias bomb, a recursive alias and absurd nesting: exit 2 with the line, no stack trace', async () => {
  const dir = temp();
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 9; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    bomb.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(',')}]`);
  }
  bomb.push('servers: []');
  const cases: [string, string, RegExp][] = [
    [
      'bomb.yaml',
      `${bomb.join('\n')}\n`,
      /line \d+, column \d+: the aliases \(\*name\) and merges \(<<\) repeat more than 1,000,000 values in all, which looks like an alias bomb/,
    ],
    ['loop.yaml', 'servers: &s\n  - *s\n', /line 2, column 5: the alias \*s is inside the node it refers to/],
    ['deep.yaml', `servers: ${'['.repeat(2000)}${']'.repeat(2000)}\n`, /nested more than 500 levels deep/],
    ['two.yaml', 'servers: []\n---\nservers: []\n', /a second YAML document/],
    [
      'tag.yaml',
      'servers: !!python/object:os.system []\n',
      /the tag !!python\/object:os.system is not supported/,
    ],
  ];
  for (const [name, text, message] of cases) {
    writeFileSync(join(dir, name), text);
    const started = Date.now();
    const r = await run('skill', join(dir, name), '--stdout');
    assert.equal(r.code, 2, `${name}: ${r.stderr}`);
    assert.match(r.stderr, message, name);
    assert.doesNotMatch(r.stderr, /\n\s+at /, `${name}: no stack trace`);
    assert.ok(Date.now() - started < 60_000, `${name} is refused quickly`);
  }
});

test('boolean subschemas are valid everywhere; a broken outputSchema never skips a server', async () => {
  const dir = temp();
  const catalog = join(dir, 'rmcp.json');
  writeFileSync(
    catalog,
    JSON.stringify({
      servers: [
        {
          id: 'rmcp-style',
          status: 'online',
          tools: [
            {
              name: 'set',
              description: 'Set a free-form value',
              inputSchema: {
                type: 'object',
                properties: { value: true, never: false, list: { type: 'array', items: true } },
                additionalProperties: false,
              },
              outputSchema: { type: 'object', properties: { anything: true, odd: 'not a schema' } },
            },
          ],
        },
      ],
    }),
  );
  const r = await run('skill', catalog, '--stdout');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /- `value` \(any\): \n/);
  assert.match(r.stdout, /- `never` \(never\): must not be given \(its schema is false\)/);
  assert.match(r.stdout, /- `list` \(array\): {2}\[items: True\]/);
  const spec = await run('spec', catalog);
  assert.equal(spec.code, 0, spec.stderr);
  assert.match(spec.stdout, /value: z\.any\(\)\.optional\(\)/);
  assert.match(spec.stdout, /"anything": "any"|"anything": null/);
});

test('--server takes the id or the folder name we wrote; a name two ids share is refused with both names', async () => {
  const dir = temp();
  const catalog = join(dir, 'cat.yaml');
  const tool = '    tools: [{name: t, description: d, inputSchema: {type: object}}]\n';
  writeFileSync(
    catalog,
    `servers:\n  - id: a.b\n${tool}  - id: a_b\n${tool}  - id: a-b\n${tool}  - id: x.y\n${tool}  - id: x_y\n${tool}`,
  );
  const out = join(dir, 'out');
  const all = await run('skill', catalog, '--out', out);
  assert.equal(all.code, 0, all.stderr);
  const folders = readdirSync(out).sort();
  assert.equal(folders.length, 5);
  const suffixed = folders.find((f) => /^a-b-[0-9a-f]{8}$/.test(f))!;
  const byId = await run('skill', catalog, '--server', 'a-b', '--stdout');
  assert.equal(byId.code, 0, byId.stderr);
  assert.match(byId.stdout, /^---\nname: a-b\n/, 'the id a-b wins over the base name of a.b and a_b');
  const byFolder = await run('skill', catalog, '--server', suffixed, '--stdout');
  assert.equal(byFolder.code, 0, byFolder.stderr);
  assert.match(byFolder.stdout, new RegExp(`^---\\nname: ${suffixed}\\n`));
  const ambiguous = await run('skill', catalog, '--server', 'x-y', '--stdout');
  assert.equal(ambiguous.code, 2);
  assert.match(
    ambiguous.stderr,
    /'x-y' names several servers; give one of their skill names or ids: x-y-[0-9a-f]{8} \(x\.y\), x-y-[0-9a-f]{8} \(x_y\)/,
  );
});

test('--prune removes skills an earlier run of the same catalog wrote, never folders we did not write', async () => {
  const dir = temp();
  const catalog = join(dir, 'cat.yaml');
  const tool = '    tools: [{name: t, description: d, inputSchema: {type: object}}]\n';
  writeFileSync(catalog, `servers:\n  - id: one\n${tool}  - id: two\n${tool}`);
  const out = join(dir, 'out');
  assert.equal((await run('skill', catalog, '--lazy', '--out', out)).code, 0);
  mkdirSync(join(out, 'hand'));
  writeFileSync(join(out, 'hand', 'SKILL.md'), 'hand-written');
  await run('skill', join(corpus, 'exact.json'), '--out', out);
  writeFileSync(catalog, `servers:\n  - id: one\n${tool}`);
  const pruned = await run('skill', catalog, '--out', out, '--prune');
  assert.equal(pruned.code, 0, pruned.stderr);
  assert.match(pruned.stdout, /pruned 1: two/);
  assert.deepEqual(
    readdirSync(out).sort(),
    ['exact-json', 'hand', 'one'],
    'another source and a hand-written skill stay',
  );
  assert.ok(!existsSync(join(out, 'one/references')), 'the full run replaced the lazy skill whole');
});

test('an --out that cannot hold files is refused at once', async () => {
  const started = Date.now();
  const r = await run(
    'skill',
    resolve(repoRoot, 'examples/catalogs/meshy.yaml'),
    '--out',
    '/proc/formrequest-x',
  );
  assert.equal(r.code, 2);
  assert.match(r.stderr, /cannot write the skills under \/proc\/formrequest-x: cannot create/);
  assert.ok(Date.now() - started < 30_000);
  const file = join(temp(), 'file');
  writeFileSync(file, 'x');
  const notFolder = await run('skill', resolve(repoRoot, 'examples/catalogs/meshy.yaml'), '--out', file);
  assert.equal(notFolder.code, 2);
  assert.match(notFolder.stderr, /is not a folder/);
});

test('a catalog that fails partway leaves --out as it was: exit 2, the earlier skill untouched, nothing staged left', async () => {
  const dir = temp();
  const catalog = join(dir, 'cat.yaml');
  const out = join(dir, 'out');
  const tool = (description: string) =>
    `    tools: [{name: t, description: ${description}, inputSchema: {type: object}}]\n`;
  writeFileSync(catalog, `servers:\n  - id: one\n${tool('first')}`);
  assert.equal((await run('skill', catalog, '--out', out)).code, 0);
  const before = readFileSync(join(out, 'one/SKILL.md'), 'utf8');
  assert.match(before, /first/);
  // Servers one and two are read (and staged) before the text stops being YAML.
  writeFileSync(
    catalog,
    `servers:\n  - id: one\n${tool('second')}  - id: two\n${tool('d')}  - id: three\n${tool('"unclosed')}`,
  );
  const r = await run('skill', catalog, '--out', out);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /is not valid YAML: line 7, column \d+: a double-quoted string is not closed/);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(r.stdout, '');
  assert.deepEqual(readdirSync(out), ['one'], 'no skill two, no staging folder');
  assert.deepEqual(readdirSync(join(out, 'one')).sort(), ['.formrequest.json', 'SKILL.md']);
  assert.equal(readFileSync(join(out, 'one/SKILL.md'), 'utf8'), before);
});

test('spec --out under /proc is refused before the source is read', async () => {
  const r = await run(
    'spec',
    resolve(repoRoot, 'examples/catalogs/meshy.yaml'),
    '--out',
    '/proc/formrequest-x',
  );
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^formrequest spec: cannot write the document to \/proc\/formrequest-x: /);
  assert.equal(r.stdout, '');
  // A stdio server that would never answer is not even started: the refusal comes first.
  const live = await run(
    'spec',
    '--out',
    '/proc/formrequest-x',
    '--',
    process.execPath,
    '-e',
    'setInterval(() => {}, 1000)',
  );
  assert.equal(live.code, 2);
  assert.match(live.stderr, /^formrequest spec: cannot write the document to \/proc\/formrequest-x: /);
  assert.doesNotMatch(live.stderr, /timed out|time limit/i);
});
