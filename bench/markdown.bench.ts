// The chat page's Markdown (packages/host/page/markdown.ts on markdown-it) in headless Chromium: each of
// CommonMark's pathological inputs at 20 KB (packages/host/test/pathological-markdown.ts), rendered and
// laid out, against an ordinary 20 KB reply (headings, lists, a table, code, links) in the same page;
// the fastest of 5 each. Then growth: 20 KB against 160 KB of the same input (linear is 8x, quadratic
// 64x). Then the page script's gzip size against the same script without Markdown. Target: every 20 KB
// input under 100 ms (the freeze bound).
// Run: npm run bench markdown
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { pageScript } from '../packages/host/scripts/build-page.mjs';
import { PATHOLOGICAL } from '../packages/host/test/pathological-markdown.ts';
import { launchBrowser } from '../testing/browser.ts';

const ORDINARY = [
  '# Plan',
  'Some **bold**, *soft*, `code` and ~~old~~ text with a [link](https://example.com/a?b=1 "title").',
  '',
  '- one',
  '- two with snake_case_name',
  '  - nested',
  '',
  '1. first',
  '2. second',
  '',
  '| key | value |',
  '| --- | ---: |',
  '| a | 1 |',
  '',
  '```js',
  'const x = "<b>not bold</b>";',
  '```',
  '> quoted https://example.com/q.',
].join('\n');

const code = (
  await build({
    entryPoints: [resolve(import.meta.dirname, '../packages/host/page/markdown.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'md',
    write: false,
  })
).outputFiles[0]!.text;

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><div id="slot"></div>');
  await page.evaluate(`${code};window.md = md;`);
  const time = (text: string) =>
    page.evaluate((t) => {
      const slot = document.getElementById('slot')!;
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        slot.replaceChildren((window as any).md.renderMarkdown(t));
        slot.getBoundingClientRect();
        best = Math.min(best, performance.now() - t0);
      }
      return best;
    }, text);
  const anchor = await time(
    Array.from({ length: Math.ceil(20_000 / ORDINARY.length) }, () => ORDINARY).join('\n\n'),
  );
  console.log(`ordinary 20 KB reply (anchor): ${anchor.toFixed(1)} ms`);
  let worst = 0;
  for (const [name, make] of Object.entries(PATHOLOGICAL)) {
    const small = await time(make(20_000));
    const large = await time(make(160_000));
    worst = Math.max(worst, small);
    console.log(
      `${name.padEnd(28)} 20 KB ${small.toFixed(1).padStart(6)} ms (${(small / anchor).toFixed(2)}x the anchor); 160 KB ${(large / small).toFixed(1)}x of 20 KB`,
    );
  }
  console.log(`worst 20 KB input: ${worst.toFixed(1)} ms (target < 100 ms)`);
} finally {
  await browser.close();
}

const script = await pageScript();
const withoutMarkdown = (
  await build({
    stdin: { contents: 'export const renderMarkdown = (t) => document.createTextNode(t);', loader: 'js' },
    write: false,
    minify: true,
  })
).outputFiles[0]!.text;
const markdownGz = gzipSync(code, { level: 9 }).length;
console.log(
  `page script dist/page/app.js: ${gzipSync(script, { level: 9 }).length} B gzip; markdown.ts alone ${markdownGz} B gzip (a text-only stand-in: ${gzipSync(withoutMarkdown, { level: 9 }).length} B)`,
);
