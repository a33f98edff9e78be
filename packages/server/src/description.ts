// The model-facing text of `request_form`. Claude Code cuts an MCP tool description at 2,048 characters
// and the whole definition (this text plus the input schema) is read on every turn, so it carries only
// what the schema cannot say, most important first: when to use a form, that the turn ends and the
// answer comes as the next message, the answer's shape, and the search endpoints (seed 000's Agent
// Skills table). The properties of each type are in the input schema (the catalog's compact table).
// Japanese like the seed; field and property names stay as in the vocabulary.

import type { ServerConfig } from '@formrequest/internal/config';
import { FIELD_CATALOG, type FieldType, type ValueKind } from '@formrequest/schema';
import { endpointsTableMarkdown, guidelineLines } from '@formrequest/schema/guidance';
import { deliveryLines } from './description-delivery.js';

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
    '誤りは isError の結果が場所と直し方を示すので、直して呼び直す。英語のフォームは "locale": "en"。',
  ].join('\n');
}
