// The model-facing text of `request_form`. Claude Code cuts an MCP tool description at 2,048 characters
// and the whole definition (this text plus the input schema) is read on every turn, so it carries only
// what the schema cannot say, most important first: when to use a form, that the turn ends and the
// answer comes as the next message, the answer's shape, and the search endpoints (seed 000's Agent
// Skills table). The properties of each type are in the input schema (the catalog's compact table).
// Japanese like the seed; field and property names stay as in the vocabulary.
import { FIELD_CATALOG, type FieldType, type ValueKind } from '@formrequest/schema';
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

/** What each kind of answer value looks like in the JSON the model receives. */
export const ANSWER_JA: Record<Exclude<ValueKind, 'none'>, string> = {
  string: '文字列',
  number: '数値',
  boolean: 'true/false',
  option: 'option の value',
  options: 'value の配列',
  remote: '項目の valueField の値',
  'remote[]': 'valueField の値の配列',
  date: '"YYYY-MM-DD"',
  datetime: '"YYYY-MM-DDTHH:mm"',
  file: '{name,type,size,data}（multiple なら配列）',
  fixed: 'value',
};

/** `text・textarea: 文字列、…`: every input type with its answer, grouped by kind, from the catalog. */
export function answerShapeText(): string {
  const byKind = new Map<ValueKind, FieldType[]>();
  for (const type of Object.keys(FIELD_CATALOG) as FieldType[]) {
    const kind = FIELD_CATALOG[type].value;
    if (kind !== 'none') byKind.set(kind, [...(byKind.get(kind) ?? []), type]);
  }
  return [...byKind]
    .map(([kind, types]) => `${types.join('・')}: ${ANSWER_JA[kind as Exclude<ValueKind, 'none'>]}`)
    .join('、');
}

/** One guideline: the rule, what it covers, and the rule in one line where that says it differently. */
export interface Guideline {
  readonly rule: string;
  readonly detail: string;
  readonly line?: string;
}

/**
 * The guidelines of seed 000's Agent Skills section, with our own `question` tool for simple choices:
 * written once, read by the tool description (one line each) and the form skill (rule and detail).
 */
export const GUIDELINES: readonly Guideline[] = [
  {
    rule: '複数の情報が必要な場合はフォームを使用',
    detail: 'プロジェクト作成、設定変更、複雑なデータ入力など',
  },
  {
    rule: '単純な選択のみの場合は通常の会話で確認',
    detail: 'はい/いいえ、A/B/Cの選択などは同じサーバーの question ツール（mcp__form__question）を使用',
    line: '単純な選択のみ（はい/いいえ、A/B/C）は `question` ツールを使用',
  },
  {
    rule: '検索が必要なフィールドには autocomplete タイプを使用',
    detail: 'ユーザー検索、プロジェクト検索など',
  },
  { rule: 'テキスト入力には suggestions で入力例を提示', detail: 'ユーザーの入力を助けるヒントを提供' },
  {
    rule: 'フォームが長くなる場合は divider や heading でセクション分け',
    detail: '視覚的な整理でユーザビリティを向上',
  },
];

/** The guidelines one line each, numbered (the tool description's). */
export function guidelineLines(): string[] {
  return GUIDELINES.map((g, i) => `${i + 1}. ${g.line ?? g.rule}`);
}

/** The guidelines as seed 000's skill writes them: each rule in bold, its detail under it. */
export function guidelinesMarkdown(): string {
  return GUIDELINES.map((g, i) => `${i + 1}. **${g.rule}**\n   - ${g.detail}`).join('\n\n');
}

/** The example form models are shown (the tool description and the form skill use the same one). */
export const EXAMPLE_FORM = {
  title: '新規プロジェクト作成',
  fields: [
    { name: 'name', type: 'text', label: 'プロジェクト名', required: true },
    {
      name: 'lang',
      type: 'select',
      label: '言語',
      options: [
        { value: 'py', label: 'Python' },
        { value: 'go', label: 'Go' },
      ],
    },
  ],
};

/** The description of the `request_form` tool for the given server config. */
export function requestFormToolDescription(config: ServerConfig = {}): string {
  const endpoints = config.endpoints ?? [];
  const endpointSection =
    endpoints.length > 0
      ? [
          '### 利用可能な検索エンドポイント',
          endpointsTableMarkdown(endpoints),
          'searchUrl・loadUrl にはこの表の URL だけを使ってください。',
        ]
      : [
          '### 検索エンドポイント',
          'このサーバーには設定されていません。searchUrl・loadUrl には、ユーザーやシステムプロンプトが示した URL だけを使ってください（なければ select などで尋ねる）。',
        ];
  return [
    ...deliveryLines(config),
    `値: ${answerShapeText()}。`,
    '',
    ...endpointSection,
    '',
    '### 使用ガイドライン',
    ...guidelineLines(),
    '',
    '誤りは isError の結果が場所と直し方を示すので、直して呼び直す。明らかな書き間違いは直して表示し、normalized で伝えます。英語のフォームは "locale": "en"。',
    '',
    `例: ${JSON.stringify(EXAMPLE_FORM)}`,
  ].join('\n');
}
