// The pattern engine of @formrequest/schema, loaded by patterns.ts the first time a form has a pattern
// (a bundler makes it a chunk of its own: dist/formrequest-pattern.js in the browser module).
export {
  checkPattern,
  compilePattern,
  MAX_FORM_PATTERN_LENGTH,
  MAX_FORM_PATTERN_SIZE,
  patternSize,
} from '@formrequest/schema/pattern';
