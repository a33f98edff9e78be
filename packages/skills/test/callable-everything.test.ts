// Issue 29's proof: a callable skill for @modelcontextprotocol/server-everything (a pinned dev
// dependency), written by the real `formrequest skill --callable`, is read by a scripted agent that
// follows only SKILL.md: it finds the tool for its task in the tool list, takes the command from the
// skill's call section, fills in the placeholders the section explains and runs it in a shell with the
// server not attached to anything. What it prints must be what the server itself answers to that call
// (asked here through a bare JSON-RPC exchange). `npx` runs offline, so the command can only resolve
// to this workspace's formrequest (the built CLI).
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';

const require = createRequire(import.meta.url);
const everythingPackage = require.resolve('@modelcontextprotocol/server-everything/package.json');
const everything = resolve(
  dirname(everythingPackage),
  (JSON.parse(readFileSync(everythingPackage, 'utf8')) as { bin: Record<string, string> }).bin[
    'mcp-server-everything'
  ]!,
);

function exec(command: string, args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    const child = execFile(
      command,
      args,
      { cwd: repoRoot, timeout: 180_000, maxBuffer: 1 << 24, env: options.env ?? process.env },
      (error, stdout, stderr) =>
        done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

/** What the server answers to one tools/call, by a bare newline-delimited JSON-RPC exchange. */
function serverAnswer(
  name: string,
  args: Record<string, unknown>,
): Promise<{ content: { type: string; text?: string }[] }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [everything, 'stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const timer = setTimeout(() => {
      child.kill();
      fail(new Error('no answer from server-everything'));
    }, 120_000);
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const message = JSON.parse(line) as { id?: number; result?: never };
        if (message.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } });
        } else if (message.id === 2) {
          clearTimeout(timer);
          child.kill();
          done(message.result!);
        }
      }
    });
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
  });
}

/** A scripted agent that knows only the SKILL.md it was given and the folder it read it from. */
class ScriptedAgent {
  readonly md: string;
  readonly folder: string;
  constructor(folder: string) {
    this.folder = folder;
    this.md = readFileSync(join(folder, 'SKILL.md'), 'utf8');
  }

  /** The tool whose description matches the task, with its parameter lines (full mode). */
  findTool(task: RegExp): { name: string; parameters: Map<string, { required: boolean; type: string }> } {
    const sections = this.md.split(/^### /m).slice(1);
    const section = sections.find((s) => task.test(s.split('\n')[1] ?? ''));
    assert.ok(section, `a tool for ${task} in the tool list`);
    const name = section.split('\n')[0]!.trim();
    const parameters = new Map<string, { required: boolean; type: string }>();
    for (const m of section.matchAll(/^ {2}- `([^`]+)`(\*?) \(([^)]+)\)/gm))
      parameters.set(m[1]!, { required: m[2] === '*', type: m[3]! });
    return { name, parameters };
  }

  /** The command of the call section, with its placeholders filled in as the section explains them. */
  command(tool: string, json: string): string {
    const section = this.md.slice(this.md.indexOf('## Calling a tool without the server attached'));
    const template = /```sh\n(.+)\n```/.exec(section)?.[1];
    assert.ok(template, 'the skill documents a command');
    assert.match(section, /`<skill-folder>`: the folder of this SKILL\.md/);
    const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
    return template
      .replace('<skill-folder>', quote(this.folder))
      .replace('<tool>', quote(tool))
      .replace(`'<arguments as JSON>'`, quote(json));
  }

  run(command: string, input?: string) {
    // No network: npx must find formrequest in this workspace (it cannot fetch another one).
    return exec('sh', ['-c', command], { input, env: { ...process.env, npm_config_offline: 'true' } });
  }
}

test('a scripted agent following only SKILL.md finds a tool and calls it without the server attached', async () => {
  const out = mkdtempSync(join(tmpdir(), 'skills-callable-'));
  const [command, argv] = cliCommand(
    'skill',
    '--callable',
    '--id',
    'everything',
    '--out',
    out,
    '--',
    process.execPath,
    everything,
    'stdio',
  );
  const made = await exec(command, argv);
  assert.equal(made.code, 0, made.stderr);
  const agent = new ScriptedAgent(join(out, 'everything'));

  // Task: "add 2 and 3". The agent looks for a tool that sums, and fills its required number parameters.
  const sum = agent.findTool(/sum of two numbers/i);
  assert.equal(sum.name, 'get-sum');
  assert.deepEqual([...sum.parameters.keys()], ['a', 'b']);
  assert.ok([...sum.parameters.values()].every((p) => p.required && p.type === 'number'));
  const ran = await agent.run(agent.command(sum.name, JSON.stringify({ a: 2, b: 3 })));
  assert.equal(ran.code, 0, ran.stderr);
  const real = await serverAnswer('get-sum', { a: 2, b: 3 });
  assert.equal(ran.stdout, `${real.content.map((c) => c.text).join('\n\n')}\n`, 'the real result');
  assert.match(ran.stdout, /5/);

  // The same with a JSON that holds a single quote, through standard input as the section says.
  const echo = agent.findTool(/echoes back/i);
  const message = "it's here";
  const viaStdin = await agent.run(agent.command(echo.name, '-'), JSON.stringify({ message }));
  assert.equal(viaStdin.code, 0, viaStdin.stderr);
  assert.equal(viaStdin.stdout, `${(await serverAnswer('echo', { message })).content[0]!.text}\n`);
});
