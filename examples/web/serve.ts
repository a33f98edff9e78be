// Serves the example page: `npx tsx examples/web/serve.ts [port]` (default 5178), then open the URL.
// The renderer's files are packages/web/dist/formrequest*.{js,css} when built, else bundled from source on
// each request.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bundleFiles } from '../../packages/web/scripts/bundle.mjs';
import { startExampleServer } from './server.ts';

const dist = resolve(import.meta.dirname, '../../packages/web/dist');
const NAMES = [
  'formrequest.js',
  'formrequest-sentences.js',
  'formrequest-en.js',
  'formrequest-pattern.js',
  'formrequest.css',
];
const server = await startExampleServer({
  port: Number(process.argv[2] ?? 5178),
  bundle: () =>
    NAMES.every((n) => existsSync(resolve(dist, n)))
      ? Object.fromEntries(NAMES.map((n) => [n, readFileSync(resolve(dist, n), 'utf8')]))
      : bundleFiles(),
});
console.log(`formrequest web examples: ${server.url}/`);
