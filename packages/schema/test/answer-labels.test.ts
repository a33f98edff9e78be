// What the person saw beside the ids (answerLabels: the model's result) and the answers read back as
// rows (answerRows: the widget's and the chat page's summaries) read choices the same way: option
// labels from the form, search and loaded rows from what the page showed (untrusted: strings, cut).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerLabels, answerRows, type FormSchema, MAX_LABEL_CHARS } from '@formrequest/schema';

const form = {
  title: 'T',
  fields: [
    { name: 'lang', type: 'select', label: 'Language', options: [{ value: 'go', label: 'Go' }] },
    {
      name: 'tags',
      type: 'multiselect',
      label: 'Tags',
      options: [
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ],
    },
    { name: 'who', type: 'autocomplete', label: 'Who', searchUrl: '/s', displayField: 'n', valueField: 'id' },
    { name: 'ok', type: 'checkbox', label: 'OK' },
    { name: 'note', type: 'text', label: 'Note' },
    { name: 'v', type: 'hidden', value: 1 },
  ],
} as unknown as FormSchema;
const values = { lang: 'go', tags: ['a', 'b'], who: 'u001', ok: false, note: 'hi', v: 1 };

test('labels beside ids: option labels from the form, search rows from the page, by value kind', () => {
  assert.deepEqual(answerLabels(form, values, { who: '山田 太郎', note: 'not a choice' }), {
    lang: 'Go',
    tags: ['Alpha', 'Beta'],
    who: '山田 太郎',
  });
  // What a page sends is untrusted: only strings, cut short; nothing for a field it did not show.
  assert.deepEqual(answerLabels(form, values, { who: { html: '<b>' } }), {
    lang: 'Go',
    tags: ['Alpha', 'Beta'],
  });
  assert.equal((answerLabels(form, values, { who: 'x'.repeat(5000) }).who as string).length, MAX_LABEL_CHARS);
});

test('rows read back the same labels, yes/no for a checkbox, and leave hidden fields out', () => {
  const rows = answerRows(form, values, { yes: 'はい', no: 'いいえ' }, { who: '山田 太郎' });
  assert.deepEqual(
    rows.map((r) => [r.label, r.text]),
    [
      ['Language', 'Go'],
      ['Tags', 'Alpha, Beta'],
      ['Who', '山田 太郎'],
      ['OK', 'いいえ'],
      ['Note', 'hi'],
    ],
  );
  assert.equal(answerRows(form, values, { yes: 'y', no: 'n' })[2]!.text, 'u001', 'no row shown: the id');
});
