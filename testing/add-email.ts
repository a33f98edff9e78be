// A field type that differs from `text` only by its answer's format, added the way a maintainer adds
// one, to a copy of the sources: `email` (issue 24). scripts/test/field-types.test.ts compiles the copy
// after each step and requires the errors exactly at the places that need it; scripts/test/add-email
// .test.ts fills those places and runs the tests that cover every type, and both budgets, on the copy.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Step 1, the catalog: the entry, and its format among the answer formats. */
export function addEmailToCatalog(catalog: string): string {
  const entry = `  email: {
    value: 'string',
    format: 'email',
    elicit: 'string',
    props: { name, label, placeholder, required, maxLength, default: initial, suggestions },
  },
`;
  return edit(
    edit(catalog, 'export const FIELD_CATALOG = {\n', (start) => start + entry),
    "export type AnswerFormat = 'date' | 'date-time';",
    () => "export type AnswerFormat = 'date' | 'date-time' | 'email';",
  );
}

/**
 * Step 2, each place the compiler names after step 1 (`tree` is the copy's root): the type's words
 * (catalog-docs.ts), the format's row and its exchange row (with its message in both languages), the
 * stale suggestion, the web's and the terminal's tables.
 */
export function fillNamedPlaces(tree: string): void {
  const at = (file: string, find: string, replace: (found: string) => string) => {
    const path = join(tree, file);
    writeFileSync(path, edit(readFileSync(path, 'utf8'), find, replace));
  };
  at(
    'packages/schema/src/catalog-docs.ts',
    '  textarea: {',
    (line) => `  email: { doc: 'An email address.', brief: 'email address' },\n${line}`,
  );
  at('packages/schema/src/formats.ts', "  'date-time': { test", (row) =>
    [
      "  email: { test: (text) => /^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$/.test(text), message: 'badEmail', input: 'email' },",
      row,
    ].join('\n'),
  );
  at('packages/schema/src/formats.ts', "  'date-time': {\n", (row) =>
    [
      '  email: {',
      '    elicitDefault: (field) => {',
      '      const value = (field as { default?: unknown }).default;',
      "      return typeof value === 'string' && value ? value : undefined;",
      '    },',
      '    fromElicitation: same,',
      '    toElicitation: same,',
      "    suggestedBy: ['mail', 'emailaddress'],",
      '  },',
      row,
    ].join('\n'),
  );
  at(
    'packages/schema/src/messages/ja.ts',
    '  badDatetime:',
    (line) => `  badEmail: '{label}はメールアドレスの形式で入力してください',\n${line}`,
  );
  at(
    'packages/schema/src/messages/en.ts',
    '  badDatetime:',
    (line) => `  badEmail: '{label} must be an email address',\n${line}`,
  );
  at('packages/schema/src/aliases.ts', "  email: 'text',\n", () => '');
  at('packages/web/src/fields/index.ts', '  textarea: text,\n', (line) => `${line}  email: text,\n`);
  at('packages/terminal/src/fields/index.ts', '  textarea: text,\n', (line) => `${line}  email: text,\n`);
  // The terminal's text widget, once WIDGETS takes it for email, is typed for it too.
  at(
    'packages/terminal/src/fields/text.ts',
    "type Ctx = FieldContext<'text' | 'textarea'>;",
    () => "type Ctx = FieldContext<'text' | 'textarea' | 'email'>;",
  );
  at(
    'packages/terminal/src/fields/text.ts',
    "widget<'text' | 'textarea', TextState>",
    () => "widget<'text' | 'textarea' | 'email', TextState>",
  );
}

/** Step 3, what the tests name: a field in the all-types form, its case in every-type's table. */
export function fillTestedPlaces(tree: string): void {
  const formPath = join(tree, 'examples/forms/all-types.json');
  const form = JSON.parse(readFileSync(formPath, 'utf8'));
  const at = form.fields.findIndex((f: { type: string }) => f.type === 'textarea') + 1;
  form.fields.splice(at, 0, {
    name: 'contact',
    type: 'email',
    label: '連絡先',
    placeholder: 'ann@example.com',
  });
  writeFileSync(formPath, `${JSON.stringify(form, null, 2)}\n`);
  const casesPath = join(tree, 'scripts/test/every-type.test.ts');
  writeFileSync(
    casesPath,
    edit(readFileSync(casesPath, 'utf8'), '  textarea: {', (line) =>
      ["  email: { answer: 'ann@example.com', bad: 'ann@', web: 'input[type=email]' },", line].join('\n'),
    ),
  );
}

/** `text` with its one `find` replaced; fails when `find` is not there exactly once. */
function edit(text: string, find: string, replace: (found: string) => string): string {
  const at = text.indexOf(find);
  assert.ok(at >= 0 && text.indexOf(find, at + 1) < 0, `one ${JSON.stringify(find)} to edit`);
  return text.slice(0, at) + replace(find) + text.slice(at + find.length);
}
