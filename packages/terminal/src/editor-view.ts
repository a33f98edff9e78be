// Draws an editor into a frame: each logical line wrapped at grapheme boundaries to the room after the
// prompt, and the real cursor placed at the insertion point (an IME shows its candidates there).

import { sanitizeText } from '@formrequest/schema/printable';
import type { EditorState } from './editor.js';
import type { FrameBuilder, Span } from './frame.js';
import { displayWidth, graphemes, truncateToWidth } from './width.js';

export function drawEditor(fb: FrameBuilder, s: EditorState, prefix: Span[], placeholder = ''): void {
  const indent = prefix.reduce((n, p) => n + displayWidth(p.text), 0);
  const room = Math.max(2, fb.width - indent);
  let first = true;
  const push = (text: string, style: Span['style'] = 'plain') => {
    fb.rows.push([first ? prefix : [{ text: ' '.repeat(indent) }], [{ text, style }]].flat());
    first = false;
  };
  if (s.text === '') {
    fb.cursor = { row: fb.rows.length, col: indent };
    push(placeholder ? truncateToWidth(sanitizeText(placeholder), room) : '', 'dim');
    fb.focusRow = fb.cursor.row;
    return;
  }
  let offset = 0;
  for (const line of s.text.split('\n')) {
    let row = '';
    let col = 0;
    let at = offset;
    for (const g of graphemes(line)) {
      const w = displayWidth(g);
      if (col + w > room) {
        push(row);
        row = '';
        col = 0;
      }
      if (at === s.cursor) fb.cursor = { row: fb.rows.length, col: indent + col };
      row += g;
      col += w;
      at += g.length;
    }
    if (at === s.cursor) {
      // At the end of a full row the cursor wraps to the start of the next one.
      if (col >= room) {
        push(row);
        row = '';
        col = 0;
      }
      fb.cursor = { row: fb.rows.length, col: indent + col };
    }
    push(row);
    offset += line.length + 1;
  }
  fb.focusRow = fb.cursor?.row;
}
