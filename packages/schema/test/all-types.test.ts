// The form with every field type (examples/forms/all-types.json) is the one the examples, the tests
// (testing/all-types.ts) and the demo (@formrequest/host's "show all field types") share. Pinned to the
// catalog: a type added there without a field here, or a kind of property no field exercises, fails.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  FIELD_CATALOG,
  FIELD_TYPES,
  type PropKind,
  type PropSpec,
  validateFormSchema,
} from '@formrequest/schema';
import { allTypesForm } from '../../../testing/all-types.ts';

const form = allTypesForm();

test('every type of the catalog has a field in it', () => {
  const types = new Set(form.fields.map((f) => f.type));
  assert.deepEqual(
    FIELD_TYPES.filter((type) => !types.has(type)),
    [],
    'types without a field in examples/forms/all-types.json',
  );
});

test('it is read as written and checks clean: no error, no warning, nothing read another way', () => {
  const checked = validateFormSchema(form, { now: new Date(2030, 0, 15) });
  assert.deepEqual(checked.errors, []);
  assert.deepEqual(checked.warnings, []);
  assert.equal(checked.schema, form, 'the form itself, not a copy read another way');
});

test('every kind of property is exercised, and every type sets something beyond its required ones', () => {
  const kinds = new Set<PropKind>();
  for (const field of form.fields) {
    const props = FIELD_CATALOG[field.type].props as Record<string, PropSpec>;
    for (const prop of Object.keys(field)) if (props[prop]) kinds.add(props[prop].kind);
  }
  const every = new Set(
    Object.values(FIELD_CATALOG).flatMap((spec) =>
      Object.values(spec.props as Record<string, PropSpec>).map((p) => p.kind),
    ),
  );
  assert.deepEqual(
    [...every].filter((kind) => !kinds.has(kind)),
    [],
    'kinds no field exercises',
  );
  for (const type of FIELD_TYPES) {
    const props = FIELD_CATALOG[type].props as Record<string, PropSpec>;
    const optional = Object.keys(props).filter((p) => !props[p]!.required);
    if (optional.length === 0) continue; // hidden: name and value, both required
    const set = form.fields.filter((f) => f.type === type).flatMap((f) => Object.keys(f));
    assert.ok(
      optional.some((p) => set.includes(p)),
      `${type}: none of its optional properties (${optional.join(', ')})`,
    );
  }
});
