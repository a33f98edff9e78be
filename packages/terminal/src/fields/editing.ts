// Typing into a field's editor: the shared part of every widget with a text input (text, textarea,
// number, date, datetime, file, the search query).
import { type EditorState, editorUpdate } from '../editor.js';
import type { InputEvent } from '../keys.js';
import { say, words } from '../messages.js';
import { PASTE_MAX_CHARS } from '../paste.js';
import type { FieldContext } from './types.js';

/** Characters one answer may hold unless the field says otherwise (seed 004's 10,000). */
export const ANSWER_MAX = PASTE_MAX_CHARS;

export type Typed = { kind: 'edit'; editor: EditorState } | { kind: 'submit' | 'escape' | 'unhandled' };

/** Applies a key to an editor; a cut or cleaned paste, or a full answer, shows a notice. */
export function typeInto(
  ctx: FieldContext,
  editor: EditorState,
  e: InputEvent,
  opts: { multiline: boolean; max?: number },
): Typed {
  const max = opts.max ?? ANSWER_MAX;
  const action = editorUpdate(editor, e, { multiline: opts.multiline, max });
  if (action.kind !== 'edit') return action;
  const m = words(ctx.locale);
  if (action.notice === 'answerCapped') ctx.setNotice(say(m.answerCapped, { max: max.toLocaleString('en') }));
  else if (action.notice) ctx.setNotice(m[action.notice]);
  return { kind: 'edit', editor: action.state };
}

/** The committed value as editor text ('' for nothing). */
export function valueText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
