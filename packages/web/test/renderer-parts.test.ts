// @formrequest/schema's rendererParts (which on-demand parts a checked form can need) against what the
// renderer really imports in Chromium: each form as a server sends it (checked, as read), drawn,
// filled in, cancelled with typed answers (the question before they are thrown away), drawn again and
// submitted empty (refused where a field is required; a long form's error summary). The MCP Apps widget
// loads exactly rendererParts' list before it draws a form and has no other way to get a part, so a
// part imported here but not listed would be a form the widget cannot finish.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { type FormSchema, validateFormSchema } from '@formrequest/schema';
import { rendererParts } from '@formrequest/schema/core';
import { ON_DEMAND } from '../scripts/bundle.mjs';
import { type Harness, mount, openHarness } from './support/harness.ts';

let H: Harness;
before(async () => {
  H = await openHarness();
});
after(() => H.close());

const example = (file: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../examples/forms', file), 'utf8'));

/** Seed examples 1-3, every type, and forms with each part's reason (pattern, English, file, search). */
const FORMS: Record<string, unknown> = {
  example1: example('example1-project.json'),
  example2: example('example2-assign.json'),
  example3: example('example3-address.json'),
  'all-types': example('all-types.json'),
  'pattern, English': {
    title: 'Sign up',
    locale: 'en',
    fields: [
      { name: 'slug', type: 'text', label: 'Slug', required: true, pattern: '^[a-z]+$' },
      { name: 'note', type: 'textarea', label: 'Note', pattern: '^\\S.*$' },
    ],
  },
  'file, search': {
    title: '添付',
    fields: [
      { name: 'doc', type: 'file', label: '資料', required: true },
      {
        name: 'who',
        type: 'autocomplete',
        label: '担当者',
        searchUrl: 'https://api.example.com/users?q={query}',
        displayField: 'name',
        valueField: 'id',
      },
      { name: 'memo', type: 'text', label: 'メモ' },
    ],
  },
  'plain, no required field': { title: 'メモ', fields: [{ name: 'memo', type: 'text', label: 'メモ' }] },
};

test("rendererParts names only the renderer's parts (each a file of ON_DEMAND)", () => {
  const files = new Set(Object.values(ON_DEMAND));
  for (const [name, form] of Object.entries(FORMS)) {
    const checked = validateFormSchema(form);
    assert.ok(checked.ok && checked.schema, name);
    for (const part of rendererParts(checked.schema, checked.schema.locale))
      assert.ok(files.has(`formrequest-${part}.js`), `${name}: ${part}`);
  }
});

for (const [name, form] of Object.entries(FORMS)) {
  test(`${name}: the renderer imports exactly the parts rendererParts names`, async () => {
    const checked = validateFormSchema(form);
    assert.ok(checked.ok && checked.schema, name);
    const schema = checked.schema as FormSchema;
    const page = await H.page();
    const imported = new Set<string>();
    page.on('request', (r) => {
      const part = /^\/formrequest-([\w-]+)\.js$/.exec(new URL(r.url()).pathname)?.[1];
      if (part) imported.add(part);
    });
    // As the widget renders it: in the form's own locale.
    const options = schema.locale ? { locale: schema.locale } : {};
    await mount(page, schema, options);
    const drawn = page.locator('form.fr');
    await drawn.locator('.fr-actions button[type=submit]').waitFor();
    // Typed answers, then cancel: the question before they are thrown away.
    const text = drawn.locator('input.fr-in[type=text]:not([role=combobox]), textarea.fr-in');
    if (await text.count()) await text.first().fill('x');
    else await drawn.locator('input[type=radio]').last().check();
    await drawn.locator('.fr-actions button:not([type=submit])').click();
    // Drawn again, then submitted empty: refused where a field is required.
    await mount(page, schema, options);
    await drawn.locator('.fr-actions button[type=submit]').waitFor();
    await drawn.locator('.fr-actions button[type=submit]').click();
    await page.waitForLoadState('networkidle');
    const listed = rendererParts(schema, schema.locale);
    assert.ok(imported.has('prompts'), 'the cancel question loaded (the test reached it)');
    assert.deepEqual(
      [...imported].filter((part) => !listed.includes(part as never)),
      [],
      `${name}: imported ${[...imported].join(', ')}; rendererParts ${listed.join(', ')}`,
    );
    // And no more than it needs: each listed part was imported (bytes a result would carry for nothing).
    assert.deepEqual(
      listed.filter((part) => !imported.has(part)),
      [],
      `${name}: rendererParts ${listed.join(', ')}; imported ${[...imported].join(', ')}`,
    );
    assert.deepEqual((page as unknown as { errors: string[] }).errors, []);
  });
}
