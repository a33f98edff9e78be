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

export interface TypeOptions {
  multiline: boolean;
  max?: number;
  /** What hitting `max` says (a field's maxLength: the schema's own message); else "回答は…文字までです". */
  capMessage?: string;
  /**
   * The value the text would be committed as: a message under the field is checked again on every
   * edit, so it never says something the text no longer is. Without it, an edit clears the message
   * (it is checked again on Enter).
   */
  valueFrom?: (text: string) => unknown;
}

/** Applies a key to an editor; a cut or cleaned paste, or a full answer, shows a notice. */
export function typeInto(ctx: FieldContext, editor: EditorState, e: InputEvent, opts: TypeOptions): Typed {
  const max = opts.max ?? ANSWER_MAX;
  const action = editorUpdate(editor, e, { multiline: opts.multiline, max });
  if (action.kind !== 'edit') return action;
  const m = words(ctx.locale);
  if (action.notice === 'answerCapped')
    ctx.setNotice(opts.capMessage ?? say(m.answerCapped, { max: max.toLocaleString('en') }));
  else if (action.notice) ctx.setNotice(m[action.notice]);
  if (ctx.error() !== null && action.state.text !== editor.text)
    ctx.setError(opts.valueFrom ? ctx.check(opts.valueFrom(action.state.text)) : null);
  return { kind: 'edit', editor: action.state };
}

/** The committed value as editor text ('' for nothing). */
export function valueText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
