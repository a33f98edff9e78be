// The field-type mapping onto elicitation's restricted schema (the table in README.md), unit by unit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FIELD_TYPES } from '@formrequest/schema';
import { toElicitation } from '@formrequest/server';
import { exampleForm } from './support.ts';

const FALLBACK = ['async-select', 'autocomplete', 'cascading-select', 'file', 'multi-autocomplete'];

test('all-types.json: exactly the five network / file types force the fallback, each named with its index', () => {
  const form = exampleForm('all-types.json');
  assert.deepEqual([...new Set(form.fields.map((f) => f.type))].sort(), [...FIELD_TYPES]);
  const mapping = toElicitation(form);
  assert.equal(mapping.ok, false);
  if (mapping.ok) return;
  const named = mapping.reasons.map((r) => /（type: ([a-z-]+)）/.exec(r)?.[1]).sort();
  assert.deepEqual([...new Set(named)], FALLBACK);
  form.fields.forEach((field, index) => {
    if (FALLBACK.includes(field.type)) {
      assert.ok(
        mapping.reasons.some((r) => r.startsWith(`フィールド[${index}]（type: ${field.type}）`)),
        `${index} ${field.type}`,
      );
    }
  });
});

test('every other type maps; display and hidden fields are not asked', () => {
  const form = exampleForm('all-types.json');
  const mappable = { ...form, fields: form.fields.filter((f) => !FALLBACK.includes(f.type)) };
  const mapping = toElicitation(mappable, new Date(2030, 0, 15));
  assert.ok(mapping.ok, JSON.stringify(mapping));
  if (!mapping.ok) return;
  const asked = mappable.fields
    .filter((f) => !['divider', 'heading', 'hidden'].includes(f.type))
    .map((f) => (f as { name: string }).name);
  assert.deepEqual(Object.keys(mapping.requestedSchema.properties), asked);
  for (const prop of Object.values(mapping.requestedSchema.properties) as Record<string, unknown>[]) {
    assert.ok(
      ['string', 'number', 'integer', 'boolean', 'array'].includes(prop.type as string),
      JSON.stringify(prop),
    );
    assert.equal(typeof prop.title, 'string');
  }
});

test('relative date bounds are resolved into the description with the given clock', () => {
  const mapping = toElicitation(
    {
      title: 't',
      fields: [{ name: 'due', type: 'date', label: '期限', minDate: 'today', maxDate: '+30days' }],
    },
    new Date(2030, 0, 15),
  );
  assert.ok(mapping.ok);
  if (mapping.ok)
    assert.equal(
      (mapping.requestedSchema.properties.due as { description: string }).description,
      '2030-01-15〜2030-02-14',
    );
});

test('number and range: integer only for a whole step from a whole min, as the renderers allow', () => {
  const mapping = toElicitation({
    title: 't',
    fields: [
      { name: 'any', type: 'number', label: 'any', min: 0 },
      { name: 'whole', type: 'number', label: 'whole', step: 1 },
      { name: 'half', type: 'number', label: 'half', step: 0.5 },
      { name: 'offset', type: 'number', label: 'offset', min: 0.5, step: 1 },
      { name: 'slider', type: 'range', label: 'slider' },
      { name: 'fine', type: 'range', label: 'fine', step: 0.1 },
    ],
  });
  assert.ok(mapping.ok, JSON.stringify(mapping));
  if (!mapping.ok) return;
  const types = Object.fromEntries(
    Object.entries(mapping.requestedSchema.properties).map(([name, prop]) => [
      name,
      (prop as { type: string }).type,
    ]),
  );
  assert.deepEqual(types, {
    any: 'number',
    whole: 'integer',
    half: 'number',
    offset: 'number',
    slider: 'integer',
    fine: 'number',
  });
  const slider = mapping.requestedSchema.properties.slider as { minimum: number; maximum: number };
  assert.deepEqual([slider.minimum, slider.maximum], [0, 100]);
});

test('a form with only display fields has nothing to ask, and says so', () => {
  const mapping = toElicitation({
    title: 't',
    fields: [{ type: 'heading', text: 'h' }, { type: 'divider' }],
  });
  assert.equal(mapping.ok, false);
  if (!mapping.ok) assert.match(mapping.reasons.join('\n'), /入力するフィールドがない/);
});
