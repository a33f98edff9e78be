// The demo's "show all field types" form: examples/forms/all-types.json, the one form with every field
// type that the examples, the tests and this demo share. The package ships a copy in dist/demo/
// (scripts/demo-forms.mjs); run from its sources, the host reads the file itself. English is the same
// form with the words of ENGLISH (a test holds every word of the file to an entry).
import { readFileSync } from 'node:fs';
import type { FormField, FormSchema, Locale } from '@formrequest/schema';

const FILE = new URL(
  import.meta.url.endsWith('.ts') ? '../../../../examples/forms/all-types.json' : '../demo/all-types.json',
  import.meta.url,
);

/** The English of each Japanese word of the form (titles, labels, placeholders, options, ...). */
export const ENGLISH: Readonly<Record<string, string>> = {
  全フィールドタイプ: 'All field types',
  '18種類すべてのフィールド': 'Each of the 18 field types',
  登録する: 'Register',
  やめる: 'Not now',
  基本情報: 'Basics',
  まずは基本から: 'The basics first',
  プロジェクト名: 'Project name',
  '例: my-awesome-app': 'e.g. my-awesome-app',
  小文字英数字とハイフンのみ使用可能です: 'Use lower-case letters, digits and hyphens only',
  プロジェクト説明: 'Project description',
  'このプロジェクトは、ユーザー管理機能を提供するWebアプリケーションです。':
    'A web application that manages its users.',
  'REST APIを提供するバックエンドサービスです。': 'A back-end service with a REST API.',
  詳細設定: 'Details',
  プログラミング言語: 'Programming language',
  機能: 'Features',
  認証: 'Authentication',
  DB連携: 'Database',
  テスト: 'Tests',
  担当者: 'Assignee',
  '名前を入力して検索...': 'Type a name to search...',
  チームメンバー: 'Team members',
  国: 'Country',
  都道府県: 'Prefecture',
  カテゴリ: 'Category',
  利用規約に同意する: 'I agree to the terms',
  優先度: 'Priority',
  高: 'High',
  中: 'Medium',
  低: 'Low',
  数量: 'Quantity',
  '予算配分 (%)': 'Budget share (%)',
  期限: 'Due date',
  ミーティング日時: 'Meeting time',
  添付ファイル: 'Attachment',
};

let form: FormSchema | undefined;

/** The words of a form a person reads, as [holder, key] pairs (options and suggestions included). */
export function formWords(schema: FormSchema): [Record<string, unknown>, string | number][] {
  const words: [Record<string, unknown>, string | number][] = [];
  const each = (holder: Record<string, unknown>, keys: readonly string[]) => {
    for (const key of keys) if (typeof holder[key] === 'string') words.push([holder, key]);
  };
  each(schema as unknown as Record<string, unknown>, ['title', 'description', 'submitLabel', 'cancelLabel']);
  for (const field of schema.fields as (FormField & Record<string, unknown>)[]) {
    each(field, ['label', 'text', 'description', 'placeholder', 'patternError']);
    const suggestions = field.suggestions as unknown[] | undefined;
    for (let i = 0; i < (suggestions?.length ?? 0); i++)
      words.push([suggestions as unknown as Record<string, unknown>, i]);
    for (const option of (field.options as Record<string, unknown>[] | undefined) ?? [])
      each(option, ['label']);
  }
  return words;
}

/** The form in `locale`: as the file says it in Japanese, with ENGLISH's words in English. */
export function allTypesForm(locale: Locale): FormSchema {
  form ??= JSON.parse(readFileSync(FILE, 'utf8')) as FormSchema;
  const copy = structuredClone(form);
  if (locale === 'en')
    for (const [holder, key] of formWords(copy)) {
      const word = holder[key] as string;
      holder[key] = ENGLISH[word] ?? word;
    }
  return copy;
}
