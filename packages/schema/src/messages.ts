// Every sentence a person or a model reads, in Japanese (the seed's wording, the default) and English.
// `{name}` placeholders are filled by t(); values are inserted as plain text.
import type { Locale } from './types.js';

const ja = {
  // Answer validation (seed 000, フロントエンド実装ガイド 3).
  required: '{label}は必須です',
  minLength: '{label}は{n}文字以上で入力してください',
  maxLength: '{label}は{n}文字以下で入力してください',
  pattern: '{label}の形式が正しくありません',
  min: '{label}は{n}以上で入力してください',
  max: '{label}は{n}以下で入力してください',
  minSelect: '{label}は{n}個以上選択してください',
  maxSelect: '{label}は{n}個以下で選択してください',
  // The same style for the checks the guide leaves implicit.
  notNumber: '{label}は数値で入力してください',
  step: '{label}は{n}刻みで入力してください',
  notOption: '{label}は選択肢の中から選んでください',
  duplicate: '{label}に同じ項目が重複しています',
  badValue: '{label}の値が正しくありません',
  badDate: '{label}はYYYY-MM-DDの形式で入力してください',
  badDatetime: '{label}はYYYY-MM-DDTHH:mmの形式で入力してください',
  minDate: '{label}は{date}以降の日付を入力してください',
  maxDate: '{label}は{date}以前の日付を入力してください',
  fileSize: '{label}のファイルサイズは{size}以下にしてください',
  fileType: '{label}のファイル形式が許可されていません（許可: {accept}）',
  fileSingle: '{label}はファイルを1つだけ選択してください',
  // Submit and cancel (seed 000, 6 and 7).
  cancelled: 'フォーム入力をキャンセルしました。',
  submit: '送信',
  cancel: 'キャンセル',
  // Renderer UI.
  suggestions: '候補:',
  loading: '読み込み中…',
  noResults: '該当する項目がありません',
  searchError: '検索できませんでした。もう一度お試しください。',
  loadError: '選択肢を読み込めませんでした。',
  retry: '再試行',
  choose: '選択してください',
  chooseParentFirst: '先に{parent}を選択してください',
  typeToSearch: '{n}文字以上入力すると検索します',
  remove: '{item}を削除',
  unpicked: '「{text}」はまだ選択されていません。一覧から選ぶか、入力を消してください',
  selected: '{n}件選択中',
  fileChoose: 'ファイルを選択',
  fileNone: 'ファイルが選択されていません',
  requiredMark: '必須',
  invalidForm: 'このフォームは表示できません',
  fixErrors: '入力内容を確認してください',
  sending: '送信中…',
  // The tool result (seed 000, 出力フォーマット).
  waiting: 'フォーム入力を待機しています。',
  fieldCount: 'フィールド数: {n}',
  nextMessage: 'ユーザーがフォームに入力後、次のメッセージとして入力内容が送信されます。',
} as const;

export type MessageKey = keyof typeof ja;

const en: Record<MessageKey, string> = {
  required: '{label} is required',
  minLength: '{label} must be at least {n} characters',
  maxLength: '{label} must be at most {n} characters',
  pattern: '{label} is not in the expected format',
  min: '{label} must be at least {n}',
  max: '{label} must be at most {n}',
  minSelect: 'Select at least {n} for {label}',
  maxSelect: 'Select at most {n} for {label}',
  notNumber: '{label} must be a number',
  step: '{label} must be in steps of {n}',
  notOption: 'Choose {label} from the options',
  duplicate: '{label} lists the same item twice',
  badValue: '{label} has an invalid value',
  badDate: '{label} must be a date in the form YYYY-MM-DD',
  badDatetime: '{label} must be a date and time in the form YYYY-MM-DDTHH:mm',
  minDate: '{label} must be on or after {date}',
  maxDate: '{label} must be on or before {date}',
  fileSize: '{label} must be a file of {size} or less',
  fileType: '{label} does not accept this file type (allowed: {accept})',
  fileSingle: '{label} takes a single file',
  cancelled: 'Form input was cancelled.',
  submit: 'Submit',
  cancel: 'Cancel',
  suggestions: 'Suggestions:',
  loading: 'Loading…',
  noResults: 'No matches',
  searchError: 'Search failed. Please try again.',
  loadError: 'Could not load the options.',
  retry: 'Retry',
  choose: 'Choose…',
  chooseParentFirst: 'Choose {parent} first',
  typeToSearch: 'Type {n} or more characters to search',
  remove: 'Remove {item}',
  unpicked: '"{text}" is not selected yet: pick it from the list or clear the box',
  selected: '{n} selected',
  fileChoose: 'Choose file',
  fileNone: 'No file chosen',
  requiredMark: 'required',
  invalidForm: 'This form cannot be shown',
  fixErrors: 'Please check your input',
  sending: 'Sending…',
  waiting: 'Waiting for form input.',
  fieldCount: 'Fields: {n}',
  nextMessage: 'Once the user fills in the form, the input is sent as the next message.',
};

const catalogs: Record<Locale, Record<MessageKey, string>> = { ja, en };

/** Fills a message template; `{x}` without a value stays as written. */
export function format(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}

/** The message `key` in `locale` (Japanese unless 'en'), with its placeholders filled. */
export function t(locale: Locale | undefined, key: MessageKey, params?: Record<string, unknown>): string {
  return format(catalogs[locale === 'en' ? 'en' : 'ja'][key], params);
}

export function resolveLocale(...candidates: unknown[]): Locale {
  for (const c of candidates) if (c === 'en' || c === 'ja') return c;
  return 'ja';
}

/**
 * The language a form is written in: its own `locale`; else Japanese when its title, description,
 * labels, headings or options have kana or kanji, English when they have Latin words; else undefined.
 * A host that shows forms in a page of another language keeps each form in its own (no
 * `プロジェクト名 is required` beside Cancel and Submit).
 */
export function formLocale(schema: unknown): Locale | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const form = schema as { locale?: unknown; fields?: unknown };
  if (form.locale === 'ja' || form.locale === 'en') return form.locale;
  const texts: unknown[] = [
    (form as Record<string, unknown>).title,
    (form as Record<string, unknown>).description,
  ];
  for (const field of Array.isArray(form.fields) ? form.fields : []) {
    if (!field || typeof field !== 'object') continue;
    const f = field as Record<string, unknown>;
    texts.push(f.label, f.text, f.description, f.placeholder);
    if (Array.isArray(f.options))
      for (const o of f.options) texts.push((o as Record<string, unknown>)?.label);
  }
  const all = texts.filter((t) => typeof t === 'string').join('\n');
  if (/[\u3040-\u30ff\u3400-\u9fff]/.test(all)) return 'ja';
  return /[A-Za-z]{2,}/.test(all) ? 'en' : undefined;
}
