// The model-facing text of `request_form`, written once for every place that defines the tool (the MCP
// server, the AI SDK tool of @formrequest/react): the delivery sentences (where the answers arrive,
// which the caller knows), the answer's shape from the catalog, the search endpoints and the guidelines.
// Claude Code cuts an MCP tool description at 2,048 characters, so only what the input schema cannot
// say is here, most important first. Japanese like the seed; field and property names stay as written.
import { FIELD_CATALOG, type FieldType, type ValueKind } from './catalog.js';
import { endpointsTableMarkdown, guidelineLines, type SearchEndpoint } from './guidance.js';

/** What each kind of answer value looks like in the JSON the model receives. */
export const ANSWER_JA: Record<Exclude<ValueKind, 'none'>, string> = {
  string: '文字列',
  number: '数値',
  boolean: 'true/false',
  option: 'value',
  options: 'value の配列',
  remote: 'valueField の値',
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

/**
 * Where the answers arrive when the page hands them back as the tool's own result (a client-side
 * tool: the AI SDK's tool output): `{status: "submitted", values}` or `{status: "cancelled", message}`.
 */
export const TOOL_RESULT_DELIVERY: readonly string[] = [
  'form_schema（title と fields）でフォームを表示し、ユーザーに入力してもらいます。',
  '回答はこのツールの結果で返ります: {"status":"submitted","values":{…}}（values は name をキーにした値。未入力の任意項目は省略）、キャンセル時は {"status":"cancelled","message":"フォーム入力をキャンセルしました。"}。',
];

/** The description of `request_form`: `delivery` says where the answers arrive, `endpoints` what to search. */
export function requestFormDescription(
  delivery: readonly string[],
  endpoints: readonly SearchEndpoint[] = [],
): string {
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
    ...delivery,
    `値: ${answerShapeText()}。`,
    '',
    ...endpointSection,
    '',
    '### 使用ガイドライン',
    ...guidelineLines(),
    '',
    '誤りは isError の結果が示す直し方で直して呼び直す。英語のフォームは "locale": "en"。',
  ].join('\n');
}
