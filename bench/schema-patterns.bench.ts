// The pattern engine against the 50 ms budget of issue 11, and against V8's backtracking RegExp.
// 1. Node (the engine the server, the host and the terminal run): check + compile + match of the hostile
//    corpus (testing/hostile-patterns.ts) on 50,000 characters, and of the costliest shapes the checker
//    admits at the size limit; CPU time, best of 3, as a ratio to 50 ms.
// 2. Chromium (the browser bundle's on-demand engine, formrequest-pattern.js): the same, wall time
//    (fastest and median of 7; a page has no CPU clock, so a loaded machine inflates these: the load
//    average is printed with them).
// 3. The server: the blow-up (400 fields of \s{0,1000} x 45, 217 KB; it used to block `serve`
//    for seconds or kill it): validateFormSchema's CPU time, and one request_form call over HTTP (wall);
//    a huge count's refusal, and validateAnswers on many patterns with 1 MB of answers (CPU).
// 4. Anchors: V8's RegExp on a benign pattern (the same 50,000 characters), and on the issue's
//    `[a-z]*[a-z]*@` where it backtracks (2,000 characters, far fewer than ours).
// 5. Bytes: what the engine weighs in the browser (gzip -9).
// Run: npm run bench schema
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { checkPattern, compilePattern, validateAnswers, validateFormSchema } from '@formrequest/schema';
import { MAX_PATTERN_SIZE, patternSize } from '@formrequest/schema/pattern';
import { startHttpServer } from '@formrequest/server';
import { httpClient } from '../packages/server/test/support.ts';
import { bundleFiles } from '../packages/web/scripts/bundle.mjs';
import { launchBrowser, newTestContext } from '../testing/browser.ts';
import { ADMITTED, hostileTexts, patternForm, worstAdmitted } from '../testing/hostile-patterns.ts';

const BUDGET_MS = 50;
const cpu = (fn: () => void, runs = 3) => {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
};
const ratio = (ms: number) => `${(ms / BUDGET_MS).toFixed(2)}x`;
const row = (cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);
// A fresh spelling of the same pattern, so the checker's and compiler's caches do not answer.
let fresh = 0;
const spelled = (pattern: string) => `${'(?:)'.repeat((fresh++ % 3) + 1)}${pattern}`;

type Case = { name: string; pattern: string; texts: string[] };
const corpus: Case[] = ADMITTED.map(({ name, pattern }) => ({ name, pattern, texts: hostileTexts() }));
const worst: Case[] = worstAdmitted().map(({ name, pattern, text }) => ({ name, pattern, texts: [text] }));

// --- 1. Node
function nodeRows(cases: Case[]): number {
  let max = 0;
  for (const { name, pattern, texts } of cases) {
    const ms = Math.max(
      ...texts.map((text) =>
        cpu(() => {
          const source = spelled(pattern);
          checkPattern(source);
          compilePattern(source).test(text);
        }),
      ),
    );
    max = Math.max(max, ms);
    row([name, patternSize(pattern), ms.toFixed(1), ratio(ms)]);
  }
  return max;
}
console.log(
  `Node (server, host, terminal): check + compile + match on 50,000 characters, CPU ms (size limit ${MAX_PATTERN_SIZE})`,
);
row(['pattern', 'size', 'worst ms', 'of 50 ms']);
row(['---', '---:', '---:', '---:']);
const nodeCorpus = nodeRows(corpus);
const nodeWorst = nodeRows(worst);

