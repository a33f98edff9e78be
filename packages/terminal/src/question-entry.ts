// The lean entry for `formrequest question` and for agents that register only the question tool: it
// pulls in the question flow and nothing of the form renderer. Built as one bundle (dist/question.bundle.js)
// so start-up does not load the whole schema package.

export { terminalWords } from '@formrequest/schema/messages';
export { sanitizeText, textFor } from '@formrequest/schema/printable';
// What `formrequest question` prints besides the answers, so the verb loads this bundle and nothing else.
export { questionError, questionErrorResult } from '@formrequest/schema/question';
export { type AskQuestionsOptions, askQuestions } from './ask-questions.js';
