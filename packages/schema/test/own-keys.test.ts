// Keys a model or a client chooses (field names, answer keys, displayField, valueField, template keys)
// are read as own properties only: "__proto__", "constructor", "prototype", "toString" are plain keys
// or refused with a message, never a way into Object.prototype.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  answerValues,
  itemValue,
  optionLabel,
  optionText,
  ownValue,
  renderTemplate,
  validateAnswers,
  validateFormSchema,
} from '@formrequest/schema';

const schema = {
  title: 'T',
  fields: [
    { name: 'a', type: 'text' },
    { name: 'toString', type: 'text' },
    { name: 'valueOf', type: 'number', required: true },
  ],
} as never;

test('answer keys __proto__, constructor and prototype are unknown keys, reported and dropped', () => {
  const given = JSON.parse(
    '{"__proto__": {"a": "injected"}, "constructor": 1, "prototype": 2, "valueOf": 3}',
  );
  const result = validateAnswers(schema, given);
  assert.deepEqual(result.unknown, ['__proto__', 'constructor', 'prototype']);
  assert.deepEqual(result.values, { valueOf: 3 });
  assert.equal(Object.getPrototypeOf(result.values), Object.prototype, 'no prototype was swapped in');
  assert.equal(({} as any).a, undefined, 'nothing reached Object.prototype');
});

test('a field named toString is empty until answered, never the function', () => {
  const result = validateAnswers(schema, {});
  assert.deepEqual(result.errors, { valueOf: 'valueOfは必須です' });
  assert.deepEqual(answerValues(schema, {}), {});
  assert.equal(answerValues(schema, { toString: 'x' }).toString, 'x');
});

test('field names __proto__, constructor and prototype are refused with a message', () => {
  const result = validateFormSchema({
    title: 'T',
    fields: ['__proto__', 'constructor', 'prototype'].map((name) => ({ name, type: 'text' })),
  });
  assert.deepEqual(
    result.errors.map((e) => [e.code, e.index]),
    [
      ['reservedName', 0],
      ['reservedName', 1],
      ['reservedName', 2],
    ],
  );
});

test('displayField, valueField and template keys read only what the search result itself has', () => {
  const field = {
    displayField: 'constructor',
    valueField: 'toString',
    renderTemplate: '{name}{__proto__}{constructor}',
  };
  const item = { name: 'Ann' };
  assert.equal(optionLabel(field, item), '');
  assert.equal(itemValue(field, item), undefined);
  assert.equal(optionText(field, item), 'Ann');
  assert.equal(renderTemplate('{hasOwnProperty}', item), '');
  const own = JSON.parse('{"constructor": "C", "toString": 7}');
  assert.equal(optionLabel(field, own), 'C');
  assert.equal(itemValue(field, own), 7);
  assert.equal(ownValue(own, 'toString'), 7);
  assert.equal(ownValue([1], '0'), undefined, 'arrays are no records');
});
