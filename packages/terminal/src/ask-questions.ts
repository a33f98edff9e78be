// The `question` tool of seed 004 in a terminal: check the input (shared vocabulary in
// @formrequest/schema), run the flow, and answer with the seed's ToolResult.
import {
  type QuestionLocale,
  type QuestionResult,
  questionAnswersResult,
  questionError,
  questionErrorResult,
  validateQuestionInput,
} from '@formrequest/schema';
import { createFlow, flowAnswers, flowUpdate } from './question-flow.js';
import { questionView } from './question-view.js';
import { hasTerminal, runSession, type TerminalInput, type TerminalStream } from './session.js';
import { isSimpleText, loadWidths } from './width.js';

export interface AskQuestionsOptions {
  /** Defaults to process.stdin. */
  input?: TerminalInput;
  /** Where the prompt is drawn; defaults to process.stdout. */
  output?: TerminalStream;
  signal?: AbortSignal;
  locale?: QuestionLocale;
  color?: boolean;
}

/**
 * Asks the questions and resolves to the seed's ToolResult. Never throws for bad input, a missing
 * terminal or a cancel: those come back as `details.error` (VALIDATION_ERROR, NO_QUESTIONS,
 * NO_OPTIONS, NO_UI, CANCELLED) with the message and recovery steps in `content[0].text`.
 */
export async function askQuestions(input: unknown, opts: AskQuestionsOptions = {}): Promise<QuestionResult> {
  const locale = opts.locale ?? 'ja';
  const check = validateQuestionInput(input, { locale });
  if (!check.ok) return questionErrorResult(check.error, { locale });
  const io = { input: opts.input ?? process.stdin, output: opts.output ?? process.stdout };
  if (!hasTerminal(io)) return questionErrorResult(questionError('NO_UI', { locale }), { locale });
  const texts = check.questions.flatMap((q) => [
    q.question,
    q.header,
    ...q.options.flatMap((o) => [o.label, o.description ?? '']),
  ]);
  if (!texts.every(isSimpleText)) await loadWidths();
  const flow = createFlow(check.questions);
  const session = runSession(
    { ...io, signal: opts.signal, color: opts.color },
    {
      update: (e) => flowUpdate(flow, e),
      view: (width, height) => {
        flow.rows = height;
        return questionView(flow, width, locale, height);
      },
      status: () => flow.status,
    },
  );
  // The first frame is on screen: now load exact widths for whatever the person types.
  void loadWidths();
  const outcome = await session;
  if (outcome !== 'submitted') {
    const details = outcome === 'aborted' ? { reason: 'aborted' } : undefined;
    return questionErrorResult(questionError('CANCELLED', { locale, details }), { locale });
  }
  return questionAnswersResult(check.questions, flowAnswers(flow), { locale, warnings: check.warnings });
}
