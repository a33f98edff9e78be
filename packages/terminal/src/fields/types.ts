// What a field widget of `formrequest ask` is: its own state, the keys it understands and how it
// draws, side by side in one module per field family (like packages/web/src/fields). The form flow
// (form-flow.ts) owns the steps, the values and the review screen, and hands each widget a context:
// the widget does no I/O of its own (loads, files and timers come through the context).
import type { FIELD_CATALOG, FieldOf, FieldType, FormField, Locale } from '@formrequest/schema';
import type { FrameBuilder } from '../frame.js';
import type { InputEvent } from '../keys.js';

/** Reads files for `file` fields (injected, so the machine stays pure). */
export interface FileSystem {
  /** Size of a regular file; 'dir' for a directory; null when there is nothing there. */
  stat(path: string): { size: number } | 'dir' | null;
  read(path: string): Buffer;
  /** Entries of a directory (for Tab completion); [] when it cannot be read. */
  list(dir: string): { name: string; dir: boolean }[];
}

/** The result of a remote load as a widget sees it. */
export type LoadResult = { ok: true; body: unknown } | { ok: false; error: string };

/** What a widget of the types `T` works through (`FieldContext<'date' | 'datetime'>`). */
export interface FieldContext<T extends FieldType = FieldType> {
  readonly field: FieldOf<T>;
  readonly locale: Locale;
  readonly now?: Date;
  /** Terminal rows the widget may use for a list (the rest of the screen is taken). */
  readonly listRows: number;
  /** Items PageUp / PageDown move by (what the screen last showed of the list). */
  readonly page: number;
  /** The committed value of this field, or of another one by name (a cascading-select's parent). */
  value(name?: string): unknown;
  /** What a committed remote value is shown as (the item's text). */
  label(name?: string): string | string[] | undefined;
  fieldNamed(name: string): FormField | undefined;
  /** The text the committed value was made from, when it is not the value itself (file paths). */
  source(): string | undefined;
  /**
   * Validates `value`; stores it and moves on, or shows the message and stays. `label` is how it reads
   * on the review screen, `source` the text to edit when the field is revised.
   */
  commit(value: unknown, label?: string | string[], source?: string): void;
  /** Shows a message under the field (null clears it). */
  setError(message: string | null): void;
  /** The message under the field now, if any. */
  error(): string | null;
  /** The schema's message for `value` in this field (null: it passes), as commit would say it. */
  check(value: unknown): string | null;
  /** Shows a passing notice (a paste was cleaned or cut); cleared by the next key. */
  setNotice(message: string | null): void;
  /** Loads a URL (cached per URL; the form's earlier load is aborted); `done` runs later, then a redraw. */
  load(url: string, done: (r: LoadResult) => void, opts?: { fresh?: boolean }): void;
  /** Runs `fn` after `ms` (a debounce); starting another replaces it. */
  schedule(fn: () => void, ms: number): void;
  /** Stops the pending load and the scheduled function. */
  cancelPending(): void;
  /** Where relative remote URLs point; an error message when there is none. */
  resolveUrl(make: (baseUrl?: string) => string, raw: string): string | { error: string };
  readonly files: FileSystem;
  /** The home directory (for `~`) and the directory relative paths start from. */
  readonly home: string;
  readonly cwd: string;
}

/** A widget of the field types `T`, with its own state `W`. */
export interface FieldWidget<W = unknown, T extends FieldType = FieldType> {
  /** Fresh state from the committed value. */
  create(ctx: FieldContext<T>): W;
  /** The field becomes current (again): start loads it needs. */
  enter?(ctx: FieldContext<T>, w: W): void;
  /** A key, typed text or a paste. Enter usually ends in ctx.commit. */
  update(ctx: FieldContext<T>, w: W, e: InputEvent): void;
  draw(ctx: FieldContext<T>, w: W, fb: FrameBuilder): void;
  /** The keys this widget has, for the hint row (the form adds Shift+Tab and Esc). */
  keys(ctx: FieldContext<T>, w: W): string[];
  /** Esc inside the widget (clear a filter or a query); false: the form handles it (a level up). */
  escape?(ctx: FieldContext<T>, w: W): boolean;
  /** True when the widget holds input its committed value does not (typed text, toggles). */
  dirty?(ctx: FieldContext<T>, w: W): boolean;
  /** How the committed value reads on the review screen, when not the plain value or label. */
  display?(ctx: FieldContext<T>): string | undefined;
}

/** null where the catalog says the type has no value or a fixed one (not a step). Never elsewhere. */
type NoWidget<T extends FieldType> = (typeof FIELD_CATALOG)[T]['value'] extends 'none' | 'fixed'
  ? null
  : never;

/**
 * The terminal's per-type table: one widget for every type of the catalog (null only for display-only
 * and fixed-value types: not a step), keyed by its type union, so a type added there without a widget
 * here does not compile, and `email: null` does not either.
 */
export type Widgets = { [T in FieldType]: FieldWidget<unknown, T> | NoWidget<T> };

/** Uses the widget's own state type inside the module and erases it in the table. */
export function widget<T extends FieldType, W>(w: FieldWidget<W, T>): FieldWidget<unknown, T> {
  return w;
}
