// In the bundle this module is formrequest-pattern.js: @formrequest/schema's pattern engine alone, loaded
// by deferred-pattern.ts when a form has a pattern (scripts/bundle.mjs builds it from the schema's source).
export {
  checkPattern,
  compilePattern,
  MAX_FORM_PATTERN_LENGTH,
  MAX_FORM_PATTERN_SIZE,
  patternSize,
} from '@formrequest/schema/pattern';
