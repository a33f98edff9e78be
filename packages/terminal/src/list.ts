// A list to choose from, shared by the question's options, the choice fields and search results:
// ↑/↓ and j/k, Ctrl+N/Ctrl+P (wrapping), Home/End, PageUp/PageDown, '/' to filter (as in less, vim,
// fzf's and gum's lists: letters stay keys until '/' is pressed), and a window that keeps the
// highlighted item in view with "more above / below" markers. The state is a number, a flag and a
// string; the window is worked out again from them on every draw (no scroll position to keep in step).
import type { FrameBuilder, Span } from './frame.js';
import { type InputEvent, verticalMove } from './keys.js';
import { say, type UiLocale, words } from './messages.js';
import { displayWidth } from './width.js';

export interface ListItem {
  label: string;
  description?: string;
  /** More text the filter matches (an option's value, a code). */
  keywords?: string;
  /** Shown whatever the filter (the question's "その他" row, an optional field's "none" row). */
  always?: boolean;
}

export interface ListState {
  /** Index into the whole item list. */
  cursor: number;
  /** What was typed to filter the list ('' shows everything). */
  filter: string;
  /** '/' was pressed: typed text goes to the filter (Esc or Backspace on an empty filter leaves). */
  filtering: boolean;
}

export function createList(cursor = 0): ListState {
  return { cursor: Math.max(0, cursor), filter: '', filtering: false };
}

/** Leaves filter mode and shows the whole list again (the highlighted item stays highlighted). */
export function clearFilter(l: ListState): void {
  l.filter = '';
  l.filtering = false;
}

/** Folds case, width (ＡＢＣ, ｶﾀｶﾅ) and katakana to hiragana, so いちご finds イチゴ and tok finds Tokyo. */
export function foldForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** An item's text folded for matching, kept: a list of 20,000 is folded once, not on every key. */
const folded = new Map<string, string>();

function foldedText(item: ListItem): string {
  const text = `${item.label}\n${item.description ?? ''}\n${item.keywords ?? ''}`;
  let out = folded.get(text);
  if (out === undefined) {
    if (folded.size >= 100_000) folded.clear();
    out = foldForMatch(text);
    folded.set(text, out);
  }
  return out;
}

function filterWords(filter: string): string[] {
  return foldForMatch(filter).split(/\s+/).filter(Boolean);
}

/** True when every word of the filter is found in the item's label, description or keywords. */
export function matchesFilter(item: ListItem, filter: string): boolean {
  return matchesWords(item, filterWords(filter));
}

function matchesWords(item: ListItem, words: string[]): boolean {
  if (words.length === 0) return true;
  const hay = foldedText(item);
  return words.every((w) => hay.includes(w));
}

let lastShown: { items: readonly ListItem[]; filter: string; out: number[] } | undefined;

/** Indices of the items shown for the filter, in order (the last answer is kept for the same list). */
export function visibleIndices(items: readonly ListItem[], filter: string): number[] {
  if (lastShown && lastShown.items === items && lastShown.filter === filter) return lastShown.out;
  const words = filterWords(filter);
  const out: number[] = [];
  items.forEach((item, i) => {
    if (item.always || matchesWords(item, words)) out.push(i);
  });
  lastShown = { items, filter, out };
  return out;
}

/** True when the highlighted item is shown (Enter on a filtered-out item does nothing). */
export function cursorVisible(l: ListState, items: readonly ListItem[]): boolean {
  const item = items[l.cursor];
  return item !== undefined && (item.always === true || matchesFilter(item, l.filter));
}

export interface ListKeyOptions {
  /** Items PageUp / PageDown move by: what the screen showed of the list (Frame.page). */
  page: number;
  /** Typed text filters the list. */
  filterable: boolean;
  /** Space is a key of its own here (toggling in a multiple choice): never part of the filter. */
  spaceIsKey?: boolean;
}

