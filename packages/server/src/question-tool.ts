// The `question` tool (seed 004 input and output) on the MCP server. Where the client declares form
// elicitation it asks there and answers in seed 004's format in this same call; elsewhere it returns a
// form request (single -> radio, multiple -> multiselect, custom -> an extra text field) that every
// renderer shows, with the questions in structuredContent so a host can report the answer the seed's way.

import {
  formatQuestionError,
  questionAnswersResult,
  questionError,
  questionErrorResult,
  type ResolvedQuestion,
  validateFormSchema,
  validateQuestionInput,
} from '@formrequest/schema';
import {
  type CallToolResult,
  inputRequired,
  inputResponse,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { advertisedSchema } from './advertised-schema.js';
import { widgetToolMeta } from './apps.js';
import { clientCapabilities, supportsFormElicitation } from './client-capabilities.js';
import { QUESTION_OUTPUT_JSON_SCHEMA } from './output-schemas.js';
import { answersFromValues, questionsToElicitation, questionsToForm } from './question-form.js';
import { waitingForInputResult } from './request-form-result.js';

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
  'クライアントがフォーム入力（elicitation）に対応していればその場で尋ね、結果は `ユーザーの回答: "質問"="回答"` の形で返ります（複数回答は ", " 区切り）。',
  '対応していない場合はフォームとして表示され、回答は次のユーザーメッセージで届きます（q1, q1_other … が各質問の選択と自由記述です）。',
  '',
  '- 選択肢のみ: options に選択肢、custom: false',
  '- 選択肢 + 自由記述: custom: true（省略時の既定）',
  '- 自由記述のみ: options: [] と custom: true（options: [] と custom: false は NO_OPTIONS エラー）',
  '- header は最大30文字、label は1-10文字を推奨（長い場合は警告のみ）',
  '- AskUserQuestion の書き方（multiSelect、文字列だけの options）も読み、結果の warnings で伝えます',
  '- 複数の情報をまとめて集めるなら request_form の方が向いています',
].join('\n');

export function registerQuestionTool(server: McpServer): void {
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
      const check = validateQuestionInput(args);
      if (!check.ok) return asToolResult(questionErrorResult(check.error), true);
      if (supportsFormElicitation(clientCapabilities(server, ctx)))
        return askByElicitation(ctx, check.questions, check.warnings);
      return askByForm(check.questions, check.warnings);
    },
  );
}

function askByElicitation(ctx: ServerContext, questions: ResolvedQuestion[], warnings: string[]) {
  const response = inputResponse(ctx.mcpReq.inputResponses, INPUT_KEY);
  if (response.kind !== 'elicit') {
    const message =
      questions.length === 1 ? questions[0]!.question : questions.map((q) => q.question).join('\n');
    return inputRequired({
      inputRequests: {
        [INPUT_KEY]: inputRequired.elicit({
          mode: 'form',
          message,
          requestedSchema: questionsToElicitation(questions),
        }),
      },
    });
  }
  if (response.action !== 'accept')
    return asToolResult(questionErrorResult(questionError('CANCELLED')), false);
  const answers = answersFromValues(questions, response.content ?? {});
  return asToolResult(questionAnswersResult(questions, answers, { warnings }), false);
}

function askByForm(questions: ResolvedQuestion[], warnings: string[]): CallToolResult {
  const form = questionsToForm(questions);
  const checked = validateFormSchema(form);
  if (!checked.ok || !checked.schema) {
    // Only possible with inputs the form cannot hold, e.g. two options with the same label.
    const error = questionError('VALIDATION_ERROR', {
      details: { problems: checked.errors.map((e) => e.message) },
    });
    const text = `${formatQuestionError(error)}\n${checked.errors.map((e) => e.message).join('\n')}`;
    return { isError: true, content: [{ type: 'text', text }], structuredContent: { answers: [], error } };
  }
  const note =
    'クライアントがフォーム入力（elicitation）に対応していないため、質問をフォームとして表示します。';
  const notes = warnings.map((message) => ({
    severity: 'warning' as const,
    code: 'question',
    path: '',
    message,
  }));
  const result = waitingForInputResult(checked.schema, notes, note);
  result.structuredContent = {
    ...(result.structuredContent as Record<string, unknown>),
    question: { questions },
  };
  return result;
}

function asToolResult(
  result: { content: { type: 'text'; text: string }[]; details: object },
  isError: boolean,
): CallToolResult {
  return {
    ...(isError ? { isError: true } : {}),
    content: result.content,
    structuredContent: { ...result.details },
  };
}
