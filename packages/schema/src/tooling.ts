// @formrequest/schema/tooling: what formrequest's own docs generator, bundles and tests share with the
// checker, and library users seldom need: the tables of names a model may write another way (aliases
// and "did you mean"), the parts of the compact schema the tool advertises, and the checker's
// sentences (the web bundle loads them on demand). No stability promise beyond the package's own.
export { FORM_ALIASES, PROPERTY_ALIASES, TYPE_SUGGESTIONS } from './aliases.js';
export { compactFieldJsonSchema, fieldTypeTable, sharedFieldProps, sharedPropSpecs } from './json-schema.js';
export { schemaMessages } from './schema-messages.js';
