// Start-up of `formrequest serve` (stdio) as an MCP client meets it: from spawning the command to the
// answer of its first `tools/list` (initialize, initialized, tools/list, each sent when the previous
// answer arrived, as clients do), against @modelcontextprotocol/server-filesystem started and asked the
// same way, and `node -e` answering the same three messages by hand (Node's own start-up and the pipe).
// The subjects alternate, the order turning each round, so machine drift hits all alike. The built CLI
// runs (`npm run bench` builds first). Target: serve within 1.0x of server-filesystem.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const cli = join(root, 'packages/cli/bin/formrequest.js');
if (!existsSync(join(root, 'packages/cli/dist/main.js'))) {
  console.error('Build first: npm run build (the benchmark runs the built `formrequest`).');
  process.exit(1);
}
const filesystem = createRequire(join(root, 'packages/skills/package.json')).resolve(
  '@modelcontextprotocol/server-filesystem/dist/index.js',
);
const dir = mkdtempSync(join(tmpdir(), 'formrequest-bench-'));

// The smallest stdio server that answers the three messages: what any server pays before its own code.
const bare = `
let buffer = '';
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  for (let i; (i = buffer.indexOf('\\n')) !== -1; ) {
    const message = JSON.parse(buffer.slice(0, i));
    buffer = buffer.slice(i + 1);
    if (message.id === undefined) continue;
    const result = message.method === 'initialize'
      ? { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'bare', version: '0' } }
      : { tools: [] };
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\\n');
  }
});`;

interface Subject {
  name: string;
  argv: string[];
}
const subjects: Subject[] = [
  { name: 'node -e (answers by hand)', argv: [process.execPath, '-e', bare] },
  { name: 'server-filesystem', argv: [process.execPath, filesystem, dir] },
  { name: 'formrequest serve', argv: [process.execPath, cli, 'serve'] },
];

/** ms from spawn to the tools/list answer; the child is then closed (stdin end) and awaited. */
function startToToolsList(subject: Subject): Promise<number> {
  return new Promise((resolveTime, reject) => {
    const start = performance.now();
    const child = spawn(subject.argv[0]!, subject.argv.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    let buffer = '';
    let took = 0;
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\n'); i !== -1; i = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, i));
        buffer = buffer.slice(i + 1);
        if (message.id === 1) {
          send({ method: 'notifications/initialized' });
          send({ id: 2, method: 'tools/list', params: {} });
        } else if (message.id === 2) {
          took = performance.now() - start;
          if (!Array.isArray(message.result?.tools))
            reject(new Error(`${subject.name}: ${JSON.stringify(message)}`));
          child.stdin.end();
        }
      }
    });
    child.on('error', reject);
    child.on('close', () => (took ? resolveTime(took) : reject(new Error(`${subject.name} exited first`))));
    send({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'bench', version: '0' },
      },
    });
    setTimeout(() => child.kill(), 30_000).unref();
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

try {
  const times = subjects.map(() => [] as number[]);
  for (const s of subjects) await startToToolsList(s); // warm the file cache
  for (let r = 0; r < RUNS; r++) {
    for (let j = 0; j < subjects.length; j++) {
      const i = (j + r) % subjects.length;
      times[i]!.push(await startToToolsList(subjects[i]!));
    }
  }
  const anchor = median(times[1]!);
  console.log(
    `spawn to the first tools/list answer over stdio, median of ${RUNS} runs (interleaved, rotating order)`,
  );
  for (const [i, s] of subjects.entries()) {
    const m = median(times[i]!);
    console.log(
      `  ${s.name.padEnd(28)} ${m.toFixed(0).padStart(5)} ms   ${(m / anchor).toFixed(2)}x server-filesystem`,
    );
  }
  // Per round, ours over the anchor: drift within a round cancels out.
  const ratios = times[2]!.map((t, r) => t / times[1]![r]!);
  const ours = median(times[2]!) / anchor;
  console.log(
    `target: formrequest serve within 1.0x of server-filesystem: ${ours.toFixed(2)}x (per-round median ${median(ratios).toFixed(2)}x) ${ours <= 1 ? 'MET' : 'MISSED'}`,
  );
  process.exitCode = ours <= 1 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
