// @formrequest/schema: the form vocabulary shared by every surface (server, web, terminal, host).
export { FIELD_CATALOG, FIELD_TYPES, FORM_PROPS, isFieldType, isInputField } from './catalog.js';
export type { FieldSpec, PropKind, PropSpec, ValueKind } from './catalog.js';
export type { Answers, FieldOf, FieldOption, FieldType, FileValue, FormField, FormSchema, InputField, Locale } from './types.js';
export { formatIssues, validateFormSchema, type Issue, type SchemaResult } from './check-schema.js';
export {
  acceptsFile,
  fieldLabel,
  fieldProp,
  formatBytes,
  initialValues,
  isEmptyValue,
  toNumber,
  validateAnswers,
  validateField,
  type AnswersResult,
  type ValidateOptions,
} from './answers.js';
export { formatDate, formatDateTime, isDateExpr, isIsoDate, isIsoDateTime, resolveDateBound } from './dates.js';
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
export { answerValues, cancelMessage, formRequestText, submitMessage } from './outcome.js';
export { format, resolveLocale, t, type MessageKey } from './messages.js';
export { checkPattern, compilePattern, PATTERN_ENGINE, type CompiledPattern, type PatternProblem } from './pattern/index.js';
export { fieldJsonSchemas, formInputJsonSchema, formJsonSchema } from './json-schema.js';
export * from './question.js';
