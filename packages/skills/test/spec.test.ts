// Tool spec (seed 002): zod-like notation, tool kinds, the document, and every lint rule with its fix.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exampleOf, lintServer, toJs, toolKind, toolSpec, zodOf } from '@formrequest/skills';
import { zodParameterLine } from '../src/zod-notation.ts';
import { serverOf } from './support/catalog.ts';

test('zod-like notation of JSON Schemas', () => {
  assert.equal(
    zodParameterLine('q', { type: 'string', description: 'Query' }, true),
    'q: z.string() (required) — Query',
  );
  assert.equal(zodParameterLine('n', { type: 'number' }, false), 'n: z.number().optional()');
  assert.equal(
    zodParameterLine('steps', { type: 'integer', minimum: 1, maximum: 100, default: 28 }, false),
    'steps: z.number().int().min(1).max(100).default(28)',
  );
  assert.equal(
    zodOf({ type: 'string', format: 'email', minLength: 3, pattern: 'a/b' }),
    'z.string().email().min(3).regex(/a\\/b/)',
  );
  assert.equal(zodOf({ enum: ['a', 'b'] }), 'z.enum(["a", "b"])');
  assert.equal(zodOf({ enum: [1, 'a'] }), 'z.union([z.literal(1), z.literal("a")])');
  assert.equal(zodOf({ oneOf: [{ type: 'string' }, { const: 3 }] }), 'z.union([z.string(), z.literal(3)])');
  assert.equal(zodOf({ type: ['string', 'null'] }), 'z.string().nullable()');
  assert.equal(
    zodOf({ type: 'array', items: { type: 'boolean' }, minItems: 1, maxItems: 3 }),
    'z.array(z.boolean()).min(1).max(3)',
  );
  assert.equal(
    zodOf({ type: 'object', additionalProperties: { type: 'number' } }),
    'z.record(z.string(), z.number())',
  );
  assert.equal(
    zodOf({
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string' },
          tags: {
            type: 'array',
            items: { type: 'object', properties: { x: { type: 'object', properties: { y: {} } } } },
          },
        },
      },
    }),
    'z.array(z.object({ id: z.string(), tags: z.array(z.object({ x: z.object({...}).optional() })).optional() }))',
  );
  assert.equal(zodOf({}), 'z.any()');
  assert.equal(zodOf({ allOf: [{ type: 'string' }, { minLength: 1 }] }), 'z.string().and(z.any())');
});

test('structuredContent example from an outputSchema', () => {
  assert.deepEqual(
    toJs(
      exampleOf({
        type: 'object',
        properties: {
          items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
          totalCount: { type: 'integer' },
          hasMore: { type: 'boolean' },
          mode: { enum: ['a'] },
        },
      }),
    ),
    { items: [{ id: 'string' }], totalCount: 0, hasMore: false, mode: 'a' },
  );
});

const data = {
  name: 'list_items',
  description: 'List items',
  inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'Query' } } },
  outputSchema: { type: 'object', properties: { items: { type: 'array' }, totalCount: { type: 'number' } } },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};
const render = {
  name: 'show_items',
  description: 'Show items',
  inputSchema: {
    type: 'object',
    required: ['items', 'totalCount'],
    properties: {
      items: { type: 'array', description: 'Items' },
      totalCount: { type: 'number', description: 'Count' },
    },
  },
  _meta: {
    ui: { resourceUri: 'ui://widget/list.html' },
    'openai/outputTemplate': 'ui://widget/list.html',
    'openai/toolInvocation/invoking': 'Loading…',
  },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
};
const standalone = {
  name: 'board',
  description: 'Open a board',
  inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Board id' } } },
  _meta: { ui: { resourceUri: 'ui://widget/board.html' } },
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
};

test('tool kinds: data without a UI, render fed by a data tool, standalone otherwise', () => {
  const server = serverOf({ id: 's', tools: [data, render, standalone] });
  assert.deepEqual(
    server.tools.map((t) => toolKind(t, server)),
    ['data', 'render', 'standalone'],
  );
});

