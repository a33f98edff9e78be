import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
const root = '/work/wt/infra';
const form = JSON.parse(readFileSync(resolve(root, 'examples/forms/example1-project.json'), 'utf8'));
const client = new V1Client({ name: 'x', version: '0' });
const tool = process.env.TOOL ?? 'request_form';
await client.connect(new V1Stdio({ command: process.execPath, args: ['--cpu-prof', '--cpu-prof-dir=/tmp/infra/prof', '--cpu-prof-interval=100', '--import', 'tsx', '/work/wt/infra/bench/server.bench.ts', '--serve-stdio'], cwd: root, stderr: 'inherit' }));
const t: number[] = [];
for (let i = 0; i < 3000; i++) { const s = performance.now(); await client.callTool({ name: tool, arguments: { form_schema: form } }); t.push(performance.now() - s); }
t.sort((a, b) => a - b); console.log(tool, t[t.length >> 1].toFixed(3));
await client.close();
