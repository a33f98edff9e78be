// The schema-error sentences (ja + en), loaded by issues.ts to explain a broken form (a bundler makes
// them a chunk of their own: dist/formrequest-sentences.js in the browser module).
export { schemaMessages } from '@formrequest/schema/on-demand';
