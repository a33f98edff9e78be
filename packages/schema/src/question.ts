// The `question` tool of seed 004: its input, defaults, checks, error codes, and result text.
// Shared by the terminal (`askQuestions`, `formrequest question`) and the MCP server's `question` tool,
// so both accept the same input and answer in the same words.
import { meantProperty } from './aliases.js';
import { isPlainObject } from './json-depth.js';
import { sanitizeText, splitGraphemes } from './printable.js';
import type { Locale } from './types.js';

export type QuestionLocale = Locale;

export interface QuestionOption {
  label: string;
  description?: string;
}

export interface Question {
  question: string;
  header: string;
  options: QuestionOption[];
  multiple?: boolean;
  custom?: boolean;
}

export interface QuestionInput {
  questions: Question[];
}

/** A question with the seed's defaults applied (`multiple: false`, `custom: true`). */
export interface ResolvedQuestion {
  question: string;
  header: string;
  options: QuestionOption[];
  multiple: boolean;
  custom: boolean;
}

export type QuestionErrorCode = 'NO_UI' | 'NO_OPTIONS' | 'NO_QUESTIONS' | 'CANCELLED' | 'VALIDATION_ERROR';

export interface QuestionError {
  code: QuestionErrorCode;
  message: string;
  recovery: string[];
  details?: Record<string, unknown>;
}

/** The seed's `ToolResult`. `warnings` is added only when the input had over-long headers or labels. */
export interface QuestionResult {
  content: { type: 'text'; text: string }[];
  details: {
    answers: string[][];
    error?: QuestionError;
    warnings?: string[];
  };
}

/** Recommended lengths (seed 004): longer values are shortened on screen and warned about, never rejected. */
export const QUESTION_HEADER_MAX = 30;
export const QUESTION_LABEL_MAX = 10;

export const QUESTION_DEFAULTS = { multiple: false, custom: true } as const;

export type QuestionCheck =
  | { ok: true; questions: ResolvedQuestion[]; warnings: string[] }
  | { ok: false; error: QuestionError };

