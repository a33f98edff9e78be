// What every agent runtime does the same way around a form shown in the conversation: which tool
// results end the turn (request_form or question waiting for input), and how the answer is said to
// the model: a `question`'s answer in seed 004's words (`ユーザーの回答: "Q"="A"`, or its CANCELLED
// error), as the tool itself says it; a request_form answer as the host worded it (values JSON), and
// beside it, in a part of its own, what the person saw for the answers that are ids (issue 32: the
// model can say "assigned to 山田 太郎" without guessing; the seed's message itself stays the values).
import {
  formatQuestionError,
  questionError,
  type ResolvedQuestion,
  validateQuestionInput,
} from '@formrequest/schema';
import { agentText } from '@formrequest/schema/messages';
import { questionAnswerText } from '@formrequest/server';
import { FORM_TOOL, toolFullName } from '../mcp.js';
import type { TurnInput } from './agent.js';

export const QUESTION_TOOL = toolFullName('form', 'question');
/** The tools whose conversation-mode result ends the turn: the answer is the next user message. */
export const FORM_TOOLS: readonly string[] = [FORM_TOOL, QUESTION_TOOL];

/** Whether a form tool's result is a form shown in the conversation (waiting for the next message). */
export function waitsForInput(toolResponse: unknown): boolean {
  return JSON.stringify(toolResponse ?? null).includes('waiting_for_input');
}

/** The questions a `question` call asked (resolved as the server resolves them), or undefined. */
export function askedQuestions(name: unknown, toolInput: unknown): ResolvedQuestion[] | undefined {
  if (name !== QUESTION_TOOL) return undefined;
  const checked = validateQuestionInput(toolInput);
  return checked.ok ? checked.questions : undefined;
}

/**
 * The message for the model: the answer to a `question` shown as a form in seed 004's words, anything
 * else as the host gave it. `asked` is what that question call asked, when the form came from one.
 */
export function answerMessage(input: TurnInput, asked: ResolvedQuestion[] | undefined): string {
  return answerParts(input, asked).join('\n\n');
}

/**
 * The parts of the message for the model: the message itself (answerMessage's), then, for a submitted
 * request_form whose answers include ids, the labels the person saw for them (the same words the
 * server's results use). A runtime that takes content blocks sends each part as one.
 */
export function answerParts(input: TurnInput, asked: ResolvedQuestion[] | undefined): string[] {
  const message = seedMessage(input, asked);
  const form = input.form;
  const labels = form?.outcome === 'submitted' && !asked ? form.labels : undefined;
  if (!labels || Object.keys(labels).length === 0) return [message];
  const locale = form!.schema.locale ?? input.locale;
  return [message, agentText(locale, 'answerLabels', { labels: JSON.stringify(labels, null, 2) })];
}

function seedMessage(input: TurnInput, asked: ResolvedQuestion[] | undefined): string {
  const form = input.form;
  if (!form || !asked) return input.message;
  if (form.outcome === 'submitted') return questionAnswerText(asked, form.values ?? {});
  return formatQuestionError(questionError('CANCELLED', { locale: input.locale }), input.locale);
}
