// The `question` tool as a pure state machine: one question after another (options mode and the
// free-text "その他" input), then the confirmation screen where any answer can be revised. Events in,
// state out; drawing is question-view.ts, I/O is session.ts.
import type { ResolvedQuestion } from '@formrequest/schema';
import { createEditor, type EditorState, editorUpdate } from './editor.js';
import type { InputEvent } from './keys.js';

export type Notice = 'emptyCustom' | 'pasteTruncated' | 'pasteStripped';

export interface QuestionState {
  /** Highlighted row: an option index, or options.length for the "その他" choice. */
  cursor: number;
  selected: boolean[];
  /** The confirmed free-text answer, if any. */
  custom: string | null;
  /** Non-null while the free-text input is open. */
  editor: EditorState | null;
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
}

export function createFlow(questions: ResolvedQuestion[]): FlowState {
  const s: FlowState = {
    questions,
    screen: 'question',
    index: 0,
    per: questions.map((q) => ({
      cursor: 0,
      selected: q.options.map(() => false),
      custom: null,
      editor: null,
    })),
    answers: questions.map(() => null),
    confirmCursor: questions.length,
    revising: false,
    status: 'active',
    notice: null,
  };
  arrive(s);
  return s;
}

/** A free-text-only question (no options) opens its input right away. */
function arrive(s: FlowState): void {
  const q = s.questions[s.index]!;
  const st = s.per[s.index]!;
  if (q.options.length === 0 && q.custom && !st.editor) openEditor(st);
}

/** Number of rows in the options list of a question (its options plus "その他" when custom is on). */
export function choiceCount(q: ResolvedQuestion): number {
  return q.options.length + (q.custom ? 1 : 0);
}

export function flowUpdate(s: FlowState, e: InputEvent) {
  if (s.status !== 'active') return;
  if (
    e.type === 'key' &&
    e.ctrl &&
    (e.name === 'c' || e.name === 'd') &&
    !(e.name === 'd' && s.per[s.index]?.editor)
  ) {
    s.status = 'cancelled';
    return;
  }
  s.notice = null;
  if (s.screen === 'confirm') return confirmUpdate(s, e);
  const q = s.questions[s.index]!;
  const st = s.per[s.index]!;
  if (st.editor) return customUpdate(s, q, st, e);
  optionsUpdate(s, q, st, e);
}

function optionsUpdate(s: FlowState, q: ResolvedQuestion, st: QuestionState, e: InputEvent) {
  const count = choiceCount(q);
  const onCustom = q.custom && st.cursor === q.options.length;
  if (e.type === 'text') {
    if (e.text === ' ' && q.multiple) {
      if (onCustom) {
        if (st.custom !== null) st.custom = null;
        else openEditor(st);
      } else st.selected[st.cursor] = !st.selected[st.cursor];
    } else if (/^[1-9]$/.test(e.text) && Number(e.text) <= count) {
      st.cursor = Number(e.text) - 1;
    }
    return;
  }
  if (e.type !== 'key') return;
  switch (e.name) {
    case 'up':
      st.cursor = (st.cursor - 1 + count) % count;
      return;
    case 'down':
      st.cursor = (st.cursor + 1) % count;
      return;
    case 'tab':
      st.cursor = (st.cursor + (e.shift ? count - 1 : 1)) % count;
      return;
    case 'home':
    case 'pageup':
      st.cursor = 0;
      return;
    case 'end':
    case 'pagedown':
      st.cursor = count - 1;
      return;
    case 'escape':
      if (s.revising) backToConfirm(s);
      else s.status = 'cancelled';
      return;
    case 'enter':
      if (!q.multiple) {
        if (onCustom) openEditor(st);
        else answer(s, [q.options[st.cursor]!.label]);
        return;
      }
      if (onCustom && st.custom === null) {
        openEditor(st);
        return;
      }
      if (!st.selected.some(Boolean) && st.custom === null) {
        // Enter without any Space: take the highlighted choice.
        st.selected[st.cursor] = true;
      }
      answer(s, [
        ...q.options.filter((_, i) => st.selected[i]).map((o) => o.label),
        ...(st.custom !== null ? [st.custom] : []),
      ]);
      return;
  }
}

function openEditor(st: QuestionState) {
  st.editor = createEditor(st.custom ?? '');
}

function customUpdate(s: FlowState, q: ResolvedQuestion, st: QuestionState, e: InputEvent) {
  const action = editorUpdate(st.editor!, e, { multiline: true });
  if (action.kind === 'edit') {
    st.editor = action.state;
    s.notice = action.notice ?? null;
  } else if (action.kind === 'escape') {
    st.editor = null;
  } else if (action.kind === 'submit') {
    const text = st.editor!.text;
    if (text.trim() === '') {
      s.notice = 'emptyCustom';
      return;
    }
    st.custom = text;
    st.editor = null;
    if (!q.multiple) answer(s, [text]);
  }
}

function answer(s: FlowState, values: string[]) {
  s.answers[s.index] = values;
  if (s.revising || s.index === s.questions.length - 1) backToConfirm(s);
  else {
    s.index++;
    arrive(s);
  }
}

function backToConfirm(s: FlowState) {
  s.screen = 'confirm';
  s.revising = false;
  s.per[s.index]!.editor = null;
  s.confirmCursor = s.answers.every((a) => a !== null) ? s.questions.length : s.answers.indexOf(null);
}

function confirmUpdate(s: FlowState, e: InputEvent) {
  if (e.type === 'text' && /^[1-9]$/.test(e.text) && Number(e.text) <= s.questions.length) {
    s.confirmCursor = Number(e.text) - 1;
    return;
  }
  if (e.type !== 'key') return;
  const count = s.questions.length + 1;
  switch (e.name) {
    case 'up':
      s.confirmCursor = (s.confirmCursor - 1 + count) % count;
      return;
    case 'down':
      s.confirmCursor = (s.confirmCursor + 1) % count;
      return;
    case 'tab':
      s.confirmCursor = (s.confirmCursor + (e.shift ? count - 1 : 1)) % count;
      return;
    case 'home':
      s.confirmCursor = 0;
      return;
    case 'end':
      s.confirmCursor = count - 1;
      return;
    case 'escape':
      s.status = 'cancelled';
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
