// Everything the server says about a form is in the form's language (the message catalog's `agent`
// part): an English form gets English results, elicitation reasons and hints, routing notes and retries;
// a Japanese one (and a form with no words to tell) seed 000's Japanese, word for word.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type FormSchema, validateFormSchema } from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import { toElicitation } from '@formrequest/server';
import {
  declinedResult,
  formErrorResult,
  invalidAnswersResult,
  submittedResult,
  waitingForInputResult,
} from '../src/request-form-result.ts';
import { conversationNote, nowhereMessage } from '../src/route-messages.ts';

const read = (form: unknown) => {
  const checked = validateFormSchema(form);
  assert.ok(checked.ok && checked.schema, JSON.stringify(checked.errors));
  return checked.schema as FormSchema;
};
const english = read({
  title: 'Project',
  fields: [
    { name: 'name', type: 'text', label: 'Name', suggestions: ['my-app'] },
    { name: 'agree', type: 'checkbox', label: 'I agree', required: true },
    { name: 'due', type: 'date', label: 'Due', minDate: 'today', maxDate: '+7days' },
  ],
});
const japanese = read({ title: 'プロジェクト', fields: [{ name: 'name', type: 'text', label: '名前' }] });
const messageOf = (result: { structuredContent?: unknown }) =>
  (result.structuredContent as { message?: string } | undefined)?.message as string;

test('an English form: English results', () => {
  assert.equal(english.locale, 'en');
  assert.equal(
    messageOf(submittedResult(english, { name: 'a' })),
    'The user filled in the form "Project". Answers:\n{\n  "name": "a",\n  "agree": false\n}',
  );
  assert.equal(messageOf(declinedResult(english)), 'The user declined to fill in the form "Project".');
  assert.match(messageOf(invalidAnswersResult(english, { name: 'Name is required' })), /^Error: the answers/);
});

test('waiting for input: undeclared, the model is told who can see the form; declared, the seed text alone', () => {
  const EN_UNSEEN =
    'No host declared that it shows forms from the tool call (--host-renders-forms). Where no such host runs (claude -p, the Agent SDK without a front end, a terminal), nobody can see this form and no answers will come: ask in the conversation instead. In Claude Code, run `formrequest serve` (the default) and forms open in a dialog or the browser.';
  const en = waitingForInputResult(english);
  assert.match(messageOf(en), /^Waiting for form input\./);
  assert.ok(messageOf(en).endsWith(`\n${EN_UNSEEN}`));
  const ja = waitingForInputResult(japanese);
  const jaUnseen = (ja.content[1] as { text: string }).text;
  assert.match(
    jaUnseen,
    /^ツール呼び出しからフォームを表示するとホストが宣言していません（--host-renders-forms）。/,
  );
  assert.match(jaUnseen, /誰にもこのフォームは見えず、回答は届きません/);
  // content[0] stays the seed's text; the sentence follows as its own block.
  assert.equal(messageOf(ja), `${(ja.content[0] as { text: string }).text}\n${jaUnseen}`);
  const declared = waitingForInputResult(japanese, [], undefined, { declared: true });
  assert.equal(messageOf(declared), (declared.content[0] as { text: string }).text);
  assert.equal(declared.content.length, 1);
});

test('every result carries the notes of the check: normalized and warnings, next to an answer or a refusal', () => {
  const notes = [
    { severity: 'normalized' as const, code: 'n', path: 'fields[0]', message: 'N: changed' },
    { severity: 'warning' as const, code: 'w', path: 'fields[0]', message: 'W: ignored' },
  ];
  for (const result of [
    submittedResult(english, { name: 'a' }, notes),
    declinedResult(english, notes),
    invalidAnswersResult(english, { name: 'Name is required' }, notes),
    formErrorResult('Error: field[0] ...', notes),
    waitingForInputResult(english, notes),
  ]) {
    const sc = result.structuredContent as Record<string, unknown>;
    assert.equal(Object.keys(sc)[0], 'message');
    assert.deepEqual(sc.normalized, ['N: changed']);
    assert.deepEqual(sc.warnings, ['W: ignored']);
    const texts = result.content.map((b) => (b as { text: string }).text);
    assert.ok(texts.includes('N: changed') && texts.includes('W: ignored'), JSON.stringify(texts));
  }
});

test("a Japanese form: seed 000's words", () => {
  assert.equal(
    messageOf(declinedResult(japanese)),
    'ユーザーはフォーム「プロジェクト」への入力を断りました。',
  );
  assert.equal(
    messageOf(submittedResult(japanese, { name: 'a' })),
    'ユーザーがフォーム「プロジェクト」に入力しました。入力内容:\n{\n  "name": "a"\n}',
  );
});

test('elicitation: hints and reasons in the form language', () => {
  const mapping = toElicitation(english, new Date(2030, 0, 15));
  assert.ok(mapping.ok);
  if (!mapping.ok) return;
  const props = mapping.requestedSchema.properties as Record<string, { description?: string }>;
  assert.equal(props.name!.description, 'e.g. my-app');
  assert.equal(props.agree!.description, 'Must be checked');
  assert.equal(props.due!.description, '2030-01-15 – 2030-01-22');
  const unfit = toElicitation(
    read({ title: 'Upload', fields: [{ name: 'f', type: 'file', label: 'File' }] }),
  );
  assert.deepEqual(unfit.ok ? [] : unfit.reasons, [
    "fields[0] (type: file) cannot be shown in the client's form: a file cannot be sent through it.",
  ]);
  const unfitJa = toElicitation(
    read({ title: '提出', fields: [{ name: 'f', type: 'file', label: 'ファイル' }] }),
  );
  assert.deepEqual(unfitJa.ok ? [] : unfitJa.reasons, [
    'フィールド[0]（type: file）はファイルを送れないため、クライアントのフォームでは表示できません。',
  ]);
});

test('routing notes and the nowhere message follow the form language too', () => {
  assert.match(conversationNote([{ code: 'policy-never' }], 'en')!, /^This server does not use elicitation/);
  assert.match(
    conversationNote([{ code: 'policy-never' }], 'ja')!,
    /^このサーバーは elicitation を使わない設定/,
  );
  const nowhere = nowhereMessage('Project', [{ code: 'no-elicitation' }], 'en');
  assert.match(nowhere, /^The form "Project" is not shown to the person/);
  assert.ok(nowhere.endsWith(agentText('en', 'nowhereUrlMode')));
  assert.match(nowhere, /What to do: ask the person for what you need in the conversation instead/);
});
