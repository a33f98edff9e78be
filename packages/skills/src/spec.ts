// The tool specification document of seed 002, filled from a server's real tools: frontmatter, the
// architecture pattern, the tool table, input schemas in zod-like notation ($refs followed) with _meta
// and annotations, the structuredContent shape of tools with an outputSchema, and lint findings. The
// template's sections that tools/list cannot tell (the result's _meta, the error policy, the design
// principles) are kept as the template has them, marked as placeholders to fill in.
import {
  type CatalogServer,
  type CatalogTool,
  descriptionOf,
  inputSchemaOf,
  mapping,
  propertiesOf,
  requiredOf,
  text,
} from './catalog.js';
import { toJson } from './data/json-write.js';
import { fromJs, isMapping, type Mapping, type Value } from './data/value.js';
import { yamlScalar } from './data/yaml-write.js';
import { type Finding, lintServer } from './lint.js';
import { clip } from './skill-md.js';
import {
  sourceToolOf,
  type ToolEffect,
  type ToolKind,
  toolEffect,
  toolKind,
  uiResourceOf,
} from './tool-kind.js';
import { derefOnce, type RefContext, refName, zodParameterLine } from './zod-notation.js';

/** Headings by what a data tool does (its annotations); UI tools by their kind. */
const EFFECT_HEADING: Record<ToolEffect, string> = {
  read: 'データ取得',
  write: 'データ更新',
  destructive: 'データ削除・上書き',
  unknown: 'データ操作（読み取り専用かは annotations で未宣言）',
};
const UI_HEADING: Record<Exclude<ToolKind, 'data'>, string> = {
  render: 'UI レンダリング',
  standalone: 'スタンドアロン',
};

const PLACEHOLDER = '（tools/list からは分からないため、テンプレートのまま。実装に合わせて埋める）';

export interface ToolSpec {
  markdown: string;
  findings: Finding[];
}

const cell = (value: string) => value.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|') || '—';

/** The table shows a description's first paragraph, at most 200 characters. */
const summary = (value: string) => clip(value.trim().split(/\n\s*\n/)[0] ?? '', 200);

export function toolSpec(server: CatalogServer): ToolSpec {
  const tools = server.tools;
  const kinds = new Map(tools.map((t) => [t, toolKind(t, server)]));
  const findings = lintServer(server);
  const has = (kind: ToolKind) => [...kinds.values()].includes(kind);
  const box = (on: boolean) => (on ? '[x]' : '[ ]');

  const out: string[] = [];
  out.push(`---\napp_name: ${yamlScalar(server.id)}\ntool_count: ${tools.length}\n---`, '');
  out.push('# ツール仕様', '', '## アーキテクチャパターン', '');
  out.push(
    `- ${box(has('render'))} **Decoupled Data + Render** — データ取得と UI レンダリングを分離（推奨）`,
  );
  out.push(`- ${box(has('standalone'))} **Standalone** — 1 ツールでデータ取得 + UI 表示`);
  if (!has('render') && !has('standalone'))
    out.push('', 'UI を表示するツールはありません（すべて data ツール）。');
  out.push(
    '',
    '## ツール一覧',
    '',
    '| Tool | Title | Description | Type | outputTemplate |',
    '|---|---|---|---|---|',
  );
  for (const tool of tools) {
    const annotations = mapping(tool.data, 'annotations');
    const title = text(tool.data, 'title') ?? (annotations ? text(annotations, 'title') : undefined) ?? '';
    out.push(
      `| ${cell(tool.name)} | ${cell(title)} | ${cell(summary(descriptionOf(tool)))} | ${kinds.get(tool)} | ${uiResourceOf(tool) ? 'あり' : 'なし'} |`,
    );
  }
  out.push('', '## 入力スキーマ詳細');
  for (const tool of tools) out.push('', ...toolDetail(tool, kinds.get(tool)!, server));

  out.push('', '## structuredContent の形');
  const withOutput = tools.filter((t) => mapping(t.data, 'outputSchema'));
  if (withOutput.length === 0)
    out.push(
      '',
      'outputSchema を持つツールはありません（structuredContent の形は tools/list からはわかりません）。',
    );
  for (const tool of withOutput) {
    const output = mapping(tool.data, 'outputSchema')!;
    const shape = toJson(new Map([['structuredContent', exampleOf(output)]]), 2);
    out.push('', `### ${tool.name}`, '', '```json', shape, '```');
  }
  out.push(
    '',
    '**設計原則:**',
    '- UI に必要な状態だけを小さくまとめる',
    '- UI レンダリングは structuredContent から完全に再構築可能にする',
    '- エラー時も structuredContent を空配列・デフォルト値で返す',
    '- 機密情報（トークン、内部ID等）は `_meta` に入れる（Widget のみ可視）',
  );

  out.push('', '## _meta の形（Widget 専用データ）', '', PLACEHOLDER, '');
  out.push(
    '```json',
    '{',
    '  "_meta": {',
    '    "sensitiveData": "Widget のみが参照できる大量/機密データ",',
    '    "openai/toolInvocation/invoking": "読み込み中...",',
    '    "openai/toolInvocation/invoked": "完了"',
    '  }',
    '}',
    '```',
  );

  out.push('', '## エラーレスポンス方針', '', PLACEHOLDER, '');
  out.push(
    '| ケース | content | structuredContent |',
    '|--------|---------|-------------------|',
    '| 入力不足 | エラーメッセージ（テキスト） | `{ items: [], error: "入力が不足しています" }` |',
    '| 権限不足 | 認証を促すメッセージ | `{ items: [], error: "認証が必要です" }` |',
    '| 依存サービス不調 | リトライを促すメッセージ | `{ items: [], error: "一時的にサービスに接続できません" }` |',
    '| データ0件 | 検索条件の変更を提案 | `{ items: [], totalCount: 0, hasMore: false }` |',
  );

  out.push(
    '',
    '## annotations 設計ガイド',
    '',
    '| フィールド | 説明 | 設定例 |',
    '|-----------|------|--------|',
  );
  out.push('| readOnlyHint | 読み取り専用操作 | 検索、一覧取得 → true |');
  out.push('| destructiveHint | データ削除/上書き | 削除操作 → true |');
  out.push('| openWorldHint | 外部公開操作 | メール送信 → true |');
  out.push('| idempotentHint | 冪等操作 | 同じ入力で同じ結果 → true |');
  out.push(
    '',
    '**注意:** `readOnlyHint: true` + `destructiveHint: false` の場合、ChatGPT は承認プロンプトをスキップする。',
  );

  out.push('', '## 検査結果（lint）', '');
  if (findings.length === 0) out.push('指摘はありません。');
  for (const f of findings)
    out.push(`- **${f.severity}** \`${f.tool}\` (${f.code}): ${f.message}. Fix: ${f.fix}.`);
  return { markdown: `${out.join('\n')}\n`, findings };
}

