// The schema-error sentences as their own module: dist/formrequest-sentences.js, loaded by the bundle
// only to explain a broken form (see deferred-sentences.ts).
export { schemaMessages } from '@formrequest/schema/tooling';
