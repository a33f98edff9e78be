// @formrequest/schema: the form vocabulary shared by every surface (server, web, terminal, host).

export { FORM_ALIASES, PROPERTY_ALIASES, TYPE_SUGGESTIONS } from './aliases.js';
export {
  type AnswersResult,
  acceptsFile,
  formatBytes,
  initialValues,
  isEmptyValue,
  toNumber,
  type ValidateOptions,
  validateAnswers,
  validateField,
} from './answers.js';
export type { AnswerFormat, ElicitShape, FieldSpec, PropKind, PropSpec, ValueKind } from './catalog.js';
export {
  FIELD_CATALOG,
  FIELD_TYPES,
  FORM_PROPS,
  fieldSpec,
  isFieldType,
  isInputField,
  valueKind,
} from './catalog.js';
export { formatIssues, type Issue, type SchemaResult, validateFormSchema } from './check-schema.js';
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
} from './field-facts.js';
export { isPlainObject, MAX_JSON_DEPTH, MAX_MESSAGE_DEPTH, nestsDeeperThan, ownValue } from './json-depth.js';
export {
  compactFieldJsonSchema,
  fieldJsonSchemas,
  fieldTypeTable,
  formInputJsonSchema,
  formJsonSchema,
  sharedFieldProps,
  sharedPropSpecs,
} from './json-schema.js';
export {
  type AgentKey,
  agentText,
  format,
  formLocale,
  type MessageKey,
  type PageKey,
  pageWords,
  resolveLocale,
  type TerminalKey,
  t,
  terminalWords,
} from './messages.js';
export { readFormSchema } from './normalize.js';
export { answerValues, cancelMessage, formRequestText, submitMessage } from './outcome.js';
export {
  type CompiledPattern,
  checkPattern,
  compilePattern,
  MAX_FORM_PATTERN_LENGTH,
  MAX_FORM_PATTERN_SIZE,
  MAX_PATTERN_LENGTH,
  MAX_PATTERN_SIZE,
  PATTERN_SYNTAX,
  PATTERN_SYNTAX_BRIEF,
  PATTERN_SYNTAX_JA,
  type PatternProblem,
  patternSize,
  type SyntaxReason,
} from './pattern/index.js';
export * from './question.js';
export {
  buildDependentUrl,
  buildSearchUrl,
  extractItems,
  itemValue,
  optionLabel,
  optionText,
  renderTemplate,
  shortenSuggestion,
} from './remote.js';
export { schemaMessages } from './schema-messages.js';
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
