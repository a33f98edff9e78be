// End to end through the real `formrequest` command (testing/cli.ts): catalog files, bad input and
// exit codes, a live stdio server with --catalog-out, the form tool's skill, and `spec` on our own
// `form` server (started with `formrequest serve`) and on a fixture server with lint findings.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { cliCommand, repoRoot, sourcesHook } from '../../../testing/cli.ts';

const fixture = resolve(import.meta.dirname, 'fixtures/paged-server.ts');
const sample = resolve(repoRoot, 'examples/catalogs/sample.yaml');
const meshy = resolve(repoRoot, 'examples/catalogs/meshy.yaml');

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, argv] = cliCommand(...args);
  return new Promise((done) => {
    execFile(
      command,
      argv,
      { cwd: repoRoot, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

const temp = () => mkdtempSync(join(tmpdir(), 'skills-cli-'));

/** Every file under dir, relative, sorted, with its bytes. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name !== '.formrequest.json') out[rel] = readFileSync(join(dir, rel), 'utf8');
    }
  };
  walk('');
  return out;
}

test('skill: a catalog file -> one skill per usable server; offline and empty ones reported; same bytes on re-run', async () => {
  const out = temp();
  const first = await run('skill', sample, '--out', out);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /wrote 2 skills to .*: image-flux-lora, 3d23d-kamui-meshy-v5-remesh/);
  assert.match(
    first.stderr,
    /skipped server 'legacy-tts' \(servers\[2\]\): status is 'offline', not 'online'/,
  );
  assert.match(first.stderr, /skipped server 'empty-server' \(servers\[3\]\): it has no tools/);
  const files = tree(out);
  assert.deepEqual(Object.keys(files).sort(), [
    '3d23d-kamui-meshy-v5-remesh/SKILL.md',
    'image-flux-lora/SKILL.md',
  ]);
  assert.match(files['image-flux-lora/SKILL.md']!, /^---\nname: image-flux-lora\ndescription: /);
  const again = await run('skill', sample, '--out', out);
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(tree(out), files, 'no temp files left, same bytes');
});

test('skill --lazy: references/tools.yaml is the seed output; a later full run removes it', async () => {
  const out = temp();
  const lazy = await run('skill', meshy, '--lazy', '--out', out);
  assert.equal(lazy.code, 0, lazy.stderr);
  const yaml = readFileSync(join(out, '3d23d-kamui-meshy-v5-remesh/references/tools.yaml'), 'utf8');
  assert.match(
    yaml,
    /^meshy_v5_remesh_submit:\n {2}description: Submit remeshing request for 3D model\n {2}required:\n {4}- model_url\n {2}parameters:\n {4}model_url:\n/,
  );
  assert.match(
    yaml,
    /\n\n {4}topology:\n {6}type: string\n {6}description: Mesh topology type\n {6}default: triangle\n {6}enum:\n {8}- quad\n {8}- triangle\n\n/,
  );
  const full = await run('skill', meshy, '--out', out);
  assert.equal(full.code, 0);
  assert.deepEqual(Object.keys(tree(out)), ['3d23d-kamui-meshy-v5-remesh/SKILL.md']);
});

test('skill --stdout: one file prints as is; several get ==> path <== headers; --server picks', async () => {
  const one = await run('skill', meshy, '--stdout');
  assert.equal(one.code, 0);
  assert.match(one.stdout, /^---\nname: 3d23d-kamui-meshy-v5-remesh\n/);
  assert.match(
    one.stdout,
    / {2}- `topology` \(string\): Mesh topology type \[default: triangle, options: \['quad', 'triangle'\]\]\n/,
  );
  const picked = await run('skill', sample, '--lazy', '--stdout', '--server', 'image.Flux-LoRA');
  assert.equal(picked.code, 0);
  assert.match(picked.stdout, /^==> image-flux-lora\/SKILL\.md <==\n---\n/);
  assert.match(picked.stdout, /\n==> image-flux-lora\/references\/tools\.yaml <==\nflux_lora_submit:\n/);
  assert.doesNotMatch(picked.stdout, /meshy/);
  const offline = await run('skill', sample, '--stdout', '--server', 'legacy-tts');
  assert.equal(offline.code, 1, 'a server asked for but not written');
  const unknown = await run('skill', sample, '--stdout', '--server', 'nope');
  assert.equal(unknown.code, 2);
  assert.match(
    unknown.stderr,
    /no server 'nope' in the catalog\. Servers: image\.Flux-LoRA, 3d23d-kamui-meshy-v5-remesh, legacy-tts, empty-server/,
  );
});

test('bad input: the defect path is named, the other servers are written, exit code 1', async () => {
  const dir = temp();
  const servers = Array.from({ length: 5 }, (_, s) => ({
    id: `server-${s}`,
    status: 'online',
    tools: Array.from({ length: 8 }, (_, t) => ({
      name: `tool_${t}`,
      description: 'd',
      inputSchema: { type: 'object', properties: { steps: { type: 'integer' } } },
    })),
  }));
  (servers[3]!.tools[7]!.inputSchema.properties as Record<string, unknown>).steps = 'integer';
  const path = join(dir, 'catalog.json');
  writeFileSync(path, JSON.stringify({ servers }));
  const out = join(dir, 'out');
  const result = await run('skill', path, '--out', out);
  assert.equal(result.code, 1);
  assert.match(
    result.stderr,
    /skipped server 'server-3' \(servers\[3\]\): 1 defect\n {2}servers\[3\]\.tools\[7\]\.inputSchema\.properties\.steps: a parameter schema must be a mapping/,
  );
  assert.deepEqual(readdirSync(out).sort(), ['server-0', 'server-1', 'server-2', 'server-4']);
});

test('bad input: not YAML or JSON, wrong shape, missing file, missing --out -> exit 2 with a message', async () => {
  const dir = temp();
  const garbage = join(dir, 'garbage.yaml');
  writeFileSync(garbage, 'servers: [\n  - id: x\n  status: {\n');
  const notYaml = await run('skill', garbage, '--stdout');
  assert.equal(notYaml.code, 2);
  assert.match(notYaml.stderr, /garbage\.yaml is not valid YAML: line \d+, column \d+: /);
  const shape = join(dir, 'shape.json');
  writeFileSync(shape, '{"tools": []}');
  const wrong = await run('skill', shape, '--stdout');
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /the catalog has no "servers" list/);
  const missing = await run('skill', join(dir, 'none.yaml'), '--stdout');
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read the catalog .*none\.yaml: no such file/);
  const usage = await run('skill', sample);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /give either --out DIR or --stdout/);
});

test('skill from a live stdio server (paged tools/list); --catalog-out saves a catalog that gives the same skills', async () => {
  const dir = temp();
  const live = await run(
    'skill',
    '--lazy',
    '--out',
    join(dir, 'live'),
    '--catalog-out',
    join(dir, 'catalog.json'),
    '--',
    process.execPath,
    '--import',
    sourcesHook,
    fixture,
  );
  assert.equal(live.code, 0, live.stderr);
  const files = tree(join(dir, 'live'));
  assert.deepEqual(Object.keys(files).sort(), [
    'fixture-paged-server/SKILL.md',
    'fixture-paged-server/references/tools.yaml',
  ]);
  const yaml = parse(files['fixture-paged-server/references/tools.yaml']!);
  assert.deepEqual(Object.keys(yaml), ['search_items', 'show_items', 'set_value', 'ping', 'open_board']);
  assert.equal(yaml.search_items.parameters.query['x-vendor-hint'], 'free text');
  const saved = JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8'));
  assert.equal(saved.servers[0].id, 'fixture.Paged Server');
  const fromFile = await run('skill', join(dir, 'catalog.json'), '--lazy', '--out', join(dir, 'file'));
  assert.equal(fromFile.code, 0);
  // The same skills, but for the Claude Code hint: a live server read without --id only knows the
  // name it reports, not the name people configure, so its hint says so; the catalog's id is that name.
  const hint = (text: string) => text.replace(/ \(Claude Code: [^\n]*?\)\. Before/, ' (hint). Before');
  const fileTree = tree(join(dir, 'file'));
  assert.deepEqual(Object.keys(fileTree), Object.keys(files));
  for (const key of Object.keys(files)) assert.equal(hint(fileTree[key]!), hint(files[key]!), key);
  assert.match(
    files['fixture-paged-server/SKILL.md']!,
    /`mcp__<server>__<tool>`, where <server> is the name you gave this server/,
  );
  assert.match(fileTree['fixture-paged-server/SKILL.md']!, /`mcp__fixture_Paged_Server__<tool>`/);
});

test('a live server that fails gets a clear error and exit code 2', async () => {
  const failed = await run(
    'skill',
    '--stdout',
    '--timeout',
    '3000',
    '--',
    process.execPath,
    '--import',
    sourcesHook,
    fixture,
    '--silent',
  );
  assert.equal(failed.code, 2);
  assert.match(failed.stderr, /formrequest skill: the MCP server .* did not answer within 3 s/);
  const gone = await run('spec', '--', 'formrequest-no-such-command');
  assert.equal(gone.code, 2);
  assert.match(gone.stderr, /command 'formrequest-no-such-command' not found/);
});

test('skill --form: the form tool skill with the endpoints of a config file', async () => {
  const dir = temp();
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      endpoints: [
        {
          purpose: 'プロジェクト検索',
          url: 'https://api.example.com/projects/search',
          params: { q: '検索クエリ' },
        },
      ],
    }),
  );
  const result = await run('skill', '--form', '--config', config, '--out', join(dir, 'out'));
  assert.equal(result.code, 0, result.stderr);
  const md = readFileSync(join(dir, 'out/form-request/SKILL.md'), 'utf8');
  assert.match(
    md,
    /\| プロジェクト検索 \| `https:\/\/api\.example\.com\/projects\/search` \| `q`: 検索クエリ \|/,
  );
  const bad = await run('skill', '--form', '--config', join(dir, 'missing.json'), '--stdout');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /missing\.json/);
});

test('spec on our own form server over stdio (formrequest serve)', async () => {
  const [command, argv] = cliCommand('serve');
  const result = await run('spec', '--timeout', '60000', '--', command, ...argv);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^---\napp_name: form\ntool_count: \d+\n---\n\n# ツール仕様\n/);
  assert.match(
    result.stdout,
    /\| request_form \| [^|]+ \| [^|]+ \| (data|render|standalone) \| (あり|なし) \|/,
  );
  assert.match(
    result.stdout,
    /### request_form（[^）]+）\n\n- 入力:\n {2}- form_schema: z\.object\(\{ title: z\.string\(\)/,
  );
  assert.match(result.stdout, /- annotations:\n {2}- readOnlyHint: true\n {2}- destructiveHint: false/);
  // DESIGN.md: readOnlyHint true + destructiveHint false, so the approval note is expected.
  assert.match(
    result.stderr,
    /note form request_form, question: readOnlyHint: true with destructiveHint: false/,
  );
  // Our own tools pass --strict: every parameter described, every hint the spec reads set.
  assert.match(result.stderr, /^0 warnings, 1 note$/m, result.stderr);
  const strict = await run('spec', '--strict', '--timeout', '60000', '--', command, ...argv);
  assert.equal(strict.code, 0, strict.stderr);
});

test('spec --strict fails on warnings and lists each finding with its fix', async () => {
  const dir = temp();
  const loose = await run(
    'spec',
    '--out',
    join(dir, 'spec.md'),
    '--',
    process.execPath,
    '--import',
    sourcesHook,
    fixture,
  );
  assert.equal(loose.code, 0);
  const strict = await run('spec', '--strict', '--', process.execPath, '--import', sourcesHook, fixture);
  assert.equal(strict.code, 1);
  assert.match(
    strict.stderr,
    /warning fixture\.Paged Server show_items: _meta\["openai\/toolInvocation\/invoking"\] is 67 characters; hosts allow at most 64\. Fix: shorten it/,
  );
  assert.match(
    strict.stderr,
    /warning fixture\.Paged Server open_board: its UI resource "ui:\/\/widget\/missing\.html" is not among the server's resources\. Fix: register a resource/,
  );
  assert.match(
    strict.stderr,
    /warning fixture\.Paged Server set_value: parameter `options` has no description/,
  );
  assert.match(strict.stderr, /\d+ warnings, 1 note\n/);
  assert.equal(
    readFileSync(join(dir, 'spec.md'), 'utf8'),
    strict.stdout,
    'the same document in a file or on stdout',
  );
});

test('skill from our own form server over Streamable HTTP (a URL source)', async () => {
  const { startHttpServer } = await import('@formrequest/server');
  const http = await startHttpServer({ port: 0, log: () => {} });
  try {
    const result = await run('skill', http.url, '--lazy', '--stdout');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^==> form\/SKILL\.md <==\n---\nname: form\n/);
    assert.match(result.stdout, /\n==> form\/references\/tools\.yaml <==\nrequest_form:\n {2}description: /);
  } finally {
    await http.close();
  }
});

test('a very long full-mode SKILL.md gets a note suggesting --lazy', async () => {
  const dir = temp();
  const tools = Array.from({ length: 120 }, (_, i) => ({
    name: `tool_${i}`,
    description: 'd',
    inputSchema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } },
  }));
  const path = join(dir, 'big.json');
  writeFileSync(path, JSON.stringify({ servers: [{ id: 'big', status: 'online', tools }] }));
  const result = await run('skill', path, '--out', join(dir, 'out'));
  assert.equal(result.code, 0);
  assert.match(
    result.stderr,
    /note: big\/SKILL\.md has \d+ lines; Agent Skills suggests under 500 \(--lazy moves the parameters/,
  );
});
