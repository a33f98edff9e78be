// @formrequest/web against react-jsonschema-form and JSON Forms, same run, same machine.
// 1. Size: gzip -9 of the main module dist/formrequest.js (every field type, CSS included; what it loads
//    on demand sits beside it: the pattern engine, English, the reader, the schema-error sentences, the
//    fields that fetch and the file field) against rjsf (@rjsf/core + @rjsf/validator-ajv8 + react +
//    react-dom) and JSON Forms (react + vanilla renderers), each bundled here with esbuild --minify for
//    the same 5-field form. Budget: <= 15 KB gzip (packages/web/test/unit.test.ts; the goal is 12 KB).
//    Then where the bytes go: each part's gzip share. Through a consumer's bundler: web-bundler.bench.ts.
// 2. Speed in headless Chromium on a 500-field form (median of 11 fresh pages each): time from the render
//    call to the next frame (and to that frame painted), and work per keystroke in the first field (input
//    event -> every task it caused -> layout). rjsf renders with flushSync so its work is inside the
//    measured window. "bare DOM" is 500 labelled inputs made eagerly with no checks (REFERENCE.md's floor).
//    Target: >= 10x faster than rjsf.
// Run: npm run bench web
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';
import type { Page } from 'playwright-core';
import { bundleFiles, bundleOptions } from '../packages/web/scripts/bundle.mjs';
import { openHarness } from '../packages/web/test/support/harness.ts';
import { workspaceSources } from '../scripts/sources/esbuild.mjs';

const web = resolve(import.meta.dirname, '../packages/web');
const RUNS = 11;
const KEYS = 30;
const gz = (text: string | Uint8Array) => gzipSync(text, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const FIVE_JSON_SCHEMA = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Project name', minLength: 3 },
    language: { type: 'string', title: 'Language', enum: ['python', 'typescript', 'go'] },
    quantity: { type: 'number', title: 'Quantity', minimum: 1, maximum: 100 },
    agree: { type: 'boolean', title: 'I agree' },
    due: { type: 'string', title: 'Due date', format: 'date' },
  },
};

