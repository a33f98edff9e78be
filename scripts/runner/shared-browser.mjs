// One Chromium for the whole run, started when the first test file asks for a browser: each browser
// file connects to it (testing/browser.ts) instead of launching its own, which saves about 0.5 s of CPU a
// file, and a run without browser tests starts none. Each file still gets contexts of its own, closed
// when it disconnects. Files ask over HTTP on 127.0.0.1 (a random path), and get the browser's endpoint.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The same name as testing/browser.ts's SHARED_BROWSER_ENV (scripts/test/shared-browser.test.ts fails
// if they part); not imported from there, so that a run that needs no browser never loads it.
const ENV = 'FORMREQUEST_TEST_BROWSER_HUB';
/** @type {{ env: Record<string, string>, close: () => Promise<void> }} */
const NONE = { env: {}, close: async () => {} };

/**
 * The environment for the test files and a `close()`; nothing when a runner above this one already
 * shares its browser or when FORMREQUEST_TEST_SHARED_BROWSER=0. A Chromium that does not start is
 * answered with 503, and each file then launches its own (and says why not).
 * @returns {Promise<{ env: Record<string, string>, close: () => Promise<void> }>}
 */
export async function startSharedBrowser(root) {
  if (process.env[ENV] || process.env.FORMREQUEST_TEST_SHARED_BROWSER === '0') return NONE;
  let launching;
  const launch = async () => {
    await import(pathToFileURL(join(root, 'scripts/sources/register.mjs')).href);
    const { launchBrowserServer } = await import(pathToFileURL(join(root, 'testing/browser.ts')).href);
    return launchBrowserServer();
  };
  const path = `/${randomBytes(12).toString('hex')}`;
  const hub = createServer((req, res) => {
    if (req.url !== path) return void res.writeHead(404).end();
    launching ??= launch();
    launching.then(
      (server) => res.writeHead(200, { 'content-type': 'text/plain' }).end(server.wsEndpoint()),
      (error) => res.writeHead(503, { 'content-type': 'text/plain' }).end(String(error?.message ?? error)),
    );
  });
  try {
    await new Promise((ok, fail) => hub.once('error', fail).listen(0, '127.0.0.1', ok));
  } catch {
    return NONE;
  }
  return {
    env: { [ENV]: `http://127.0.0.1:${hub.address().port}${path}` },
    async close() {
      hub.close();
      hub.closeAllConnections();
      await (await launching?.catch(() => undefined))?.close().catch(() => {});
    },
  };
}
