// One Chromium for the whole run: each browser test file connects to it (testing/browser.ts reads the
// endpoint from the environment) instead of launching its own, which saves about 0.5 s of CPU a file.
// Each file still gets contexts of its own, closed when it disconnects.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ENV = 'FORMREQUEST_TEST_BROWSER_WS';

/**
 * The environment for the test files and a `close()`; nothing when a runner above this one already
 * shares its browser, when FORMREQUEST_TEST_SHARED_BROWSER=0, or when no Chromium starts (each file
 * then launches its own, and says why not).
 */
export async function startSharedBrowser(root) {
  if (process.env[ENV] || process.env.FORMREQUEST_TEST_SHARED_BROWSER === '0')
    return { env: {}, close: async () => {} };
  try {
    await import(pathToFileURL(join(root, 'scripts/sources/register.mjs')).href);
    const { launchBrowserServer } = await import(pathToFileURL(join(root, 'testing/browser.ts')).href);
    const server = await launchBrowserServer();
    return { env: { [ENV]: server.wsEndpoint() }, close: () => server.close().catch(() => {}) };
  } catch {
    return { env: {}, close: async () => {} };
  }
}
