// @formrequest/schema/guidance: what a model is told about forms besides the vocabulary itself, written
// once for every text that tells it: the search endpoints table (seed 000's Agent Skills table), the
// guidelines on when and how to use a form, and the example form. The tool description
// (@formrequest/server) and the form skill (@formrequest/skills) read them from here; an entry of its
// own with no imports, so the skill loads nothing else of the vocabulary.

/** A search endpoint a form may use (the server's config lists them). */
export interface SearchEndpoint {
  /** What it is for, e.g. `ユーザー検索`. */
  purpose: string;
  /** Absolute http(s) URL. */
  url: string;
  /** Query parameter name -> its meaning, e.g. `{ q: '検索クエリ', limit: '件数' }`. */
  params?: Record<string, string>;
}

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

/**
 * One guideline: the rule, what it covers, and the rule in one line where that says it differently
 * (`line: ''`: the skill's only; the tool description, which a model reads on every turn, keeps the
 * rules that decide what to call).
 */
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
  {
    rule: 'テキスト入力には suggestions で入力例を提示',
    detail: 'ユーザーの入力を助けるヒントを提供',
    line: '',
  },
  {
    rule: 'フォームが長くなる場合は divider や heading でセクション分け',
    detail: '視覚的な整理でユーザビリティを向上',
    line: '',
  },
];

/** The guidelines one line each, numbered (the tool description's). */
export function guidelineLines(): string[] {
  return GUIDELINES.filter((g) => g.line !== '').map((g, i) => `${i + 1}. ${g.line ?? g.rule}`);
}

/** The guidelines as seed 000's skill writes them: each rule in bold, its detail under it. */
export function guidelinesMarkdown(): string {
  return GUIDELINES.map((g, i) => `${i + 1}. **${g.rule}**\n   - ${g.detail}`).join('\n\n');
}

/** The example form the form skill shows first (the seed's project form, options filled in). */
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
