// @formrequest/web through a consumer's bundler (issue 27, "size through a bundler"): a Vite app (Vite
// 8, pinned in the root package.json) imports `@formrequest/web` from its published build (dist/, as
// npm would install it) and renders seed example 1, which arrives at run time as an agent's forms do
// (fetched, so the form itself is not in the app's code). Measured: what the page loads before the form can
// show (the entry chunk and its static imports, gzip -9), against the anchor built in the same run: the
// one-file browser module dist/formrequest.js (scripts/bundle.mjs). The on-demand parts must come out
// as chunks of their own, loaded with import() only when a form needs them. Target: first load <= 17 KB.
// Run: npm run bench web-bundler (npm run bench builds first)
import { bundleText } from '../packages/web/scripts/bundle.mjs';
import { buildViteApp, gz, TARGET } from './vite-first-load.ts';

const { chunks, first } = await buildViteApp(
  'formrequest-vite-bench',
  `import { renderForm } from '@formrequest/web';
fetch('/example1-project.json')
  .then((response) => response.json())
  .then((form) => renderForm(document.getElementById('app'), form, { onSubmit: (values) => console.log(values) }));
`,
);
const firstNames = new Set(first.map((c) => c.fileName));
const firstGz = first.reduce((sum, c) => sum + gz(c.code), 0);
const anchor = gz(await bundleText());

const ON_DEMAND: [string, RegExp][] = [
  ['pattern engine', /schema\/dist\/pattern\/nfa\.js$/],
  ['schema sentences', /schema\/dist\/schema-messages\.js$/],
  ['English words', /schema\/dist\/messages\/en\.js$/],
  ['reader of what a model meant', /schema\/dist\/normalize\.js$/],
  ['fields that fetch', /web\/dist\/fields\/autocomplete\.js$/],
  ['file field', /web\/dist\/fields\/file\.js$/],
  ['error summary, cancel question', /web\/dist\/prompts\.js$/],
];
/** The first-call repairs speak to a model (a server's); no chunk of a page may carry them. */
const REPAIRS = /schema\/dist\/(?:model-repairs|property-hints|lookahead-rule)\.js$/;
const home = (re: RegExp) => chunks.find((c) => Object.keys(c.modules).some((m) => re.test(m)));

console.log('A Vite 8 app importing @formrequest/web (its dist/) and rendering seed example 1 (gzip -9)');
console.log(
  `  first load (entry + static imports: ${first.length} chunk${first.length > 1 ? 's' : ''})   ${firstGz} B (${(firstGz / 1024).toFixed(1)} KB), target <= 17 KB: ${firstGz <= TARGET ? 'met' : 'NOT met'}`,
);
console.log(
  `  anchor: dist/formrequest.js, same run         ${anchor} B   first load / anchor ${(firstGz / anchor).toFixed(2)}x (the app's chunk adds Vite's preload helper and the catalog's elicitation shapes, which our bundle drops)`,
);
let split = true;
for (const [part, re] of ON_DEMAND) {
  const chunk = home(re);
  const own = chunk && !firstNames.has(chunk.fileName);
  if (!own) split = false;
  console.log(
    `  on demand: ${part.padEnd(30)} ${own ? `${chunk!.fileName} ${gz(chunk!.code)} B` : `NOT split (${chunk?.fileName ?? 'missing'})`}`,
  );
}
console.log(`  every on-demand part in a chunk of its own: ${split ? 'yes' : 'NO'}`);
const repaired = chunks.filter((c) => Object.keys(c.modules).some((m) => REPAIRS.test(m)));
console.log(
  `  first-call repairs (property hints, lookahead split) in any chunk: ${repaired.length ? `YES (${repaired.map((c) => c.fileName).join(', ')})` : 'no'}`,
);
const patternGz = gz(home(ON_DEMAND[0]![1])!.code);
console.log(
  `  seed example 1 has a pattern: with the engine it loads ${firstGz + patternGz} B in all (${((firstGz + patternGz) / 1024).toFixed(1)} KB)`,
);
if (!split || repaired.length || firstGz > TARGET) process.exitCode = 1;
