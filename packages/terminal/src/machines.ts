// @formrequest/terminal/machines: what `askForm` and `askQuestions` are made of, for another front end
// or a test: the pure state machines (form and questions) with their views, one widget per field type
// (WIDGETS, keyed by the catalog's type union), the line editor, the key decoder, paste cleaning, the
// session that runs a machine in a TTY, and display widths.
export { createEditor, type EditorState, editorUpdate, isNewlineKey } from './editor.js';
export { type FieldWidget, type FileSystem, WIDGETS, type Widgets } from './fields/index.js';
export { createForm, type FormOptions, type FormState, formLayout, formUpdate } from './form-flow.js';
export { formView } from './form-view.js';
export type { Frame, Row, Span, Style } from './frame.js';
export { type InputEvent, KeyDecoder, type KeyEvent, type PasteEvent, type TextEvent } from './keys.js';
export { PASTE_MAX_CHARS, sanitizePaste } from './paste.js';
export { createFlow, type FlowState, flowAnswers, flowUpdate } from './question-flow.js';
export { questionView } from './question-view.js';
export {
  type Display,
  type Machine,
  type Outcome,
  runPrompt,
  runSession,
  type TerminalIO,
} from './session.js';
export { displayWidth, loadWidths, truncateToWidth, wrapText } from './width.js';
