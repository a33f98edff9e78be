// The skill for the form tool itself (`mcp__form__request_form`), following the Agent Skills section of
// seed 000: when to use a form, the search endpoints from the server's config file, the guidelines,
// how answers come back, and example forms (each one passes validateFormSchema; the tests check).

import { loadServerConfig } from '@formrequest/internal/config';
import {
  EXAMPLE_FORM,
  endpointsTableMarkdown,
  guidelinesMarkdown,
  type SearchEndpoint,
} from '@formrequest/schema/guidance';
import { frontmatter } from './skill-md.js';
import type { Skill } from './skills.js';

export const FORM_SKILL_NAME = 'form-request';

export const FORM_SKILL_DESCRIPTION =
  'ユーザーに複数の情報をまとめて入力してもらうとき（プロジェクト作成、設定変更、担当者の割り当て、住所など）に、' +
  'MCP ツール mcp__form__request_form でフォームを表示する。いつフォームを使うか、使える検索エンドポイント、' +
  '使用ガイドライン、フォーム例。Use when you need several pieces of input from the user: show a form with request_form.';

export interface FormSkillOptions {
  /** The server's JSON config file (`formrequest serve --config`); its endpoints make the table. */
  configPath?: string;
  /** Endpoints given directly (used instead of configPath). */
  endpoints?: SearchEndpoint[];
}

/** The example forms of the skill: the seed's project form (options filled in) and its assignment form. */
export const FORM_SKILL_EXAMPLES: { title: string; form: Record<string, unknown> }[] = [
  {
    title: 'プロジェクト作成',
    form: EXAMPLE_FORM,
  },
  {
    title: '担当者アサイン（検索と日付）',
    form: {
      title: 'タスク担当者設定',
      fields: [
        {
          name: 'assignee',
          type: 'autocomplete',
          label: '担当者',
          searchUrl: 'https://api.example.com/users/search',
          searchParams: { q: '{query}', limit: 10 },
          displayField: 'name',
          valueField: 'id',
          renderTemplate: '{name} ({department})',
          required: true,
        },
        { type: 'divider' },
        { name: 'due_date', type: 'date', label: '期限', minDate: 'today' },
        {
          name: 'priority',
          type: 'radio',
          label: '優先度',
          options: [
            { value: 'high', label: '高' },
            { value: 'medium', label: '中' },
            { value: 'low', label: '低' },
          ],
          default: 'medium',
        },
      ],
    },
  },
];

/** A form as the seed's skill shows it: the form pretty-printed, each field on one line. */
export function formExampleJson(form: Record<string, unknown>): string {
  const { fields, ...rest } = form;
  const head = Object.entries(rest).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  const list = (fields as unknown[]).map((f) => `    ${spacedJson(f)}`);
  return ['{', ...head, '  "fields": [', list.join(',\n'), '  ]', '}'].join('\n');
}

/** JSON on one line with a space after ',' and ':' between tokens (never inside strings). */
export function spacedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spacedJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${spacedJson(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

export function formSkillMarkdown(endpoints: SearchEndpoint[]): string {
  const endpointText =
    endpoints.length > 0
      ? endpointsTableMarkdown(endpoints)
      : 'このサーバーの設定には検索エンドポイントがありません。autocomplete / async-select / cascading-select には、ユーザーやシステムプロンプトが示した URL だけを使ってください。';
  const examples = FORM_SKILL_EXAMPLES.map(
    (e) => `#### ${e.title}\n\`\`\`json\n${formExampleJson(e.form)}\n\`\`\``,
  ).join('\n\n');
  const body = `## FormRequest ツール

ユーザーにフォーム入力を求める場合は \`mcp__form__request_form\` ツールを使用してください。

回答の届き方は結果の status で分かれます（サーバーの設定とクライアントによります）。

- \`waiting_for_input\`: フォームは会話に表示されています。ターンを終えて待ってください。ユーザーが送信すると、入力内容が次のユーザーメッセージとして JSON（キーは各フィールドの name）で届きます。キャンセルされた場合は「フォーム入力をキャンセルしました。」が届きます。ユーザーがフォームが見えないと言う場合は、会話で直接尋ねてください。
- \`submitted\` / \`cancelled\` / \`declined\`: クライアントのダイアログやブラウザのフォームページで回答済みです。回答は結果の \`values\`（キーは name、未入力の任意項目は省略）にあります。
- \`invalid\`: 回答がフォームに合いませんでした（\`errors\` に項目ごとの理由）。\`closed\`: フォームページが回答なしで閉じられました。
- \`not_shown\`: フォームはどこにも表示されていません。同じフォームを呼び直さず、会話で尋ねてください。
- \`unseen\`: クライアントが人の目に触れる前に自動で答えました（\`claude -p\` など）。ユーザーは断っていません。会話で尋ねるか、対話モードで実行するよう伝えてください。
- \`submitted\` の結果の \`labels\` は、選択肢や検索で選ばれた値にユーザーが見た表示名です（例: \`"u001"\` → 「山田 太郎」）。返答ではこちらを使ってください。

スキーマに誤りがあるとエラー（isError）でどこをどう直すかが返るので、直して呼び直してください。結果の \`normalized\` / \`warnings\` は、サーバーが読み替えた点と無視した点です。次のフォームでは直してください。

### 利用可能な検索エンドポイント

${endpointText}

### 使用ガイドライン

${guidelinesMarkdown()}

### フォーム例

例の URL（api.example.com）は説明用です。実際のフォームでは上の表のエンドポイントを使ってください。

${examples}
`;
  return `${frontmatter(FORM_SKILL_NAME, FORM_SKILL_DESCRIPTION)}\n${body}`;
}

/** The form tool's skill: `form-request/SKILL.md`. Throws the config loader's message on a bad config. */
export function formSkill(options: FormSkillOptions = {}): Skill {
  const endpoints =
    options.endpoints ?? (options.configPath ? (loadServerConfig(options.configPath).endpoints ?? []) : []);
  return {
    name: FORM_SKILL_NAME,
    serverId: 'form',
    files: [{ path: `${FORM_SKILL_NAME}/SKILL.md`, content: formSkillMarkdown(endpoints) }],
  };
}
