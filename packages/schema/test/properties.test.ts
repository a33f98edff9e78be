// Property-based tests: whatever a model sends, the checker answers with messages, never an exception.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { FIELD_TYPES, validateAnswers, validateFormSchema } from '@formrequest/schema';
import fc from 'fast-check';

const examples = ['example1-project', 'example2-assign', 'example3-address', 'all-types'].map((n) =>
  JSON.parse(readFileSync(new URL(`../../../examples/forms/${n}.json`, import.meta.url), 'utf8')),
);
// Errors, warnings and the notes of what was read another way, in the form's language (or the one asked).
const STYLE = { ja: /^(エラー|警告|補足): /, en: /^(Error|Warning|Note): / };
const AT = { ja: (i: number) => `フィールド[${i}]`, en: (i: number) => `field[${i}]` };
const TYPED = { ja: (t: string) => `（type: ${t}）`, en: (t: string) => `(type: ${t})` };

const checkMessages = (input: unknown) => {
  const result = validateFormSchema(input);
  for (const locale of ['ja', 'en'] as const) {
    const run = result.locale === locale ? result : validateFormSchema(input, { locale });
    assert.equal(run.locale, locale);
    for (const issue of [...run.errors, ...run.warnings]) {
      assert.match(issue.message, STYLE[locale]);
      if (issue.index !== undefined)
        assert.ok(issue.message.includes(AT[locale](issue.index)), issue.message);
      if (issue.fieldType && issue.severity !== 'normalized')
        assert.ok(issue.message.includes(TYPED[locale](issue.fieldType)), issue.message);
    }
    assert.deepEqual(
      run.errors.map((e) => e.code),
      result.errors.map((e) => e.code),
    );
  }
  assert.equal(result.ok, result.errors.length === 0);
  return result;
};

test('random JSON never throws and always yields spec-style messages', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => void checkMessages(value)),
    { numRuns: 500 },
  );
  fc.assert(
    fc.property(
      fc.record(
        { title: fc.jsonValue(), fields: fc.array(fc.jsonValue(), { maxLength: 6 }) },
        { requiredKeys: [] },
      ),
      (v) => void checkMessages(v),
    ),
    { numRuns: 500 },
  );
});

const keys = [
  'name',
  'type',
  'label',
  'options',
  'min',
  'max',
  'minLength',
  'maxLength',
  'pattern',
  'default',
  'dependsOn',
  'searchUrl',
  'minDate',
  'level',
  'value',
  'required',
  'minSelect',
  'maxSelect',
  'step',
];
const mutation = fc.record({
  form: fc.constantFrom(...examples.keys()),
  at: fc.nat(),
  key: fc.constantFrom(...keys),
  value: fc.oneof(
    fc.jsonValue(),
    fc.constantFrom(...FIELD_TYPES),
    fc.constantFrom('(', '^(a+)+$', 'today', '+3days', 'x', '', '__proto__'),
    fc.constant(undefined),
  ),
});

test('mutated valid forms never throw; each defect is reported in spec style', () => {
  fc.assert(
    fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
      const form = structuredClone(examples[mutations[0]!.form]);
      for (const m of mutations) {
        const field = form.fields[m.at % form.fields.length];
        if (m.value === undefined) delete field[m.key];
        else field[m.key] = m.value;
      }
      checkMessages(form);
    }),
    { numRuns: 700 },
  );
});

test('answers to valid forms: random values never throw, and every error is a message', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...examples),
      fc.dictionary(
        fc.constantFrom(
          'project_name',
          'language',
          'features',
          'assignee',
          'due_date',
          'priority',
          'country',
          'quantity',
          'attachment',
          'agree_terms',
          'x',
        ),
        fc.jsonValue(),
      ),
      (form, answers) => {
        const result = validateAnswers(form, answers);
        for (const message of Object.values(result.errors)) assert.equal(typeof message, 'string');
        assert.equal(result.ok, Object.keys(result.errors).length === 0);
        if (result.ok)
          assert.deepEqual(
            validateAnswers(form, result.values).values,
            result.values,
            'cleaned values validate again',
          );
      },
    ),
    { numRuns: 500 },
  );
});
