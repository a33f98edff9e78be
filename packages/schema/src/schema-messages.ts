// The sentences of schema errors and warnings, in the style of seed 000's エラーハンドリング:
// each names the field index, its type and the property, and says what to write instead.
import { isFieldType, type PropKind } from './catalog.js';
import type { ModelRepairs } from './check-parts.js';
import { isoFormsOf } from './dates.js';
import type { LookaheadSplit } from './lookahead-rule.js';
import type { PatternProblem, SyntaxReason } from './pattern/index.js';
import { nearProperty, nearType } from './suggest.js';
import type { Locale } from './types.js';

export type Where = { index: number; type?: string } | null;

// JSON.stringify recurses once per level: a value nested thousands deep overflows the stack, and the
// message about it must still be written.
const json = (value: unknown) => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Array.isArray(value) ? '[...]' : '{...}';
  }
};
/** A string the model wrote, quoted and cut to 60 characters: a huge value must not make a huge error. */
const q = (text: string) => `'${text.length > 60 ? `${text.slice(0, 57)}...` : text}'`;
const show = (value: unknown) => (typeof value === 'string' ? q(value) : json(value));
/** A value in a note: a string quoted, anything else as short JSON. */
const value = (v: unknown) => (typeof v === 'string' ? q(v) : brief(v));
const brief = (value: unknown) => {
  const text = json(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const KIND_JA: Record<PropKind, string> = {
  string: '文字列',
  number: '数値',
  integer: '整数',
  boolean: 'true または false',
  'string[]': '文字列の配列',
  options: '{"value": "...", "label": "..."} の配列',
  params: 'キーと値（文字列・数値・真偽値）のオブジェクト',
  url: 'URLの文字列',
  pattern: '正規表現の文字列',
  dateExpr: '"today"、"+30days"、"-7days"、"2025-01-31" のいずれかの形の文字列',
  any: '値',
};
const KIND_EN: Record<PropKind, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  'string[]': 'an array of strings',
  options: 'an array of {"value": "...", "label": "..."}',
  params: 'an object of string, number or boolean values',
  url: 'a URL string',
  pattern: 'a regular expression string',
  dateExpr: 'one of "today", "+30days", "-7days" or "2025-01-31"',
  any: 'a value',
};

/** What to write for a missing required property. */
const HINT_JA: Record<string, string> = {
  options: '{"value": "...", "label": "..."} の配列を指定してください。',
  searchUrl:
    '検索APIのURLを指定してください。使えるのはツール説明のエンドポイント表、ユーザー、システムプロンプトが示したURLだけです。なければ select や text で尋ねてください。',
  loadUrl:
    '選択肢を返すAPIのURLを指定してください。使えるのはツール説明のエンドポイント表、ユーザー、システムプロンプトが示したURLだけです。なければ select の options に選択肢を書いてください。',
  displayField: '検索結果のうち表示に使うキーを指定してください（例: "name"）。',
  valueField: '検索結果のうち値として送るキーを指定してください（例: "id"）。',
  dependsOn: '連動元となる、このフィールドより前のフィールドのnameを指定してください。',
  dependsOnParam: '親フィールドの値を渡すクエリパラメータ名を指定してください（例: "country_code"）。',
  text: '見出しの文字列を指定してください（例: "text": "基本情報"）。',
  value: '送信時に使う固定値を指定してください（例: "value": "1.0"）。',
  label: 'チェックボックスの横に表示する文言を指定してください（例: "label": "利用規約に同意する"）。',
};
const HINT_EN: Record<string, string> = {
  options: 'Write an array of {"value": "...", "label": "..."}.',
  searchUrl:
    "Write the search endpoint: only a URL from the tool description's endpoints table, the user or the system prompt. Without one, ask with select or text.",
  loadUrl:
    "Write the endpoint that returns the options: only a URL from the tool description's endpoints table, the user or the system prompt. Without one, write the choices as select options.",
  displayField: 'Write the key of a result item to show (e.g. "name").',
  valueField: 'Write the key of a result item to send as the value (e.g. "id").',
  dependsOn: 'Write the name of an earlier field this one depends on.',
  dependsOnParam: 'Write the query parameter that carries the parent\'s value (e.g. "country_code").',
  text: 'Write the heading text (e.g. "text": "Basics").',
  value: 'Write the fixed value to send (e.g. "value": "1.0").',
  label: 'Write the text beside the box (e.g. "label": "I agree to the terms").',
};

/**
 * The entries of `accept` that are neither an extension nor a MIME type, and the list as it was meant
 * (`pdf` -> `.pdf`, `images` -> `image/*`).
 */
function acceptFix(accept: string): { bad: string[]; fixed: string } {
  const tokens = accept
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  const isBad = (token: string) => !token.startsWith('.') && !token.includes('/');
  const fixed = tokens.map((token) =>
    !isBad(token)
      ? token
      : /^(image|video|audio)s?$/i.test(token)
        ? `${token.toLowerCase().replace(/s$/, '')}/*`
        : `.${token.replace(/^\*?\.?/, '').toLowerCase()}`,
  );
  return { bad: tokens.filter(isBad), fixed: fixed.join(',') };
}

/** The properties a lookahead rule becomes, as JSON the model can paste (`"minLength": 8, "pattern": "..."`). */
function splitText(split: LookaheadSplit): string {
  return (['minLength', 'maxLength', 'pattern'] as const)
    .filter((key) => split[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}: ${JSON.stringify(split[key])}`)
    .join(', ');
}

function at(locale: Locale, where: Where): string {
  if (!where) return '';
  if (locale === 'en')
    return where.type ? `field[${where.index}] (type: ${where.type})` : `field[${where.index}]`;
  return where.type ? `フィールド[${where.index}]（type: ${where.type}）` : `フィールド[${where.index}]`;
}

const SYNTAX_JA: Record<SyntaxReason, string> = {
  unclosedGroup: "'(' が閉じていません",
  unmatchedParen: "')' に対応する '(' がありません",
  unclosedClass: "'[' が閉じていません",
  nothingToRepeat: '量指定子の前に繰り返す対象がありません',
  rangeOrder: '文字範囲が逆順です',
  countOrder: '{n,m} の n が m より大きいです',
  classRange: '文字範囲の端に \\d などは使えません',
  badEscape: 'このエスケープは使えません（\\p{…}、\\u{…}、8進数、英数字の前の \\ など）',
  trailingBackslash: '末尾の \\ が余分です',
  badGroup: "この '(?' は使えません（名前の重複、(?i) など）",
};
const SYNTAX_EN: Record<SyntaxReason, string> = {
  unclosedGroup: "a '(' is not closed",
  unmatchedParen: "a ')' has no '('",
  unclosedClass: "a '[' is not closed",
  nothingToRepeat: 'a quantifier has nothing to repeat',
  rangeOrder: 'a character range is out of order',
  countOrder: 'in {n,m}, n is above m',
  classRange: 'a class such as \\d cannot end a range',
  badEscape: 'this escape is not supported (\\p{…}, \\u{…}, octal, \\ before a letter or digit)',
  trailingBackslash: 'the final \\ escapes nothing',
  badGroup: "this '(?' is not supported (a repeated name, (?i), ...)",
};

type Built = ReturnType<typeof buildMessages>;
const plain = new Map<Locale, Built>();
const repaired = new WeakMap<ModelRepairs, Map<Locale, Built>>();

/**
 * Message builders; each returns the full sentence including the "エラー: " / "Error: " prefix. With
 * `repairs` (model-repairs.ts: a server's, the checker's ALL_PARTS) a sentence also says what the
 * vocabulary offers for a JSON Schema habit and how a lookahead rule splits; without them (a page) the
 * same sentences stop before that, so a browser never loads those tables.
 */
export function schemaMessages(locale: Locale, repairs?: ModelRepairs): Built {
  let cache = plain;
  if (repairs) {
    cache = repaired.get(repairs) ?? new Map();
    repaired.set(repairs, cache);
  }
  let messages = cache.get(locale);
  if (!messages) {
    messages = buildMessages(locale, repairs);
    cache.set(locale, messages);
  }
  return messages;
}

function buildMessages(locale: Locale, repairs: ModelRepairs | undefined) {
  const en = locale === 'en';
  const E = en ? 'Error: ' : 'エラー: ';
  const W = en ? 'Warning: ' : '警告: ';
  const N = en ? 'Note: ' : '補足: ';
  const of = (w: Where, prop: string) =>
    en ? `${at(locale, w)}${w ? ': ' : ''}${prop}` : `${at(locale, w)}${w ? 'の' : ''}${prop}`;
  const badMaxSize = (w: Where, value: number, min: number, max: number) => {
    if (value > max)
      return en
        ? `${E}${of(w, 'maxSize')} ${value} is above ${max} bytes (2 GiB), more than a form can carry. Write a smaller limit in bytes (10 MB = 10485760).`
        : `${E}${of(w, 'maxSize')} ${value} は上限 ${max} バイト（2 GiB）を超えています。フォームで送れる大きさに収まる上限をバイトで指定してください（10 MB = 10485760）。`;
    const mb = Math.max(1, Math.round(value));
    return en
      ? `${E}${of(w, 'maxSize')} is in bytes: ${value} bytes is smaller than any real file (at least ${min}). For ${mb} MB write ${mb * 1048576}.`
      : `${E}${of(w, 'maxSize')}の単位はバイトです。${value} バイトはどんなファイルより小さい上限です（${min} 以上）。${mb} MB なら ${mb * 1048576} と書いてください。`;
  };
  return {
    notObject: (value: unknown) =>
      en
        ? `${E}form_schema must be an object like {"title": "...", "fields": [...]} (got ${brief(value)}).`
        : `${E}form_schemaがオブジェクトではありません（指定値: ${brief(value)}）。{"title": "...", "fields": [...]} の形で指定してください。`,
    tooDeep: (w: Where, prop: string, max: number) => {
      const part = prop ? of(w, prop) : at(locale, w);
      return en
        ? `${E}${part} nests objects and arrays too deep (more than ${max} levels from form_schema). A form only needs its fields and their values and options: flatten it.`
        : `${E}${part}の入れ子が深すぎます（form_schemaから数えてオブジェクトと配列が${max}段を超えています）。フォームはフィールドの配列と、その中の値・選択肢だけで書けます。入れ子を浅くしてください。`;
    },
    missingTitle: () =>
      en
        ? `${E}the form has no title. Write "title" as a string (e.g. "title": "New project").`
        : `${E}titleが指定されていません。フォームのタイトルを文字列で指定してください（例: "title": "新規プロジェクト作成"）。`,
    missingFields: () =>
      en
        ? `${E}the form has no fields. Write "fields" as an array (e.g. "fields": [{"name": "project_name", "type": "text"}]).`
        : `${E}fieldsが指定されていません。フィールド定義の配列を指定してください（例: "fields": [{"name": "project_name", "type": "text"}]）。`,
    fieldsNotArray: (value: unknown) =>
      en
        ? `${E}fields must be an array of field definitions (got ${brief(value)}).`
        : `${E}fieldsが配列ではありません（指定値: ${brief(value)}）。フィールド定義の配列を指定してください。`,
    fieldsEmpty: () =>
      en
        ? `${E}fields is empty. Add at least one field.`
        : `${E}fieldsが空です。少なくとも1つのフィールドを指定してください。`,
    fieldNotObject: (w: Where, value: unknown) =>
      en
        ? `${E}${at(locale, w)} is not an object (got ${brief(value)}). Write {"name": "...", "type": "text", ...}.`
        : `${E}${at(locale, w)}がオブジェクトではありません（指定値: ${brief(value)}）。{"name": "...", "type": "text"} の形で指定してください。`,
    missingType: (w: Where, types: string) =>
      en
        ? `${E}${at(locale, w)} has no type. Valid types: ${types}`
        : `${E}${at(locale, w)}にtypeが指定されていません。有効なタイプ: ${types}`,
    // Seed 000, exact (a "did you mean" goes between its two sentences only when there is one).
    invalidType: (w: Where, type: unknown, types: string, near = nearType(type)) =>
      en
        ? `${E}${at(locale, w)} has an invalid type: ${show(type)}.${near ? ` Did you mean ${q(near)}?` : ''} Valid types: ${types}`
        : `${E}${at(locale, w)}の無効なtype: ${show(type)}。${near ? `${q(near)} の誤りではありませんか？` : ''}有効なタイプ: ${types}`,
    // Seed 000, exact.
    missingName: (w: Where) =>
      en ? `${E}${at(locale, w)} has no name.` : `${E}${at(locale, w)}にnameが指定されていません。`,
    missingProp: (w: Where, prop: string, kind: PropKind) => {
      const hint =
        (en ? HINT_EN : HINT_JA)[prop] ??
        (en ? `Write ${KIND_EN[kind]}.` : `${KIND_JA[kind]}で指定してください。`);
      return en
        ? `${E}${at(locale, w)} has no ${prop}. ${hint}`
        : `${E}${at(locale, w)}に${prop}が指定されていません。${hint}`;
    },
    wrongKind: (w: Where, prop: string, kind: PropKind, value: unknown) =>
      en
        ? `${E}${of(w, prop)} must be ${KIND_EN[kind]} (got ${brief(value)}).`
        : `${E}${of(w, prop)}は${KIND_JA[kind]}で指定してください（指定値: ${brief(value)}）。`,
    outOfRange: (
      w: Where,
      prop: string,
      kind: PropKind,
      min: number | undefined,
      max: number | undefined,
      value: unknown,
    ) => {
      // A file size under 1 KB is a size meant in KB or MB: say so, with the bytes to write.
      if (prop === 'maxSize' && typeof value === 'number') return badMaxSize(w, value, min!, max!);
      const k = en ? (kind === 'integer' ? 'an integer' : 'a number') : kind === 'integer' ? '整数' : '数値';
      const range =
        min !== undefined && max !== undefined
          ? en
            ? `from ${min} to ${max}`
            : `${min}〜${max}の`
          : en
            ? `of at least ${min}`
            : `${min}以上の`;
      return en
        ? `${E}${of(w, prop)} must be ${k} ${range} (got ${brief(value)}).`
        : `${E}${of(w, prop)}は${range}${k}で指定してください（指定値: ${brief(value)}）。`;
    },
    notPositive: (w: Where, prop: string, value: unknown) =>
      en
        ? `${E}${of(w, prop)} must be a number greater than 0 (got ${brief(value)}).`
        : `${E}${of(w, prop)}は0より大きい数値で指定してください（指定値: ${brief(value)}）。`,
    emptyOptions: (w: Where) =>
      en
        ? `${E}${of(w, 'options')} is empty. Add at least one {"value": "...", "label": "..."}.`
        : `${E}${of(w, 'options')}が空です。少なくとも1つの選択肢を {"value": "...", "label": "..."} の形で指定してください。`,
    badOption: (w: Where, i: number, value: unknown) =>
      en
        ? `${E}${of(w, `options[${i}]`)} must be {"value": "...", "label": "..."} with string value and label (got ${brief(value)}).`
        : `${E}${of(w, `options[${i}]`)}が正しくありません（指定値: ${brief(value)}）。valueとlabelを文字列にして {"value": "...", "label": "..."} の形で指定してください。`,
    duplicateOption: (w: Where, i: number, first: number, value: string) =>
      en
        ? `${E}${of(w, `options[${i}]`)} repeats the value ${q(value)} of options[${first}]. Give each option its own value.`
        : `${E}${of(w, `options[${i}]`)}のvalue ${q(value)} はoptions[${first}]と重複しています。異なるvalueを指定してください。`,
    duplicateName: (w: Where, name: string, first: number) =>
      en
        ? `${E}${of(w, 'name')} ${q(name)} is already used by field[${first}]. Choose another name.`
        : `${E}${of(w, 'name')} ${q(name)} はフィールド[${first}]と重複しています。別のnameを指定してください。`,
    reservedName: (w: Where, name: string) =>
      en
        ? `${E}${of(w, 'name')} ${q(name)} cannot be used. Choose another name.`
        : `${E}${of(w, 'name')} ${q(name)} は使用できません。別のnameを指定してください。`,
    dependsOnMissing: (w: Where, target: string) =>
      en
        ? `${E}${of(w, 'dependsOn')} ${q(target)} names no field. Write the name of an earlier field.`
        : `${E}${of(w, 'dependsOn')} ${q(target)} に該当するフィールドがありません。このフィールドより前にあるフィールドのnameを指定してください。`,
    dependsOnLater: (w: Where, target: string, targetIndex: number) =>
      en
        ? `${E}${of(w, 'dependsOn')} ${q(target)} points at field[${targetIndex}], which is not earlier. Put the parent field before this one.`
        : `${E}${of(w, 'dependsOn')} ${q(target)} はフィールド[${targetIndex}]を指しています。親フィールドはこのフィールドより前に置いてください。`,
    minAboveMax: (w: Where, minProp: string, maxProp: string, min: unknown, max: unknown) =>
      en
        ? `${E}${of(w, minProp)} (${min}) is greater than ${maxProp} (${max}). Make ${minProp} <= ${maxProp}.`
        : `${E}${of(w, minProp)}（${min}）が${maxProp}（${max}）より大きくなっています。${minProp} ≤ ${maxProp} になるよう指定してください。`,
    minSelectAboveOptions: (w: Where, n: number, count: number) =>
      en
        ? `${E}${of(w, 'minSelect')} (${n}) is more than the ${count} options. Lower minSelect or add options.`
        : `${E}${of(w, 'minSelect')}（${n}）が選択肢の数（${count}）を超えています。minSelectを減らすか選択肢を追加してください。`,
    badPattern: (w: Where, pattern: string, problem: PatternProblem) => {
      const p = `${of(w, 'pattern')} ${q(pattern)}`;
      switch (problem.kind) {
        case 'syntax': {
          const why = (en ? SYNTAX_EN : SYNTAX_JA)[problem.reason];
          return en
            ? `${E}${p} cannot be used: ${why} (character ${problem.at + 1}). Write it with plain JavaScript regex syntax: characters, classes, groups, | and quantifiers.`
            : `${E}${p} は使えません: ${why}（${problem.at + 1}文字目）。文字・文字クラス・グループ・|・量指定子だけのJavaScript正規表現で書いてください。`;
        }
        case 'backreference':
          return en
            ? `${E}${p} uses a backreference, which is not supported. Write the pattern without \\1 or \\k<name>.`
            : `${E}${p} は後方参照を含みます。後方参照（\\1、\\k<name>）を使わないパターンを指定してください。`;
        case 'lookaround': {
          const rule = repairs?.splitLookaheadRule(pattern, w?.type === 'text');
          const how =
            rule?.kind === 'tooMany'
              ? en
                ? ` It requires ${rule.kinds} kinds of character; one pattern can require at most ${rule.checked} in every order within the size limit. Write ${splitText(rule)} and say the other kinds in patternError and the label (they are not checked).`
                : `${rule.kinds}種類の文字を必須にしていますが、1つのパターンで順不同に必須にできるのは大きさの上限内で${rule.checked}種類までです。${splitText(rule)} と書き、残りの種類は patternError と label で伝えてください（検査はされません）。`
              : en
                ? ' To require kinds of character, list them in every order in one pattern ("[A-Z].*\\\\d|\\\\d.*[A-Z]") and write the length as minLength / maxLength.'
                : '文字の種類を必須にするには、1つのパターンに順不同の並びを | で並べ（"[A-Z].*\\\\d|\\\\d.*[A-Z]"）、長さは minLength / maxLength で指定してください。';
          return en
            ? `${E}${p} uses lookahead or lookbehind, which is not supported. Write the pattern without (?=, (?!, (?<= or (?<!.${how}`
            : `${E}${p} は先読み・後読みを含みます。(?=、(?!、(?<=、(?<! を使わないパターンを指定してください。${how}`;
        }
        case 'tooLong':
          return en
            ? `${E}${of(w, 'pattern')} is longer than ${problem.max} characters. Write a shorter pattern.`
            : `${E}${of(w, 'pattern')}が長すぎます（最大${problem.max}文字）。短いパターンを指定してください。`;
        case 'tooBig':
          return en
            ? `${E}${p} is too large to match quickly (size ${problem.size}, limit ${problem.max}). Repeating a group multiplies its size: repeat single characters or classes instead ([a-z]{1,64}), limit the length with maxLength, and offer a fixed list of words as select options.`
            : `${E}${p} は大きすぎて速く照合できません（規模 ${problem.size}、上限 ${problem.max}）。グループの繰り返しは規模を掛け算で増やします。1文字や文字クラスの繰り返し（[a-z]{1,64}）にする、長さは maxLength で制限する、決まった語の一覧は select の options にする、などで小さくしてください。`;
      }
    },
    patternsTooBig: (w: Where, what: 'size' | 'length', total: number, max: number) =>
      en
        ? `${E}${of(w, 'pattern')}: the patterns of this form add up to more than the limit of ${max} ${what === 'size' ? 'in size' : 'characters'} (${total} up to here). Use fewer or simpler patterns.`
        : `${E}${of(w, 'pattern')}: このフォームのpatternの${what === 'size' ? '規模' : '文字数'}の合計が上限 ${max} を超えました（ここまでの合計 ${total}）。patternを減らすか簡単にしてください。`,
    badDateExpr: (w: Where, prop: string, value: string) => {
      // A date in another order that means two days (12/01/2026): both ISO forms, the model knows which.
      const forms = isoFormsOf(value);
      if (forms.length > 1) {
        const [us, world] = forms.map((f) => JSON.stringify(f));
        return en
          ? `${E}${of(w, prop)} ${q(value)} is ambiguous: write ${us} if it is month/day, or ${world} if it is day/month (ISO dates, YYYY-MM-DD).`
          : `${E}${of(w, prop)} ${q(value)} は日付の順序が曖昧です。月/日なら ${us}、日/月なら ${world} と書いてください（ISO形式 YYYY-MM-DD）。`;
      }
      // Words for a span from today: the days it means, which the model can check and keep.
      const span = /next\s*week|in\s*a\s*week|来週|一週間後|1週間後/i.test(value)
        ? '+7days'
        : /next\s*month|in\s*a\s*month|来月|一か月後|1か月後|一ヶ月後|1ヶ月後/i.test(value)
          ? '+30days'
          : /next\s*year|in\s*a\s*year|来年|一年後|1年後/i.test(value)
            ? '+365days'
            : undefined;
      const more = span
        ? en
          ? ` For ${q(value)} from today, write "${span}".`
          : `今日から${q(value)}なら "${span}" と書いてください。`
        : '';
      return en
        ? `${E}${of(w, prop)} ${q(value)} is not understood. Write "today", "+30days", "-7days" or an ISO date such as "2025-01-31".${more}`
        : `${E}${of(w, prop)} ${q(value)} は解釈できません。"today"、"+30days"、"-7days"、"2025-01-31" のいずれかの形で指定してください。${more}`;
    },
    badUrl: (w: Where, prop: string, value: string) =>
      en
        ? `${E}${of(w, prop)} ${q(value)} is not a usable URL. Write "https://..." or a path such as "/api/..." (one leading slash; no backslash, no "//host", no spaces, no user:password@).`
        : `${E}${of(w, prop)} ${q(value)} はURLとして正しくありません。"https://..." または "/api/..." の形で指定してください（先頭のスラッシュは1つ。バックスラッシュ、"//ホスト"、空白、user:password@ は使えません）。`,
    privateUrl: (w: Where, prop: string, value: string, kind: string) => {
      const what = {
        metadata: en ? 'a cloud metadata address' : 'クラウドのメタデータのアドレス',
        'link-local': en ? 'a link-local address' : 'リンクローカルアドレス',
        private: en ? 'a private network address' : 'プライベートネットワークのアドレス',
      }[kind];
      return en
        ? `${W}${of(w, prop)} ${q(value)} names ${what}: the form would fetch it from wherever it is shown. Use it only if it is meant (allowPrivateUrls in the server's config, check --allow-private-urls).`
        : `${W}${of(w, prop)} ${q(value)} は${what}です。フォームを表示した場所から読み込まれます。意図したものでなければ使わないでください（意図したものなら、サーバー設定の allowPrivateUrls、check の --allow-private-urls）。`;
    },
    badDefault: (w: Where, value: unknown, reason: string) =>
      en
        ? `${E}${of(w, 'default')} ${brief(value)} breaks the field's own rules (${reason}). Write a default that passes them.`
        : `${E}${of(w, 'default')} ${brief(value)} がフィールドの条件を満たしていません（${reason}）。条件を満たす値を指定してください。`,
    badLocale: (value: unknown) =>
      en
        ? `${E}locale must be "ja" or "en" (got ${brief(value)}).`
        : `${E}localeは "ja" または "en" で指定してください（指定値: ${brief(value)}）。`,
    placeholderInUrl: (w: Where, prop: string, url: string) => {
      const via =
        w?.type === 'cascading-select' ? 'dependsOnParam' : prop === 'loadUrl' ? 'loadUrl' : 'searchParams';
      const found = /\{[^{}]*\}|%7B[^%]*%7D|[{}]/i.exec(url)![0];
      const placeholder = /^%7B/i.test(found) ? `{${found.slice(3, -3)}}` : found;
      const how =
        via === 'searchParams'
          ? en
            ? 'Write the URL without it and put the typed text in a query parameter: "searchParams": {"q": "{query}"}.'
            : 'URLからは外し、入力内容はクエリパラメータで渡してください: "searchParams": {"q": "{query}"}。'
          : via === 'dependsOnParam'
            ? en
              ? "Write the URL without it: the parent's value is sent as ?<dependsOnParam>=<value>."
              : 'URLからは外してください。親フィールドの値は ?<dependsOnParam>=<値> として送られます。'
            : en
              ? 'Write the URL without it: loadUrl is fetched once, as written.'
              : 'URLからは外してください。loadUrl は書かれたとおりに一度だけ読み込まれます。';
      return en
        ? `${E}${of(w, prop)} ${q(url)} has ${placeholder}, which is never filled in a URL. ${how}`
        : `${E}${of(w, prop)} ${q(url)} の ${placeholder} はURLの中では置き換えられません。${how}`;
    },
    badAccept: (w: Where, _prop: string, value: string) => {
      const { bad, fixed } = acceptFix(value);
      return en
        ? `${E}${of(w, 'accept')} ${q(value)}: ${bad.map(q).join(', ')} is neither an extension nor a MIME type, so every file would be refused. Write ${JSON.stringify(fixed)} (extensions start with a dot; MIME types have a slash, e.g. "image/*").`
        : `${E}${of(w, 'accept')} ${q(value)} の ${bad.map(q).join('、')} は拡張子でもMIMEタイプでもないため、どのファイルも受け付けられません。${JSON.stringify(fixed)} と書いてください（拡張子は . で始め、MIMEタイプは "image/*" のように / を含めます）。`;
    },
    regexLiteral: (w: Where, _prop: string, pattern: string) => {
      const [, source = pattern, flags = ''] = /^\/(.+)\/([a-z]*)$/s.exec(pattern) ?? [];
      const i = flags.includes('i');
      return en
        ? `${E}${of(w, 'pattern')} ${q(pattern)} is a regex literal with flags ('${flags}'); a pattern is the source alone and takes no flags. Write ${JSON.stringify(source)}${i ? ' and spell out both cases where it matters ([A-Za-z])' : ''}.`
        : `${E}${of(w, 'pattern')} ${q(pattern)} はフラグ付きの正規表現リテラルです（'${flags}'）。patternはフラグなしの本体だけを書きます。${JSON.stringify(source)} と書いてください${i ? '（大文字小文字を区別しない箇所は [A-Za-z] のように両方書く）' : ''}。`;
    },
    renamed: (w: Where, from: string, to: string) =>
      en
        ? `${N}${w ? `${at(locale, w)}: ` : ''}property ${q(from)} was read as ${q(to)}. Write ${q(to)} next time.`
        : `${N}${w ? `${at(locale, w)}の` : ''}プロパティ ${q(from)} を ${q(to)} として読みました。次回は ${q(to)} と書いてください。`,
    readAs: (w: Where, prop: string, from: unknown, to: unknown) =>
      en
        ? `${N}${of(w, prop)} ${value(from)} was read as ${value(to)}.`
        : `${N}${of(w, prop)} ${value(from)} を ${value(to)} として読みました。`,
    optionsRead: (w: Where, from: unknown, to: unknown) =>
      en
        ? `${N}${of(w, 'options')} were read as {"value", "label"} pairs: ${value(from)} as ${json(to)}. Write them so next time.`
        : `${N}${of(w, 'options')}を {"value", "label"} の組として読みました（${value(from)} を ${json(to)} として）。次回はこの形で書いてください。`,
    lookaheadSplit: (w: Where, from: string, split: LookaheadSplit) =>
      en
        ? `${N}${of(w, 'pattern')} ${q(from)} uses lookahead, which patterns cannot; it was split into the checks it means: ${splitText(split)}. Write them so next time.`
        : `${N}${of(w, 'pattern')} ${q(from)} は先読みを使っているため、同じ意味の検査に分けました: ${splitText(split)}。次回はこの形で書いてください。`,
    defaultFromOption: (w: Where, flag: string, initial: unknown) =>
      en
        ? `${N}${of(w, 'options')}: the option marked "${flag}": true was read as "default": ${json(initial)}. Write the default so next time.`
        : `${N}${of(w, 'options')}の "${flag}": true の選択肢を "default": ${json(initial)} として読みました。次回は default で書いてください。`,
    clamped: (w: Where, prop: string, from: number, to: number) =>
      en
        ? `${N}${of(w, prop)} ${from} is out of range, so ${to} is used.`
        : `${N}${of(w, prop)} ${from} は範囲外のため ${to} にしました。`,
    multipleToType: (w: Where, to: string) =>
      en
        ? `${N}${at(locale, w)} has "multiple": true, so it is shown as ${q(to)}: the person may choose several and the answer is an array.`
        : `${N}${at(locale, w)}に "multiple": true があるため ${q(to)} として表示します。複数選択でき、回答は配列になります。`,
    queryInUrl: (w: Where, from: string, to: string, moved: Record<string, string>) =>
      en
        ? `${N}${of(w, 'searchUrl')} ${q(from)}: its {query} parameter was moved to searchParams ${json(moved)}; searchUrl is now ${q(to)}.`
        : `${N}${of(w, 'searchUrl')} ${q(from)} の {query} のパラメータを searchParams ${json(moved)} に移し、searchUrl は ${q(to)} にしました。`,
    /**
     * `known`: the names the form (w null) or the field's type takes, for "did you mean"; what the
     * vocabulary offers for what the model meant (property-hints.ts, with the repairs) comes first when
     * there is one.
     */
    unknownProp: (w: Where, prop: string, known: readonly string[], given?: unknown) => {
      const type = w ? (isFieldType(w.type) ? w.type : undefined) : null;
      const hint = type === undefined ? undefined : repairs?.propertyHint(prop, given, type, locale);
      const near = hint ? undefined : nearProperty(prop, known, w ? 'field' : 'form');
      const more = hint ? `${en ? ' ' : ''}${hint}` : '';
      return en
        ? `${W}${w ? `${at(locale, w)}: ` : ''}unknown property ${q(prop)} is ignored.${near ? ` Did you mean ${q(near)}?` : ''}${more}`
        : `${W}${w ? `${at(locale, w)}の` : ''}不明なプロパティ ${q(prop)} は無視されます。${near ? `${q(near)} の誤りではありませんか？` : ''}${more}`;
    },
    noQueryParam: (w: Where) =>
      en
        ? `${W}${of(w, 'searchParams')} has no "{query}", so the typed text is not sent. Add e.g. "q": "{query}".`
        : `${W}${of(w, 'searchParams')}に "{query}" がないため、入力内容が検索に使われません。"q": "{query}" のように指定してください。`,
  };
}
