// @formrequest/schema/on-demand: what a page imports with `import()` when a form needs it, besides the
// pattern engine (./pattern): the sentences that explain a broken form and the reader of what a model
// meant. Nothing here reaches the first-call repairs (model-repairs.ts: property-hints.ts,
// lookahead-rule.ts), which speak to a model and which a page has none to speak to; a server passes
// them in (validate.ts ALL_PARTS, MODEL_REPAIRS of ./tooling). @formrequest/web's test/browser-graph.test.ts
// holds that no browser module reaches them.
export { normalizeForm } from './normalize.js';
export { schemaMessages } from './schema-messages.js';
