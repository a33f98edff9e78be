import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  FIELD_CATALOG,
  FIELD_TYPES,
  FORM_PROPS,
  formInputJsonSchema,
  formJsonSchema,
  isInputField,
  type PropKind,
  type PropSpec,
  validateFormSchema,
} from '@formrequest/schema';
import { PATTERN_SYNTAX_BRIEF } from '@formrequest/schema/pattern';
import { readCompactFieldSchema } from '../../../testing/compact-schema.ts';

const seedFields: any[] = JSON.parse(
  readFileSync(new URL('./fixtures/seed-fields.json', import.meta.url), 'utf8'),
);

test('the vocabulary has the 18 field types of seed 000, in alphabetical order', () => {
  assert.deepEqual(FIELD_TYPES, [
    'async-select',
    'autocomplete',
    'cascading-select',
    'checkbox',
    'date',
    'datetime',
    'divider',
    'file',
    'heading',
    'hidden',
    'multi-autocomplete',
    'multiselect',
    'number',
    'radio',
    'range',
    'select',
    'text',
    'textarea',
  ]);
});

test('every field example of seed 000 passes on its own (cascading-select with its parent)', () => {
  assert.equal(seedFields.length, 18);
  for (const field of seedFields) {
    const fields = field.type === 'cascading-select' ? [{ name: 'country', type: 'text' }, field] : [field];
    const result = validateFormSchema({ title: 't', fields });
    assert.deepEqual(result.errors, [], `${field.type}: ${result.errors.map((e) => e.message).join('\n')}`);
    assert.deepEqual(result.warnings, [], `${field.type} has unknown properties`);
  }
});

test('the catalog keeps the seed defaults', () => {
  assert.equal(FIELD_CATALOG.textarea.props.rows.default, 3);
  assert.equal(FIELD_CATALOG.autocomplete.props.minChars.default, 1);
  assert.equal(FIELD_CATALOG.autocomplete.props.debounceMs.default, 300);
  assert.deepEqual(
    [
      FIELD_CATALOG.range.props.min.default,
      FIELD_CATALOG.range.props.max.default,
      FIELD_CATALOG.range.props.step.default,
    ],
    [0, 100, 1],
  );
  assert.equal(FIELD_CATALOG.heading.props.level.default, 2);
  assert.equal(FIELD_CATALOG.checkbox.props.label.required, true);
  assert.equal(FIELD_CATALOG.hidden.props.value.required, true);
});

test('display-only fields are not input fields', () => {
  assert.equal(isInputField({ type: 'divider' }), false);
  assert.equal(isInputField({ type: 'heading' }), false);
  assert.equal(isInputField({ type: 'hidden' }), true);
  assert.equal(isInputField({ type: 'nope' }), false);
});

test('the strict JSON Schema describes every type with every property, default and bound', () => {
  const form: any = formJsonSchema();
  assert.deepEqual(form.required, ['title', 'fields']);
  assert.equal(form.properties.submitLabel.default, '送信');
  assert.equal(form.properties.cancelLabel.default, 'キャンセル');
  const variants: any[] = form.properties.fields.items.anyOf;
  assert.equal(variants.length, FIELD_TYPES.length, 'one per type of the catalog');
  for (const variant of variants) {
    const type = variant.properties.type.const;
    const props = Object.keys((FIELD_CATALOG as any)[type].props);
    assert.deepEqual(Object.keys(variant.properties), ['type', ...props], type);
  }
  const byType = Object.fromEntries(variants.map((v) => [v.properties.type.const, v]));
  assert.deepEqual(byType.heading.properties.level, {
    type: 'integer',
    description: 'Heading level 1-4.',
    default: 2,
    minimum: 1,
    maximum: 4,
  });
  assert.deepEqual(byType.autocomplete.required, ['type', 'name', 'searchUrl', 'displayField', 'valueField']);
  assert.deepEqual(byType.select.properties.options.items.required, ['value', 'label']);
  assert.deepEqual(byType.hidden.required, ['type', 'name', 'value']);
});

/** The JSON type a value of each catalog kind has. */
const JSON_TYPE: Record<PropKind, string | undefined> = {
  string: 'string',
  url: 'string',
  pattern: 'string',
  dateExpr: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  'string[]': 'array',
  options: 'array',
  params: 'object',
  any: undefined,
};

test('the compact schema the tool advertises: every type, property, requirement, default and bound can be read back', () => {
  const schema: any = formInputJsonSchema();
  assert.deepEqual(schema.required, ['form_schema']);
  const form = schema.properties.form_schema;
  assert.deepEqual(form.required, ['title', 'fields']);
  assert.deepEqual(Object.keys(form.properties), Object.keys(FORM_PROPS));
  assert.deepEqual(form.properties.locale.enum, ['ja', 'en']);
  const items = form.properties.fields.items;
  assert.deepEqual(items.properties.type.enum, FIELD_TYPES);
  const advertised = readCompactFieldSchema(items);
  assert.deepEqual([...advertised.keys()], FIELD_TYPES);
  for (const type of FIELD_TYPES) {
    const props = FIELD_CATALOG[type].props as Record<string, PropSpec>;
    const read = advertised.get(type)!;
    assert.deepEqual([...read.keys()].sort(), Object.keys(props).sort(), `the properties of ${type}`);
    for (const [prop, spec] of Object.entries(props)) {
      const facts = read.get(prop)!;
      const at = `${type}.${prop}`;
      assert.equal(facts.required, spec.required === true, `${at} required`);
      assert.deepEqual(facts.default, spec.default, `${at} default`);
      assert.equal(facts.minimum, spec.min, `${at} minimum`);
      assert.equal(facts.maximum, spec.max, `${at} maximum`);
      assert.equal(facts.jsonType, JSON_TYPE[spec.kind], `${at} JSON type`);
    }
  }
  // Each property once, with its meaning where the name does not say it all.
  assert.equal(items.properties.pattern.description, PATTERN_SYNTAX_BRIEF);
  assert.equal(items.properties.step.exclusiveMinimum, 0);
});

test('the compact schema is valid JSON Schema (Ajv, strict) and admits every valid form', async () => {
  const { default: Ajv } = await import('ajv');
  const ajv = new (Ajv as any)({ strict: true, allErrors: true });
  const validate = ajv.compile(formInputJsonSchema());
  const strict = new (Ajv as any)({ strict: false }).compile(formJsonSchema());
  for (const name of ['example1-project', 'example2-assign', 'example3-address', 'all-types']) {
    const form = JSON.parse(
      readFileSync(new URL(`../../../examples/forms/${name}.json`, import.meta.url), 'utf8'),
    );
    assert.equal(validateFormSchema(form).ok, true, name);
    assert.ok(validate({ form_schema: form }), `${name}: ${ajv.errorsText(validate.errors)}`);
    assert.ok(strict(form), name);
  }
});

test('docs/form-vocabulary.md is generated from the catalog and up to date (npm run docs)', async () => {
  const { vocabularyDoc } = await import('../../../scripts/vocabulary-doc.ts');
  const onDisk = readFileSync(new URL('../../../docs/form-vocabulary.md', import.meta.url), 'utf8');
  assert.equal(onDisk, vocabularyDoc());
});
