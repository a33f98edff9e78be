// The widget's `question` part (dist/widget-parts/question.js, scripts/build-widget.mjs): what a
// `question` call's form needs on submit. Its own part because it brings the question's words and
// checks, which no request_form form needs.
export { questionAnswerProblems, questionAnswerText } from '../src/question-form.ts';
