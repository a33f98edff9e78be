// The weights of the server's two browser surfaces against the renderer they carry (issue 26: within
// 1.3x of the renderer's size), measured like with like, gzip -9 of the built files: the renderer's
// main module (packages/web/dist/formrequest.js) is what any page loads before a form shows.
// - The form page's first load is dist/form-page.js alone (its code and the renderer's main module); the
//   renderer's on-demand parts come from the server only when a form needs them.
// - The Apps widget is one HTML with every on-demand part in it (a sandboxed frame loads nothing else):
//   the 1.3x target of the main module is not met (docs/benchmarks.md: 3.1x). Built from sources with
//   one copy of the schema code, its question words alone (not the agent's) and no first-call repairs,
//   it weighs less than the renderer's own files together (0.97x when measured); this holds it there.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { ON_DEMAND } from '../../web/scripts/bundle.mjs';
import { ensureFormPage } from './fixtures/form-page-build.ts';

const server = resolve(import.meta.dirname, '../dist');
const web = resolve(import.meta.dirname, '../../web/dist');
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

test("the form page's first load is within 1.3x of the renderer's main module; its parts are the renderer's own files", () => {
  ensureFormPage();
  const main = gz(resolve(web, 'formrequest.js'));
  const page = gz(resolve(server, 'form-page.js'));
  assert.ok(
    page <= 1.3 * main,
    `page.js ${page} B gzip is ${(page / main).toFixed(3)}x the main module's ${main} B`,
  );
  // The renderer's parts, each its own file under a hashed name, and the page's English words.
  const parts = readdirSync(resolve(server, 'form-page-parts')).sort();
  const unhashed = (name: string) => name.replace(/\.[0-9a-f]{10}\.js$/, '.js');
  assert.deepEqual(parts.map(unhashed), [...Object.values(ON_DEMAND), 'formrequest-page-en.js'].sort());
  for (const name of parts.filter((part) => !part.startsWith('formrequest-page-')))
    assert.equal(
      readFileSync(resolve(server, 'form-page-parts', name), 'utf8'),
      readFileSync(resolve(web, unhashed(name)), 'utf8'),
      `${name} is the renderer's own file`,
    );
  // Each part is an import() of its hashed file, not folded into the page.
  const code = readFileSync(resolve(server, 'form-page.js'), 'utf8');
  for (const name of parts) assert.ok(code.includes(`import("./${name}")`), `page.js imports ./${name}`);
});

test('the Apps widget weighs no more than the renderer with every part (main + each on-demand file)', () => {
  const all =
    gz(resolve(web, 'formrequest.js')) +
    Object.values(ON_DEMAND).reduce((s, f) => s + gz(resolve(web, f)), 0);
  const widget = gz(resolve(server, 'request-form.html'));
  assert.ok(
    widget <= all,
    `request-form.html ${widget} B gzip is ${(widget / all).toFixed(3)}x the renderer's ${all} B`,
  );
});
