// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the subject of these tests
// `formrequest call` piece by piece: launches read from MCP configurations and recorded without values,
// `${VAR}` expansion, the environment a server gets, arguments checked with paths (a server's pattern
// cannot hang the check), results printed as a model reads them; then `callTool` against the stdio
// fixture server (structuredContent, a tool error, the environment it sees, a refused call).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import {
  callTool,
  findLaunch,
  LaunchError,
  LiveServerError,
  recordLaunch,
  resultText,
} from '@formrequest/skills';
import { fromJs } from '@formrequest/skills/data';
import { cliCommand, repoRoot, sourcesHook } from '../../../testing/cli.ts';
import { checkArguments } from '../src/input-check.ts';
import { expandLaunch, type Launch, launchOf, serverEnvironment } from '../src/launch.ts';

const fixture = resolve(import.meta.dirname, 'fixtures/paged-server.ts');
const temp = () => mkdtempSync(join(tmpdir(), 'skills-call-'));

test('a configuration entry is recorded with references only: no env value, no secret header', () => {
  const stdio = launchOf(
    fromJs({
      command: 'npx',
      args: ['-y', 'some-server'],
      env: { API_KEY: 'sk-live-123', REGION: '${REGION:-eu}' },
    }),
    'mcpServers.s',
  );
  const recorded = recordLaunch(stdio);
  assert.deepEqual(recorded.launch, {
    type: 'stdio',
    command: 'npx',
    args: ['-y', 'some-server'],
    env: { API_KEY: '${API_KEY}', REGION: '${REGION:-eu}' },
  });
  assert.ok(!JSON.stringify(recorded.launch).includes('sk-live-123'));
  const http = recordLaunch(
    launchOf(
      fromJs({
        type: 'http',
        url: 'https://x.example/mcp',
        headers: { Authorization: 'Bearer abc', 'X-Team': '${TEAM}' },
      }),
      'mcpServers.h',
    ),
  );
  assert.deepEqual(http.launch, {
    type: 'http',
    url: 'https://x.example/mcp',
    headers: { 'X-Team': '${TEAM}' },
  });
  assert.match(
    http.notes[0]!,
    /header Authorization was not recorded: its value is not a \$\{VAR\} reference/,
  );
});

test('bad entries and files are named with their path and what to do', () => {
  const bad = (entry: unknown) => () => launchOf(fromJs(entry), 'mcpServers.s');
  assert.throws(bad({ args: [] }), /mcpServers\.s needs a "command" \(stdio\) or a "url" \(http\)/);
  assert.throws(bad({ command: 'x', args: [1] }), /mcpServers\.s\.args must be a list of texts/);
  assert.throws(bad({ command: 'x', env: { A: 1 } }), /mcpServers\.s\.env\.A must be text/);
  assert.throws(bad({ type: 'sse', url: 'http://x' }), /SSE transport is not supported/);
  assert.throws(bad({ url: 'ftp://x' }), /url must be an http\(s\) URL/);
  const dir = temp();
  const two = join(dir, 'two.json');
  writeFileSync(two, JSON.stringify({ mcpServers: { a: { command: 'a' }, b: { command: 'b' } } }));
  assert.throws(() => findLaunch(two), /lists several servers \(a, b\): choose one with --server NAME/);
  assert.throws(() => findLaunch(two, 'c'), /has no server 'c'; it has: a, b/);
  assert.equal(findLaunch(two, 'b').launch.type, 'stdio');
  const vscode = join(dir, 'vscode.json');
  writeFileSync(vscode, JSON.stringify({ servers: { v: { type: 'http', url: 'http://127.0.0.1:1/mcp' } } }));
  assert.equal(findLaunch(vscode).name, 'v');
  assert.throws(() => findLaunch(dir), /has no mcp\.json: its skill was written without --callable/);
  writeFileSync(join(dir, 'broken.json'), '{"mcpServers": ');
  assert.throws(() => findLaunch(join(dir, 'broken.json')), /is not valid JSON/);
  assert.throws(
    () => findLaunch(join(dir, 'none.json')),
    (e: Error) => e instanceof LaunchError && /no such file/.test(e.message),
  );
});

