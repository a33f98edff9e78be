// validateFormSchema + validateAnswers on a 200-field form, against Ajv (compiled JSON Schema
// validation, the usual way to check JSON) on the same documents in the same run.
// Ajv checks structure only; ours also checks cross-field rules, patterns and dates, and builds messages.

import { type FormSchema, formJsonSchema, validateAnswers, validateFormSchema } from '@formrequest/schema';
import { Ajv } from 'ajv';

function makeForm(n: number): { form: FormSchema; answers: Record<string, unknown>; answerSchema: object } {
  const fields: any[] = [];
  const answers: Record<string, unknown> = {};
  const props: Record<string, object> = {};
  const options = [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
    { value: 'c', label: 'C' },
  ];
  for (let i = 0; i < n; i++) {
    const name = `f${i}`;
    switch (i % 8) {
      case 0:
        fields.push({
          name,
          type: 'text',
          label: `Text ${i}`,
          required: true,
          minLength: 2,
          maxLength: 40,
          pattern: '^[a-z0-9-]+$',
        });
        answers[name] = `value-${i}`;
        props[name] = { type: 'string', minLength: 2, maxLength: 40, pattern: '^[a-z0-9-]+$' };
        break;
      case 1:
        fields.push({ name, type: 'number', label: `Number ${i}`, min: 0, max: 1000, step: 1 });
        answers[name] = i;
        props[name] = { type: 'number', minimum: 0, maximum: 1000, multipleOf: 1 };
        break;
      case 2:
        fields.push({ name, type: 'select', label: `Select ${i}`, options, default: 'a' });
        answers[name] = 'b';
        props[name] = { enum: ['a', 'b', 'c'] };
        break;
      case 3:
        fields.push({ name, type: 'multiselect', label: `Multi ${i}`, options, minSelect: 1, maxSelect: 2 });
        answers[name] = ['a', 'c'];
        props[name] = {
          type: 'array',
          items: { enum: ['a', 'b', 'c'] },
          minItems: 1,
          maxItems: 2,
          uniqueItems: true,
        };
        break;
      case 4:
        fields.push({ name, type: 'date', label: `Date ${i}`, minDate: '2020-01-01', maxDate: '2030-12-31' });
        answers[name] = '2026-05-01';
        props[name] = { type: 'string', format: 'date' };
        break;
      case 5:
        fields.push({ name, type: 'checkbox', label: `Check ${i}` });
        answers[name] = true;
        props[name] = { type: 'boolean' };
        break;
      case 6:
        fields.push({ name, type: 'textarea', label: `Area ${i}`, rows: 3, maxLength: 500 });
        answers[name] = 'some longer text '.repeat(5);
        props[name] = { type: 'string', maxLength: 500 };
        break;
      default:
        fields.push({
          name,
          type: 'autocomplete',
          label: `Search ${i}`,
          searchUrl: '/api/users',
          displayField: 'name',
          valueField: 'id',
        });
        answers[name] = `u${i}`;
        props[name] = { type: ['string', 'number'] };
    }
  }
  const required = fields.filter((f) => f.required).map((f) => f.name);
  return {
    form: { title: 'Bench', fields },
    answers,
    answerSchema: { type: 'object', properties: props, required },
  };
}

function opsPerSecond(fn: () => void, ms = 1500): number {
  for (let i = 0; i < 50; i++) fn(); // warm up
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 20; i++) fn();
    count += 20;
    elapsed = performance.now() - start;
  }
  return (count * 1000) / elapsed;
}

const { form, answers, answerSchema } = makeForm(200);
const ajv = new Ajv({
  allErrors: true,
  allowUnionTypes: true,
  formats: { date: /^\d{4}-\d{2}-\d{2}$/, 'uri-reference': true },
});
const ajvForm = ajv.compile(formJsonSchema());
const ajvAnswers = ajv.compile(answerSchema);
if (!validateFormSchema(form).ok || !ajvForm(form)) throw new Error('the bench form must be valid');
if (!validateAnswers(form, answers).ok || !ajvAnswers(answers))
  throw new Error('the bench answers must be valid');

const rows = [
  [
    'validateFormSchema (200 fields)',
    opsPerSecond(() => validateFormSchema(form)),
    opsPerSecond(() => ajvForm(form)),
  ],
  [
    'validateAnswers (200 fields)',
    opsPerSecond(() => validateAnswers(form, answers)),
    opsPerSecond(() => ajvAnswers(answers)),
  ],
] as const;
console.log('| check | formrequest ops/s | Ajv ops/s (anchor) | time ratio (ours / Ajv) | ms per call |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [name, ours, anchor] of rows) {
  console.log(
    `| ${name} | ${ours.toFixed(0)} | ${anchor.toFixed(0)} | ${(anchor / ours).toFixed(2)}x | ${(1000 / ours).toFixed(3)} |`,
  );
}
