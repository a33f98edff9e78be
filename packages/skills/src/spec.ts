// The tool specification document of seed 002, filled from a server's real tools: frontmatter, the
// architecture pattern, the tool table, input schemas in zod-like notation with _meta and annotations,
// the structuredContent shape of tools with an outputSchema, the annotations guide, and lint findings.
// The template's result-side sections (result `_meta`, error policy) are not derivable from tools/list
// and are left out.
import { stringify } from 'yaml';
import {
  type CatalogServer,
  type CatalogTool,
  inputSchemaOf,
  isObject,
  type JsonObject,
  propertiesOf,
} from './catalog.js';
import { type Finding, lintServer } from './lint.js';
import { clip } from './skill-md.js';
import { sourceToolOf, type ToolKind, toolKind, uiResourceOf } from './tool-kind.js';
import { zodParameterLine } from './zod-notation.js';

const KIND_HEADING: Record<ToolKind, string> = {
  data: 'データ取得',
  render: 'UI レンダリング',
  standalone: 'スタンドアロン',
};

export interface ToolSpec {
  markdown: string;
  findings: Finding[];
}

const cell = (text: string) => text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|') || '—';

/** The table shows a description's first paragraph, at most 200 characters. */
const summary = (text: string) => clip(text.trim().split(/\n\s*\n/)[0] ?? '', 200);

export function toolSpec(server: CatalogServer): ToolSpec {
  const tools = server.tools ?? [];
  const kinds = new Map(tools.map((t) => [t, toolKind(t, server)]));
  const findings = lintServer(server);
  const has = (kind: ToolKind) => [...kinds.values()].includes(kind);
  const box = (on: boolean) => (on ? '[x]' : '[ ]');

  const out: string[] = [];
  out.push(`---\n${stringify({ app_name: server.id, tool_count: tools.length }, { lineWidth: 0 })}---`, '');
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
    const title = tool.title ?? (typeof tool.annotations?.title === 'string' ? tool.annotations.title : '');
    out.push(
      `| ${cell(tool.name)} | ${cell(title)} | ${cell(summary(tool.description ?? ''))} | ${kinds.get(tool)} | ${uiResourceOf(tool) ? 'あり' : 'なし'} |`,
    );
  }
  out.push('', '## 入力スキーマ詳細');
  for (const tool of tools) out.push('', ...toolDetail(tool, kinds.get(tool)!, server));

  out.push('', '## structuredContent の形');
  const withOutput = tools.filter((t) => isObject(t.outputSchema));
  if (withOutput.length === 0)
    out.push(
      '',
      'outputSchema を持つツールはありません（structuredContent の形は tools/list からはわかりません）。',
    );
  for (const tool of withOutput) {
    const shape = JSON.stringify({ structuredContent: exampleOf(tool.outputSchema) }, null, 2);
    out.push('', `### ${tool.name}`, '', '```json', shape, '```');
  }

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
  const lines = [`### ${tool.name}（${KIND_HEADING[kind]}）`, ''];
  const schema = inputSchemaOf(tool);
  const properties = propertiesOf(schema);
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const source = kind === 'render' ? sourceToolOf(tool, server) : undefined;
  lines.push('- 入力:');
  const names = Object.keys(properties);
  if (names.length === 0) lines.push('  - （なし）');
  for (const name of names) {
    const fallback = source ? `${source.name} の出力を受け取る` : '';
    lines.push(`  - ${zodParameterLine(name, properties[name], required.has(name), fallback)}`);
  }
  const meta = tool._meta;
  if (isObject(meta) && Object.keys(meta).length > 0) {
    lines.push('- _meta:');
    for (const [key, value] of flatten(meta)) lines.push(`  - ${key}: ${JSON.stringify(value)}`);
  }
  lines.push('- annotations:');
  const annotations = Object.entries(tool.annotations ?? {});
  if (annotations.length === 0) lines.push('  - （なし）');
  for (const [key, value] of annotations)
    lines.push(`  - ${key}: ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  return lines;
}

/** Nested `_meta` objects as dotted keys, as the template writes `ui.resourceUri`. */
function flatten(object: JsonObject, prefix = ''): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(object)) {
    if (isObject(value) && Object.keys(value).length > 0) out.push(...flatten(value, `${prefix}${key}.`));
    else out.push([`${prefix}${key}`, value]);
  }
  return out;
}

/** A value of the schema's shape, as the template shows it: "string", 0, false, [one item], {fields}. */
export function exampleOf(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 8) return null;
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length > 0) return exampleOf(list[0], depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
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
    case 'array':
      return isObject(schema.items) ? [exampleOf(schema.items, depth + 1)] : [];
    default: {
      if (!isObject(schema.properties)) return type === 'object' ? {} : null;
      return Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, exampleOf(v, depth + 1)]),
      );
    }
  }
}
