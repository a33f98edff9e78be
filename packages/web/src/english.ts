// The English form words: the catalog's English `form` part, loaded by words.ts when an English form
// renders (a bundler makes it a chunk of its own: dist/formrequest-en.js in the browser module).
export { EN_FORM_WORDS as default } from '@formrequest/schema/messages';
