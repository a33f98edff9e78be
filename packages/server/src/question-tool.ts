// The `question` tool (seed 004 input and output) on the MCP server, shown where routing.ts says. In the
// client's own form dialog or on the form page it answers in seed 004's words in this same call
// (`ユーザーの回答: "Q"="A"`, in structuredContent.message too, since Claude-based hosts show the model
// structuredContent); in the conversation (or the Apps widget) it returns a form request (single ->
// radio, multiple -> multiselect, custom -> an extra text field) with the questions in structuredContent
// so a host can report the answer the seed's way; where nothing can show it, NO_UI says so.

import {
  type FormSchema,
  formatQuestionError,
  type Locale,
  questionAnswersResult,
  questionError,
  questionErrorResult,
  type ResolvedQuestion,
  validateFormSchema,
  validateQuestionInput,
} from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import {
  type CallToolResult,
  inputRequired,
  inputResponse,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { advertisedSchema } from './advertised-schema.js';
import { widgetPartsCode, widgetToolMeta } from './apps.js';
import { flowState } from './flow-state.js';
import { QUESTION_OUTPUT_JSON_SCHEMA } from './output-schemas.js';
import { holdWhileAsking, releaseHold } from './progress.js';
import {
  answersFromValues,
  otherPicked,
  otherToElicitation,
  questionAnswerProblems,
  questionLocale,
  questionsMessage,
  questionsToElicitation,
  questionsToForm,
  withoutOtherChoice,
} from './question-form.js';
import { waitingForInputResult } from './request-form-result.js';
import { routeInput, withoutPage } from './route-call.js';
import { conversationNote, nowhereUrlMode, reasonTexts } from './route-messages.js';
import { decideRoute, type RouteInput, type RouteReason } from './routing.js';
import type { FormRuntime } from './runtime.js';
import { unseenAnswer } from './unseen.js';
import { askOnPage } from './url-elicitation.js';

export const QUESTION_TOOL = 'question';

const INPUT_KEY = 'answers';

export const QUESTION_INPUT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    questions: {
      type: 'array',
      minItems: 1,
      description: '尋ねる質問（1つ以上）',
      items: {
        type: 'object',
        properties: {
          question: { type: 'string', description: '質問テキスト（完全な文章）' },
          header: { type: 'string', description: '短いラベル（推奨: 最大30文字）' },
          options: {
            type: 'array',
            description: '選択肢。自由記述のみなら [] と custom: true',
            items: {
              type: 'object',
              properties: {
                label: { type: 'string', description: '表示テキスト（推奨: 1-10文字、簡潔に）' },
                description: { type: 'string', description: 'オプションの説明' },
              },
              required: ['label'],
            },
          },
          multiple: { type: 'boolean', default: false, description: '複数選択を許可' },
          custom: { type: 'boolean', default: true, description: '自由形式入力（「その他」）を許可' },
        },
        required: ['question', 'header', 'options'],
      },
    },
  },
  required: ['questions'],
};

const DESCRIPTION = [
  'ユーザーに1つ以上の質問をして回答を得ます（単一選択・複数選択・自由記述）。',
  'クライアントのフォーム（elicitation）やブラウザのフォームページで尋ねられる場合は、結果が `ユーザーの回答: "質問"="回答"` の形でこのツールの結果として返ります（複数回答は ", " 区切り）。',
  '会話でフォームとして表示される場合は、回答が次のユーザーメッセージで届きます（q1, q1_other … が各質問の選択と自由記述です）。表示できる場所がない場合は NO_UI エラーが返るので、会話で直接尋ねてください。',
  '',
  '- 選択肢のみ: options に選択肢、custom: false',
  '- 選択肢 + 自由記述: custom: true（省略時の既定）',
  '- 自由記述のみ: options: [] と custom: true（options: [] と custom: false は NO_OPTIONS エラー）',
  '- header は最大30文字、label は1-10文字を推奨（長い場合は警告のみ）',
  '- AskUserQuestion の書き方（multiSelect、文字列だけの options）も読み、結果の warnings で伝えます',
  '- 複数の情報をまとめて集めるなら request_form の方が向いています',
].join('\n');

export function registerQuestionTool(server: McpServer, runtime: FormRuntime): void {
  server.registerTool(
    QUESTION_TOOL,
    {
      title: '質問する',
      description: DESCRIPTION,
      inputSchema: advertisedSchema(QUESTION_INPUT_JSON_SCHEMA),
      outputSchema: advertisedSchema(QUESTION_OUTPUT_JSON_SCHEMA),
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
      _meta: widgetToolMeta('質問を準備しています…', '質問を表示しました'),
    },
    async (args, ctx) => {
      // Everything in the questions' language, as request_form answers in its form's.
      const locale = questionLocale(args);
      const check = validateQuestionInput(args, { locale });
      if (!check.ok) return asToolResult(questionErrorResult(check.error, { locale }), true);
      // One question form for every surface: the page and the conversation show the same fields.
      const input = routeInput(server, ctx, runtime, undefined, { ok: true });
      const asked: Asked = { questions: check.questions, warnings: check.warnings, locale };
      return showQuestions(server, ctx, runtime, asked, input);
    },
  );
}

