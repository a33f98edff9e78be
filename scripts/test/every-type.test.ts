// Every field type of the catalog through every surface: the schema check, the answer check, the web
// renderer in Chromium, the terminal's state machine, the elicitation mapping, the tool description and
// the docs. One case per type (its field from examples/forms/all-types.json, an answer a person could
// give and one the checks refuse); a type the catalog gains without a case here fails the first test.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  FIELD_TYPES,
  type FieldType,
  type FormField,
  type FormSchema,
  fieldLabel,
  fieldSpec,
  validateAnswers,
  validateField,
  validateFormSchema,
  valueKind,
} from '@formrequest/schema';
import { answerShapeText, requestFormToolDescription, toElicitation } from '@formrequest/server';
import type { Page } from 'playwright-core';
import {
  createForm,
  fieldContext,
  formLayout,
  formUpdate,
  stepField,
} from '../../packages/terminal/src/form-flow.ts';
import { formView } from '../../packages/terminal/src/form-view.ts';
import { type Harness, mount, openHarness } from '../../packages/web/test/support/harness.ts';
import { allTypesForm } from '../../testing/all-types.ts';
import { vocabularyDoc } from '../vocabulary-doc.ts';

const form = allTypesForm();
// One instant for every check: the form's "today" and "+30days" bounds are fixed by it.
const NOW = new Date(2030, 0, 15, 12, 0);

interface Case {
  /** A value a person could give (undefined: the type takes no answer from a person). */
  answer?: unknown;
  /** A value the answer check refuses. */
  bad?: unknown;
  /** What the web renderer draws for it: a CSS selector inside the field's wrapper. */
  web: string;
}

const PDF = {
  name: 'plan.pdf',
  type: 'application/pdf',
  size: 4,
  data: 'data:application/pdf;base64,JVBERg==',
};

const CASES: Record<FieldType, Case> = {
  text: { answer: 'my-app', bad: 'ab', web: 'input[type=text]' },
  textarea: { answer: 'An overview.', bad: 'x'.repeat(1001), web: 'textarea' },
  select: { answer: 'go', bad: 'rust', web: 'select' },
  multiselect: { answer: ['auth', 'api'], bad: ['auth', 'nope'], web: 'input[type=checkbox]' },
  radio: { answer: 'high', bad: 'urgent', web: 'input[type=radio]' },
  checkbox: { answer: true, bad: false, web: 'input[type=checkbox]' },
  autocomplete: { answer: 'u1', bad: { id: 'u1' }, web: 'input[role=combobox]' },
  'multi-autocomplete': { answer: ['u1', 'u2'], bad: ['u1', 'u1'], web: 'input[role=combobox]' },
  'async-select': { answer: 'c1', bad: ['c1'], web: 'select' },
  'cascading-select': { answer: '13', bad: { code: '13' }, web: 'select' },
  number: { answer: 5, bad: 101, web: 'input[type=number]' },
  range: { answer: 50, bad: 52, web: 'input[type=range]' },
  date: { answer: '2030-01-20', bad: '2030-03-01', web: 'input[type=date]' },
  datetime: { answer: '2030-01-20T10:30', bad: '2030-01-20', web: 'input[type=datetime-local]' },
  file: { answer: PDF, bad: { ...PDF, name: 'plan.exe' }, web: 'input[type=file]' },
  hidden: { web: '' },
  heading: { web: 'h3, h4' },
  divider: { web: '.fr-divider, hr' },
};

/** The first field of each type in all-types.json. */
const FIELDS = new Map<string, { field: FormField; index: number }>();
form.fields.forEach((field, index) => {
  if (!FIELDS.has(field.type)) FIELDS.set(field.type, { field, index });
});
const fieldOf = (type: FieldType) => FIELDS.get(type)!.field;
const nameOf = (field: FormField) => ('name' in field ? field.name : undefined);
/** A form of one field (a cascading-select with the field it depends on). */
const formOf = (type: FieldType): FormSchema => {
  const field = fieldOf(type);
  const parent = 'dependsOn' in field ? form.fields.filter((f) => nameOf(f) === field.dependsOn) : [];
  return { title: 'T', fields: [...parent, field] };
};

test('the cases and all-types.json cover exactly the catalog', () => {
  assert.deepEqual(Object.keys(CASES).sort(), [...FIELD_TYPES]);
  assert.deepEqual([...FIELDS.keys()].sort(), [...FIELD_TYPES]);
});

test('schema check: each type alone is a valid form', () => {
  for (const type of FIELD_TYPES) {
    const checked = validateFormSchema(formOf(type), { now: NOW });
    assert.deepEqual(checked.errors, [], type);
  }
});

test('answer check: the answer passes and the bad one is refused with a message; display and hidden take none', () => {
  for (const type of FIELD_TYPES) {
    const field = fieldOf(type);
    const { answer, bad } = CASES[type];
    const kind = valueKind(field);
    if (kind === 'none' || kind === 'fixed') {
      assert.equal(answer, undefined, type);
      assert.equal(validateField(field, 'anything', { now: NOW }), null, `${type} is never refused`);
      const values = validateAnswers({ title: 'T', fields: [field] }, {}).values;
      assert.deepEqual(
        values,
        kind === 'fixed' ? { [nameOf(field)!]: (field as { value: unknown }).value } : {},
      );
      continue;
    }
    assert.equal(validateField(field, answer, { now: NOW }), null, `${type}: ${JSON.stringify(answer)}`);
    const refused = validateField(field, bad, { now: NOW });
    assert.ok(typeof refused === 'string' && refused.includes(fieldLabel(field)), `${type}: ${refused}`);
  }
});

