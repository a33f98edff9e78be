// A yes/no question asked before anything typed or answered is thrown away (cancelling a form that
// has answers, leaving an edited field without keeping the change). "No" is highlighted first, so a
// stray Enter keeps everything; y / n answer directly, Esc is "no" (one level back), and Ctrl+C,
// pressed a second time, is "yes".
import type { FrameBuilder } from './frame.js';
import type { InputEvent } from './keys.js';
import { type UiLocale, words } from './messages.js';

export type DialogKind = 'cancelForm' | 'cancelQuestions' | 'discardEdit';

export interface DialogState {
  kind: DialogKind;
  /** 0: no (keep going), 1: yes. */
  cursor: 0 | 1;
}

export function openDialog(kind: DialogKind): DialogState {
  return { kind, cursor: 0 };
}

/** 'yes', 'no', or null while the person has not decided. */
export function dialogUpdate(d: DialogState, e: InputEvent): 'yes' | 'no' | null {
  if (e.type === 'text') {
    const c = e.text.toLowerCase();
    if (c === 'y') return 'yes';
    if (c === 'n') return 'no';
    return null;
  }
  if (e.type !== 'key') return null;
  if (e.name === 'c' && e.ctrl) return 'yes';
  switch (e.name) {
    case 'escape':
      return 'no';
    case 'left':
    case 'right':
    case 'up':
    case 'down':
    case 'tab':
      d.cursor = d.cursor === 0 ? 1 : 0;
      return null;
    case 'enter':
      return d.cursor === 1 ? 'yes' : 'no';
    default:
      return null;
  }
}

/** Draws the dialog in the frame's footer (always on screen). */
export function drawDialog(fb: FrameBuilder, d: DialogState, locale: UiLocale): void {
  const m = words(locale);
  const [question, no, yes] = [m[`${d.kind}Ask`], m[`${d.kind}Stay`], m[`${d.kind}Leave`]];
  fb.footerText(question, 'warn');
  fb.footerLine([
    { text: d.cursor === 0 ? '> ' : '  ', style: 'selected' },
    { text: `${no} (n)`, style: d.cursor === 0 ? 'selected' : 'plain' },
    { text: '   ' },
    { text: d.cursor === 1 ? '> ' : '  ', style: 'selected' },
    { text: `${yes} (y)`, style: d.cursor === 1 ? 'selected' : 'plain' },
  ]);
}