function toolDetail(tool: CatalogTool, kind: ToolKind, server: CatalogServer): string[] {
  const heading = kind === 'data' ? EFFECT_HEADING[toolEffect(tool)] : UI_HEADING[kind];
  const lines = [`### ${tool.name}（${heading}）`, ''];
  const schema = inputSchemaOf(tool);
  const required = new Set(requiredOf(schema));
  const source = kind === 'render' ? sourceToolOf(tool, server) : undefined;
  lines.push('- 入力:');
  const properties = propertiesOf(schema);
  if (properties.size === 0) lines.push('  - （なし）');
  for (const [name, spec] of properties) {
    const fallback = source ? `${source.name} の出力を受け取る` : '';
    lines.push(`  - ${zodParameterLine(name, spec, required.has(name), fallback, schema)}`);
  }
  const meta = mapping(tool.data, '_meta');
  if (meta && meta.size > 0) {
    lines.push('- _meta:');
    for (const [key, value] of flatten(meta)) lines.push(`  - ${key}: ${toJson(value)}`);
  }
  lines.push('- annotations:');
  const annotations = mapping(tool.data, 'annotations');
  if (!annotations || annotations.size === 0) lines.push('  - （なし）');
  else
    for (const [key, value] of annotations)
      lines.push(`  - ${key}: ${typeof value === 'string' ? JSON.stringify(value) : toJson(value)}`);
  return lines;
}

/** Nested `_meta` mappings as dotted keys, as the template writes `ui.resourceUri`. */
function flatten(object: Mapping, prefix = ''): [string, Value][] {
  const out: [string, Value][] = [];
  for (const [key, value] of object) {
    if (isMapping(value) && value.size > 0) out.push(...flatten(value, `${prefix}${key}.`));
    else out.push([`${prefix}${key}`, value]);
  }
  return out;
}

/**
 * A value of the schema's shape, as the template shows it: "string", 0, false, [one item], {fields};
 * a const, default, enum value or example when the schema has one. Local `$ref`s are followed.
 */
export function exampleOf(schema: unknown, depth = 0, ctx?: RefContext): Value {
  const s = fromJs(schema);
  return example(s, depth, ctx ?? { root: s, stack: [] });
}

function example(schema: Value, depth: number, ctx: RefContext): Value {
  if (!isMapping(schema) || depth > 8) return null;
  const ref = schema.get('$ref');
  if (typeof ref === 'string') {
    if (ctx.stack.includes(ref)) return `<${refName(ref)}>`;
    const { schema: target, ref: followed } = derefOnce(schema, ctx);
    return followed ? example(target, depth, { root: ctx.root, stack: [...ctx.stack, ref] }) : null;
  }
  if (schema.has('const')) return schema.get('const')!;
  if (schema.has('default')) return schema.get('default')!;
  const values = schema.get('enum');
  if (Array.isArray(values) && values.length > 0) return values[0]!;
  const examples = schema.get('examples');
  if (Array.isArray(examples) && examples.length > 0) return examples[0]!;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema.get(key);
    if (Array.isArray(list) && list.length > 0) {
      const first = list.find((v) => !(isMapping(v) && v.get('type') === 'null')) ?? list[0]!;
      return example(first, depth + 1, ctx);
    }
  }
  const allOf = schema.get('allOf');
  if (Array.isArray(allOf) && allOf.length > 0) return example(allOf[0]!, depth + 1, ctx);
  const rawType = schema.get('type');
  const type = Array.isArray(rawType) ? rawType.find((t) => t !== 'null') : rawType;
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const items = schema.get('items');
      return items === undefined || items === false
        ? []
        : items === true
          ? ['any']
          : [example(items, depth + 1, ctx)];
    }
    default: {
      const properties = schema.get('properties');
      if (!isMapping(properties)) return type === 'object' ? new Map() : null;
      return new Map([...properties].map(([k, v]) => [k, example(v, depth + 1, ctx)]));
    }
  }
}
