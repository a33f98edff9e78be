// @formrequest/terminal: the `question` tool (seed 004) and formrequest forms in a real terminal.

export { type AskFormOptions, type AskFormResult, askForm } from './ask-form.js';
export { type AskQuestionsOptions, askQuestions } from './ask-questions.js';
export { createEditor, type EditorState, editorUpdate, isNewlineKey } from './editor.js';
export { type FieldWidget, type FileSystem, WIDGETS } from './fields/index.js';
export { createForm, type FormOptions, type FormState, formLayout, formUpdate } from './form-flow.js';
export { formView } from './form-view.js';
export type { Frame, Row, Span, Style } from './frame.js';
export { type InputEvent, KeyDecoder, type KeyEvent, type PasteEvent, type TextEvent } from './keys.js';
export { PASTE_MAX_CHARS, sanitizePaste } from './paste.js';
export { createFlow, type FlowState, flowAnswers, flowUpdate } from './question-flow.js';
export { questionView } from './question-view.js';
export { isCleanText, sanitizeText, textFor } from './sanitize.js';
export {
  type Display,
  type Machine,
  type Outcome,
  runPrompt,
  runSession,
  type TerminalIO,
} from './session.js';
export { canSuspend, findTerminal, hasTerminal, promptTerminal, type Terminal } from './tty.js';
export { displayWidth, loadWidths, truncateToWidth, wrapText } from './width.js';
