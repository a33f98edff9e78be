// axe-core (the pinned dev dependency) run in a page or a frame: its violations as "rule: html | html"
// lines, so a test can assert an empty list and print what is wrong when it is not.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axeViolations(target: Page | Frame): Promise<string[]> {
  // Evaluated through the debugger protocol, which the page's CSP does not govern.
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(AXE);
  // Only the violations, made into lines in the page: axe's whole result (every pass and every
  // inapplicable rule, with their nodes) is hundreds of KB that the protocol would carry and check.
  return target.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.html).join(' | ')}`);
  });
}
