// @formrequest/schema/core: the vocabulary's rules without what a page can load later. Nothing here
// imports the pattern engine, the schema sentences, the reader of what a model meant or the English
// catalog: the checks take them as parts (check-parts.ts), so a browser renderer imports this entry at
// once and the rest with `import()` when a form needs it (@formrequest/web does; a bundler splits it the
// same way). The root entry wires every part (validateFormSchema, validateField, validateAnswers).
// Every name is listed: test/exports.test.ts pins the list, and test/core.test.ts holds its imports to
// the small modules.

export { type AnswerLabels, answerLabels, MAX_LABEL_CHARS } from './answer-labels.js';
export { type AnswerRow, type AnswerRowWords, answerRows } from './answer-rows.js';
export {
  type AnswersResult,
  acceptsFile,
  answerValues,
  checkAnswers,
  checkField,
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
  FieldType,
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
export type { AnswerParts, CheckParts, PatternEngine, Sentences } from './check-parts.js';
export { checkFormSchema, formatIssues, type SchemaResult } from './check-schema.js';
export {
  clampUtcOffset,
  dayAt,
  formatDate,
  formatDateTime,
  isIsoDate,
  isIsoDateTime,
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
  shortenSuggestion,
} from './field-facts.js';
export {
  ANSWER_FORMATS,
  FORMAT_EXCHANGE,
  type FormatExchange,
  type FormatSpec,
  typeOfFormat,
} from './formats.js';
export { isPlainObject, nestsDeeperThan, ownValue } from './json-depth.js';
export type { MessageKey } from './messages.js';
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
export { type RendererPart, rendererParts } from './renderer-parts.js';
export type {
  Answers,
  FieldOf,
  FieldOption,
  FieldProps,
  FileValue,
  FormField,
  FormSchema,
  InputField,
  Issue,
  Locale,
} from './types.js';
export { format, formLocale, JA_FORM_WORDS, resolveLocale } from './words.js';
