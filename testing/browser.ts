// Launches the machine's Chromium (Debian package `chromium`) through playwright-core.
// playwright-core never downloads a browser; the flags keep Chromium off the (closed) network.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { requireExecutable } from './system.ts';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return requireExecutable(
    ['chromium', 'chromium-browser', '/usr/bin/chromium'],
    'chromium',
    'CHROMIUM_PATH',
  );
}

export async function launchBrowser(): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'formrequest-chromium-'));
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`],
  });
}
