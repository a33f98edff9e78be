// The form page (URL-mode elicitation) against the conversation mode, on the BUILT server (dist/, what
// `formrequest serve` runs; `npm run bench` builds first), over Streamable HTTP with the v1 client
// (2025-11-25: elicitation/create on the held call, the completion notification) and the v2 client
// (2026-07-28: input_required, then the retry).
//   anchor:  request_form in the conversation mode (one call, the seed's result)
//   subject: request_form in URL mode with the person taken out: the client's URL handler posts the
//            answer to the page at once (the server checks it) and accepts; the call returns the answers.
// Both send seed example 2 (search fields: the form the page exists for). Calls alternate so drift hits
// both alike. Also the weights of the page and the Apps widget against the renderer's main module.
// Run: npm run bench form-page
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { bundleText, ON_DEMAND } from '../packages/web/scripts/bundle.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, 'packages/server/dist');
if (!existsSync(resolve(dist, 'index.js')) || !existsSync(resolve(dist, 'form-page.js'))) {
  console.error('form-page bench: the server is not built; run `npm run build` (npm run bench does).');
  process.exit(1);
}
const { startHttpServer } = (await import(resolve(dist, 'index.js'))) as typeof import('@formrequest/server');

// Sizes, like with like: the renderer's main module (dist/formrequest.js, built in this run) is what any
// page loads before a form shows; the form page loads page.js (its own code and the renderer's main
// module, one copy of the schema code) and the renderer's on-demand parts only when a form needs them;
// the widget is one HTML with the renderer's main code and its own (a sandboxed frame imports nothing);
// the parts a form needs ride in the tool result's `_meta` to an MCP Apps host (their JSON bytes below,
// for seed examples 1-3: a result is not compressed) or come through the host's resources/read.
const gz = (bytes: string | Buffer) => gzipSync(bytes, { level: 9 }).length;
const main = gz(await bundleText());
const webDist = resolve(root, 'packages/web/dist');
const partsGz = Object.values(ON_DEMAND).reduce(
  (sum, file) => sum + gz(readFileSync(resolve(webDist, file))),
  0,
);
const pageGzip = gz(readFileSync(resolve(dist, 'form-page.js')));
const widgetGzip = gz(readFileSync(resolve(dist, 'request-form.html')));
const ratio = (n: number, d: number) => `${(n / d).toFixed(2)}x`;
console.log(`anchor: the renderer's main module (dist/formrequest.js, this run) ${main} B gzip -9`);
console.log(
  `form page first load: page.js ${pageGzip} B = ${ratio(pageGzip, main)} the main module (target <= 1.3x: ${pageGzip <= 1.3 * main ? 'met' : 'NOT met'}); its on-demand parts come from the server when a form needs them, gzipped, cached for good`,
);
console.log(
  `Apps widget: request-form.html ${widgetGzip} B = ${ratio(widgetGzip, main)} the main module (target <= 1.3x: ${widgetGzip <= 1.3 * main ? 'met' : 'NOT met'}); ` +
    `${ratio(widgetGzip, main + partsGz)} the renderer with every part (main + ${Object.keys(ON_DEMAND).length} on-demand files, each gzip: ${main + partsGz} B)`,
);
const { widgetParts } = (await import(
  resolve(dist, 'widget-parts.js')
)) as typeof import('../packages/server/src/widget-parts.ts');
const { validateFormSchema } = await import('@formrequest/schema');
const carried = ['example1-project', 'example2-assign', 'example3-address'].map((name) => {
  const checked = validateFormSchema(
    JSON.parse(readFileSync(resolve(root, 'examples/forms', `${name}.json`), 'utf8')),
  );
  const names = widgetParts(checked.schema!, false);
  const parts = Object.fromEntries(
    names.map((n) => [n, readFileSync(resolve(dist, 'widget-parts', `${n}.js`), 'utf8')]),
  );
  return `${name} ${Buffer.byteLength(JSON.stringify(parts))} B (${names.join(', ')})`;
});
console.log(`Apps widget parts in a result's _meta (JSON): ${carried.join('; ')}`);

const WARMUP = 50;
const ROUNDS = 400;
const form = JSON.parse(readFileSync(resolve(root, 'examples/forms/example2-assign.json'), 'utf8'));
const answer = { assignee: 'u001', priority: 'high' };

async function answerOnPage(url: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { origin: new URL(url).origin, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'accept', values: answer }),
  });
  if (response.status !== 200)
    throw new Error(`the page answered ${response.status}: ${await response.text()}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

type Call = () => Promise<any>;

async function measure(label: string, conversation: Call, page: Call): Promise<number> {
  for (let i = 0; i < WARMUP; i++) {
    await conversation();
    await page();
  }
  const times = { conversation: [] as number[], page: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, run] of [
      ['conversation', conversation],
      ['page', page],
    ] as const) {
      const start = performance.now();
      const result = await run();
      times[name].push(performance.now() - start);
      const status = result.structuredContent?.status;
      if (status !== (name === 'page' ? 'submitted' : 'waiting_for_input'))
        throw new Error(`${label} ${name}: ${status}`);
    }
  }
  const p50 = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  const p99 = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      99,
    );
  const ratio = p50(times.page) / p50(times.conversation);
  console.log(
    `${label.padEnd(22)} URL mode p50 ${p50(times.page).toFixed(2)} ms  p99 ${p99(times.page).toFixed(2)} ms | ` +
      `conversation p50 ${p50(times.conversation).toFixed(2)} ms  p99 ${p99(times.conversation).toFixed(2)} ms | ratio p50 ${ratio.toFixed(2)}x`,
  );
  return ratio;
}

// The anchor's host declared it renders forms from the call (`--host-renders-forms`): seed 000's
// conversation result (without it the server answers `not_shown` to a client that declares no Apps).
const conversationServer = await startHttpServer({
  port: 0,
  config: { hostRendersForms: true },
  log: () => {},
});
const pageServer = await startHttpServer({ port: 0, config: { elicitation: 'auto' }, log: () => {} });
const call = { name: 'request_form', arguments: { form_schema: form } };
const capabilities = { elicitation: { form: {}, url: {} } };
try {
  const v1Plain = new V1Client({ name: 'bench', version: '0' }, { capabilities });
  await v1Plain.connect(new V1Http(new URL(conversationServer.url)));
  const v1Page = new V1Client({ name: 'bench', version: '0' }, { capabilities });
  v1Page.setRequestHandler(ElicitRequestSchema, async (request: any) => {
    await answerOnPage(request.params.url);
    return { action: 'accept' };
  });
  await v1Page.connect(new V1Http(new URL(pageServer.url)));
  await measure(
    'http v1 (2025-11-25)',
    () => v1Plain.callTool(call),
    () => v1Page.callTool(call),
  );
  await v1Plain.close();
  await v1Page.close();

  const options = { capabilities, versionNegotiation: { mode: 'auto' } } as never;
  const v2Plain = new V2Client({ name: 'bench', version: '0' }, options);
  await v2Plain.connect(new V2Http(new URL(conversationServer.url)));
  const v2Page = new V2Client({ name: 'bench', version: '0' }, options);
  v2Page.setRequestHandler('elicitation/create', async (request: any) => {
    await answerOnPage(request.params.url);
    return { action: 'accept' };
  });
  await v2Page.connect(new V2Http(new URL(pageServer.url)));
  await measure(
    'http v2 (2026-07-28)',
    () => v2Plain.callTool(call as never),
    () => v2Page.callTool(call as never),
  );
  await v2Plain.close();
  await v2Page.close();
} finally {
  await conversationServer.close();
  await pageServer.close();
}
