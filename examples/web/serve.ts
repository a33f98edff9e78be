// Serves the example page: `npx tsx examples/web/serve.ts [port]` (default 5178), then open the URL.
// The renderer is packages/web/dist/formrequest.js when built, else bundled from source on each request.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bundleText } from '../../packages/web/scripts/bundle.mjs';
import { startExampleServer } from './server.ts';

const dist = resolve(import.meta.dirname, '../../packages/web/dist/formrequest.js');
const server = await startExampleServer({
  port: Number(process.argv[2] ?? 5178),
  bundle: () => (existsSync(dist) ? readFileSync(dist, 'utf8') : bundleText()),
});
console.log(`formrequest web examples: ${server.url}/`);