test('elicitation mapping: each type is asked as its catalog shape says, or said not to fit', () => {
  for (const type of FIELD_TYPES) {
    const field = fieldOf(type);
    const mapping = toElicitation({ title: 'T', fields: [field] }, NOW);
    const shape = fieldSpec(type).elicit;
    if (['search', 'load', 'cascade', 'file'].includes(shape)) {
      assert.equal(mapping.ok, false, type);
      if (!mapping.ok) assert.match(mapping.reasons.join('\n'), new RegExp(`type: ${type}`), type);
    } else if (shape === 'skip') {
      assert.equal(mapping.ok, false, `${type}: nothing to ask`);
    } else {
      assert.ok(mapping.ok, `${type}: ${JSON.stringify(mapping)}`);
      if (!mapping.ok) continue;
      const prop = mapping.requestedSchema.properties[nameOf(field)!] as { type: string; format?: string };
      const expected = { string: ['string'], number: ['number', 'integer'], boolean: ['boolean'] }[
        shape as 'string'
      ] ?? [shape === 'enum' ? 'string' : 'array'];
      assert.ok(expected.includes(prop.type), `${type}: ${JSON.stringify(prop)}`);
      assert.equal(prop.format, fieldSpec(type).format, `${type}: format`);
    }
  }
});

test('tool description and docs: every type is there, each input type with its answer', () => {
  const description = requestFormToolDescription();
  const answers = answerShapeText();
  assert.ok(description.includes(answers), 'the description says the answer of each input type');
  // `text・textarea: 文字列、select・radio: …`: the types named before each answer.
  const named = answers.split('、').flatMap((part) => part.split(': ')[0]!.split('・'));
  const docs = vocabularyDoc();
  for (const type of FIELD_TYPES) {
    assert.ok(docs.includes(`\n### ${type}\n`), `docs: ${type}`);
    assert.equal(named.includes(type), valueKind({ type }) !== 'none', `description: ${type}`);
  }
});

test('terminal: each input type is a step its widget draws, takes its answer, and the form submits them all', () => {
  const checked = validateFormSchema(form, { now: NOW });
  assert.ok(checked.ok && checked.schema, JSON.stringify(checked.errors));
  const s = createForm(checked.schema, {
    now: NOW,
    load: async () => [],
    files: { stat: () => null, read: () => Buffer.from(''), list: () => [] },
  });
  const stepTypes = s.steps.map((_, step) => stepField(s, step).type);
  const asked = FIELD_TYPES.filter((type) => !['none', 'fixed'].includes(valueKind({ type })!));
  assert.deepEqual([...new Set(stepTypes)].sort(), asked, 'every type a person answers is a step');
  const answers: Record<string, unknown> = {};
  while (s.step < s.steps.length) {
    const field = stepField(s, s.step);
    formLayout(s, 40);
    const text = formView(s, 100, 40)
      .rows.map((row) => row.map((span) => span.text).join(''))
      .join('\n');
    assert.ok(text.includes(fieldLabel(field)), `${field.type}: the step shows its label`);
    const { answer } = CASES[field.type];
    const step = s.step;
    fieldContext(s).commit(answer, typeof answer === 'string' ? answer : undefined);
    assert.equal(s.error, null, `${field.type}: ${s.error}`);
    assert.equal(s.step, step + 1, `${field.type}: committed, the form moves on`);
    answers[field.name] = answer;
  }
  formUpdate(s, { type: 'key', name: 'enter' }); // the review screen's cursor starts on submit
  assert.equal(s.status, 'submitted', s.error ?? '');
  assert.deepEqual(s.result, { ...answers, form_version: '1.0' });
});

describeWeb();

function describeWeb() {
  let harness: Harness;
  let page: Page;
  before(async () => {
    harness = await openHarness();
    page = await harness.page();
    await mount(page, form, { now: NOW.toISOString() });
  });
  after(() => harness?.close());

  test('web renderer (Chromium): each type draws its control, display types their text, hidden nothing', async () => {
    // The hidden field is the form's last: every other field is drawn in order, one wrapper each (a long
    // form builds its rest when the browser is idle).
    assert.equal(form.fields.at(-1)!.type, 'hidden');
    const drawnCount = form.fields.length - 1;
    await page.waitForFunction((n) => document.querySelectorAll('.fr-fields > *').length === n, drawnCount);
    for (const type of FIELD_TYPES) {
      const { field, index } = FIELDS.get(type)!;
      if (type === 'hidden') continue;
      const drawn = await page.evaluate(
        ({ index, selector }) => {
          const el = document.querySelectorAll('.fr-fields > *')[index]!;
          const control = el.matches(selector) ? el : el.querySelector(selector);
          return {
            text: el.textContent ?? '',
            control: !!control,
            described: !!control?.getAttribute('aria-describedby'),
          };
        },
        { index, selector: CASES[type].web },
      );
      const words = field.type === 'heading' ? field.text : fieldLabel(field);
      assert.ok(drawn.text.includes(words), `${type}: drawn with its label or text (${drawn.text})`);
      assert.ok(drawn.control, `${type}: ${CASES[type].web}`);
      if (valueKind({ type }) !== 'none')
        assert.ok(drawn.described, `${type}: its control names its message`);
    }
    assert.equal(await page.locator('.fr-fields > *').count(), drawnCount, 'hidden: nothing drawn');
    const values = await page.evaluate(() => (window as any).form.values());
    assert.equal(values.form_version, '1.0', 'hidden: its value is in the answers');
  });
}
