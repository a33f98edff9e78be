// The answer formats (formats.ts): one row per format, everything a surface does with it. The rows are
// keyed by the catalog's AnswerFormat (a format without a row does not compile); what the compiler
// cannot say is held here: each format belongs to one type, date kinds have one, the rows' words exist
// in both languages, and their elicitation columns go both ways.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FIELD_CATALOG, FIELD_TYPES, type FormField, fieldSpec, t } from '@formrequest/schema';
import { ANSWER_FORMATS, type AnswerFormat, FORMAT_EXCHANGE, typeOfFormat } from '@formrequest/schema/core';
import { TYPE_SUGGESTIONS } from '@formrequest/schema/tooling';

const formats = Object.keys(ANSWER_FORMATS) as AnswerFormat[];

test('each format belongs to exactly one type, of a string-like kind; every date kind has a format', () => {
  for (const format of formats) {
    const types = FIELD_TYPES.filter((type) => fieldSpec(type).format === format);
    assert.equal(types.length, 1, `${format}: ${types.join(', ')}`);
    assert.equal(typeOfFormat(format), types[0]);
    assert.ok(['string', 'date', 'datetime'].includes(fieldSpec(types[0]!).value), format);
  }
  for (const type of FIELD_TYPES)
    if (['date', 'datetime'].includes(FIELD_CATALOG[type].value))
      assert.ok(fieldSpec(type).format, `${type} has no format: its answer would be checked as no date`);
  assert.equal(typeOfFormat('uri'), undefined, 'a format of no type');
});

test("each row's message exists in both languages; its suggestions name no type and lead to its type", () => {
  for (const format of formats) {
    const row = ANSWER_FORMATS[format];
    for (const locale of ['ja', 'en'] as const)
      assert.notEqual(t(locale, row.message, { label: 'X' }), row.message, `${format} ${locale}`);
    for (const name of FORMAT_EXCHANGE[format].suggestedBy) {
      assert.ok(!FIELD_TYPES.includes(name as never), `${format}: ${name} is a type`);
      assert.equal(TYPE_SUGGESTIONS[name], typeOfFormat(format), `${name} suggests the format's type`);
    }
  }
});

test('the answer check: a date and a date-time are strings of their format', () => {
  assert.equal(ANSWER_FORMATS.date.test('2030-02-28'), true);
  assert.equal(ANSWER_FORMATS.date.test('2030-02-30'), false);
  assert.equal(ANSWER_FORMATS['date-time'].test('2030-02-28T09:30'), true);
  assert.equal(ANSWER_FORMATS['date-time'].test('2030-02-28'), false);
  assert.equal(ANSWER_FORMATS.date.input, 'date');
  assert.equal(ANSWER_FORMATS['date-time'].input, 'datetime-local');
});

test('elicitation both ways: the default sent, the answer read back, the content sent', () => {
  const now = new Date(2030, 0, 15, 12);
  const date = { name: 'd', type: 'date', default: '+2days' } as FormField;
  assert.equal(FORMAT_EXCHANGE.date.elicitDefault(date, { now }), '2030-01-17', 'relative, for the clock');
  const time = { name: 't', type: 'datetime', default: '2030-01-15T09:00' } as FormField;
  assert.equal(
    FORMAT_EXCHANGE['date-time'].elicitDefault(time, { now }),
    undefined,
    'a wall time has no zone',
  );
  assert.equal(FORMAT_EXCHANGE['date-time'].fromElicitation('2030-01-15T09:00:00+09:00'), '2030-01-15T09:00');
  assert.equal(
    FORMAT_EXCHANGE['date-time'].toElicitation('2030-01-15T09:00', 540),
    '2030-01-15T09:00:00+09:00',
  );
  assert.equal(
    FORMAT_EXCHANGE['date-time'].toElicitation('2030-01-15T09:00', -270),
    '2030-01-15T09:00:00-04:30',
  );
  assert.equal(FORMAT_EXCHANGE['date-time'].toElicitation('2030-01-15T09:00', 0), '2030-01-15T09:00:00Z');
  assert.equal(FORMAT_EXCHANGE.date.fromElicitation('2030-01-15'), '2030-01-15');
});
