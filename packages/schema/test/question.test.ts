import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  formatAnswers,
  formatQuestionError,
  questionAnswersResult,
  questionError,
  questionErrorResult,
  validateQuestionInput,
} from '../src/question.js';

const fileQuestion = {
  question: 'どのファイルを編集しますか？',
  header: 'ファイル選択',
  options: [
    { label: 'main.ts', description: 'エントリーポイント' },
    { label: 'utils.ts', description: 'ユーティリティ関数' },
  ],
};

test('defaults: multiple false, custom true', () => {
  const r = validateQuestionInput({ questions: [fileQuestion] });
  assert.ok(r.ok);
  assert.equal(r.questions[0]!.multiple, false);
  assert.equal(r.questions[0]!.custom, true);
  assert.deepEqual(r.warnings, []);
});

test('explicit multiple and custom are kept', () => {
  const r = validateQuestionInput({ questions: [{ ...fileQuestion, multiple: true, custom: false }] });
  assert.ok(r.ok);
  assert.equal(r.questions[0]!.multiple, true);
  assert.equal(r.questions[0]!.custom, false);
});

test('free text only: options [] with custom true is valid', () => {
  const r = validateQuestionInput({ questions: [{ question: '名前は？', header: '名前', options: [] }] });
  assert.ok(r.ok);
  assert.deepEqual(r.questions[0]!.options, []);
});

test('NO_OPTIONS: the seed message and recovery text exactly', () => {
  const r = validateQuestionInput({ questions: [{ ...fileQuestion, options: [], custom: false }] });
  assert.equal(r.ok, false);
  if (r.ok) return;
  assert.equal(r.error.code, 'NO_OPTIONS');
  assert.equal(
    formatQuestionError(r.error),
    [
      'エラー [NO_OPTIONS]: 質問 1 (ファイル選択) に選択肢がなく、自由記述も無効です',
      '',
      '回復方法:',
      '1. options に少なくとも1つの選択肢を追加してください: options: [{ label: "はい" }]',
      '2. または custom: true を設定して自由記述を許可してください',
    ].join('\n'),
  );
  assert.deepEqual(r.error.details, { questionIndex: 0 });
});

test('NO_OPTIONS names the right question when it is not the first', () => {
  const r = validateQuestionInput({
    questions: [fileQuestion, { question: '続行？', header: '確認', options: [], custom: false }],
  });
  assert.ok(!r.ok && r.error.message === '質問 2 (確認) に選択肢がなく、自由記述も無効です');
});

test('NO_QUESTIONS for an empty or missing questions array', () => {
  for (const input of [{ questions: [] }, {}]) {
    const r = validateQuestionInput(input);
    assert.ok(!r.ok);
    assert.equal(r.error.code, 'NO_QUESTIONS');
    assert.match(
      formatQuestionError(r.error),
      /^エラー \[NO_QUESTIONS\]: .+\n\n回復方法:\n1\. questions 配列/,
    );
  }
});

test('VALIDATION_ERROR lists every problem with where it is', () => {
  const r = validateQuestionInput({
    questions: [{ question: '', header: 'H', options: [{ label: 3 }], multiple: 'yes' }, 'nope'],
  });
  assert.ok(!r.ok);
  assert.equal(r.error.code, 'VALIDATION_ERROR');
  const problems = r.error.details!.problems as string[];
  assert.equal(problems.length, 4);
  assert.match(problems[0]!, /質問 1 \(H\) の question/);
  assert.match(problems[1]!, /multiple は true か false/);
  assert.match(problems[2]!, /options\[0\]\.label/);
  assert.match(problems[3]!, /質問 2 はオブジェクト/);
  assert.match(formatQuestionError(r.error), /^エラー \[VALIDATION_ERROR\]: 4件の検証エラー: /);
  assert.ok(r.error.recovery.length >= 1);
});

test('VALIDATION_ERROR for non-object input and non-array questions', () => {
  assert.ok(!validateQuestionInput(null).ok);
  const r = validateQuestionInput({ questions: 'x' });
  assert.ok(!r.ok && r.error.code === 'VALIDATION_ERROR' && /questions は配列/.test(r.error.message));
});

test('long header and label: warned, never rejected', () => {
  const header = 'あ'.repeat(31);
  const r = validateQuestionInput({
    questions: [
      { question: 'Q?', header, options: [{ label: 'とても長い選択肢のラベルです' }, { label: '短い' }] },
    ],
  });
  assert.ok(r.ok);
  assert.equal(r.warnings.length, 2);
  assert.match(r.warnings[0]!, /options\[0\]\.label/);
  assert.match(r.warnings[1]!, /header.*30文字/);
  const exact = validateQuestionInput({
    questions: [{ question: 'Q?', header: 'x'.repeat(30), options: [{ label: '0123456789' }] }],
  });
  assert.ok(exact.ok && exact.warnings.length === 0);
});