/** One call's checked questions, the checker's warnings, and the language of its words. */
interface Asked {
  questions: ResolvedQuestion[];
  warnings: string[];
  locale: Locale;
}

async function showQuestions(
  server: McpServer,
  ctx: ServerContext,
  runtime: FormRuntime,
  asked: Asked,
  input: RouteInput,
): Promise<CallToolResult> {
  const { questions, locale } = asked;
  let route = decideRoute(input);
  if (route.surface === 'url-elicitation') {
    const form = questionForm(asked);
    if (!form.ok) return form.result;
    const flow = await askOnPage(server, ctx, runtime, { schema: form.schema, questions });
    if (flow.kind === 'ask') return flow.result as unknown as CallToolResult;
    if (flow.kind === 'done') {
      const { outcome } = flow;
      if (outcome.action === 'accept') return answered(asked, outcome.values);
      const details = { action: outcome.action, ...('reason' in outcome ? { reason: outcome.reason } : {}) };
      return cancelled(asked, details);
    }
    if (flow.kind === 'unseen') return noUi(asked, [flow.reason]);
    route = withoutPage(input, flow.error);
  }
  switch (route.surface) {
    case 'form-elicitation':
      return askByElicitation(server, ctx, runtime, asked);
    case 'nowhere':
      return noUi(asked, route.reasons);
    default:
      return askByForm(
        asked,
        conversationNote(route.reasons, locale),
        input.hostRendersForms === true,
        route.surface === 'apps',
      );
  }
}

/**
 * Seed 004's NO_UI, with the reasons and this server's way out instead of "run it in a terminal"; for
 * an answer no person gave (unseen.ts), the fix of a headless run. Never CANCELLED for those.
 */
function noUi(asked: Asked, reasons: RouteReason[]): CallToolResult {
  const { locale } = asked;
  const unseen = reasons.some((reason) => reason.code === 'unseen');
  const error = questionError('NO_UI', {
    locale,
    details: { reasons: reasonTexts(reasons, locale), ...(unseen ? { status: 'unseen' } : {}) },
  });
  error.recovery = [
    agentText(locale, 'questionAskInChat'),
    unseen ? agentText(locale, 'unseenFix') : nowhereUrlMode(locale),
  ];
  const result = questionErrorResult(error, { locale });
  // The reasons in the text too: a client that shows an error result shows its text alone.
  const why = reasonTexts(reasons, locale).map((reason) => `- ${reason.replace(/\n/g, '\n  ')}`);
  result.content.push({ type: 'text', text: [agentText(locale, 'nowhereBecause'), ...why].join('\n') });
  return asToolResult(result, true);
}

/** Seed 004's CANCELLED, with the warnings of the input (the model still learns what was read). */
function cancelled(asked: Asked, details: Record<string, unknown>): CallToolResult {
  const { locale, warnings } = asked;
  const error = questionError('CANCELLED', { locale, details });
  const result = asToolResult(questionErrorResult(error, { locale }), false);
  if (warnings.length > 0) result.structuredContent = { ...(result.structuredContent ?? {}), warnings };
  return result;
}

async function askByElicitation(
  server: McpServer,
  ctx: ServerContext,
  runtime: FormRuntime,
  asked: Asked,
): Promise<CallToolResult> {
  const { questions, locale } = asked;
  releaseHold(ctx);
  const response = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY);
  if (response.kind !== 'elicit') return ask(server, ctx, runtime, asked, {}, 0);
  const state = flowState(ctx);
  const attempt = state.attempt ?? 0;
  // The second dialog follows one a person answered: someone sees them.
  const unseen = state.picked
    ? undefined
    : unseenAnswer({ action: response.action, askedAt: state.askedAt, attempt });
  if (unseen) return noUi(asked, [unseen]);
  if (response.action !== 'accept') return cancelled(asked, { action: response.action });
  const content = response.content ?? {};
  // The first dialog picked 「その他」 somewhere and answered the rest: the text is asked in a second
  // dialog, the picks kept (with a question left empty, the first dialog is asked again below).
  if (!state.picked) {
    const others = otherPicked(questions, content, locale);
    const rest = answersFromValues(questions, withoutOtherChoice(questions, content, locale));
    const complete = rest.every((answer, i) => answer.length > 0 || others.includes(i));
    if (others.length > 0 && complete) return ask(server, ctx, runtime, asked, { picked: content }, attempt);
  }
  const values = withoutOtherChoice(questions, { ...(state.picked ?? {}), ...content }, locale);
  // A dialog may be accepted with nothing chosen or typed: that is no answer (never `"Q"=""`).
  const unanswered = answersFromValues(questions, values).flatMap((answer, i) =>
    answer.length === 0
      ? [agentText(locale, 'questionUnanswered', { question: questions[i]!.question })]
      : [],
  );
  const problems = [...Object.values(questionAnswerProblems(questions, values, locale)), ...unanswered];
  // An empty answer (or, from a client that sends both, an option and typed text for one choice) is
  // asked again, a few times at most; after that the typed text is the answer (answersFromValues).
  if (problems.length > 0 && attempt + 1 < MAX_ATTEMPTS) {
    const note = problems.map((p) => `・${p}`).join('\n');
    return ask(server, ctx, runtime, asked, { picked: state.picked, note }, attempt + 1);
  }
  if (unanswered.length > 0) {
    // Still nothing after the re-asks: say so, instead of an empty answer that looks real.
    const error = questionError('VALIDATION_ERROR', { locale, details: { problems: unanswered } });
    const result = questionErrorResult(error, { locale });
    result.content.push({ type: 'text', text: unanswered.join('\n') });
    return asToolResult(result, true);
  }
  return answered(asked, values);
}

