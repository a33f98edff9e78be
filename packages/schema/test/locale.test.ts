// formLocale: the language a form is written in, for hosts whose page speaks another language.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formLocale } from '../src/index.js';

test('formLocale: the form says its locale, else its words tell', () => {
  const fields = (label: string) => [{ name: 'a', type: 'text', label }];
  assert.equal(formLocale({ title: 'x', locale: 'en', fields: fields('名前') }), 'en', 'its own locale wins');
  assert.equal(formLocale({ title: '新規プロジェクト作成', fields: fields('Name') }), 'ja');
  assert.equal(formLocale({ title: 'New project', fields: fields('Project name') }), 'en');
  assert.equal(
    formLocale({
      title: 'App',
      fields: [{ name: 'p', type: 'radio', options: [{ value: 'h', label: '高' }] }],
    }),
    'ja',
    'an option in kanji is enough',
  );
  assert.equal(formLocale({ title: '42', fields: fields('#') }), undefined, 'no words: no verdict');
  for (const bad of [null, 'x', 3, { fields: 'nope' }]) assert.equal(formLocale(bad), undefined);
});