/** Checks a `question` tool input and applies the defaults. */
export function validateQuestionInput(input: unknown, opts: { locale?: QuestionLocale } = {}): QuestionCheck {
  const locale: QuestionLocale = opts.locale === 'en' ? 'en' : 'ja';
  const m = MESSAGES[locale];
  const problems: string[] = [];
  if (!isPlainObject(input)) {
    problems.push(m.notObject);
    return { ok: false, error: validationError(locale, problems) };
  }
  const raw = input.questions;
  if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) {
    return { ok: false, error: questionError('NO_QUESTIONS', { locale }) };
  }
  if (!Array.isArray(raw)) {
    problems.push(m.questionsNotArray(typeName(raw)));
    return { ok: false, error: validationError(locale, problems) };
  }
  const questions: ResolvedQuestion[] = [];
  const warnings: string[] = [];
  const noOptions: number[] = [];
  raw.forEach((given, i) => {
    const n = i + 1;
    if (!isPlainObject(given)) {
      problems.push(m.questionNotObject(n, typeName(given)));
      return;
    }
    const q = readQuestion(given, n, m, warnings);
    const header = typeof q.header === 'string' ? q.header : '';
    const where = m.where(n, header);
    if (typeof q.question !== 'string' || q.question.trim() === '') {
      problems.push(m.badString(where, 'question', typeName(q.question)));
    }
    if (typeof q.header !== 'string') problems.push(m.headerNotString(where, typeName(q.header)));
    for (const key of ['multiple', 'custom'] as const) {
      if (q[key] !== undefined && typeof q[key] !== 'boolean')
        problems.push(m.badBoolean(where, key, typeName(q[key])));
    }
    const options: QuestionOption[] = [];
    const custom = typeof q.custom === 'boolean' ? q.custom : QUESTION_DEFAULTS.custom;
    if (q.options === undefined) {
      // Seed 004: options is required; free text only is written options: [] (custom defaults to true).
      problems.push(m.optionsMissing(where));
    } else if (!Array.isArray(q.options)) {
      problems.push(m.optionsNotArray(where, typeName(q.options)));
    } else {
      const seen = new Map<string, number>();
      q.options.forEach((o: unknown, j: number) => {
        if (!isPlainObject(o) || typeof o.label !== 'string' || o.label.trim() === '') {
          problems.push(m.badLabel(where, j, typeName(isPlainObject(o) ? o.label : o)));
          return;
        }
        if (o.description !== undefined && typeof o.description !== 'string') {
          problems.push(m.badDescription(where, j, typeName(o.description)));
          return;
        }
        // Two rows with one label, or a label that is the automatic free-text row, give answers no
        // one can tell apart (the answer is the label).
        const first = seen.get(o.label.trim());
        if (first !== undefined) problems.push(m.duplicateLabel(where, first, j, o.label));
        else seen.set(o.label.trim(), j);
        if (custom && o.label.trim() === m.customChoice)
          problems.push(m.customLabel(where, j, m.customChoice));
        options.push(
          o.description === undefined ? { label: o.label } : { label: o.label, description: o.description },
        );
        // Counted as the screen shows it: escape sequences and controls are not characters.
        if (graphemeCount(sanitizeText(o.label)) > QUESTION_LABEL_MAX)
          warnings.push(m.longLabel(where, j, o.label));
      });
    }
    if (graphemeCount(sanitizeText(header)) > QUESTION_HEADER_MAX) warnings.push(m.longHeader(n, header));
    const multiple = typeof q.multiple === 'boolean' ? q.multiple : QUESTION_DEFAULTS.multiple;
    if (options.length === 0 && !custom && Array.isArray(q.options)) noOptions.push(i);
    questions.push({ question: String(q.question ?? ''), header, options, multiple, custom });
  });
  if (problems.length > 0) return { ok: false, error: validationError(locale, problems) };
  if (noOptions.length > 0) {
    const i = noOptions[0]!;
    return {
      ok: false,
      error: questionError('NO_OPTIONS', { locale, index: i, header: questions[i]!.header }),
    };
  }
  return { ok: true, questions, warnings };
}

/** The error object of one code, in the seed's wording (`index` is 0-based; shown 1-based). */
export function questionError(
  code: QuestionErrorCode,
  opts: { locale?: QuestionLocale; index?: number; header?: string; details?: Record<string, unknown> } = {},
): QuestionError {
  const m = words(opts.locale);
  const n = (opts.index ?? 0) + 1;
  const base =
    code === 'NO_OPTIONS'
      ? { message: m.noOptions(n, opts.header ?? ''), recovery: m.noOptionsRecovery }
      : code === 'NO_QUESTIONS'
        ? { message: m.noQuestions, recovery: m.noQuestionsRecovery }
        : code === 'NO_UI'
          ? { message: m.noUi, recovery: m.noUiRecovery }
          : code === 'CANCELLED'
            ? { message: m.cancelled, recovery: m.cancelledRecovery }
            : { message: m.validation, recovery: m.validationRecovery };
  const details = { ...(code === 'NO_OPTIONS' ? { questionIndex: opts.index ?? 0 } : {}), ...opts.details };
  return {
    code,
    message: base.message,
    recovery: [...base.recovery],
    ...(Object.keys(details).length ? { details } : {}),
  };
}

function validationError(locale: QuestionLocale, problems: string[]): QuestionError {
  const m = MESSAGES[locale];
  return {
    code: 'VALIDATION_ERROR',
    message: problems.length === 1 ? problems[0]! : m.manyProblems(problems),
    recovery: [...m.validationRecovery],
    details: { problems },
  };
}

/** `エラー [CODE]: message` + a blank line + `回復方法:` and the numbered recovery steps. */
export function formatQuestionError(error: QuestionError, locale: QuestionLocale = 'ja'): string {
  const m = words(locale);
  const steps = error.recovery.map((step, i) => `${i + 1}. ${step}`);
  return [`${m.errorPrefix} [${error.code}]: ${error.message}`, '', m.recoveryTitle, ...steps].join('\n');
}