export type ListAction = 'moved' | 'filtered' | 'unhandled';

/** Applies a key to the list; 'unhandled' leaves it to the widget (Enter, Space, Esc, ...). */
export function listUpdate(
  l: ListState,
  items: readonly ListItem[],
  e: InputEvent,
  opts: ListKeyOptions,
): ListAction {
  const shown = visibleIndices(items, l.filter);
  if (e.type === 'text' || e.type === 'paste') {
    if (!opts.filterable) return 'unhandled';
    if (!l.filtering) {
      // (Keys typed fast may come as one text event: '/kyo', 'jj'.)
      if (e.type === 'text' && e.text.startsWith('/')) {
        l.filtering = true;
        const rest = e.text.slice(1);
        return rest ? listUpdate(l, items, { type: 'text', text: rest }, opts) : 'filtered';
      }
      // j / k move, as in vim, less, fzf and clack; other letters are left to the widget.
      if (e.type === 'text' && /^[jk]+$/.test(e.text) && shown.length > 0) {
        for (const c of e.text) listUpdate(l, items, { type: 'key', name: c === 'j' ? 'down' : 'up' }, opts);
        return 'moved';
      }
      return 'unhandled';
    }
    const text = e.text.replace(/[\r\n\t]+/g, ' ');
    if (text === ' ' && (opts.spaceIsKey || l.filter === '')) return 'unhandled';
    return setFilter(l, items, l.filter + text);
  }
  if (e.type !== 'key') return 'unhandled';
  const ctrlMove = e.ctrl ? verticalMove(e) : null;
  if (ctrlMove && shown.length > 0) return listUpdate(l, items, { type: 'key', name: ctrlMove }, opts);
  if (opts.filterable && l.filtering) {
    if (e.name === 'backspace') {
      if (l.filter === '') {
        l.filtering = false;
        return 'filtered';
      }
      return setFilter(l, items, [...l.filter].slice(0, -1).join(''));
    }
    if (e.name === 'u' && e.ctrl) return setFilter(l, items, '');
  }
  if (shown.length === 0) return 'unhandled';
  const at = shown.indexOf(l.cursor);
  const move = (to: number) => {
    l.cursor = shown[Math.max(0, Math.min(shown.length - 1, to))]!;
    return 'moved' as const;
  };
  switch (e.name) {
    case 'up':
      return move(at <= 0 ? shown.length - 1 : at - 1);
    case 'down':
      return move(at < 0 || at >= shown.length - 1 ? 0 : at + 1);
    case 'tab':
      if (e.shift) return move(at <= 0 ? shown.length - 1 : at - 1);
      return move(at < 0 || at >= shown.length - 1 ? 0 : at + 1);
    case 'home':
      return move(0);
    case 'end':
      return move(shown.length - 1);
    case 'pageup':
      return move(Math.max(0, at) - Math.max(1, opts.page));
    case 'pagedown':
      return move(Math.max(0, at) + Math.max(1, opts.page));
    default:
      return 'unhandled';
  }
}

/** Sets the filter; the cursor moves to the first match when its item is filtered out. */
export function setFilter(l: ListState, items: readonly ListItem[], filter: string): ListAction {
  l.filter = filter;
  if (!cursorVisible(l, items)) {
    const shown = visibleIndices(items, filter);
    // Prefer a real match over an "always" row such as その他.
    l.cursor = shown.find((i) => !items[i]!.always) ?? shown[0] ?? l.cursor;
  }
  return 'filtered';
}

export interface DrawListOptions {
  /** Rows the list may take, markers and the filter line included. */
  rows: number;
  locale: UiLocale;
  /** Draws one item (it may wrap over several rows). */
  item: (fb: FrameBuilder, index: number, here: boolean) => void;
  /** Shown when the filter matches nothing. */
  empty?: string;
}

