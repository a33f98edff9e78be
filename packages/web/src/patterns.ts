// The pattern engine as the checks use it, loaded the first time a check meets a pattern (pattern.js,
// whose exports then replace the stand-ins below). Until it is there a pattern gets no verdict: the
// checker takes it as it comes and every text matches; the form then checks its schema again with the
// engine (a refused pattern turns it into the error panel), writes its shown messages again, and
// submit waits for it. Where it cannot load, patterns stay without a verdict.
import type { PatternEngine } from '@formrequest/schema/core';

let loading: Promise<unknown> | undefined;
let loaded = false;
const load = () =>
  (loading ??= import('./pattern.js').then(
    (engine) => {
      Object.assign(patterns, engine);
      loaded = true;
    },
    () => {},
  ));

export const patterns: PatternEngine = {
  checkPattern() {
    load();
    return null;
  },
  patternSize: () => 0,
  compilePattern() {
    load();
    return { test: () => true };
  },
  // The form-wide limits apply once the engine is there (the whole schema is checked again then).
  MAX_FORM_PATTERN_LENGTH: Number.POSITIVE_INFINITY,
  MAX_FORM_PATTERN_SIZE: Number.POSITIVE_INFINITY,
};

/** The engine's load when a check needed it and it is not there yet; else undefined. */
export function patternsPending(): Promise<unknown> | undefined {
  return loaded ? undefined : loading;
}