const MAX_ATTEMPTS = 3;

/**
 * Asks in the client's dialog: the questions, one row each; or, with `picked` (what the first dialog
 * answered), the text of each picked 「その他」. `note`: what was wrong with the last answer.
 */
async function ask(
  server: McpServer,
  ctx: ServerContext,
  runtime: FormRuntime,
  asked: Asked,
  round: { picked?: Record<string, unknown>; note?: string },
  attempt: number,
): Promise<CallToolResult> {
  const { questions, locale } = asked;
  const { picked, note } = round;
  const dialog = picked
    ? otherToElicitation(questions, otherPicked(questions, picked, locale), locale)
    : {
        message: questionsMessage(questions, locale),
        requestedSchema: questionsToElicitation(questions, locale),
      };
  holdWhileAsking(server, ctx, runtime.progressIntervalMs, () => agentText(locale, 'questionWaiting'));
  return inputRequired({
    inputRequests: {
      [INPUT_KEY]: inputRequired.elicit({
        mode: 'form',
        message: note ? `${dialog.message}\n\n${note}` : dialog.message,
        requestedSchema: dialog.requestedSchema,
      }),
    },
    requestState: await runtime.stateCodec.mint(
      { attempt, askedAt: Date.now(), ...(picked ? { picked } : {}) },
      ctx,
    ),
  }) as unknown as CallToolResult;
}

/** Seed 004's success: the text, and the same text as structuredContent.message with the answers. */
function answered(asked: Asked, values: Record<string, unknown>): CallToolResult {
  const { questions, warnings, locale } = asked;
  const answers = answersFromValues(questions, values);
  return asToolResult(questionAnswersResult(questions, answers, { warnings, locale }), false);
}

type QuestionFormCheck = { ok: true; schema: FormSchema } | { ok: false; result: CallToolResult };

function questionForm({ questions, locale }: Asked): QuestionFormCheck {
  const checked = validateFormSchema(questionsToForm(questions, locale));
  if (checked.ok && checked.schema) return { ok: true, schema: checked.schema };
  // Only possible with inputs the form cannot hold, e.g. two options with the same label.
  const error = questionError('VALIDATION_ERROR', {
    locale,
    details: { problems: checked.errors.map((e) => e.message) },
  });
  const text = `${formatQuestionError(error, locale)}\n${checked.errors.map((e) => e.message).join('\n')}`;
  return {
    ok: false,
    result: {
      isError: true,
      content: [{ type: 'text', text }],
      structuredContent: { message: text, answers: [], error },
    },
  };
}

/** `apps`: the widget shows it, so the result carries the widget's parts for it. */
function askByForm(asked: Asked, note: string | undefined, declared: boolean, apps: boolean): CallToolResult {
  const { questions, warnings } = asked;
  const form = questionForm(asked);
  if (!form.ok) return form.result;
  const notes = warnings.map((message) => ({
    severity: 'warning' as const,
    code: 'question',
    path: '',
    message,
  }));
  const parts = apps ? widgetPartsCode(form.schema, true) : undefined;
  const result = waitingForInputResult(form.schema, notes, note, { declared, ...(parts ? { parts } : {}) });
  result.structuredContent = {
    ...(result.structuredContent as Record<string, unknown>),
    question: { questions },
  };
  return result;
}

/** Seed 004's `{content, details}` as a tool result; `message` (the text) leads structuredContent. */
function asToolResult(
  result: { content: { type: 'text'; text: string }[]; details: object },
  isError: boolean,
): CallToolResult {
  return {
    ...(isError ? { isError: true } : {}),
    content: result.content,
    structuredContent: { message: result.content.map((c) => c.text).join('\n'), ...result.details },
  };
}
