// The offline demo agent: no model, fixed rules. It recognises the seed's three scenarios (and "show
// all field types") in Japanese and English, asks for the form through the real MCP server `form`,
// and after the answer says what it received. It says plainly that it is a demo and does nothing.
import type { FormField, Locale } from '@formrequest/schema';
import { USERS } from '../demo-data.js';
import { FORM_TOOL, type McpHub } from '../mcp.js';
import type { Agent, FormAnswer, TurnInput, TurnOutput } from './agent.js';
import { type Scenario, scenarioForm } from './scripted-forms.js';

const RULES: Array<[Scenario, RegExp]> = [
  ['all', /(全|すべて|全部).*(フィールド|タイプ|種類|項目)|all.*(field|type)|every.*field|field types/i],
  ['project', /プロジェクト|project/i],
  ['assign', /担当|アサイン|割り当て|割当|タスク|assign|task|reviewer/i],
  ['address', /住所|所在地|address/i],
];

const INTRO: Record<Scenario, [string, string]> = {
  project: ['プロジェクトの設定を入力してください。', 'Please fill in the project settings.'],
  assign: ['タスクの担当者を設定してください。', 'Please choose who takes the task.'],
  address: ['住所を入力してください。', 'Please enter the address.'],
  all: ['18種類すべてのフィールドタイプを含むフォームです。', 'Here is a form with all 18 field types.'],
};

export function detectScenario(message: string): Scenario | undefined {
  return RULES.find(([, pattern]) => pattern.test(message))?.[0];
}

/** Japanese when the text has kana or kanji, else the UI language. */
export function detectLocale(message: string, fallback: Locale): Locale {
  if (/[\u3040-\u30ff\u3400-\u9fff]/.test(message)) return 'ja';
  if (/[A-Za-z]{3,}/.test(message)) return 'en';
  return fallback;
}

export class ScriptedAgent implements Agent {
  readonly name = 'scripted';
  private counter = 0;

  private readonly hub: McpHub;
  constructor(hub: McpHub) {
    this.hub = hub;
  }

  async runTurn(input: TurnInput): Promise<TurnOutput> {
    const previous = (input.state ?? {}) as { locale?: Locale };
    if (input.form) {
      const locale = previous.locale ?? input.locale;
      say(input, summary(input.form, locale));
      return { state: { locale } };
    }
    const locale = detectLocale(input.message, input.locale);
    const scenario = detectScenario(input.message);
    if (!scenario) {
      say(input, help(locale));
      return { state: { locale } };
    }
    say(input, locale === 'en' ? INTRO[scenario][1] : INTRO[scenario][0]);
    const id = `toolu_scripted_${Date.now().toString(36)}_${(this.counter++).toString(36)}`;
    const toolInput = { form_schema: scenarioForm(scenario, locale) };
    input.emit('tool_use', { id, name: FORM_TOOL, input: toolInput });
    const result = await this.hub.callTool(FORM_TOOL, toolInput);
    input.emit('tool_result', {
      tool_use_id: id,
      content: result.content,
      is_error: result.isError === true,
      _metadata: result._metadata,
      structuredContent: result.structuredContent,
    });
    if (result.isError) {
      const text = result.content.map((c) => (typeof c.text === 'string' ? c.text : '')).join('\n');
      say(
        input,
        locale === 'en'
          ? `The form server refused the form:\n${text}`
          : `フォームサーバーがフォームを受け付けませんでした:\n${text}`,
      );
    }
    return { state: { locale } };
  }

  async close(): Promise<void> {}
}

/** Streams a reply in a few pieces, the way a model's text arrives. */
function say(input: TurnInput, text: string): void {
  const pieces = text.match(/[^\n。.!?！？]+[\n。.!?！？]*/g) ?? [text];
  for (const piece of pieces) input.emit('text', { text: piece });
}

function help(locale: Locale): string {
  return locale === 'en'
    ? 'I am the offline demo agent of formrequest: no AI model, just a few fixed rules. Try one of these:\n' +
        '- "Create a new project"\n- "Assign a task"\n- "Enter an address"\n- "Show all field types"'
    : 'formrequest のオフラインデモ用エージェントです（AIモデルではなく、決まった規則で応答します）。次のように話しかけてください:\n' +
        '・「新しいプロジェクトを作成して」\n・「タスクの担当者を設定して」\n・「住所を入力したい」\n・「すべてのフィールドタイプを見せて」';
}

function summary(form: FormAnswer, locale: Locale): string {
  const en = locale === 'en';
  if (form.outcome === 'cancelled') {
    return en
      ? `The form "${form.schema.title}" was cancelled, so I will leave it there. (This is a demo; nothing was changed.)`
      : `「${form.schema.title}」のフォームはキャンセルされました。何も行いません。（デモのため、実際の処理は行われません）`;
  }
  const values = form.values ?? {};
  const lines: string[] = [];
  for (const field of form.schema.fields) {
    const name = (field as { name?: string }).name;
    if (!name || !Object.hasOwn(values, name)) continue;
    const label = (field as { label?: string }).label ?? name;
    lines.push(`- ${label}: ${display(field, values[name], locale, form.labels?.[name])}`);
  }
  const head = en
    ? `Thank you. I received the answers to "${form.schema.title}":`
    : `ありがとうございます。「${form.schema.title}」の入力内容を受け取りました:`;
  const tail = en
    ? 'This is the offline demo agent, so nothing was actually created or changed. With a real agent (--agent anthropic or claude-agent-sdk) the work would start here.'
    : 'これはオフラインのデモ用エージェントなので、実際には何も作成・変更していません。実際のエージェント（--agent anthropic / claude-agent-sdk）なら、ここから作業を始めます。';
  return `${head}\n${lines.join('\n') || (en ? '(no values)' : '（入力なし）')}\n${tail}`;
}

/** An answer as the person saw it: `shown` is what the host worked out (answerLabels) for its ids. */
function display(field: FormField, value: unknown, locale: Locale, shown?: string | string[]): string {
  const options = (field as { options?: Array<{ value: string; label: string }> }).options;
  const one = (v: unknown, i: number): string => {
    const seen = Array.isArray(shown) ? shown[i] : shown;
    if (seen !== undefined && typeof v === 'string' && !options) return `${seen} (${v})`;
    const option = options?.find((o) => o.value === v);
    if (option) return option.label;
    const user = typeof v === 'string' ? USERS.find((u) => u.id === v) : undefined;
    if (user && (field.type === 'autocomplete' || field.type === 'multi-autocomplete'))
      return `${user.name} (${v})`;
    if (v && typeof v === 'object' && 'name' in v)
      return `${(v as { name: string }).name} (${(v as { size?: number }).size ?? 0} bytes)`;
    if (typeof v === 'boolean')
      return v ? (locale === 'en' ? 'yes' : 'はい') : locale === 'en' ? 'no' : 'いいえ';
    return typeof v === 'string' ? v : JSON.stringify(v);
  };
  return Array.isArray(value) ? value.map(one).join(', ') || '-' : one(value, 0);
}
