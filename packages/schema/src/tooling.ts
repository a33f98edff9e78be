// @formrequest/schema/tooling: what formrequest's own docs generator, bundles and tests share with the
// checker, and library users seldom need: the tables of names a model may write another way (aliases
// and "did you mean"), the vocabulary's words (catalog-docs.ts: what each type and property means, kept
// out of the catalog so browser bundles do not carry them), the parts of the compact schema the tool advertises, the description of
// `request_form` (the MCP server's and the AI SDK tool's), and the checker's
// sentences and reader with the first-call repairs to pass them (MODEL_REPAIRS; a page loads the two
// without them from ./on-demand), the checks' parts all loaded. No stability promise beyond the
// package's own.
export { FORM_ALIASES, PROPERTY_ALIASES, TYPE_SUGGESTIONS } from './aliases.js';
export {
  type FieldPropName,
  FORM_PROP_WORDS,
  PROP_WORDS,
  TYPE_WORDS,
  type Words,
} from './catalog-docs.js';
export { compactFieldJsonSchema, fieldTypeTable, sharedFieldProps, sharedPropSpecs } from './json-schema.js';
export { MODEL_REPAIRS } from './model-repairs.js';
export { normalizeForm } from './normalize.js';
export { schemaMessages } from './schema-messages.js';
export {
  ANSWER_JA,
  answerShapeText,
  requestFormDescription,
  TOOL_RESULT_DELIVERY,
} from './tool-description.js';
export { ALL_PARTS } from './validate.js';