/** `ユーザーの回答: "Q"="A", "Q2"="A2, A3"` (several answers of one question joined with ", "). */
export function formatAnswers(
  questions: { question: string }[],
  answers: string[][],
  locale: QuestionLocale = 'ja',
): string {
  const pairs = questions.map((q, i) => `"${q.question}"="${(answers[i] ?? []).join(', ')}"`);
  return `${words(locale).answersPrefix} ${pairs.join(', ')}`;
}

export function questionAnswersResult(
  questions: { question: string }[],
  answers: string[][],
  opts: { locale?: QuestionLocale; warnings?: string[] } = {},
): QuestionResult {
  const details: QuestionResult['details'] = { answers };
  if (opts.warnings?.length) details.warnings = opts.warnings;
  return { content: [{ type: 'text', text: formatAnswers(questions, answers, opts.locale) }], details };
}

export function questionErrorResult(
  error: QuestionError,
  opts: { locale?: QuestionLocale; answers?: string[][] } = {},
): QuestionResult {
  return {
    content: [{ type: 'text', text: formatQuestionError(error, opts.locale) }],
    details: { answers: opts.answers ?? [], error },
  };
}

/** The words for the automatic free-text choice (「その他」) that `custom: true` adds. */
export function customChoiceLabel(locale: QuestionLocale = 'ja'): string {
  return words(locale).customChoice;
}

const QUESTION_KEYS = ['question', 'header', 'options', 'multiple', 'custom'];
/** Other spellings models send, AskUserQuestion's `multiSelect` first: each means one seed 004 key. */
const QUESTION_ALIASES: Readonly<Record<string, readonly string[]>> = {
  multiselect: ['multiple'],
  multiselection: ['multiple'],
  allowmultiple: ['multiple'],
  multi: ['multiple'],
  allowother: ['custom'],
  allowcustom: ['custom'],
  other: ['custom'],
  freetext: ['custom'],
  choices: ['options'],
  text: ['question'],
  prompt: ['question'],
  title: ['header'],
  label: ['header'],
};

/**
 * A question as the seed names its keys: AskUserQuestion's `multiSelect` (and other clear spellings)
 * read as `multiple`, options written as plain strings read as `{label}`; each said in `notes`. Keys that
 * mean nothing known are named there too. Returns the input itself when nothing changed.
 */
function readQuestion(
  q: Record<string, unknown>,
  n: number,
  m: (typeof MESSAGES)['ja'],
  notes: string[],
): Record<string, unknown> {
  let out = q;
  const where = m.where(n, typeof q.header === 'string' ? q.header : '');
  for (const key of Object.keys(q)) {
    if (QUESTION_KEYS.includes(key)) continue;
    const meant = meantProperty(key, QUESTION_KEYS, QUESTION_ALIASES);
    if (meant && out[meant] === undefined) {
      out = Object.fromEntries(Object.entries(out).map(([k, v]) => [k === key ? meant : k, v]));
      notes.push(m.renamed(where, key, meant));
    } else notes.push(m.unknownKey(where, key, meant));
  }
  if (Array.isArray(out.options) && out.options.some((o) => typeof o === 'string')) {
    out = { ...out, options: out.options.map((o) => (typeof o === 'string' ? { label: o } : o)) };
    notes.push(m.optionsFromStrings(where));
  }
  return out;
}

function graphemeCount(text: string): number {
  // ASCII, kana and kanji are one grapheme per UTF-16 unit; only other text is split.
  if (/^[\x20-\x7e\u3001-\u3096\u309b-\u30ff\u4e00-\u9fff\uff01-\uff60]*$/.test(text)) return text.length;
  return splitGraphemes(text).length;
}

