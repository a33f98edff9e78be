// What the checks read besides the catalog and their own rules, passed in rather than imported: the
// words they speak, the pattern engine, and for the schema check the sentences that explain a defect and
// the reader of what a model meant. A server or a terminal has all of them at once (validate.ts); a page
// passes what it has and loads the rest when a form needs it (@formrequest/web), so the rules it loads
// first stay small and are the same rules.
import type { Clock } from './field-facts.js';
import type { splitLookaheadRule } from './lookahead-rule.js';
import type { MessageKey } from './messages.js';
import type { NormalizeContext } from './normalize.js';
import type { CompiledPattern, PatternProblem } from './pattern/contract.js';
import type { propertyHint } from './property-hints.js';
import type { schemaMessages } from './schema-messages.js';
import type { FormField, Issue, Locale } from './types.js';

/** The pattern engine as the checks use it (pattern/index.ts is one). */
export interface PatternEngine {
  checkPattern(source: string): PatternProblem | null;
  patternSize(source: string): number;
  compilePattern(source: string): CompiledPattern;
  readonly MAX_FORM_PATTERN_LENGTH: number;
  readonly MAX_FORM_PATTERN_SIZE: number;
}

/** The sentences of schema errors and warnings in one language (schema-messages.ts). */
export type Sentences = ReturnType<typeof schemaMessages>;

/**
 * The first-call repairs (model-repairs.ts): what a server says to a model about the habits it brings
 * (JSON Schema's `format`, `enum`, ...) and the password rules it writes with lookaheads, split into
 * checks. A model's call meets them on the server; a page checks forms but has no model to teach, so
 * it leaves them out and its bundle never holds those tables.
 */
export interface ModelRepairs {
  propertyHint: typeof propertyHint;
  splitLookaheadRule: typeof splitLookaheadRule;
}

/** What the answer checks need. */
export interface AnswerParts {
  /** A form message (messages.ts `t`). */
  words(locale: Locale | undefined, key: MessageKey, params?: Record<string, unknown>): string;
  patterns: PatternEngine;
  /** A matching budget for one form's answers (pattern/budget.ts); without it, none. */
  budget?(): (field: FormField, value: unknown, options: { locale?: Locale } & Clock) => string | null;
}

/** What the schema check needs: the answer checks' parts (a default is an answer), and more. */
export interface CheckParts extends AnswerParts {
  sentences(locale: Locale): Sentences;
  /**
   * Whether `text` is a usable searchUrl / loadUrl: `parseRemoteUrl(text).ok` (remote-url.ts). A page
   * answers true until the module of its fields that fetch (which holds the reader) is there, and checks
   * the form again then, as with the pattern engine.
   */
  remoteUrl(text: string): boolean;
  /** What a model meant (normalize.ts); without it, the form is checked as written. */
  read?(
    form: Record<string, unknown>,
    ctx: NormalizeContext,
  ): { form: Record<string, unknown>; notes: Issue[] };
  /**
   * The kind of a URL's address worth a warning (remote-url.ts `riskyAddress`); without it, none. A
   * server or `check` warns; a page has no one to warn and leaves it out.
   */
  riskyAddress?(url: string): string | undefined;
}