test('result text: one answer and several questions with several answers', () => {
  assert.equal(
    formatAnswers([{ question: 'どのファイルを編集しますか？' }], [['main.ts']]),
    'ユーザーの回答: "どのファイルを編集しますか？"="main.ts"',
  );
  assert.equal(
    formatAnswers([{ question: '質問1？' }, { question: '質問2？' }], [['回答1'], ['回答2', '回答3']]),
    'ユーザーの回答: "質問1？"="回答1", "質問2？"="回答2, 回答3"',
  );
  const result = questionAnswersResult([{ question: 'Q' }], [['A']], { warnings: ['w'] });
  assert.deepEqual(result, {
    content: [{ type: 'text', text: 'ユーザーの回答: "Q"="A"' }],
    details: { answers: [['A']], warnings: ['w'] },
  });
});

test('error result has the ToolResult shape with empty answers', () => {
  const error = questionError('CANCELLED');
  const result = questionErrorResult(error);
  assert.deepEqual(result.details, { answers: [], error });
  assert.match(result.content[0]!.text, /^エラー \[CANCELLED\]: .+\n\n回復方法:\n1\. /);
  assert.match(formatQuestionError(questionError('NO_UI')), /^エラー \[NO_UI\]: .*非対話モード/);
});

test('English messages with locale en', () => {
  const r = validateQuestionInput(
    { questions: [{ ...fileQuestion, options: [], custom: false }] },
    { locale: 'en' },
  );
  assert.ok(!r.ok);
  assert.equal(
    formatQuestionError(r.error, 'en'),
    'Error [NO_OPTIONS]: Question 1 (ファイル選択) has no options and free text is disabled\n\nHow to recover:\n' +
      '1. Add at least one option to options: options: [{ label: "Yes" }]\n2. Or set custom: true to allow a free-text answer',
  );
  assert.equal(formatAnswers([{ question: 'Q' }], [['A', 'B']], 'en'), 'User answers: "Q"="A, B"');
});

test('an unknown locale from a JavaScript caller falls back to Japanese instead of throwing', () => {
  const fr = 'fr' as 'en';
  const r = validateQuestionInput({ questions: [] }, { locale: fr });
  assert.ok(!r.ok);
  assert.match(formatQuestionError(r.error, fr), /^エラー \[NO_QUESTIONS\]: 質問が指定されていません/);
  assert.equal(formatAnswers([{ question: 'Q' }], [['A']], fr), 'ユーザーの回答: "Q"="A"');
});

test('seed 004: options is required; free text only is options: []', () => {
  const r = validateQuestionInput({ questions: [{ question: '名前は？', header: '名前' }] });
  assert.ok(!r.ok);
  assert.equal(r.error.code, 'VALIDATION_ERROR');
  assert.match(r.error.message, /質問 1 \(名前\) に options がありません.*options: \[\]/);
  const en = validateQuestionInput({ questions: [{ question: 'Name?', header: 'Name' }] }, { locale: 'en' });
  assert.ok(!en.ok);
  assert.match(en.error.message, /options is missing/);
});

test('duplicate labels and a label equal to the free-text choice are refused with the fix', () => {
  const dup = validateQuestionInput({
    questions: [{ question: 'Q', header: 'H', options: [{ label: 'A' }, { label: 'B' }, { label: 'A ' }] }],
  });
  assert.ok(!dup.ok);
  assert.match(dup.error.message, /options\[2\]\.label「A 」が options\[0\] と同じです/);
  const other = validateQuestionInput({
    questions: [{ question: 'Q', header: 'H', options: [{ label: 'はい' }, { label: 'その他' }] }],
  });
  assert.ok(!other.ok);
  assert.match(other.error.message, /options\[1\]\.label「その他」は自由記述の選択肢/);
  // Without the free-text row, その他 is an ordinary label.
  assert.ok(
    validateQuestionInput({
      questions: [{ question: 'Q', header: 'H', options: [{ label: 'その他' }], custom: false }],
    }).ok,
  );
  const en = validateQuestionInput(
    { questions: [{ question: 'Q', header: 'H', options: [{ label: 'Other' }] }] },
    { locale: 'en' },
  );
  assert.ok(!en.ok);
});

test('the long-label warning counts what the screen shows and says the label is shown whole', () => {
  const label = `\x1b]0;${'t'.repeat(40)}\x07短い`;
  const r = validateQuestionInput({ questions: [{ question: 'Q', header: 'H', options: [{ label }] }] });
  assert.ok(r.ok);
  assert.deepEqual(r.warnings, []);
  const long = validateQuestionInput({
    questions: [{ question: 'Q', header: 'H', options: [{ label: 'あ'.repeat(11) }] }],
  });
  assert.ok(long.ok);
  assert.match(long.warnings[0]!, /推奨の最大10文字を超えています（画面には全体を表示しました）/);
});
