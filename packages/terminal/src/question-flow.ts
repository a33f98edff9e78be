// The `question` tool as a pure state machine: one question after another (options mode, with
// type-to-filter and paging for long lists, and the free-text "その他" input), then the confirmation
// screen where any answer can be revised. Esc steps back one level (a filter, the その他 input, which
// keeps what was typed as a draft, the confirmation screen when revising, then cancelling); once
// something is answered or typed, cancelling asks first. Events in, state out; drawing is
// question-view.ts, I/O is session.ts.
import type { ResolvedQuestion } from '@formrequest/schema/question';
import { type DialogState, dialogUpdate, openDialog } from './dialog.js';
import { createEditor, type EditorState, editorUpdate } from './editor.js';
import { type InputEvent, verticalMove } from './keys.js';
import { clearFilter, createList, cursorVisible, type ListItem, type ListState, listUpdate } from './list.js';
import { PASTE_MAX_CHARS } from './paste.js';

/** Characters one answer holds (seed 004: 10,000), however it was typed or pasted. */
export const ANSWER_MAX_CHARS = PASTE_MAX_CHARS;

export type Notice = 'emptyCustom' | 'pasteTruncated' | 'pasteStripped' | 'answerCapped';

export interface QuestionState {
  /** Highlighted row (an option index, or options.length for "その他") and the filter. */
  list: ListState;
  selected: boolean[];
  /** The confirmed free-text answer, if any. */
  custom: string | null;
  /** Non-null while the free-text input is open. */
  editor: EditorState | null;
  /** Text typed into the free-text input and left with Esc, not confirmed: kept for the next visit. */
  draft: string | null;
  /** Space was pressed here: Enter then sends what is selected, even nothing (never the highlighted row). */
  toggled: boolean;
}

export interface FlowState {
  questions: ResolvedQuestion[];
  screen: 'question' | 'confirm';
  index: number;
  per: QuestionState[];
  answers: (string[] | null)[];
  confirmCursor: number;
  /** Answering a question opened from the confirmation screen returns there. */
  revising: boolean;
  status: 'active' | 'submitted' | 'cancelled';
  notice: Notice | null;
  dialog: DialogState | null;
  /** Terminal rows the prompt may use, and how many options the screen shows at once (PageUp /
   * PageDown): both told by the runner, like a key. */
  rows: number;
  page: number;
}

export function createFlow(questions: ResolvedQuestion[]): FlowState {
  const s: FlowState = {
    questions,
    screen: 'question',
    index: 0,
    per: questions.map((q) => ({
      list: createList(),
      selected: q.options.map(() => false),
      custom: null,
      editor: null,
      draft: null,
      toggled: false,
    })),
    answers: questions.map(() => null),
    confirmCursor: questions.length,
    revising: false,
    status: 'active',
    notice: null,
    dialog: null,
    rows: 24,
    page: 8,
  };
  arrive(s);
  return s;
}

/** A free-text-only question (no options) opens its input right away. */
function arrive(s: FlowState): void {
  const q = s.questions[s.index]!;
  const st = s.per[s.index]!;
  if (q.options.length === 0 && q.custom && !st.editor && st.draft === null) openEditor(st);
}

/** The rows of a question's list: its options, then "その他" (always shown) when custom is on. */
export function choiceItems(q: ResolvedQuestion, customLabel: string): ListItem[] {
  const items: ListItem[] = q.options.map((o) => ({ label: o.label, description: o.description }));
  if (q.custom) items.push({ label: customLabel, always: true });
  return items;
}

/** Number of rows in the options list of a question (its options plus "その他" when custom is on). */
export function choiceCount(q: ResolvedQuestion): number {
  return q.options.length + (q.custom ? 1 : 0);
}

/** True when cancelling would throw away an answer, a choice or typed text. */
export function hasInput(s: FlowState): boolean {
  return (
    s.answers.some((a) => a !== null) ||
    s.per.some((st) => st.selected.some(Boolean) || st.custom !== null || !!st.draft || !!st.editor?.text)
  );
}

function requestCancel(s: FlowState) {
  if (hasInput(s)) s.dialog = openDialog('cancelQuestions');
  else s.status = 'cancelled';
}

export function flowUpdate(s: FlowState, e: InputEvent) {
  if (s.status !== 'active') return;
  s.notice = null;
  if (s.dialog) {
    const kind = s.dialog.kind;
    const answer = dialogUpdate(s.dialog, e);
    if (answer !== null) s.dialog = null;
    if (answer === 'yes' && kind === 'discardEdit') {
      const st = s.per[s.index]!;
      st.editor = null;
      st.draft = null;
      backToConfirm(s);
    } else if (answer === 'yes') s.status = 'cancelled';
    return;
  }
  const editing = s.screen === 'question' && s.per[s.index]!.editor !== null;
  // Ctrl+C anywhere, Ctrl+D outside a text input (where it deletes forward).
  if (e.type === 'key' && e.ctrl && (e.name === 'c' || (e.name === 'd' && !editing))) return requestCancel(s);
  if (s.screen === 'confirm') return confirmUpdate(s, e);
  const q = s.questions[s.index]!;
  const st = s.per[s.index]!;
  if (st.editor) return customUpdate(s, q, st, e);
  optionsUpdate(s, q, st, e);
}

