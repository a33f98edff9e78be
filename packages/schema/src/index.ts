// @formrequest/schema: the form vocabulary shared by every surface (server, web, terminal, host).
// The root is what a library user reads forms and answers with; the second tier is under subpaths:
// `./core` (the rules without what a page loads later, for browser renderers), `./question` (seed
// 004's question tool, also here), `./messages` (the message catalog's parts and lookups), `./pattern`
// (the pattern engine's limits and sizes) and `./tooling` (what formrequest's own generator, bundles
// and tests share: alias tables, the compact schema's parts, the checker's sentences and reader).
// Every name is listed: test/exports.test.ts pins the lists.

export { type AnswerLabels, answerLabels, MAX_LABEL_CHARS } from './answer-labels.js';
export { type AnswerRow, type AnswerRowWords, answerRows } from './answer-rows.js';
export {
  type AnswersResult,
  acceptsFile,
  answerValues,
  formatBytes,
  initialValues,
  isEmptyValue,
  parseDecimal,
  submitMessage,
  type ValidateOptions,
} from './answers.js';
export type {
  AnswerFormat,
  ElicitShape,
  FieldSpec,
  PropKind,
  PropSpec,
  ValueKind,
} from './catalog.js';
export {
  FIELD_CATALOG,
  FIELD_TYPES,
  FORM_PROPS,
  fieldSpec,
  isFieldType,
  isInputField,
  valueKind,
} from './catalog.js';
export { formatIssues, type Issue, type SchemaResult } from './check-schema.js';
export { decodeDataUrl } from './data-url.js';
export {
  clampUtcOffset,
  dayAt,
  formatDate,
  formatDateTime,
  isIsoDate,
  isIsoDateTime,
  MAX_UTC_OFFSET,
  MIN_UTC_OFFSET,
  resolveDateBound,
  utcOffsetAt,
} from './dates.js';
export {
  type Clock,
  type DateBounds,
  dateBounds,
  defaultValue,
  fieldLabel,
  fieldProp,
  initialValue,
  type PropName,
  type PropValue,
  shortenSuggestion,
} from './field-facts.js';
export { isPlainObject, MAX_JSON_DEPTH, MAX_MESSAGE_DEPTH, nestsDeeperThan, ownValue } from './json-depth.js';
export { fieldJsonSchemas, formInputJsonSchema, formJsonSchema } from './json-schema.js';
export { format, formLocale, type MessageKey, resolveLocale, t } from './messages.js';
export { cancelMessage, formRequestText } from './outcome.js';
export {
  type CompiledPattern,
  checkPattern,
  compilePattern,
  PATTERN_SYNTAX,
  type PatternProblem,
} from './pattern/index.js';
export {
  customChoiceLabel,
  formatAnswers,
  formatQuestionError,
  QUESTION_DEFAULTS,
  QUESTION_HEADER_MAX,
  QUESTION_LABEL_MAX,
  type Question,
  type QuestionCheck,
  type QuestionError,
  type QuestionErrorCode,
  type QuestionInput,
  type QuestionLocale,
  type QuestionOption,
  type QuestionResult,
  questionAnswersResult,
  questionError,
  questionErrorResult,
  type ResolvedQuestion,
  validateQuestionInput,
} from './question.js';
export {
  buildDependentUrl,
  buildLoadUrl,
  buildSearchUrl,
  capResults,
  extractItems,
  itemValue,
  MAX_REMOTE_RESULTS,
  optionLabel,
  optionText,
  renderTemplate,
} from './remote.js';
export {
  type AddressKind,
  addressKind,
  parseRemoteUrl,
  type RemoteUrl,
  type RemoteUrlProblem,
  resolveRemoteUrl,
  riskyAddress,
} from './remote-url.js';
export { type FormArgument, readFormArgument } from './tool-argument.js';
export type {
  Answers,
  FieldOf,
  FieldOption,
  FieldProps,
  FieldType,
  FileValue,
  FormField,
  FormSchema,
  InputField,
  Locale,
} from './types.js';
export { readFormSchema, validateAnswers, validateField, validateFormSchema } from './validate.js';
