// The model-facing text of `request_form`: when to use a form, the 18 field types in brief, the
// guidelines of the seed's Agent Skills section, and the search endpoints from the server config.
// Japanese like the seed (the form's UI language); field and property names stay as in the vocabulary.
import { PATTERN_SYNTAX_JA } from '@formrequest/schema';
import type { SearchEndpoint, ServerConfig } from './config.js';
import { deliveryLines } from './description-delivery.js';

/** The seed's endpoint table: `| 用途 | URL | パラメータ |`, parameters as `` `q`: 検索クエリ, `limit`: 件数 `` or `なし`. */
export function endpointsTableMarkdown(endpoints: readonly SearchEndpoint[]): string {
  const rows = endpoints.map((endpoint) => {
    const params = Object.entries(endpoint.params ?? {});
    const paramText =
      params.length === 0
        ? 'なし'
        : params.map(([name, meaning]) => `\`${name}\`: ${cell(meaning)}`).join(', ');
    return `| ${cell(endpoint.purpose)} | \`${endpoint.url}\` | ${paramText} |`;
  });
  return ['| 用途 | URL | パラメータ |', '|------|-----|-----------|', ...rows].join('\n');
}

// A table cell must stay on one line and must not end the cell early.
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

const FIELD_TYPE_LINES = [
  '- `text`: 1行テキスト（placeholder, required, minLength, maxLength, pattern, patternError, default, suggestions）',
  '- `textarea`: 複数行テキスト（rows 既定3, maxLength, suggestions）',
  '- `select` / `radio`: 固定の選択肢から1つ（options: [{value, label}], default）',
  '- `multiselect`: 固定の選択肢から複数（options, minSelect, maxSelect）',
  '- `autocomplete`: 検索APIから1つ（searchUrl, searchParams の "{query}" が入力に置換, displayField, valueField, renderTemplate "{name} ({email})", minChars 既定1, debounceMs 既定300）',
  '- `multi-autocomplete`: 検索APIから複数（searchUrl, displayField, valueField, maxSelect）',
  '- `async-select`: 表示時に loadUrl から選択肢を読み込む（displayField, valueField）',
  '- `cascading-select`: 親フィールドの値で選択肢が変わる（searchUrl, dependsOn に前にあるフィールドの name, dependsOnParam, displayField, valueField）',
  '- `checkbox`: 真偽値（label 必須, required でチェック必須）',
  '- `number`: 数値（min, max, step, default）／`range`: スライダー（min 既定0, max 既定100, step 既定1, showValue）',
  '- `date`: 日付（minDate / maxDate に "today", "+30days", "-7days" または ISO 日付）／`datetime`: 日時',
  '- `file`: ファイル（accept ".pdf,.docx", maxSize バイト, multiple）',
  '- `hidden`: 画面に出さない固定値（value 必須）。送信データにそのまま入る',
  '- `heading`: 見出し（text 必須, level 1-4 既定2, description）／`divider`: 区切り線（label 任意）',
  // The checker's contract, word for word (the catalog's `pattern` doc says the same in English).
  `- \`pattern\`（text, textarea）: ${PATTERN_SYNTAX_JA}`,
];

const GUIDELINES = [
  '1. **複数の情報が必要な場合はフォームを使用**（プロジェクト作成、設定変更、複雑なデータ入力など）',
  '2. **単純な選択のみの場合は通常の会話で確認**（はい/いいえ、A/B/Cの選択などは AskUserQuestion などで）',
  '3. **検索が必要なフィールドには autocomplete タイプを使用**（ユーザー検索、プロジェクト検索など）',
  '4. **テキスト入力には suggestions で入力例を提示**（ユーザーの入力を助けるヒントを提供）',
  '5. **フォームが長くなる場合は divider や heading でセクション分け**（視覚的な整理でユーザビリティを向上）',
];

/** The example form models are shown (the tool description and the form skill use the same one). */
export const EXAMPLE_FORM = {
  title: '新規プロジェクト作成',
  fields: [
    {
      name: 'name',
      type: 'text',
      label: 'プロジェクト名',
      required: true,
      suggestions: ['my-web-app', 'api-service'],
    },
    {
      name: 'language',
      type: 'select',
      label: '言語',
      options: [
        { value: 'python', label: 'Python' },
        { value: 'typescript', label: 'TypeScript' },
      ],
    },
  ],
};

/** The description of the `request_form` tool for the given server config. */
export function requestFormToolDescription(config: ServerConfig = {}): string {
  const endpoints = config.endpoints ?? [];
  const endpointSection =
    endpoints.length > 0
      ? ['### 利用可能な検索エンドポイント', '', endpointsTableMarkdown(endpoints)]
      : [
          '### 検索エンドポイント',
          '',
          'このサーバーには検索エンドポイントが設定されていません。autocomplete / async-select / cascading-select の URL は、ユーザーやシステムプロンプトが示したものだけを使ってください。',
        ];
  return [
    'ユーザーにフォーム入力を求めます。form_schema（title と fields）でフォームを定義すると、ユーザーの画面にフォームが表示されます。',
    ...deliveryLines(config),
    'スキーマに誤りがあると isError の結果でどこをどう直すかが返ります。直して呼び直してください。',
    '',
    '### 使用ガイドライン',
    '',
    ...GUIDELINES,
    '',
    '### フィールドタイプ（18種）',
    '',
    ...FIELD_TYPE_LINES,
    '',
    '入力フィールドには一意の name が必要です（heading と divider には不要）。',
    '',
    ...endpointSection,
    '',
    '### フォーム例',
    '',
    '```json',
    JSON.stringify(EXAMPLE_FORM),
    '```',
  ].join('\n');
}
