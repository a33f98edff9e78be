// A multi-line text editor as a pure state machine: text, a cursor (a UTF-16 index that always sits
// between graphemes) and the column ↑/↓ aim for. Drawing it (wrapping, where the cursor lands on
// screen) is in editor-view.ts.
import type { InputEvent } from './keys.js';
import { sanitizePaste } from './paste.js';
import { displayWidth, graphemes } from './width.js';

export interface EditorState {
  text: string;
  cursor: number;
  /** Display column kept while moving up and down through shorter lines. */
  goal?: number;
}

export interface EditorOptions {
  multiline: boolean;
  /** Characters (code points) the whole text may hold: typing and pastes stop there (seed 004: 10,000). */
  max?: number;
}

export type EditorNotice = 'pasteTruncated' | 'pasteStripped' | 'answerCapped';

export type EditorAction =
  | { kind: 'edit'; state: EditorState; notice?: EditorNotice }
  | { kind: 'submit' }
  | { kind: 'escape' }
  | { kind: 'unhandled' };

export function createEditor(text = ''): EditorState {
  return { text, cursor: text.length };
}

/** True for the keys that insert a line break: Shift+Enter (any encoding), Alt+Enter and Ctrl+J. */
export function isNewlineKey(e: InputEvent): boolean {
  if (e.type !== 'key') return false;
  if (e.name === 'enter') return Boolean(e.shift || e.alt || e.ctrl);
  if (e.name === 'linefeed') return true;
  return e.name === 'j' && Boolean(e.ctrl);
}

export function editorUpdate(s: EditorState, e: InputEvent, opts: EditorOptions): EditorAction {
  if (e.type === 'text') return capped(s, opts.multiline ? e.text : e.text.replace(/\n/g, ' '), opts);
  if (e.type === 'paste') {
    const clean = sanitizePaste(e.text, { multiline: opts.multiline, max: opts.max });
    const action = capped(s, clean.text, opts);
    if (action.kind === 'edit' && !action.notice)
      action.notice =
        clean.truncated || e.overflow ? 'pasteTruncated' : clean.stripped ? 'pasteStripped' : undefined;
    return action;
  }
  // In a one-line input a line break can only mean "done" (Ctrl+J is Enter on many terminals).
  if (isNewlineKey(e)) return opts.multiline ? capped(s, '\n', opts) : { kind: 'submit' };
  if (e.ctrl && !e.alt && e.name.length === 1) {
    if (e.name === 'a') return edit(home(s));
    if (e.name === 'e') return edit(end(s));
    if (e.name === 'u') return edit(killToStart(s));
    if (e.name === 'k') return edit(killToEnd(s));
    if (e.name === 'd' && s.text.length > 0) return edit(deleteForward(s));
    return { kind: 'unhandled' };
  }
  switch (e.name) {
    case 'enter':
      return { kind: 'submit' };
    case 'escape':
      return { kind: 'escape' };
    case 'left':
      return edit({ ...s, cursor: prevBoundary(s.text, s.cursor), goal: undefined });
    case 'right':
      return edit({ ...s, cursor: nextBoundary(s.text, s.cursor), goal: undefined });
    case 'home':
      return edit(home(s));
    case 'end':
      return edit(end(s));
    case 'up':
      return opts.multiline ? vertical(s, -1) : { kind: 'unhandled' };
    case 'down':
      return opts.multiline ? vertical(s, 1) : { kind: 'unhandled' };
    case 'backspace':
      return edit(e.alt ? deleteWordBack(s) : deleteBack(s));
    case 'delete':
      return edit(deleteForward(s));
    default:
      return { kind: 'unhandled' };
  }
}

function edit(state: EditorState): EditorAction {
  return { kind: 'edit', state };
}

/** Inserts what fits under the cap (whole code points); says so when something was cut. */
function capped(s: EditorState, text: string, opts: EditorOptions): EditorAction {
  if (opts.max === undefined) return edit(insert(s, text));
  const room = opts.max - codePoints(s.text);
  const points = Array.from(text);
  if (points.length <= room) return edit(insert(s, text));
  return {
    kind: 'edit',
    state: insert(s, points.slice(0, Math.max(0, room)).join('')),
    notice: 'answerCapped',
  };
}

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export function insert(s: EditorState, text: string): EditorState {
  return { text: s.text.slice(0, s.cursor) + text + s.text.slice(s.cursor), cursor: s.cursor + text.length };
}

function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

function lineEnd(text: string, at: number): number {
  const i = text.indexOf('\n', at);
  return i < 0 ? text.length : i;
}

function home(s: EditorState): EditorState {
  return { ...s, cursor: lineStart(s.text, s.cursor), goal: undefined };
}

function end(s: EditorState): EditorState {
  return { ...s, cursor: lineEnd(s.text, s.cursor), goal: undefined };
}

function prevBoundary(text: string, at: number): number {
  if (at <= 0) return 0;
  const start = lineStart(text, at);
  if (start === at) return at - 1; // step over the line break
  const gs = graphemes(text.slice(start, at));
  return at - gs[gs.length - 1]!.length;
}

function nextBoundary(text: string, at: number): number {
  if (at >= text.length) return text.length;
  if (text[at] === '\n') return at + 1;
  const gs = graphemes(text.slice(at, lineEnd(text, at)));
  return at + gs[0]!.length;
}

function deleteBack(s: EditorState): EditorState {
  const to = prevBoundary(s.text, s.cursor);
  return { text: s.text.slice(0, to) + s.text.slice(s.cursor), cursor: to };
}

function deleteForward(s: EditorState): EditorState {
  const to = nextBoundary(s.text, s.cursor);
  return { text: s.text.slice(0, s.cursor) + s.text.slice(to), cursor: s.cursor };
}

function deleteWordBack(s: EditorState): EditorState {
  const before = s.text.slice(lineStart(s.text, s.cursor), s.cursor);
  const m = /\S*\s*$/.exec(before)!;
  const to = s.cursor - Math.max(1, m[0].length);
  const from = Math.max(0, to);
  return { text: s.text.slice(0, from) + s.text.slice(s.cursor), cursor: from };
}

function killToStart(s: EditorState): EditorState {
  const start = lineStart(s.text, s.cursor);
  return { text: s.text.slice(0, start) + s.text.slice(s.cursor), cursor: start };
}

function killToEnd(s: EditorState): EditorState {
  const stop = lineEnd(s.text, s.cursor);
  return { text: s.text.slice(0, s.cursor) + s.text.slice(stop), cursor: s.cursor };
}

/** Display column of the cursor within its logical line. */
export function cursorColumn(s: EditorState): number {
  return displayWidth(s.text.slice(lineStart(s.text, s.cursor), s.cursor));
}

/** Moves to the previous/next logical line at the same display column (or the nearest before it). */
function vertical(s: EditorState, dir: -1 | 1): EditorAction {
  const start = lineStart(s.text, s.cursor);
  const goal = s.goal ?? cursorColumn(s);
  let target: number;
  if (dir < 0) {
    if (start === 0) return { kind: 'unhandled' };
    target = lineStart(s.text, start - 1);
  } else {
    const stop = lineEnd(s.text, s.cursor);
    if (stop >= s.text.length) return { kind: 'unhandled' };
    target = stop + 1;
  }
  const line = s.text.slice(target, lineEnd(s.text, target));
  let col = 0;
  let at = target;
  for (const g of graphemes(line)) {
    const w = displayWidth(g);
    if (col + w > goal) break;
    col += w;
    at += g.length;
  }
  return edit({ ...s, cursor: at, goal });
}
