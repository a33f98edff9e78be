// Options that come from a URL (async-select, cascading-select, autocomplete, multi-autocomplete):
// the load state a widget keeps, turning a response into choices, and the loading / error / empty
// states drawn in place of a list. A failed load can be tried again (Ctrl+R, or Enter on the error).
import { extractItems, type FieldOf, itemValue, optionText, t } from '@formrequest/schema';
import type { FrameBuilder } from '../frame.js';
import { loadWords, say, words } from '../messages.js';
import type { FieldContext } from './types.js';

/** A field whose options come from a URL. */
export type RemoteField = FieldOf<
  'async-select' | 'cascading-select' | 'autocomplete' | 'multi-autocomplete'
>;

export interface Choice {
  label: string;
  value: unknown;
}

export interface RemoteState {
  /** What was asked for (null: nothing yet, such as a cascading-select without its parent). */
  url: string | null;
  loading: boolean;
  error: string | null;
  items: Choice[];
  /** Results left out past the cap (a search shows the first RESULTS_SHOWN and asks to refine). */
  more?: number;
  /** When the load started (Date.now()), for the spinner's elapsed time. */
  since?: number;
}

export function idle(): RemoteState {
  return { url: null, loading: false, error: null, items: [] };
}

/** Search results shown at most; past it the list says how many more and asks for a longer query. */
export const RESULTS_SHOWN = 100;

/** The choices in a response body (the first `cap` of them), or null when it holds no list. */
export function choicesOf(
  field: RemoteField,
  body: unknown,
  cap = Number.POSITIVE_INFINITY,
): Choice[] | null {
  const items = extractItems(body);
  if (!items) return null;
  return items
    .slice(0, cap)
    .map((item) => ({ label: optionText(field, item), value: itemValue(field, item) }));
}

/**
 * Loads `url` into `holder.remote` (a URL that could not be built shows its message instead);
 * `loaded` runs after the items arrive.
 */
export function startLoad(
  ctx: FieldContext,
  field: RemoteField,
  holder: { remote: RemoteState },
  url: string | { error: string },
  opts: { fresh?: boolean; loaded?: () => void; cap?: number } = {},
): void {
  if (typeof url !== 'string') {
    holder.remote = { url: null, loading: false, error: url.error, items: [] };
    return;
  }
  const remote: RemoteState = {
    url,
    loading: true,
    error: null,
    items: holder.remote.items,
    since: Date.now(),
  };
  holder.remote = remote;
  ctx.load(
    url,
    (r) => {
      if (holder.remote !== remote) return; // a newer load replaced this one
      const choices = r.ok ? choicesOf(field, r.body, opts.cap) : null;
      if (choices) {
        const more = Math.max(0, (r.ok ? (extractItems(r.body)?.length ?? 0) : 0) - choices.length);
        holder.remote = { url, loading: false, error: null, items: choices, more };
      } else {
        const error = r.ok ? t(ctx.locale, 'loadError') : r.error;
        holder.remote = { url, loading: false, error, items: [] };
      }
      opts.loaded?.();
    },
    { fresh: opts.fresh },
  );
}

/**
 * True for the keys that load again: Ctrl+R, and Enter while the load of a required field failed (an
 * optional field's Enter moves on without it).
 */
export function isRetry(
  ctx: FieldContext<RemoteField['type'] | 'select' | 'radio' | 'multiselect'>,
  remote: RemoteState,
  e: { type: string; name?: string; ctrl?: boolean },
): boolean {
  if (e.type !== 'key') return false;
  if (e.name === 'r' && e.ctrl) return remote.error !== null || remote.url !== null;
  return e.name === 'enter' && remote.error !== null && remote.url !== null && ctx.field.required === true;
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Draws the loading / error / empty state; true when one was drawn instead of the items. */
export function drawRemoteState(
  ctx: FieldContext,
  remote: RemoteState,
  fb: FrameBuilder,
  kind: 'load' | 'search',
): boolean {
  if (remote.loading) {
    // A spinner and the time so far (redrawn while the load runs), and the key that starts it again;
    // a new search over earlier results keeps them listed below it.
    const ms = Date.now() - (remote.since ?? Date.now());
    const spinner = SPINNER[Math.floor(ms / 100) % SPINNER.length]!;
    const m = words(ctx.locale);
    fb.text(`${say(m.loadingFor, { spinner, s: (ms / 1000).toFixed(1) })} · ${m.keyRetry}`, 'dim');
    return remote.items.length === 0;
  }
  if (remote.error) {
    const what = kind === 'search' ? loadWords(ctx.locale).searchError : t(ctx.locale, 'loadError');
    fb.text(remote.url ? `${what} (${remote.error})` : remote.error, 'error');
    return true;
  }
  if (!remote.loading && remote.url !== null && remote.items.length === 0) {
    fb.text(loadWords(ctx.locale).noResults, 'dim');
    return true;
  }
  return false;
}
