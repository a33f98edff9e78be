import type { QuestionResult } from '@formrequest/schema/question';
import { err, out } from '../output.js';
import { readJsonFile, UnreadableError } from '../read-input.js';
import { parseFlags, UsageError, type Verb } from '../verb.js';

/** Exit codes of `formrequest question` (also in packages/terminal/README.md). */
export const QUESTION_EXIT = { answered: 0, badInput: 2, cancelled: 3, noTerminal: 4 } as const;

const usage = `Usage: formrequest question FILE [--json] [--locale ja|en] [--fullscreen] [--plain]

Asks the questions of FILE (seed 004: {"questions": [{question, header, options, multiple?, custom?}]},
or a {"tool": "question", "input": {...}} call; "-" reads it from stdin) in the terminal and prints
the result text:
  ユーザーの回答: "Q"="A", "Q2"="A2, A3"

The prompt draws below the shell prompt and leaves the questions and answers in the scrollback. When
stdout is captured (x=$(formrequest question f.json)) or stdin is the file, it uses the terminal
(/dev/tty) directly. Over-long headers and labels are warned about on stderr.

Options:
  --json           print the whole ToolResult {content, details} as JSON (also for errors)
  --locale ja|en   language of the screen and the messages (default ja)
  --fullscreen     draw on the alternate screen instead (nothing is left in the scrollback)
  --plain          plain lines: no colour, no cursor moves (the default where TERM is dumb or unset)

Exit codes: 0 answered · 2 bad input (VALIDATION_ERROR, NO_QUESTIONS, NO_OPTIONS, unreadable file)
            3 cancelled (CANCELLED) · 4 no terminal (NO_UI)`;

const verb: Verb = {
  summary: 'ask the questions of a file in the terminal (seed 004) and print the answers',
  usage,
  async run(args) {
    const { values, positionals } = parseFlags(args, {
      json: { type: 'boolean' },
      locale: { type: 'string' },
      fullscreen: { type: 'boolean' },
      plain: { type: 'boolean' },
    });
    if (positionals.length !== 1) throw new UsageError('give exactly one FILE.');
    const locale = values.locale ?? 'ja';
    if (locale !== 'ja' && locale !== 'en')
      throw new UsageError(`--locale must be ja or en (got '${locale}').`);
    let input: unknown;
    try {
      input = await readJsonFile(positionals[0]!, locale);
    } catch (error) {
      if (!(error instanceof UnreadableError)) throw error;
      // A JSON syntax message quotes the file: printed like everything else.
      err.write(`formrequest question: ${error.message}\n`);
      if (!values.json) return QUESTION_EXIT.badInput;
      // --json promises a ToolResult for every outcome: the file problem is a VALIDATION_ERROR.
      const { questionError, questionErrorResult } = await import('@formrequest/terminal/question');
      const details = { file: positionals[0]!, reason: error.message };
      return report(
        questionErrorResult(questionError('VALIDATION_ERROR', { locale, details }), { locale }),
        true,
      );
    }
    if (isToolCall(input)) input = input.input;
    const { askQuestions, terminalWords, textFor } = await import('@formrequest/terminal/question');
    const result = await askQuestions(input, {
      locale,
      stdinIsData: positionals[0] === '-',
      display: values.plain ? 'plain' : values.fullscreen ? 'fullscreen' : undefined,
    });
    // Warnings are for whoever wrote the questions: on stderr, after the prompt (--json has them in details).
    if (!values.json) {
      const word = terminalWords(locale).warning;
      for (const w of result.details.warnings ?? []) err.write(`${word}: ${w}\n`);
    }
    return report(result, values.json === true, textFor);
  },
};

function isToolCall(value: unknown): value is { input: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { tool?: unknown }).tool === 'question' &&
    'input' in value
  );
}

type TextFor = (stream: { isTTY?: boolean }, text: string) => string;

/**
 * Prints the result: JSON and error messages through the CLI's printers (no control reaches a
 * terminal); the answer line cleaned on a terminal and exact in a file or a pipe, where it is data.
 */
function report(result: QuestionResult, json: boolean, textFor?: TextFor): number {
  const text = result.content[0]!.text;
  if (json) out.json({ content: result.content, details: result.details });
  else if (result.details.error) err.write(`${text}\n`);
  else if (textFor) process.stdout.write(`${textFor(process.stdout, text)}\n`);
  else out.write(`${text}\n`);
  const code = result.details.error?.code;
  if (!code) return QUESTION_EXIT.answered;
  if (code === 'CANCELLED') return QUESTION_EXIT.cancelled;
  if (code === 'NO_UI') return QUESTION_EXIT.noTerminal;
  return QUESTION_EXIT.badInput;
}

export default verb;