test('the document fills the template: frontmatter, pattern boxes, table, inputs, _meta, annotations, structuredContent', () => {
  const { markdown, findings } = toolSpec(serverOf({ id: 'items-app', tools: [data, render, standalone] }));
  assert.match(markdown, /^---\napp_name: items-app\ntool_count: 3\n---\n\n# ツール仕様\n/);
  assert.match(markdown, /- \[x\] \*\*Decoupled Data \+ Render\*\*/);
  assert.match(markdown, /- \[x\] \*\*Standalone\*\*/);
  assert.match(
    markdown,
    /\| list_items \| — \| List items \| data \| なし \|\n\| show_items \| — \| Show items \| render \| あり \|\n\| board \| — \| Open a board \| standalone \| あり \|/,
  );
  assert.match(
    markdown,
    /### list_items（データ取得）\n\n- 入力:\n {2}- q: z.string\(\).optional\(\) — Query\n- annotations:\n {2}- readOnlyHint: true\n {2}- destructiveHint: false\n {2}- openWorldHint: false/,
  );
  assert.match(
    markdown,
    /### show_items（UI レンダリング）\n\n- 入力:\n {2}- items: z.array\(z.any\(\)\) \(required\) — Items\n {2}- totalCount: z.number\(\) \(required\) — Count\n- _meta:\n {2}- ui.resourceUri: "ui:\/\/widget\/list.html"\n {2}- openai\/outputTemplate: "ui:\/\/widget\/list.html"\n {2}- openai\/toolInvocation\/invoking: "Loading…"/,
  );
  assert.match(
    markdown,
    /## structuredContent の形\n\n### list_items\n\n```json\n\{\n {2}"structuredContent": \{\n {4}"items": \[\],\n {4}"totalCount": 0\n {2}\}\n\}\n```/,
  );
  assert.deepEqual(
    findings.map((f) => [f.tool, f.code, f.severity]),
    [['list_items, show_items', 'approval-skipped', 'note']],
    'the approval note is said once, for every tool it applies to',
  );
  assert.match(
    markdown,
    /## 検査結果（lint）\n\n- \*\*note\*\* `list_items, show_items` \(approval-skipped\): readOnlyHint: true with destructiveHint: false on these 2 tools: the host \(ChatGPT\) may run them without asking the user for approval\. Fix: /,
  );
  // The template's sections that tools/list cannot fill stay, as placeholders.
  assert.match(markdown, /## _meta の形（Widget 専用データ）\n\n（tools\/list からは分からないため/);
  assert.match(
    markdown,
    /## エラーレスポンス方針\n\n（tools\/list からは分からないため[^\n]*\n\n\| ケース \| content \| structuredContent \|/,
  );
  assert.match(markdown, /\*\*設計原則:\*\*\n- UI に必要な状態だけを小さくまとめる/);
  assert.equal(markdown.match(/承認プロンプトをスキップする/g)?.length, 1);
});

test('$ref / $defs (as Pydantic and FastMCP write them) are followed in inputs and in the structuredContent example', () => {
  const defs = {
    Item: {
      type: 'object',
      required: ['sku'],
      properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
    },
  };
  const tool = {
    name: 'save_order',
    description: 'Save an order',
    inputSchema: {
      type: 'object',
      $defs: defs,
      required: ['items'],
      properties: {
        items: { type: 'array', items: { $ref: '#/$defs/Item' }, description: 'Lines' },
        primary: { $ref: '#/$defs/Item', description: 'The main line' },
      },
    },
    outputSchema: {
      type: 'object',
      $defs: defs,
      properties: {
        items: { type: 'array', items: { $ref: '#/$defs/Item' } },
        first: { $ref: '#/$defs/Item' },
      },
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  };
  const { markdown } = toolSpec(serverOf({ id: 'orders', tools: [tool] }));
  const item = 'z.object({ sku: z.string(), qty: z.number().int().min(1).optional() })';
  assert.ok(markdown.includes(`\n  - items: z.array(${item}) (required) — Lines\n`), markdown);
  assert.ok(markdown.includes(`\n  - primary: ${item}.optional() — The main line\n`), markdown);
  assert.doesNotMatch(markdown, /z\.any\(\)|\$ref/);
  const example = /### save_order\n\n```json\n([^`]*)```/.exec(
    markdown.slice(markdown.indexOf('## structuredContent')),
  );
  assert.ok(example, markdown);
  assert.deepEqual(JSON.parse(example[1]!), {
    structuredContent: { items: [{ sku: 'string', qty: 0 }], first: { sku: 'string', qty: 0 } },
  });
});

test('lint: every rule, each with a fix', () => {
  const long = 'x'.repeat(65);
  const server = serverOf({
    id: 's',
    resources: [{ uri: 'ui://widget/ok.html' }],
    tools: [
      { name: 'undescribed', inputSchema: { properties: { a: { type: 'string' } } } },
      {
        name: 'chatty',
        description: 'd',
        _meta: { 'openai/toolInvocation/invoked': long, 'openai/outputTemplate': 'ui://widget/ok.html' },
        annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
      },
      {
        name: 'orphan_ui',
        description: 'd',
        _meta: { 'openai/toolInvocation/invoking': 'Loading' },
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      },
      {
        name: 'missing_res',
        description: 'd',
        _meta: { ui: { resourceUri: 'ui://widget/gone.html' } },
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      },
      {
        name: 'http_ui',
        description: 'd',
        _meta: { ui: { resourceUri: 'https://x/ui.html' }, 'openai/outputTemplate': 'ui://widget/ok.html' },
        annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      },
    ],
  });
  const findings = lintServer(server);
  const codes = findings.map((f) => `${f.tool}:${f.code}`);
  assert.deepEqual(codes, [
    'undescribed:missing-tool-description',
    'undescribed:missing-parameter-description',
    'undescribed:missing-annotations',
    'chatty:invocation-too-long',
    'orphan_ui:render-without-ui-resource',
    'missing_res:render-without-ui-resource',
    'http_ui:render-without-ui-resource',
    'http_ui:render-without-ui-resource',
    'http_ui:render-without-ui-resource',
  ]);
  for (const f of findings) assert.ok(f.fix.length > 10, `${f.code} has a fix`);
  const tooLong = findings.find((f) => f.code === 'invocation-too-long')!;
  assert.match(tooLong.message, /is 65 characters; hosts allow at most 64/);
  assert.match(tooLong.fix, /e\.g\. "x{61}\.\.\."/);
  assert.match(findings[2]!.message, /readOnlyHint, destructiveHint, openWorldHint are not set/);
});

test('lint follows the MCP annotation semantics: destructiveHint matters only when readOnlyHint is false', () => {
  const tool = (name: string, annotations: Record<string, unknown>, meta?: Record<string, unknown>) => ({
    name,
    description: 'd',
    inputSchema: { type: 'object', properties: {} },
    annotations,
    ...(meta ? { _meta: meta } : {}),
  });
  const server = serverOf({
    id: 's',
    tools: [
      tool('reader', { readOnlyHint: true, openWorldHint: false }),
      tool('writer', { readOnlyHint: false, openWorldHint: false }),
      tool('bare', {}),
      tool('liar', { readOnlyHint: true, destructiveHint: true, openWorldHint: false }),
      tool('stringly', { readOnlyHint: 'true', openWorldHint: false }),
      tool('ui_number', { readOnlyHint: true, openWorldHint: false }, { ui: { resourceUri: 42 } }),
    ],
  });
  const findings = lintServer(server).filter((f) => f.severity === 'warning');
  assert.deepEqual(
    findings.map((f) => `${f.tool}:${f.code}`),
    [
      'writer:missing-annotations',
      'bare:missing-annotations',
      'liar:contradictory-annotations',
      'stringly:missing-annotations',
      'ui_number:invalid-ui-resource',
    ],
    'a read-only tool without destructiveHint is fine',
  );
  const [writer, bare, liar, stringly, uiNumber] = findings;
  assert.match(
    writer!.message,
    /^annotations destructiveHint is not set, so hosts assume the worst \(destructive\)/,
  );
  assert.match(
    bare!.message,
    /annotations readOnlyHint, destructiveHint, openWorldHint are not set, so hosts assume the worst \(not read-only, destructive, open world\)/,
  );
  assert.match(liar!.message, /readOnlyHint: true with destructiveHint: true/);
  assert.match(liar!.fix, /set readOnlyHint: false/);
  assert.match(
    stringly!.message,
    /readOnlyHint, destructiveHint are not set \(readOnlyHint: not a boolean\)/,
  );
  assert.match(uiNumber!.message, /_meta\.ui\.resourceUri is a number, not a string/);
});
