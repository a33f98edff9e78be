// @formrequest/terminal: the `question` tool (seed 004) and formrequest forms in a real terminal.
// The root asks: askForm and askQuestions, finding the terminal, and cleaning text for it. The second
// tier is under subpaths: `./question` (the lean question entry, one bundle) and `./machines` (the pure
// state machines, views, key decoder and sessions, for another front end or a test). Every name is
// listed: test/exports.test.ts pins the lists.

export { isCleanText, sanitizeText, textFor } from '@formrequest/schema/printable';
export { type AskFormOptions, type AskFormResult, askForm } from './ask-form.js';
export { type AskQuestionsOptions, askQuestions } from './ask-questions.js';
export { canSuspend, findTerminal, hasTerminal, promptTerminal, type Terminal } from './tty.js';