async function bundleOf(entry: string, format: 'esm' | 'iife' = 'esm'): Promise<string> {
  const out = await build({
    stdin: { contents: entry, resolveDir: web, loader: 'js' },
    bundle: true,
    minify: true,
    format,
    platform: 'browser',
    conditions: ['browser'],
    plugins: [workspaceSources],
    target: 'es2022',
    write: false,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0]!.text;
}

const RJSF = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
window.mountRjsf = (el, schema) => {
  const root = createRoot(el);
  flushSync(() => root.render(createElement(Form, { schema, validator, liveValidate: false, onSubmit: () => {} })));
};`;
const JSONFORMS = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
const schema = ${JSON.stringify(FIVE_JSON_SCHEMA)};
createRoot(document.getElementById('app')).render(
  createElement(JsonForms, { schema, data: {}, renderers: vanillaRenderers, cells: vanillaCells, onChange: () => {} }));`;

// --- 1. size
const files = await bundleFiles();
const ours = files['formrequest.js'];
const oursGz = gz(ours);
const rjsf = await bundleOf(RJSF);
const rjsfGz = gz(rjsf);
const jsonFormsGz = gz(await bundleOf(JSONFORMS));
console.log('Size (esbuild --minify, gzip -9; ours: every type + CSS, others: the same 5-field form)');
console.log(
  `  @formrequest/web formrequest.js      ${oursGz} B (${kb(oursGz)}), budget <= 15 KB: ${oursGz <= 15 * 1024 ? 'met' : 'NOT met'} (goal 12 KB)`,
);
console.log(`  rjsf core + validator-ajv8 + react   ${rjsfGz} B  (${(rjsfGz / oursGz).toFixed(1)}x ours)`);
console.log(
  `  JSON Forms react + vanilla           ${jsonFormsGz} B  (${(jsonFormsGz / oursGz).toFixed(1)}x ours)`,
);
for (const name of Object.keys(files).filter((n) => n !== 'formrequest.js'))
  console.log(`  on demand / beside it: ${name.padEnd(26)} ${gz(files[name]!)} B gzip`);

// Where the bytes go: each output byte belongs to the source file its source map points at; a part's
// gzip share is what it adds to the gzip of everything before it (so the shares add up to the total).
const mapped = await build({
  ...(bundleOptions as BuildOptions),
  write: false,
  sourcemap: 'external',
  outdir: resolve(web, '.bench'),
});
const code = mapped.outputFiles!.find((f) => f.path.endsWith('.js'))!.text;
const map = JSON.parse(mapped.outputFiles!.find((f) => f.path.endsWith('.map'))!.text);
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Source index of every output character (source maps' base64 VLQ, fields 1 and 2 of each segment). */
function sourceOfEachChar(): number[] {
  const lines = code.split('\n');
  const out: number[] = [];
  let src = 0;
  map.mappings.split(';').forEach((line: string, n: number) => {
    let col = 0;
    const starts: [number, number][] = [];
    for (const seg of line.split(',').filter(Boolean)) {
      const values: number[] = [];
      for (let i = 0, shift = 0, v = 0; i < seg.length; i++) {
        const d = B64.indexOf(seg[i]!);
        v += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          values.push(v & 1 ? -(v >> 1) : v >> 1);
          v = 0;
          shift = 0;
        }
      }
      col += values[0]!;
      if (values.length > 1) src += values[1]!;
      starts.push([col, src]);
    }
    const text = lines[n] ?? '';
    let k = 0;
    for (let c = 0; c <= text.length; c++) {
      while (k + 1 < starts.length && starts[k + 1]![0] <= c) k++;
      out.push(starts[k]?.[1] ?? -1); // the newline counts with the line's last source
    }
  });
  return out;
}
const PARTS: [string, RegExp][] = [
  ['styles (CSS)', /web\/src\/styles\.ts$/],
  ['field modules (those drawn at once)', /web\/src\/fields\//],
  ['renderer core (form, element, DOM, drafts, parts)', /web\/src\//],
  ['schema checker + catalog', /schema\/src\/(check-schema|catalog|json-depth)\.ts$/],
  ['answer checks, formats, dates, field facts', /schema\/src\/(answers|formats|dates|field-facts)\.ts$/],
  ['Japanese form words', /schema\/src\/(messages\/ja|words)\.ts$/],
];
const partOf = (source: string) =>
  PARTS.findIndex(([, re]) => re.test(resolve(web, '.bench', source).replaceAll('\\', '/')));
const owners = sourceOfEachChar().map((i) => (i < 0 ? -1 : partOf(map.sources[i])));
const share = new Array(PARTS.length + 1).fill(0);
const raw = new Array(PARTS.length + 1).fill(0);
let before = 0;
for (let start = 0; start < owners.length; ) {
  let end = start;
  while (end < owners.length && owners[end] === owners[start]) end++;
  const upTo = gz(code.slice(0, end));
  const part = owners[start] === -1 ? PARTS.length : owners[start]!;
  share[part] += upTo - before;
  raw[part] += end - start;
  before = upTo;
  start = end;
}
console.log('  where the bytes go (gzip share in module order, minified bytes):');
for (const [i, [label]] of [...PARTS, ['other (esbuild glue)'] as [string]].entries())
  console.log(`    ${label.padEnd(50)} ${String(share[i]).padStart(5)} B  ${String(raw[i]).padStart(6)} B`);

// --- 2. speed
const FIELDS = 500;
const ourSchema = {
  title: 'Big form',
  fields: Array.from({ length: FIELDS }, (_, i) => ({ name: `f${i}`, type: 'text', label: `Field ${i}` })),
};
const rjsfSchema = {
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: FIELDS }, (_, i) => [`f${i}`, { type: 'string', title: `Field ${i}` }]),
  ),
};
const rjsfIife = await bundleOf(RJSF, 'iife');
const checkerIife = await bundleOf(
  "import { validateFormSchema } from '@formrequest/schema'; window.checkSchema = validateFormSchema;",
  'iife',
);

type Which = 'ours' | 'rjsf' | 'bare' | 'one';

