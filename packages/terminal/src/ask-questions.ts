// The `question` tool of seed 004 in a terminal: check the input (shared vocabulary in
// @formrequest/schema), find the terminal, run the flow, and answer with the seed's ToolResult.
import {
  type QuestionLocale,
  type QuestionResult,
  questionAnswersResult,
  questionError,
  questionErrorResult,
  validateQuestionInput,
} from '@formrequest/schema/question';
import { createFlow, flowAnswers, flowUpdate } from './question-flow.js';
import { questionTranscript, questionView } from './question-view.js';
import { type Display, type Outcome, runPrompt } from './session.js';
import { type PromptStreams, promptTerminal } from './tty.js';
import { loadWidthsSoon } from './width.js';

/**
 * `input` / `output`: where keys come from and the prompt is drawn. By default stdin and stdout when
 * they are a terminal, else the controlling terminal (/dev/tty) for the one that is not, as fzf does.
 */
export interface AskQuestionsOptions extends PromptStreams {
  signal?: AbortSignal;
  locale?: QuestionLocale;
  color?: boolean;
  /** 'inline' (default): below the prompt, a transcript left in the scrollback; 'fullscreen'. */
  display?: Display;
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
  const terminal = promptTerminal(opts);
  if (!terminal) return questionErrorResult(questionError('NO_UI', { locale }), { locale });
  // The first frame does not wait for string-width: until it loads, widths are measured per grapheme
  // (emoji presentation 2, East Asian width otherwise), which agrees with it on the common cases.
  const flow = createFlow(check.questions);
  const outcome: Outcome = await runPrompt(
    terminal,
    { signal: opts.signal, color: opts.color, display: opts.display, locale },
    {
      update: (e) => flowUpdate(flow, e),
      view: (width, height) => {
        flow.rows = height;
        const frame = questionView(flow, width, locale, height);
        if (frame.page) flow.page = frame.page;
        return frame;
      },
      status: () => flow.status,
      transcript: (width, outcome) => questionTranscript(flow, width, locale, outcome),
    },
    // The first frame is on screen: exact widths for whatever the person types load a moment later.
    loadWidthsSoon,
  );
  const warnings = check.warnings.length ? { warnings: check.warnings } : {};
  if (outcome !== 'submitted') {
    const details = outcome === 'aborted' ? { reason: 'aborted' } : undefined;
    const result = questionErrorResult(questionError('CANCELLED', { locale, details }), { locale });
    return { ...result, details: { ...result.details, ...warnings } };
  }
  return questionAnswersResult(check.questions, flowAnswers(flow), { locale, warnings: check.warnings });
}
