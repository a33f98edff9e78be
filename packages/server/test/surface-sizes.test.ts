// The weights of the server's two browser surfaces against the renderer they carry (issue 26: within
// 1.3x of the renderer's size), measured like with like, gzip -9 of the built files: the renderer's
// main module (packages/web/dist/formrequest.js) is what any page loads before a form shows.
// - The form page's first load is dist/form-page.js alone (its code and the renderer's main module); the
//   renderer's on-demand parts come from the server only when a form needs them.
// - The Apps widget is one HTML with the renderer's main code and its own; the on-demand parts are
//   dist/widget-parts/<name>.js, which the widget gets from the result's `_meta` or resources/read when a
//   form needs them (scripts/build-widget.mjs), so the widget too is held within 1.3x of the main module.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { ON_DEMAND } from '../../web/scripts/bundle.mjs';
import { WIDGET_PARTS } from '../src/widget-parts.ts';
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

test("the Apps widget is within 1.3x of the renderer's main module; its parts are files beside it", () => {
  const main = gz(resolve(web, 'formrequest.js'));
  const widget = gz(resolve(server, 'request-form.html'));
  assert.ok(
    widget <= 1.3 * main,
    `request-form.html ${widget} B gzip is ${(widget / main).toFixed(3)}x the main module's ${main} B`,
  );
  // One file per part, each a classic script that registers itself; the widget imports none of them.
  const files = readdirSync(resolve(server, 'widget-parts')).sort();
  assert.deepEqual(files, WIDGET_PARTS.map((name) => `${name}.js`).sort());
  for (const name of WIDGET_PARTS) {
    const code = readFileSync(resolve(server, 'widget-parts', `${name}.js`), 'utf8');
    assert.ok(code.includes(`__formrequestParts||={}).${name}=`), `${name}.js registers itself`);
    assert.doesNotMatch(code, /\bimport\s*\(/, `${name}.js has no import()`);
  }
  const html = readFileSync(resolve(server, 'request-form.html'), 'utf8');
  assert.doesNotMatch(html, /\bimport\s*\(/, 'the widget has no import()');
  for (const name of Object.values(ON_DEMAND).map((f) => f.slice('formrequest-'.length, -'.js'.length)))
    assert.ok(html.includes(`__formrequestPart("${name}")`), `the widget loads ${name} through its loader`);
});