test('${VAR} and ${VAR:-default} come from the environment; a missing one is named; the server gets only what it names', () => {
  const launch: Launch = {
    type: 'stdio',
    command: 'node',
    args: ['${HOME}/server.js', '--region=${REGION:-eu}'],
    env: { API_KEY: '${API_KEY}' },
  };
  assert.throws(
    () => expandLaunch(launch, { HOME: '/h' }, 'skills/x/mcp.json'),
    /\(skills\/x\/mcp\.json\) needs the environment variable API_KEY; set it/,
  );
  const expanded = expandLaunch(launch, { HOME: '/h', API_KEY: 'k', SECRET: 's' }, 'x');
  assert.deepEqual(expanded.type === 'stdio' && expanded.args, ['/h/server.js', '--region=eu']);
  assert.deepEqual(
    serverEnvironment(expanded as Extract<Launch, { type: 'stdio' }>, {
      HOME: '/h',
      PATH: '/bin',
      SECRET: 's',
      API_KEY: 'k',
    }),
    {
      HOME: '/h',
      PATH: '/bin',
      API_KEY: 'k',
    },
  );
});

test('arguments are checked against the input schema, each problem with its path', () => {
  const schema = {
    type: 'object',
    required: ['prompt'],
    additionalProperties: false,
    properties: {
      prompt: { type: 'string', minLength: 1 },
      steps: { type: 'integer', minimum: 1, maximum: 100 },
      ratio: { enum: ['16:9', '1:1'] },
      tags: {
        type: 'array',
        items: { type: 'object', properties: { 'file.name': { type: 'string', format: 'email' } } },
      },
    },
  };
  assert.deepEqual(checkArguments(schema, { prompt: 'a cat', steps: 28, ratio: '1:1' }), []);
  assert.deepEqual(
    checkArguments(schema, { steps: 500, ratio: '16x9', extra: 1, tags: [{ 'file.name': 'nope' }] }),
    [
      'arguments.prompt: required, missing',
      'arguments.extra: not a parameter the schema allows here',
      'arguments.steps: must be <= 100, got 500',
      'arguments.ratio: must be one of "16:9", "1:1", got "16x9"',
      'arguments.tags[0]["file.name"]: must match format "email", got "nope"',
    ],
  );
  assert.deepEqual(checkArguments(schema, { prompt: 3 }), ['arguments.prompt: must be string, got number 3']);
});

test("a server's catastrophic pattern cannot hang the check (linear-time engine), and patterns still apply", () => {
  const schema = {
    type: 'object',
    properties: { a: { type: 'string', pattern: '^(a+)+$' }, b: { type: 'string', pattern: '^[0-9]{3}$' } },
  };
  const started = Date.now();
  const [problem, ...more] = checkArguments(schema, { a: `${'a'.repeat(50_000)}!` });
  assert.match(problem!, /^arguments\.a: must match pattern "\^\(a\+\)\+\$", got "a{77}"\.\.\.$/);
  assert.deepEqual(more, []);
  assert.ok(Date.now() - started < 5_000);
  assert.deepEqual(checkArguments(schema, { b: '12a' }), [
    'arguments.b: must match pattern "^[0-9]{3}$", got "12a"',
  ]);
  assert.deepEqual(checkArguments(schema, { b: '123' }), []);
  // Outside the engine's syntax (a lookahead): left to the server, not refused here.
  assert.deepEqual(
    checkArguments({ properties: { c: { type: 'string', pattern: '^(?=x).*' } } }, { c: 'y' }),
    [],
  );
});

test('results: structuredContent as JSON, else text; other blocks described; an error is the server message', () => {
  assert.deepEqual(resultText({ content: [{ type: 'text', text: '{}' }], structuredContent: { n: 1 } }), {
    text: '{\n  "n": 1\n}',
    isError: false,
  });
  assert.equal(
    resultText({
      content: [
        { type: 'text', text: 'Here:' },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
        { type: 'resource_link', uri: 'file:///x.txt', name: 'x' },
        { type: 'resource', resource: { uri: 'mem://a', mimeType: 'text/plain', text: 'body' } },
      ],
    }).text,
    'Here:\n\n[image image/png, 3 bytes, not shown]\n\n[resource link "x": file:///x.txt]\n\n[resource mem://a (text/plain)]\nbody',
  );
  assert.deepEqual(
    resultText({ content: [{ type: 'text', text: 'boom' }], structuredContent: { x: 1 }, isError: true }),
    {
      text: 'boom',
      isError: true,
    },
  );
});

const fixtureLaunch: Launch = {
  type: 'stdio',
  command: process.execPath,
  args: ['--import', sourcesHook, fixture],
  env: { FIXTURE_TOKEN: '${FIXTURE_TOKEN}' },
};
const callEnv = { ...process.env, FIXTURE_TOKEN: 'from-caller', LEAK_CHECK: 'should-not-pass' };

