// The reader of what a model meant (normalize.ts of @formrequest/schema), loaded by checks.ts when a
// form has something to say as written (a bundler makes it a chunk of its own:
// dist/formrequest-reader.js in the browser module).
export { normalizeForm } from '@formrequest/schema/on-demand';
