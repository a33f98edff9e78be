import { readFormArgument, validateFormSchema } from '@formrequest/schema';
import { createFormServer } from '@formrequest/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { toElicitation } from '../packages/server/dist/elicitation-schema.js';
import { waitingForInputResult } from '../packages/server/dist/request-form-result.js';
const passThrough = { '~standard': { version: 1 as const, vendor: 'bench', validate: (value: unknown) => ({ value: value as Record<string, unknown> }), jsonSchema: { input: () => ({ type: 'object' }), output: () => ({ type: 'object' }) } } };
serveStdio(() => {
  const server = createFormServer();
  server.registerTool('echo', { description: 'e', inputSchema: passThrough }, async (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }));
  server.registerTool('echo_payload', { description: 'e', inputSchema: passThrough }, async (args) => {
    const T = (globalThis as any).__lat ??= {}; const rec = (k: string, s: number) => (T[k] ??= []).push(performance.now() - s);
    let s = performance.now();
    const a = readFormArgument(args) as any; rec('read', s); s = performance.now();
    const c = validateFormSchema(a.form); rec('validate', s); s = performance.now();
    toElicitation(c.schema!); rec('toEl', s); s = performance.now();
    const r = waitingForInputResult(c.schema!, [], undefined) as any; rec('result', s);
    return r;
  });
  return server;
});

process.on('exit', () => { for (const [k, v] of Object.entries((globalThis as any).__lat ?? {}) as any) { v.sort((a: number, b: number) => a - b); process.stderr.write(`child ${k} p50=${(v[v.length >> 1] * 1000).toFixed(0)}us\n`); } });