/** Japanese unless 'en', like the form vocabulary: a JavaScript caller's stray locale must not throw. */
const words = (locale: unknown) => MESSAGES[locale === 'en' ? 'en' : 'ja'];

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const MESSAGES = {
  ja: {
    errorPrefix: 'エラー',
    recoveryTitle: '回復方法:',
    answersPrefix: 'ユーザーの回答:',
    customChoice: 'その他',
    where: (n: number, header: string) => (header ? `質問 ${n} (${header})` : `質問 ${n}`),
    notObject: '入力はオブジェクト { questions: [...] } である必要があります',
    questionsNotArray: (t: string) => `questions は配列である必要があります（受け取った型: ${t}）`,
    questionNotObject: (n: number, t: string) =>
      `質問 ${n} はオブジェクトである必要があります（受け取った型: ${t}）`,
    badString: (where: string, key: string, t: string) =>
      `${where} の ${key} は空でない文字列である必要があります（受け取った型: ${t}）`,
    headerNotString: (where: string, t: string) =>
      `${where} の header は文字列である必要があります（受け取った型: ${t}）`,
    badBoolean: (where: string, key: string, t: string) =>
      `${where} の ${key} は true か false である必要があります（受け取った型: ${t}）`,
    optionsNotArray: (where: string, t: string) =>
      `${where} の options は配列である必要があります（受け取った型: ${t}）`,
    badLabel: (where: string, j: number, t: string) =>
      `${where} の options[${j}].label は空でない文字列である必要があります（受け取った型: ${t}）`,
    badDescription: (where: string, j: number, t: string) =>
      `${where} の options[${j}].description は文字列である必要があります（受け取った型: ${t}）`,
    longHeader: (n: number, header: string) =>
      `質問 ${n} の header「${header}」が推奨の最大${QUESTION_HEADER_MAX}文字を超えています（画面では短縮して表示しました）`,
    longLabel: (where: string, j: number, label: string) =>
      `${where} の options[${j}].label「${label}」が推奨の最大${QUESTION_LABEL_MAX}文字を超えています（画面には全体を表示しました）`,
    optionsMissing: (where: string) =>
      `${where} に options がありません: 選択肢を options: [{ label: "はい" }] のように書いてください（自由記述のみなら options: []）`,
    duplicateLabel: (where: string, first: number, j: number, label: string) =>
      `${where} の options[${j}].label「${label}」が options[${first}] と同じです: 回答を区別できるよう別のラベルにしてください`,
    customLabel: (where: string, j: number, word: string) =>
      `${where} の options[${j}].label「${word}」は自由記述の選択肢（custom: true で自動追加）と同じです: 別のラベルにするか custom: false を設定してください`,
    manyProblems: (problems: string[]) => `${problems.length}件の検証エラー: ${problems.join('; ')}`,
    renamed: (where: string, from: string, to: string) =>
      `${where} の ${from} を ${to} として読みました（次回は ${to} と書いてください）`,
    unknownKey: (where: string, key: string, near?: string) =>
      `${where} の不明なキー ${key} は無視されます${near ? `（${near} の誤りではありませんか？）` : ''}`,
    optionsFromStrings: (where: string) =>
      `${where} の options の文字列を { label: "..." } として読みました（次回は options: [{ label: "..." }] と書いてください）`,
    noOptions: (n: number, header: string) =>
      `${header ? `質問 ${n} (${header})` : `質問 ${n}`} に選択肢がなく、自由記述も無効です`,
    noOptionsRecovery: [
      'options に少なくとも1つの選択肢を追加してください: options: [{ label: "はい" }]',
      'または custom: true を設定して自由記述を許可してください',
    ],
    noQuestions: '質問が指定されていません（questions が空です）',
    noQuestionsRecovery: [
      'questions 配列に少なくとも1つの質問を追加してください: questions: [{ question: "...", header: "...", options: [...] }]',
    ],
    noUi: '対話型UIが利用できません（非対話モードで実行中です）',
    noUiRecovery: [
      '対話モード（端末 TTY のある環境）で再実行してください',
      'または質問を通常のメッセージとしてユーザーに尋ねてください',
    ],
    cancelled: 'ユーザーが質問への回答をキャンセルしました',
    cancelledRecovery: [
      '処理を中止してください',
      'または別の方法（質問の言い換え、通常のメッセージでの確認など）を検討してください',
    ],
    validation: 'パラメータの検証に失敗しました',
    validationRecovery: [
      '上の検証エラーメッセージに従ってパラメータを修正してください',
      '形式: { questions: [{ question: "質問文", header: "短いラベル", options: [{ label: "選択肢", description: "説明" }], multiple: false, custom: true }] }',
    ],
  },
  en: {
    errorPrefix: 'Error',
    recoveryTitle: 'How to recover:',
    answersPrefix: 'User answers:',
    customChoice: 'Other',
    where: (n: number, header: string) => (header ? `Question ${n} (${header})` : `Question ${n}`),
    notObject: 'The input must be an object { questions: [...] }',
    questionsNotArray: (t: string) => `questions must be an array (got ${t})`,
    questionNotObject: (n: number, t: string) => `Question ${n} must be an object (got ${t})`,
    badString: (where: string, key: string, t: string) =>
      `${where}: ${key} must be a non-empty string (got ${t})`,
    headerNotString: (where: string, t: string) => `${where}: header must be a string (got ${t})`,
    badBoolean: (where: string, key: string, t: string) =>
      `${where}: ${key} must be true or false (got ${t})`,
    optionsNotArray: (where: string, t: string) => `${where}: options must be an array (got ${t})`,
    badLabel: (where: string, j: number, t: string) =>
      `${where}: options[${j}].label must be a non-empty string (got ${t})`,
    badDescription: (where: string, j: number, t: string) =>
      `${where}: options[${j}].description must be a string (got ${t})`,
    longHeader: (n: number, header: string) =>
      `Question ${n}: header "${header}" is longer than the recommended ${QUESTION_HEADER_MAX} characters (shortened on screen)`,
    longLabel: (where: string, j: number, label: string) =>
      `${where}: options[${j}].label "${label}" is longer than the recommended ${QUESTION_LABEL_MAX} characters (shown whole on screen)`,
    optionsMissing: (where: string) =>
      `${where}: options is missing: write the choices as options: [{ label: "Yes" }] (options: [] for free text only)`,
    duplicateLabel: (where: string, first: number, j: number, label: string) =>
      `${where}: options[${j}].label "${label}" is the same as options[${first}]: give it another label so the answers can be told apart`,
    customLabel: (where: string, j: number, word: string) =>
      `${where}: options[${j}].label "${word}" is the free-text choice that custom: true adds: use another label or set custom: false`,
    manyProblems: (problems: string[]) => `${problems.length} validation errors: ${problems.join('; ')}`,
    renamed: (where: string, from: string, to: string) =>
      `${where}: ${from} was read as ${to} (write ${to} next time)`,
    unknownKey: (where: string, key: string, near?: string) =>
      `${where}: unknown key ${key} is ignored${near ? ` (did you mean ${near}?)` : ''}`,
    optionsFromStrings: (where: string) =>
      `${where}: the strings in options were read as { label: "..." } (write options: [{ label: "..." }] next time)`,
    noOptions: (n: number, header: string) =>
      `${header ? `Question ${n} (${header})` : `Question ${n}`} has no options and free text is disabled`,
    noOptionsRecovery: [
      'Add at least one option to options: options: [{ label: "Yes" }]',
      'Or set custom: true to allow a free-text answer',
    ],
    noQuestions: 'No questions were given (questions is empty)',
    noQuestionsRecovery: [
      'Add at least one question to the questions array: questions: [{ question: "...", header: "...", options: [...] }]',
    ],
    noUi: 'No interactive UI is available (running non-interactively)',
    noUiRecovery: [
      'Run again in interactive mode (with a terminal TTY)',
      'Or ask the user the question in a normal message',
    ],
    cancelled: 'The user cancelled the questions',
    cancelledRecovery: [
      'Stop the operation',
      'Or consider another way (rephrase the question, ask in a normal message)',
    ],
    validation: 'The parameters failed validation',
    validationRecovery: [
      'Fix the parameters as the validation messages above say',
      'Shape: { questions: [{ question: "Question text", header: "Short label", options: [{ label: "Choice", description: "Details" }], multiple: false, custom: true }] }',
    ],
  },
};
