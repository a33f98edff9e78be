// The lean entry for `formrequest ask`: the form flow and what the verb prints, nothing else of the
// package. Built as one bundle (dist/ask.bundle.js) so start-up reads one file, not the module graph.

export { formatIssues, formatQuestionError, questionError } from '@formrequest/schema';
export { type AskFormOptions, type AskFormResult, askForm } from './ask-form.js';
