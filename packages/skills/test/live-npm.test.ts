// Real MCP servers from npm (devDependencies, spawned over stdio): @modelcontextprotocol/server-memory
// and @modelcontextprotocol/server-filesystem, read by the real `formrequest skill` and `spec`. What we
// write is compared with the servers' own tools/list text, read by a bare JSON-RPC exchange here.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import type { Mapping, Value } from '@formrequest/skills';
import { readJson, readYaml, sameValue } from '@formrequest/skills/data';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';

const require = createRequire(import.meta.url);
const bin = (name: string) => {
  const pkg = require.resolve(`${name}/package.json`);
  const bins = JSON.parse(readFileSync(pkg, 'utf8')).bin as Record<string, string>;
  return resolve(dirname(pkg), Object.values(bins)[0]!);
};
const memory = bin('@modelcontextprotocol/server-memory');
const filesystem = bin('@modelcontextprotocol/server-filesystem');

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, argv] = cliCommand(...args);
  return new Promise((done) => {
    execFile(
      command,
      argv,
      { cwd: repoRoot, timeout: 120_000, maxBuffer: 1 << 24 },
      (error, stdout, stderr) => {
        done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The server's tools/list answer, as text, from a bare newline-delimited JSON-RPC exchange. */
function rawTools(args: string[]): Promise<Value[]> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'], env: process.env });
    let buffer = '';
    const timer = setTimeout(() => {
      child.kill();
      fail(new Error('no tools/list answer'));
    }, 60_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      for (const line of buffer.split('\n').slice(0, -1)) {
        if (line.includes('"id":1,') || line.includes('"id":1}')) {
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
          child.stdin.write(
            `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })}\n`,
          );
        } else if (line.includes('"id":2')) {
          clearTimeout(timer);
          child.kill();
          const result = (readJson(line) as Mapping).get('result') as Mapping;
          done(result.get('tools') as Value[]);
        }
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
    });
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'test', version: '1' },
        },
      })}\n`,
    );
  });
}

test('server-memory: every tool and every schema key, in the server’s own order, into tools.yaml', async () => {
  const out = mkdtempSync(join(tmpdir(), 'skills-npm-'));
  const r = await run('skill', '--lazy', '--id', 'memory', '--out', out, '--', process.execPath, memory);
  assert.equal(r.code, 0, r.stderr);
  const md = readFileSync(join(out, 'memory/SKILL.md'), 'utf8');
  assert.match(md, /\(Claude Code: `mcp__memory__<tool>`\)/, 'the configured name, not the reported one');
  const written = readYaml(readFileSync(join(out, 'memory/references/tools.yaml'), 'utf8')) as Mapping;
  const tools = await rawTools([memory]);
  assert.deepEqual(
    [...written.keys()],
    tools.map((t) => (t as Mapping).get('name')),
  );
  assert.ok(tools.length >= 5);
  for (const tool of tools as Mapping[]) {
    const schema = tool.get('inputSchema') as Mapping;
    const entry = written.get(tool.get('name') as string) as Mapping;
    const parameters = entry.get('parameters') as Mapping;
    const properties = (schema.get('properties') ?? new Map()) as Mapping;
    assert.deepEqual([...parameters.keys()], [...properties.keys()]);
    for (const [name, spec] of properties as Map<string, Mapping>) {
      const param = parameters.get(name) as Mapping;
      for (const [key, value] of spec)
        assert.ok(sameValue(param.get(key)!, value), `${tool.get('name')}.${name}.${key}`);
    }
  }
});

test('server-filesystem: skills and a spec whose headings say what each tool does', async () => {
  const root = mkdtempSync(join(tmpdir(), 'skills-npm-fs-'));
  const out = mkdtempSync(join(tmpdir(), 'skills-npm-'));
  const r = await run('skill', '--out', out, '--', process.execPath, filesystem, root);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /wrote 1 skill/);
  const spec = await run('spec', '--id', 'fs', '--', process.execPath, filesystem, root);
  assert.ok(spec.code === 0, spec.stderr);
  const tools = (await rawTools([filesystem, root])) as Mapping[];
  for (const tool of tools) {
    const annotations = tool.get('annotations') as Mapping | undefined;
    const heading = new RegExp(`### ${tool.get('name')}（([^）]+)）`).exec(spec.stdout)?.[1];
    assert.ok(heading, `${tool.get('name')} has a heading`);
    if (annotations?.get('readOnlyHint') !== true)
      assert.notEqual(heading, 'データ取得', `${tool.get('name')} is not a read`);
    else assert.equal(heading, 'データ取得');
  }
  assert.equal(spec.stdout.match(/承認プロンプトをスキップする/g)?.length, 1);
});
