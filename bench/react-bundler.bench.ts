// @formrequest/react through a consumer's bundler (issue 27, "size through a bundler"): a Vite app (Vite
// 8, pinned in the root package.json) imports `@formrequest/react` from its published build (dist/, as
// npm would install it) and renders seed example 1 with <FormRequest>; the form arrives at run time as
// an agent's forms do (fetched). React itself goes to a chunk of its own (the app has it anyway), so
// what is measured is the form's first load: the entry chunk and its static imports but React's (gzip
// -9), against the anchor built in the same run, the one-file browser module dist/formrequest.js.
// Target: <= 17 KB. Run: npm run bench react-bundler (npm run bench builds first)
import type { Rollup } from 'vite';
import { bundleText } from '../packages/web/scripts/bundle.mjs';
import { buildViteApp, gz, TARGET } from './vite-first-load.ts';

const REACT = /node_modules\/(?:react|react-dom|scheduler)\//;
const { first } = await buildViteApp(
  'formrequest-vite-react-bench',
  `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { FormRequest } from '@formrequest/react';
fetch('/example1-project.json')
  .then((response) => response.json())
  .then((schema) =>
    createRoot(document.getElementById('app')).render(
      createElement(FormRequest, { schema, onSubmit: (values, message) => console.log(values, message) }),
    ),
  );
`,
  { rollupOptions: { output: { manualChunks: (id: string) => (REACT.test(id) ? 'react' : undefined) } } },
);
const isReact = (c: Rollup.OutputChunk) => Object.keys(c.modules).some((m) => REACT.test(m));
const formChunks = first.filter((c) => !isReact(c));
const reactGz = first.filter(isReact).reduce((s, c) => s + gz(c.code), 0);
const formGz = formChunks.reduce((sum, c) => sum + gz(c.code), 0);
const anchor = gz(await bundleText());
const leaked = formChunks.some((c) =>
  Object.keys(c.modules).some((m) => /pattern\/nfa|schema-messages|messages\/en\.js/.test(m)),
);

console.log(
  'A Vite 8 React app rendering seed example 1 with <FormRequest> (@formrequest/react dist/, gzip -9)',
);
console.log(
  `  form first load (entry + static imports, React apart)   ${formGz} B (${(formGz / 1024).toFixed(1)} KB), target <= 17 KB: ${formGz <= TARGET ? 'met' : 'NOT met'}`,
);
console.log(`  React's own chunk (react + react-dom, not counted)      ${reactGz} B`);
console.log(
  `  anchor: dist/formrequest.js, same run                   ${anchor} B   form first load / anchor ${(formGz / anchor).toFixed(2)}x`,
);
console.log(
  `  on-demand parts (pattern engine, sentences, English) kept out of the first load: ${leaked ? 'NO' : 'yes'}`,
);
if (leaked || formGz > TARGET) process.exitCode = 1;