// --- 2. Chromium
const files = await bundleFiles();
const browser = await launchBrowser();
const page = await (await newTestContext(browser)).newPage();
await page.route('http://bench.invalid/**', (route) => {
  const script = route.request().url().endsWith('.js');
  return route.fulfill({
    contentType: script ? 'text/javascript' : 'text/html',
    body: script ? files['formrequest-pattern.js'] : '<!doctype html><title>bench</title>',
  });
});
await page.goto('http://bench.invalid/');
type Timed = { name: string; min: number; median: number };
const browserTimes: Timed[] = await page.evaluate(
  async (cases: Case[]) => {
    const engine = await import('/formrequest-pattern.js' as string);
    const out: { name: string; min: number; median: number }[] = [];
    let n = 0;
    for (const { name, pattern, texts } of cases) {
      let min = 0;
      let median = 0;
      for (const text of texts) {
        const times: number[] = [];
        for (let i = 0; i < 7; i++) {
          const source = `${'(?:)'.repeat((n++ % 3) + 1)}${pattern}`;
          const start = performance.now();
          engine.checkPattern(source);
          engine.compilePattern(source).test(text);
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        min = Math.max(min, times[0]!);
        median = Math.max(median, times[3]!);
      }
      out.push({ name, min, median });
    }
    return out;
  },
  [...corpus, ...worst],
);
await browser.close();
console.log(
  `\nChromium (the browser bundle): check + compile + match on 50,000 characters, wall ms (load average ${loadavg()[0]!.toFixed(1)} on 2 cores)`,
);
row(['pattern', 'fastest ms', 'median ms', 'of 50 ms (fastest)']);
row(['---', '---:', '---:', '---:']);
for (const { name, min, median } of browserTimes) row([name, min.toFixed(1), median.toFixed(1), ratio(min)]);
const browserCorpus = Math.max(...browserTimes.slice(0, corpus.length).map((t) => t.min));
const browserWorst = Math.max(...browserTimes.slice(corpus.length).map((t) => t.min));

// --- 3. The server
const blowUpPattern = '\\s{0,1000}'.repeat(45);
const blowUp = patternForm(blowUpPattern, 400);
const bytes = JSON.stringify(blowUp).length;
const checkBlowUp = cpu(() => {
  validateFormSchema(patternForm(spelled(blowUpPattern), 400));
});
const server = await startHttpServer({ port: 0 });
const client = await httpClient('v2-auto', server.url);
const callTimes: number[] = [];
for (let i = 0; i < 3; i++) {
  const start = performance.now();
  const result = await client.callTool({ name: 'request_form', arguments: { form_schema: blowUp } });
  callTimes.push(performance.now() - start);
  if (!result.isError) throw new Error('the blow-up form must be refused');
}
await client.close();
await server.close();
const serverCall = Math.min(...callTimes);
// A huge count: refused by arithmetic (it used to build a node per 31 counts: 14.5 s, 2.9 GB).
const hugeCount = cpu(() => checkPattern(spelled('a{0,1000000000}')));
// Many patterns in one form: 125 fields of size 39 with 8,000 characters each (1 MB of answers); the
// form's matching budget stops after the first 12.
const manyForm = patternForm(`${'a'.repeat(MAX_PATTERN_SIZE - 2)}b`, 125);
const manyAnswers = Object.fromEntries(manyForm.fields.map((f) => [f.name as string, 'a'.repeat(8000)]));
const manyCheck = cpu(() => validateAnswers(manyForm as never, manyAnswers));

// --- 4. Anchors
const long = 'a'.repeat(50_000);
const benign = '^[a-z0-9-]+$';
const oursBenign = cpu(() => compilePattern(benign).test(long), 5);
const v8Benign = cpu(() => new RegExp(benign).test(long), 5);
const v8Hostile = cpu(() => /[a-z]*[a-z]*@/.test('a'.repeat(2000)), 1);
const oursHostile = cpu(() => compilePattern('[a-z]*[a-z]*@').test(long));

// --- 5. Bytes
const gz = (text: string) => gzipSync(text, { level: 9 }).length;

console.log('\nSummary');
row(['surface', 'worst of the corpus', 'worst admitted shape', 'of 50 ms (worst)']);
row(['---', '---:', '---:', '---:']);
row([
  'Node: server, host, terminal (CPU)',
  `${nodeCorpus.toFixed(1)} ms`,
  `${nodeWorst.toFixed(1)} ms`,
  ratio(Math.max(nodeCorpus, nodeWorst)),
]);
row([
  'Chromium (wall, fastest of 7)',
  `${browserCorpus.toFixed(1)} ms`,
  `${browserWorst.toFixed(1)} ms`,
  ratio(Math.max(browserCorpus, browserWorst)),
]);
console.log(
  `\nThe issue's blow-up (400 fields of \\s{0,1000} x 45, ${(bytes / 1024).toFixed(0)} KB): validateFormSchema refuses it in ${checkBlowUp.toFixed(1)} ms of CPU (${ratio(checkBlowUp)} of the budget); the whole request_form call over HTTP takes ${serverCall.toFixed(0)} ms of wall time (RE2JS took about 4 s, or ran out of memory).`,
);
console.log(
  `A huge count (a{0,1000000000}) is refused in ${hugeCount.toFixed(2)} ms of CPU. validateAnswers on 125 size-39 patterns with 1 MB of answers (the form's matching budget): ${manyCheck.toFixed(1)} ms of CPU (${ratio(manyCheck)}).`,
);
console.log(
  `Anchor, a benign pattern (${benign}) on 50,000 characters: ours ${oursBenign.toFixed(2)} ms, V8 RegExp ${v8Benign.toFixed(2)} ms (${(oursBenign / v8Benign).toFixed(0)}x V8).`,
);
console.log(
  `Anchor, the issue's [a-z]*[a-z]*@: V8 RegExp ${v8Hostile.toFixed(0)} ms on 2,000 characters; ours ${oursHostile.toFixed(1)} ms on 50,000 (${(v8Hostile / oursHostile).toFixed(0)}x faster on 25x the text).`,
);
console.log(
  `Bytes (gzip -9): formrequest-pattern.js, the engine the bundle loads for forms with a pattern: ${gz(files['formrequest-pattern.js']!)} B; the main module formrequest.js: ${gz(files['formrequest.js']!)} B.`,
);
