// request_form's remembered check (form-check-cache.ts): a call seen again gets the same reading and
// check without running them, and nothing is remembered past what makes it right: another form, another
// day (relative dates), or more distinct forms than the cache holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateFormSchema } from '@formrequest/schema';
import { checkCall, FORM_CHECK_CACHE_SIZE, formText } from '../src/form-check-cache.ts';

const form = (title: string) => ({
  title,
  fields: [{ name: 'when', type: 'date', label: '日付', minDate: 'today', default: '2026-03-10' }],
});
const MARCH_9 = new Date(2026, 2, 9, 12);
const MARCH_11 = new Date(2026, 2, 11, 12);

test('the same arguments the same day: the remembered reading and check, equal to a fresh one', () => {
  const args = { form_schema: form('予約') };
  const first = checkCall(args, {}, MARCH_9);
  const again = checkCall(JSON.parse(JSON.stringify(args)), {}, new Date(2026, 2, 9, 18));
  assert.equal(again, first);
  assert.equal(first.checked?.ok, true);
  assert.deepEqual(first.checked, validateFormSchema(args.form_schema, { now: MARCH_9 }));
  assert.equal(formText(first.checked!.schema!), formText(again.checked!.schema!));
});

test('another day checks again: a default before `today` is wrong only from the day after it', () => {
  const args = { form_schema: form('予約 2') };
  assert.equal(checkCall(args, {}, MARCH_9).checked?.ok, true);
  const later = checkCall(args, {}, MARCH_11);
  assert.equal(later.checked?.ok, false);
  assert.deepEqual(
    later.checked?.errors.map((e) => e.code),
    ['badDefault'],
  );
});

test('what the reading forgave and a form with errors are remembered with their notes and messages', () => {
  const renamed = { formSchema: form('予約 3') };
  const first = checkCall(renamed, {}, MARCH_9);
  assert.equal(first.argument.ok, true);
  assert.deepEqual(first.argument.ok && first.argument.notes.map((n) => n.code), ['argumentName']);
  assert.equal(checkCall({ formSchema: form('予約 3') }, {}, MARCH_9), first);

  const broken = { form_schema: { title: 'x', fields: [{ type: 'nonsense' }] } };
  const refused = checkCall(broken, {}, MARCH_9);
  assert.equal(refused.checked?.ok, false);
  assert.equal(checkCall(structuredClone(broken), {}, MARCH_9), refused);
  const unreadable = checkCall({ form_schema: '{not json' }, {}, MARCH_9);
  assert.equal(unreadable.argument.ok, false);
  assert.equal(unreadable.checked, undefined);
});

test('another form is checked on its own; past the cache size the least recently used is checked again', () => {
  const oldest = { form_schema: form('最初') };
  const kept = checkCall(oldest, {}, MARCH_9);
  assert.notEqual(checkCall({ form_schema: form('別のフォーム') }, {}, MARCH_9), kept);
  for (let i = 0; i < FORM_CHECK_CACHE_SIZE; i++)
    checkCall({ form_schema: form(`フォーム ${i}`) }, {}, MARCH_9);
  const rechecked = checkCall(oldest, {}, MARCH_9);
  assert.notEqual(rechecked, kept);
  assert.deepEqual(rechecked, kept);
});

test('arguments nested too deep for JSON are checked each time, and still refused with their message', () => {
  let deep: Record<string, unknown> = {};
  for (let i = 0; i < 20_000; i++) deep = { deep };
  const args = {
    form_schema: { title: 'x', fields: [{ name: 'a', type: 'text', label: 'A', extra: deep }] },
  };
  const result = checkCall(args, {}, MARCH_9);
  assert.equal(result.checked?.ok, false);
  assert.ok(result.checked?.errors.some((e) => e.code === 'tooDeep'));
});

test("the server's options are part of the key: a private address warns unless the config allows it", () => {
  const args = {
    form_schema: {
      title: '社内',
      fields: [
        {
          name: 'who',
          type: 'autocomplete',
          label: '担当',
          searchUrl: 'http://169.254.169.254/users',
          searchParams: { q: '{query}' },
          displayField: 'name',
          valueField: 'id',
        },
      ],
    },
  };
  const codes = (options: Parameters<typeof checkCall>[1]) =>
    checkCall(args, options, MARCH_9).checked?.warnings.map((w) => w.code) ?? [];
  const strict = codes({});
  const allowed = codes({ allowPrivateUrls: true });
  const listed = codes({ allowPrivateUrls: ['http://169.254.169.254/users'] });
  assert.ok(strict.includes('privateUrl'), String(strict));
  assert.ok(!allowed.includes('privateUrl'), String(allowed));
  assert.ok(!listed.includes('privateUrl'), String(listed));
  assert.deepEqual(codes({}), strict);
  assert.equal(checkCall(args, {}, MARCH_9), checkCall(args, { allowPrivateUrls: false }, MARCH_9));
});
