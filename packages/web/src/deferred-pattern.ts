// Stand-in for @formrequest/schema's pattern engine (pattern/index.ts) inside dist/formrequest.js
// (scripts/bundle.mjs swaps it in). The engine (parser and matcher, a sixth of the bundle) is needed only
// by forms that have a `pattern`: the first time the checker meets one, formrequest-pattern.js starts
// loading. Until it is there, patterns are taken as they come (no verdict yet); the form then checks the
// whole schema again with the engine (a refused pattern turns it into the error panel, as a defect past
// a long form's first screen does), writes its shown messages again, and submit waits for all of it.
// Unbundled, the real engine is used directly and nothing is deferred.
import type { CompiledPattern, PatternProblem } from '@formrequest/schema';

type Engine = typeof import('./pattern.js');
let loading: Promise<unknown> | undefined;
let engine: Engine | undefined;

function load(): void {
  loading ??= import('./pattern.js').then(
    (real) => {
      engine = real;
      MAX_FORM_PATTERN_LENGTH = real.MAX_FORM_PATTERN_LENGTH;
      MAX_FORM_PATTERN_SIZE = real.MAX_FORM_PATTERN_SIZE;
    },
    () => {},
  );
}

// The form-wide limits apply once the engine is there (the whole schema is checked again then).
export let MAX_FORM_PATTERN_LENGTH = Number.POSITIVE_INFINITY;
export let MAX_FORM_PATTERN_SIZE = Number.POSITIVE_INFINITY;
export const MAX_PATTERN_LENGTH = 0;
export const MAX_PATTERN_SIZE = 0;
export const PATTERN_SYNTAX = '';
export const PATTERN_SYNTAX_JA = '';
export const PATTERN_SYNTAX_BRIEF = '';

export function checkPattern(source: string): PatternProblem | null {
  load();
  return engine ? engine.checkPattern(source) : null;
}

export function patternSize(source: string): number {
  return engine ? engine.patternSize(source) : 0;
}

export function compilePattern(source: string): CompiledPattern {
  load();
  return engine ? engine.compilePattern(source) : { test: () => true };
}

/** The engine's load when a form needed it and it is not there yet; else undefined. */
export function patternsPending(): Promise<unknown> | undefined {
  return engine ? undefined : loading;
}
