// request_form round trip against a bare echo tool registered on the same SDK server instance, over
// stdio and over Streamable HTTP, with the v1 SDK client (2025-11-25) and the v2 client (2026-07-28).
// Both tools receive the same argument (the seed's example 1 form); calls alternate so drift hits
// both alike. Target: request_form p50 within 1.2x of echo. The server remembers the check of a form
// it has seen (form-check-cache.ts), so `request_form (new form)`, a form differing in its title on
// every call, shows a form's first call too.
//
// The server runs in a child process from the BUILT packages (dist/, what `formrequest serve` runs;
// `npm run bench` builds first), so the numbers are the product's, not a source loader's.
// Run: npm run bench server   (this file is also the server child: `--serve-stdio` / `--serve-http`)
// BENCH_TRANSPORT=stdio (or http) measures one transport only; BENCH_ROUNDS, BENCH_WARMUP the counts.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type FormSchema, formRequestText } from '@formrequest/schema';
import {
  createFormServer,
  FORM_META_KEY,
  ISSUED_AT_META_KEY,
  REQUEST_FORM_OUTPUT_JSON_SCHEMA,
  startHttpServer,
} from '@formrequest/server';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const root = resolve(import.meta.dirname, '..');
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const TRANSPORT = process.env.BENCH_TRANSPORT ?? 'both';

// A host that declared it renders forms from the call (`--host-renders-forms`): seed 000's conversation
// result, the same for both clients (neither declares Apps or elicitation, so without the declaration
// the server would answer `not_shown`). One config object: every instance shares one runtime.
const CONFIG = { hostRendersForms: true };

/** The form server plus `echo`, which returns its arguments as text and does nothing else. */
function benchServer(): McpServer {
  const server = createFormServer(CONFIG);
  const passThrough = {
    '~standard': {
      version: 1 as const,
      vendor: 'bench',
      validate: (value: unknown) => ({ value: value as Record<string, unknown> }),
      jsonSchema: { input: () => ({ type: 'object' }), output: () => ({ type: 'object' }) },
    },
  };
  server.registerTool(
    'echo',
    { description: 'Echo the arguments.', inputSchema: passThrough },
    async (args) => ({
      content: [{ type: 'text', text: JSON.stringify(args) }],
    }),
  );
  // Explains the gap: request_form's exact result (text, structuredContent, _meta and _metadata: the schema twice)
  // and outputSchema, built without checking the form. request_form minus this = the form check.
  const outputSchema = {
    '~standard': {
      ...passThrough['~standard'],
      jsonSchema: {
        input: () => REQUEST_FORM_OUTPUT_JSON_SCHEMA,
        output: () => REQUEST_FORM_OUTPUT_JSON_SCHEMA,
      },
    },
  };
  server.registerTool(
    'echo_payload',
    { description: 'Same result, unchecked.', inputSchema: passThrough, outputSchema },
    async (args) => {
      const schema = (args as { form_schema: FormSchema }).form_schema;
      const message = formRequestText(schema);
      return {
        content: [{ type: 'text', text: message }],
        structuredContent: { message, type: 'form_request', status: 'waiting_for_input' },
        _meta: { [FORM_META_KEY]: schema, [ISSUED_AT_META_KEY]: Date.now() },
        _metadata: { type: 'form_request', schema, status: 'waiting_for_input' },
      };
    },
  );
  return server;
}

if (process.argv.includes('--serve-stdio')) {
  serveStdio(benchServer);
} else if (process.argv.includes('--serve-http')) {
  const http = await startHttpServer({ port: 0, factory: benchServer });
  process.stdout.write(`${http.url}\n`);
  process.once('SIGTERM', () => http.close().then(() => process.exit(0)));
} else {
  // The v1 SDK client adds one abort listener per HTTP request to a single signal (client side, not the
  // server's); keep that one warning from flooding the report.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name !== 'MaxListenersExceededWarning') console.warn(warning);
  });
  await main();
}

// The child runs this file WITHOUT the sources hook, so @formrequest/* load from dist/: through Node's
// own type stripping where Node has it (22.18+; this file imports only packages), else through tsx.
function childArgs(mode: string): string[] {
  const loader = process.features.typescript ? [] : ['--import', 'tsx'];
  return [...loader, import.meta.filename, mode];
}

async function startHttpChild(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, childArgs('--serve-http'), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolveUrl(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`HTTP server child exited with ${code}`)));
  });
  return { url, child };
}

