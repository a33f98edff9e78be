// Shapes shared by the renderer core and the field modules.
import type {
  FIELD_CATALOG,
  FieldOf,
  FieldType,
  FormField,
  Locale,
  MessageKey,
} from '@formrequest/schema/core';

/** A field as the core reads it: any field may have a name and a label (input fields have a name). */
export type CoreField = FormField & { name?: string; label?: string };

/** A search result or loaded option: any JSON object. */
export type Item = Record<string, unknown>;

export interface RenderOptions {
  /** UI and message language; 'ja' (default) or 'en'. */
  locale?: Locale;
  /**
   * Called once with the answer (the DESIGN.md contract), the message to send as the next user turn, and
   * the page's UTC offset at `now` (minutes east of UTC): send it with the answers, so a server
   * re-checking relative dates resolves them in the person's zone (see the schema's dates.ts).
   */
  onSubmit?(values: Record<string, unknown>, message: string, context: SubmitContext): void;
  /** Called once with the cancel message. */
  onCancel?(message: string): void;
  /**
   * fetch used for searchUrl / loadUrl requests (default: the global fetch). To refuse a request for good
   * (an origin the page may not reach), reject with an Error named `FormRequestRefused`: the field shows
   * its message as it is, as an error, with no retry.
   */
  fetch?: typeof fetch;
  /** Credentials mode for search requests; 'omit' unless the embedding app asks for more. */
  credentials?: RequestCredentials;
  /** Keeps what the person typed in localStorage under this key until submit or cancel. */
  draftKey?: string;
  /**
   * The instant relative dates ('today', '+7days') count from: when the form was issued. Default: when
   * it is rendered. Either way one instant for the whole life of the form, in this browser's zone.
   */
  now?: Date;
  /** The title's heading level: 2 (default: the form sits under a page's own h1) or 1 (the form is the page). */
  titleLevel?: 1 | 2;
  /** Forces a colour theme; default: the page's `color-scheme` (inherited; light where the page declares none). */
  theme?: 'light' | 'dark';
  /**
   * false: add no styles (the page links formrequest.css itself). By default the stylesheet is adopted
   * as a constructed stylesheet, which CSP's style-src does not restrict.
   */
  styles?: boolean;
  /** Nonce for the stylesheet: it is then added as `<style nonce>` (pages whose CSP allows styles by nonce). */
  nonce?: string;
}

export interface SubmitContext {
  /** This browser's UTC offset at the form's `now`, in minutes east of UTC (Tokyo 540). */
  utcOffset: number;
  /**
   * What the form showed for the answers of its search and loaded fields (autocomplete,
   * multi-autocomplete, async-select, cascading-select: the row's text, a list for several). With the
   * form's own option labels, `answerLabels(schema, values, shown)` of `@formrequest/schema` gives what
   * the person saw for every answer that is an id. Not part of the seed's message.
   */
  shown: Record<string, unknown>;
}

export interface FormController {
  /** The current answer in the submit contract (hidden values in, unfilled optional fields out). */
  values(): Record<string, unknown>;
  /** Shows every message and focuses the first invalid field; true when the form is valid. */
  validate(): boolean;
  /** Validates and submits once; resolves true when onSubmit was called. */
  submit(): Promise<boolean>;
  /** Calls onCancel once with the cancel message. */
  cancel(): void;
  /**
   * Shows messages from elsewhere (e.g. a server that refused the answer with 422) on the fields they
   * name, focuses the first and scrolls it into view. A submitted form becomes editable again, with what
   * the person entered. Each message stays until its field changes. Returns the names it could not show
   * (no such visible field): show those yourself.
   */
  setErrors(errors: Record<string, string>): string[];
  /** Removes the form, stops its requests and timers (a pending draft is written first). */
  destroy(): void;
}

/** What the core hands each field module. */
export interface FieldContext {
  /** id of the field's main control (labels point at it). */
  id: string;
  locale: Locale;
  now: Date | undefined;
  /** Base URL for relative searchUrl / loadUrl. */
  base: string;
  get(): unknown;
  /** Records the value (and, for search-backed fields, its display text, kept in drafts). */
  set(value: unknown, text?: unknown): void;
  /** The display text recorded with the value. */
  text(): unknown;
  /** Marks the field touched and shows its message. */
  touch(): void;
  /** Shows the field's message again if it was touched (the field's own state changed). */
  refresh(): void;
  /** Shows a message now (e.g. a file over maxSize, refused before reading). */
  fail(message: string): void;
  /** The answer check's first message for `value` in this field, or null. */
  problem(value: unknown): string | null;
  /** UI text from the schema package's message catalog (its form part). */
  say(key: MessageKey, params?: Record<string, unknown>): string;
  /** GETs a JSON list; rejects on network error, timeout, non-2xx, non-JSON or a body that is not a list. */
  load(url: string, signal?: AbortSignal): Promise<Item[]>;
  /** Another field's current value (a cascade's parent). */
  valueOf(name: string): unknown;
  /** Another field's label (or name). */
  labelOf(name: string): string;
  /** Lets submit wait for work in progress (file reading). */
  wait(p: Promise<unknown>): void;
}

export interface FieldView {
  /** The field's wrapper; the core appends the message element to an input field's. */
  el: HTMLElement;
  /** Controls that carry aria-invalid / aria-describedby; the first one gets focus on submit. */
  controls: HTMLElement[];
  /** For cascading-select: the parent's value changed (this field's value was already cleared). */
  parentChanged?(value: unknown): void;
  /**
   * A message of the field's own that blocks submit (search text typed but never picked), or null.
   * `final` on submit; otherwise the field may hold the message back while the person is typing.
   */
  check?(final: boolean): string | null;
  /**
   * The person types into it: it counts as touched when focus leaves it, not at each `change` (a
   * message appearing at blur would move the button being pressed).
   */
  typed?: true;
}

/** The types whose answers are of the value kinds `K` (the catalog's `value`). */
export type TypesOfKind<K extends string> = {
  [T in FieldType]: (typeof FIELD_CATALOG)[T]['value'] extends K ? T : never;
}[FieldType];

/** Draws a field of the types `T` (a family shares one builder: `FieldBuilder<'date' | 'datetime'>`). */
export type FieldBuilder<T extends FieldType> = (field: FieldOf<T>, ctx: FieldContext) => FieldView;

/** null where the catalog says the type's value is fixed (hidden): nothing to draw. Never elsewhere. */
type NoBuilder<T extends FieldType> = (typeof FIELD_CATALOG)[T]['value'] extends 'fixed' ? null : never;

/**
 * The renderer's per-type table: one builder for every type of the catalog (null only for a fixed
 * value). Keyed by the catalog's type union, so a type added there without a builder here does not
 * compile, and `email: null` does not either.
 */
export type Builders = { [T in FieldType]: FieldBuilder<T> | NoBuilder<T> };
