// diag: server-side timing of each tools/call over stdio
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
const root = '/work/wt/infra';
const form = JSON.parse(readFileSync(resolve(root, 'examples/forms/example1-project.json'), 'utf8'));
const args = { form_schema: form };
const client = new V1Client({ name: 'x', version: '0' });
await client.connect(new V1Stdio({ command: process.execPath, args: ['--import', '/tmp/infra/preload.mjs', '--import', 'tsx', '/work/wt/infra/bench/zz-child.ts'], cwd: root, env: { ...process.env, DIAG: process.env.DIAG ?? '' }, stderr: 'inherit' }));
const times: Record<string, number[]> = { request_form: [], echo: [], echo_payload: [] };
const N = Number(process.env.N ?? 1000);
for (let i = 0; i < N + 200; i++) {
  for (const name of (i % 2 ? ['request_form', 'echo', 'echo_payload'] : ['echo_payload', 'echo', 'request_form'])) {
    const s = performance.now();
    await client.callTool({ name, arguments: args });
    if (i >= 200) times[name].push(performance.now() - s);
  }
}
for (const [k, v] of Object.entries(times)) { v.sort((a, b) => a - b); console.log(k, v[v.length >> 1].toFixed(3)); }
await client.close();