/**
 * Draws the items that fit in `rows` around the highlighted one, with "more above / below" markers and
 * the filter line; sets the frame's focus row to the highlighted item and its page (how many items the
 * window holds, which the runner hands back to the machine for PageUp / PageDown).
 */
export function drawList(
  fb: FrameBuilder,
  l: ListState,
  items: readonly ListItem[],
  opts: DrawListOptions,
): void {
  const m = words(opts.locale);
  const shown = visibleIndices(items, l.filter);
  const filterLine = l.filtering || l.filter !== '';
  if (filterLine) {
    const real = shown.filter((i) => !items[i]!.always).length;
    const total = items.filter((i) => !i.always).length;
    const row = fb.rows.length;
    fb.line([
      { text: `${m.filterLabel} `, style: 'dim' },
      { text: l.filter, style: 'accent' },
      { text: ` (${real}/${total})`, style: 'dim' },
    ]);
    // The real cursor where the filter's text goes, so an IME's candidate window opens there.
    if (l.filtering) fb.cursor = { row, col: displayWidth(`${m.filterLabel} ${l.filter}`) };
    if (real === 0) fb.text(opts.empty ?? m.noMatch, 'warn');
  }
  // Each item near the cursor drawn on its own to know its height (an item takes at least a row, so
  // no more than a screenful either side can be shown: a list of 20,000 costs what a list of 50 does),
  // then a window of whole items around the cursor.
  let budget = Math.max(1, opts.rows - (filterLine ? 1 : 0));
  const atShown = Math.max(0, shown.indexOf(l.cursor));
  const lo = Math.max(0, atShown - budget);
  const hi = Math.min(shown.length, atShown + budget + 1);
  const drawn = shown.slice(lo, hi).map((index) => {
    const scratch = fb.scratch();
    opts.item(scratch, index, index === l.cursor);
    return { index, rows: scratch.rows, focus: scratch.focusRow, cursor: scratch.cursor };
  });
  const total = drawn.reduce((n, d) => n + d.rows.length, 0);
  let first = 0;
  let last = drawn.length - 1;
  if (total > budget || lo > 0 || hi < shown.length) {
    budget = Math.max(1, budget - 2); // room for both markers
    const at = Math.max(
      0,
      drawn.findIndex((d) => d.index === l.cursor),
    );
    first = at;
    last = at;
    let used = drawn[at]?.rows.length ?? 0;
    // Grow the window one item at a time, below first, then above, while it fits.
    for (let grew = true; grew; ) {
      grew = false;
      const below = drawn[last + 1];
      if (below && used + below.rows.length <= budget) {
        last++;
        used += below.rows.length;
        grew = true;
      }
      const above = drawn[first - 1];
      if (above && used + above.rows.length <= budget) {
        first--;
        used += above.rows.length;
        grew = true;
      }
    }
  }
  fb.page = Math.max(1, last - first + 1);
  if (lo + first > 0) fb.line(marker(say(m.moreAbove, { n: lo + first })));
  for (let i = first; i <= last; i++) {
    const d = drawn[i]!;
    const start = fb.rows.length;
    fb.rows.push(...d.rows);
    if (d.index === l.cursor) fb.focusRow = start + (d.focus ?? 0);
    // An item may hold a text input (the question's その他): its cursor comes along.
    if (d.cursor) fb.cursor = { row: start + d.cursor.row, col: d.cursor.col };
  }
  if (lo + last < shown.length - 1) fb.line(marker(say(m.moreBelow, { n: shown.length - 1 - lo - last })));
}

function marker(text: string): Span[] {
  return [{ text: `  ${text}`, style: 'dim' }];
}

/** The prefix of a numbered row, numbers right-aligned so labels and descriptions line up. */
export function numbered(index: number, count: number, here: boolean, mark = ''): Span[] {
  const digits = String(count).length;
  return [
    { text: here ? '> ' : '  ', style: 'selected' },
    { text: `${String(index + 1).padStart(digits)}. ${mark}` },
  ];
}