/** In the page: time from calling render to the next frame, then per-keystroke work on the first input. */
async function measure(
  page: Page,
  which: Which,
): Promise<{ call: number; frame: number; paint: number; key: number; full?: number }> {
  return page.evaluate(
    async ({ which, ourSchema, rjsfSchema, KEYS }) => {
      const w = window as any;
      const app = document.getElementById('app')!;
      const macrotask = () =>
        new Promise<void>((r) => {
          const c = new MessageChannel();
          c.port1.onmessage = () => r();
          c.port2.postMessage(0);
        });
      const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
      await frame();
      await macrotask(); // start in a plain task, right after a frame was painted
      const t0 = performance.now();
      if (which === 'ours') w.fr.renderForm(app, ourSchema, {});
      else if (which === 'rjsf') w.mountRjsf(app, rjsfSchema);
      else if (which === 'one')
        app.append(document.createElement('input')); // the harness floor
      else {
        // The floor: 500 labelled inputs made eagerly with plain DOM calls, no checks, no state.
        for (const f of ourSchema.fields) {
          const label = document.createElement('label');
          label.textContent = f.label;
          label.append(document.createElement('input'));
          app.append(label);
        }
      }
      const call = performance.now() - t0;
      await frame();
      const frameAt = performance.now() - t0;
      await macrotask(); // runs once the frame has been painted
      const paint = performance.now() - t0;
      let full: number | undefined;
      if (which === 'ours') {
        while (app.querySelectorAll('input').length < ourSchema.fields.length) await frame();
        full = performance.now() - t0;
      }
      const input = app.querySelector('input')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      input.focus();
      const times: number[] = [];
      for (let k = 0; k < KEYS; k++) {
        await frame();
        await macrotask();
        const s = performance.now();
        setValue.call(input, input.value + 'a');
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await macrotask();
        void document.body.offsetHeight; // include the style and layout work the keystroke caused
        times.push(performance.now() - s);
      }
      if (input.value.length !== KEYS) throw new Error(`the input holds ${input.value.length} characters`);
      times.sort((a, b) => a - b);
      return { call, frame: frameAt, paint, key: times[Math.floor(times.length / 2)]!, full };
    },
    { which, ourSchema, rjsfSchema, KEYS },
  );
}

const H = await openHarness();
try {
  type Runs = { call: number[]; frame: number[]; paint: number[]; key: number[]; full: number[] };
  const empty = (): Runs => ({ call: [], frame: [], paint: [], key: [], full: [] });
  const runs: Record<Which, Runs> = { ours: empty(), rjsf: empty(), bare: empty(), one: empty() };
  const checks: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const which of ['rjsf', 'ours', 'bare', 'one'] as const) {
      const page = await H.page();
      if (which === 'rjsf') await page.addScriptTag({ content: rjsfIife });
      const r = await measure(page, which);
      for (const k of ['call', 'frame', 'paint', 'key', 'full'] as const)
        if (r[k] !== undefined) runs[which][k].push(r[k]);
      await page.context().close();
    }
    // The schema package's validateFormSchema alone, first call on a fresh page (what renderForm pays).
    const page = await H.page();
    await page.addScriptTag({ content: checkerIife });
    checks.push(
      await page.evaluate((schema) => {
        const t0 = performance.now();
        (window as any).checkSchema(schema);
        return performance.now() - t0;
      }, ourSchema),
    );
    await page.context().close();
  }
  const m = (which: Which, k: keyof Runs) => median(runs[which][k]);
  const row = (title: string, k: keyof Runs, digits = 1) =>
    console.log(
      `  ${title.padEnd(34)} ours ${m('ours', k).toFixed(digits).padStart(6)} ms   rjsf ${m('rjsf', k).toFixed(digits).padStart(6)} ms   ${(m('rjsf', k) / m('ours', k)).toFixed(1)}x   (bare DOM: ${m('bare', k).toFixed(digits)} ms)`,
    );
  console.log(
    `\n${FIELDS}-field form in headless Chromium (median of ${RUNS} fresh pages; keystroke: median of ${KEYS} keys)`,
  );
  row('render call returns', 'call');
  row('render call -> next frame (rAF)', 'frame');
  row('render call -> first frame painted', 'paint');
  row('keystroke (input -> work -> layout)', 'key', 2);
  console.log(
    `  a lone <input> (what any page pays)  next frame ${m('one', 'frame').toFixed(1)} ms, painted ${m('one', 'paint').toFixed(1)} ms, keystroke ${m('one', 'key').toFixed(2)} ms`,
  );
  const net = (w: Which) => m(w, 'key') - m('one', 'key');
  console.log(
    `  keystroke minus a lone <input> (${m('one', 'key').toFixed(2)} ms: dispatch + task hop + layout)   ours ${net('ours').toFixed(2)} ms   rjsf ${net('rjsf').toFixed(2)} ms   ${(net('rjsf') / Math.max(net('ours'), 0.1)).toFixed(0)}x or more`,
  );
  console.log(
    `  of ours' render call: validateFormSchema on 500 fields (cold) ${median(checks).toFixed(1)} ms`,
  );
  console.log(
    `  all ${FIELDS} fields built (ours, when idle) ${m('ours', 'full').toFixed(1)} ms after the render call`,
  );
  console.log('  target: >= 10x faster than rjsf on render and keystroke');
} finally {
  await H.close();
}