interface CallingClient {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label: string, client: CallingClient, args: Record<string, unknown>) {
  const times = {
    request_form: [] as number[],
    echo: [] as number[],
    echo_payload: [] as number[],
    request_form_new: [] as number[],
  };
  const form = args.form_schema as { title: string };
  /** The arguments with a title no call had before: the server checks this form for the first time. */
  const fresh = (i: number) => ({ ...args, form_schema: { ...form, title: `${form.title} ${i}` } });
  for (let i = 0; i < WARMUP; i++) {
    await client.callTool({ name: 'request_form', arguments: args });
    await client.callTool({ name: 'echo', arguments: args });
  }
  for (let i = 0; i < ROUNDS; i++) {
    const order: (keyof typeof times)[] =
      i % 2 === 0
        ? ['request_form', 'echo', 'echo_payload', 'request_form_new']
        : ['request_form_new', 'echo_payload', 'echo', 'request_form'];
    for (const name of order) {
      const call =
        name === 'request_form_new'
          ? { name: 'request_form', arguments: fresh(i) }
          : { name, arguments: args };
      const start = performance.now();
      const result = (await client.callTool(call)) as { isError?: boolean };
      times[name].push(performance.now() - start);
      if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result)}`);
    }
  }
  const stats = Object.fromEntries(
    Object.entries(times).map(([name, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [name, { p50: percentile(sorted, 50), p99: percentile(sorted, 99) }];
    }),
  ) as Record<keyof typeof times, { p50: number; p99: number }>;
  const ratio = stats.request_form.p50 / stats.echo.p50;
  console.log(
    `${label.padEnd(22)} request_form p50 ${stats.request_form.p50.toFixed(3)} ms  p99 ${stats.request_form.p99.toFixed(3)} ms | ` +
      `echo p50 ${stats.echo.p50.toFixed(3)} ms  p99 ${stats.echo.p99.toFixed(3)} ms | ratio p50 ${ratio.toFixed(2)}x ${ratio <= 1.2 ? '(within 1.2x)' : '(OVER 1.2x)'}` +
      // The gap in µs moves less between runs than the ratio: the echo's own time depends on whether the
      // scheduler wakes the client on the server's core or on the other one.
      ` gap ${((stats.request_form.p50 - stats.echo.p50) * 1000).toFixed(0)} µs\n` +
      `${''.padEnd(22)} echo_payload (same result, unchecked) p50 ${stats.echo_payload.p50.toFixed(3)} ms: ` +
      `payload ${(stats.echo_payload.p50 / stats.echo.p50).toFixed(2)}x echo, form check ${((stats.request_form.p50 - stats.echo_payload.p50) * 1000).toFixed(0)} µs\n` +
      `${''.padEnd(22)} request_form (new form each call) p50 ${stats.request_form_new.p50.toFixed(3)} ms: ` +
      `${(stats.request_form_new.p50 / stats.echo.p50).toFixed(2)}x echo`,
  );
  return ratio;
}

async function main() {
  const form = JSON.parse(readFileSync(resolve(root, 'examples/forms/example1-project.json'), 'utf8'));
  const args = { form_schema: form };
  const info = { name: 'bench', version: '0' };
  if (!existsSync(resolve(root, 'packages/server/dist/index.js'))) {
    throw new Error(
      'packages/server/dist is missing: run `npm run build` (or `npm run bench`, which builds first).',
    );
  }
  console.log(
    `request_form vs echo, ${ROUNDS} calls each after ${WARMUP} warm-up calls, same server instance in a child process`,
  );
  const ratios: number[] = [];
  if (TRANSPORT !== 'http') await measureStdio(info, args, ratios);
  if (TRANSPORT !== 'stdio') await measureHttp(info, args, ratios);
  console.log(`worst p50 ratio: ${Math.max(...ratios).toFixed(2)}x (target <= 1.2x)`);
}

async function measureStdio(
  info: { name: string; version: string },
  args: Record<string, unknown>,
  ratios: number[],
) {
  const v1Stdio = new V1Client(info);
  await v1Stdio.connect(
    new V1Stdio({ command: process.execPath, args: childArgs('--serve-stdio'), cwd: root }),
  );
  ratios.push(await measure('stdio  v1 (2025-11-25)', v1Stdio, args));
  await v1Stdio.close();

  const v2Stdio = new V2Client(info, { versionNegotiation: { mode: 'auto' } } as never);
  await v2Stdio.connect(
    new V2Stdio({ command: process.execPath, args: childArgs('--serve-stdio'), cwd: root }),
  );
  ratios.push(await measure('stdio  v2 (2026-07-28)', v2Stdio, args));
  await v2Stdio.close();
}

async function measureHttp(
  info: { name: string; version: string },
  args: Record<string, unknown>,
  ratios: number[],
) {
  const http = await startHttpChild();
  try {
    const v1Http = new V1Client(info);
    await v1Http.connect(new V1Http(new URL(http.url)));
    ratios.push(await measure('http   v1 (2025-11-25)', v1Http, args));
    await v1Http.close();
    const v2Http = new V2Client(info, { versionNegotiation: { mode: 'auto' } } as never);
    await v2Http.connect(new V2Http(new URL(http.url)));
    ratios.push(await measure('http   v2 (2026-07-28)', v2Http, args));
    await v2Http.close();
  } finally {
    http.child.kill('SIGTERM');
  }
}