test('callTool against a stdio server: structured result, the tool error, and the environment it sees', async () => {
  const found = await callTool(fixtureLaunch, 'search_items', { query: 'cats' }, { env: callEnv });
  assert.deepEqual(JSON.parse(found.text), {
    items: [{ id: '1', name: 'match for cats' }],
    totalCount: 1,
    hasMore: false,
  });
  const failed = await callTool(fixtureLaunch, 'set_value', { value: 'fail' }, { env: callEnv });
  assert.deepEqual([failed.isError, failed.text], [true, 'value rejected: the store is read-only today']);
  const ping = await callTool(fixtureLaunch, 'ping', {}, { env: callEnv });
  assert.equal(ping.text, 'token=from-caller leak=(unset)', 'only the named variable reaches the server');
});

test('callTool refuses before sending: an unknown tool, arguments that do not fit, a missing variable', async () => {
  await assert.rejects(callTool(fixtureLaunch, 'nope', {}, { env: callEnv }), (e: Error) => {
    assert.ok(e instanceof LiveServerError);
    assert.match(
      e.message,
      /the server has no tool 'nope'; its tools: search_items, show_items, set_value, ping, open_board/,
    );
    return true;
  });
  await assert.rejects(
    callTool(fixtureLaunch, 'search_items', { limit: 0 }, { env: callEnv }),
    /the arguments do not fit search_items's input schema, so nothing was sent:\n {2}arguments\.query: required, missing\n {2}arguments\.limit: must be >= 1, got 0/,
  );
  const { FIXTURE_TOKEN: _, ...without } = callEnv;
  await assert.rejects(
    callTool(fixtureLaunch, 'ping', {}, { env: without, where: 'x/mcp.json' }),
    /\(x\/mcp\.json\) needs the environment variable FIXTURE_TOKEN/,
  );
});

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, argv] = cliCommand(...args);
  return new Promise((done) => {
    execFile(command, argv, { cwd: repoRoot, timeout: 180_000, env: callEnv }, (error, stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test('skill --callable from a catalog and an MCP configuration: mcp.json holds references only; formrequest call uses it', async () => {
  const dir = temp();
  const catalog = join(dir, 'catalog.json');
  writeFileSync(
    catalog,
    JSON.stringify({
      servers: [
        {
          id: 'paged',
          status: 'online',
          tools: [{ name: 'ping', description: 'Check', inputSchema: { type: 'object', properties: {} } }],
        },
        { id: 'unconfigured', status: 'online', tools: [{ name: 't', inputSchema: { type: 'object' } }] },
      ],
    }),
  );
  const config = join(dir, '.mcp.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        paged: {
          command: process.execPath,
          args: ['--import', sourcesHook, fixture],
          env: { FIXTURE_TOKEN: 'sk-secret-in-config' },
        },
      },
    }),
  );
  const out = join(dir, 'skills');
  const made = await cli('skill', catalog, '--callable', '--mcp-config', config, '--out', out);
  assert.equal(made.code, 1, 'a skill that cannot be made callable is not a silent success');
  assert.match(
    made.stderr,
    /unconfigured was written without a way to call its tools: .*\.mcp\.json has no server 'unconfigured' in mcpServers/,
  );
  const recorded = readFileSync(join(out, 'paged/mcp.json'), 'utf8');
  assert.doesNotMatch(recorded, /sk-secret-in-config/);
  assert.deepEqual(JSON.parse(recorded).mcpServers.paged.env, { FIXTURE_TOKEN: '${FIXTURE_TOKEN}' });
  assert.match(
    readFileSync(join(out, 'paged/SKILL.md'), 'utf8'),
    /needs the environment variable `FIXTURE_TOKEN`/,
  );
  // The token now comes from the caller's environment (callEnv), never from the skill.
  const called = await cli('call', join(out, 'paged'), 'ping');
  assert.equal(called.code, 0, called.stderr);
  assert.equal(called.stdout, 'token=from-caller leak=(unset)\n');
  const error = await cli('call', join(out, 'paged', 'SKILL.md'), 'set_value', '{"value": "fail"}');
  assert.equal(error.code, 1);
  assert.match(error.stderr, /set_value reported an error:\nvalue rejected: the store is read-only today/);
  const bad = await cli('call', join(out, 'paged'), 'ping', '[1]');
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /the arguments must be a JSON object of parameters/);
  const plain = await cli('call', join(out, 'unconfigured'), 't');
  assert.equal(plain.code, 2);
  assert.match(plain.stderr, /has no mcp\.json: its skill was written without --callable/);
});