function optionsUpdate(s: FlowState, q: ResolvedQuestion, st: QuestionState, e: InputEvent) {
  const count = choiceCount(q);
  const items = choiceItems(q, '');
  const onCustom = q.custom && st.list.cursor === q.options.length;
  if (e.type === 'text') {
    // Short lists keep the number keys; long ones (and any filter in progress) take digits as text.
    if (/^[1-9]$/.test(e.text) && count <= 9 && !st.list.filtering) {
      if (Number(e.text) <= count) st.list.cursor = Number(e.text) - 1;
      return;
    }
    if (e.text === ' ' && q.multiple) {
      st.toggled = true;
      if (onCustom) {
        if (st.custom !== null) st.custom = null;
        else openEditor(st);
      } else if (cursorVisible(st.list, items)) st.selected[st.list.cursor] = !st.selected[st.list.cursor];
      return;
    }
  }
  // Tab answers with the highlighted choice like Enter, then shows the review (a single question's
  // Enter sends at once).
  if (e.type === 'key' && e.name === 'tab' && !e.shift) return choose(s, q, st, true);
  const moved = listUpdate(st.list, items, e, {
    page: s.page,
    filterable: true,
    spaceIsKey: q.multiple,
  });
  if (moved !== 'unhandled' || e.type !== 'key') return;
  switch (e.name) {
    case 'escape':
      if (st.list.filtering || st.list.filter !== '') clearFilter(st.list);
      else if (s.revising) backToConfirm(s);
      else requestCancel(s);
      return;
    case 'enter':
      return choose(s, q, st, false);
  }
}

/** Enter (or Tab, `review`): answers with the highlighted or selected choices. */
function choose(s: FlowState, q: ResolvedQuestion, st: QuestionState, review: boolean) {
  const items = choiceItems(q, '');
  const onCustom = q.custom && st.list.cursor === q.options.length;
  if (!cursorVisible(st.list, items)) return;
  if (!q.multiple) {
    if (onCustom) openEditor(st);
    else answer(s, [q.options[st.list.cursor]!.label], review);
    return;
  }
  if (onCustom && st.custom === null) {
    openEditor(st);
    return;
  }
  if (!st.selected.some(Boolean) && st.custom === null && !st.toggled) {
    // Enter without any Space: take the highlighted choice.
    st.selected[st.list.cursor] = true;
  }
  answer(
    s,
    [
      ...q.options.filter((_, i) => st.selected[i]).map((o) => o.label),
      ...(st.custom !== null ? [st.custom] : []),
    ],
    review,
  );
}

function openEditor(st: QuestionState) {
  st.editor = createEditor(st.draft ?? st.custom ?? '');
  st.draft = null;
}

function customUpdate(s: FlowState, q: ResolvedQuestion, st: QuestionState, e: InputEvent) {
  const action = editorUpdate(st.editor!, e, { multiline: true, max: ANSWER_MAX_CHARS });
  if (action.kind === 'edit') {
    st.editor = action.state;
    s.notice = action.notice ?? null;
  } else if (action.kind === 'escape') {
    const text = st.editor!.text;
    // Revising an answer: an unconfirmed change is never dropped without asking.
    if (s.revising && text !== (st.custom ?? '')) {
      s.dialog = openDialog('discardEdit');
      return;
    }
    // Back to the options; what was typed stays as a draft (shown on the その他 row) unless it is the answer.
    st.draft = text !== '' && text !== st.custom ? text : null;
    st.editor = null;
    st.list.cursor = q.options.length;
  } else if (action.kind === 'submit') {
    const text = st.editor!.text;
    if (text.trim() === '') {
      s.notice = 'emptyCustom';
      return;
    }
    st.custom = text;
    st.editor = null;
    st.draft = null;
    if (!q.multiple) answer(s, [text]);
  }
}

function answer(s: FlowState, values: string[], review = false) {
  s.answers[s.index] = values;
  // One question answers with one key; the review is for several, or when asked for (Tab).
  if (s.questions.length === 1 && !review && !s.revising) s.status = 'submitted';
  else if (review || s.revising || s.index === s.questions.length - 1) backToConfirm(s);
  else {
    s.index++;
    arrive(s);
  }
}

function backToConfirm(s: FlowState) {
  s.screen = 'confirm';
  s.revising = false;
  const st = s.per[s.index]!;
  if (st.editor) {
    st.draft = st.editor.text || null;
    st.editor = null;
  }
  clearFilter(st.list);
  s.confirmCursor = s.answers.every((a) => a !== null) ? s.questions.length : s.answers.indexOf(null);
}

function confirmUpdate(s: FlowState, e: InputEvent) {
  if (e.type === 'text' && /^[1-9]$/.test(e.text) && Number(e.text) <= s.questions.length) {
    s.confirmCursor = Number(e.text) - 1;
    return;
  }
  const count = s.questions.length + 1;
  const move = verticalMove(e);
  if (move) {
    s.confirmCursor = (s.confirmCursor + (move === 'up' ? count - 1 : 1)) % count;
    return;
  }
  if (e.type !== 'key') return;
  switch (e.name) {
    case 'tab':
      s.confirmCursor = (s.confirmCursor + (e.shift ? count - 1 : 1)) % count;
      return;
    case 'home':
    case 'pageup':
      s.confirmCursor = 0;
      return;
    case 'end':
    case 'pagedown':
      s.confirmCursor = count - 1;
      return;
    case 'escape':
      requestCancel(s);
      return;
    case 'enter':
      if (s.confirmCursor === s.questions.length) {
        if (s.answers.every((a) => a !== null)) s.status = 'submitted';
        else s.confirmCursor = s.answers.indexOf(null);
        return;
      }
      s.screen = 'question';
      s.index = s.confirmCursor;
      s.revising = true;
      arrive(s);
      return;
  }
}

/** The answers in the seed's shape (`string[][]`), once submitted. */
export function flowAnswers(s: FlowState): string[][] {
  return s.answers.map((a) => a ?? []);
}
