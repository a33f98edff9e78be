// Draws the question flow: the header chip and progress, the question, the choices (labels over 10
// characters shortened except on the highlighted row, headers over 30 shortened), the free-text input
// with the cursor at the insertion point, the confirmation screen, and a one-row key hint.
import { QUESTION_HEADER_MAX, QUESTION_LABEL_MAX } from '@formrequest/schema';
import { drawEditor } from './editor-view.js';
import { type Frame, FrameBuilder } from './frame.js';
import { type UiLocale, ui } from './messages.js';
import type { FlowState } from './question-flow.js';
import { sanitizeText } from './sanitize.js';
import { shortenGraphemes } from './width.js';

export function questionView(s: FlowState, width: number, locale: UiLocale = 'ja'): Frame {
  const fb = new FrameBuilder(width);
  if (s.screen === 'confirm') drawConfirm(fb, s, locale);
  else drawQuestion(fb, s, locale);
  return fb.frame();
}

function headerLine(fb: FrameBuilder, s: FlowState, index: number): void {
  const q = s.questions[index]!;
  const header = shortenGraphemes(sanitizeText(q.header), QUESTION_HEADER_MAX);
  const progress = s.questions.length > 1 ? ` ${index + 1}/${s.questions.length}` : '';
  fb.item([], header ? `[${header}]${progress}` : progress.trim(), 'accent');
}

function drawQuestion(fb: FrameBuilder, s: FlowState, locale: UiLocale): void {
  const m = ui(locale);
  const q = s.questions[s.index]!;
  const st = s.per[s.index]!;
  headerLine(fb, s, s.index);
  fb.item([], q.question, 'bold', { multiline: true });
  fb.blank();
  q.options.forEach((o, i) => {
    const here = st.cursor === i;
    const mark = q.multiple ? (st.selected[i] ? '[x] ' : '[ ] ') : '';
    const label = here ? o.label : shortenGraphemes(sanitizeText(o.label), QUESTION_LABEL_MAX);
    const row = fb.item(
      [{ text: here ? '> ' : '  ', style: 'selected' }, { text: `${i + 1}. ${mark}` }],
      label,
      here ? 'selected' : 'plain',
    );
    if (here) fb.focusRow = row;
    if (o.description) fb.text(o.description, 'dim', 5 + mark.length);
  });
  if (q.custom) {
    const i = q.options.length;
    const here = st.cursor === i;
    const mark = q.multiple ? (st.custom !== null ? '[x] ' : '[ ] ') : '';
    const prefix = [{ text: here ? '> ' : '  ', style: 'selected' as const }, { text: `${i + 1}. ${mark}` }];
    if (st.editor) {
      fb.focusRow = fb.item(prefix, m.customPrefix.trim(), 'selected');
      drawEditor(fb, st.editor, [{ text: ' '.repeat(5 + mark.length) }, { text: '> ', style: 'accent' }]);
    } else {
      const label = st.custom !== null ? m.customPrefix + st.custom : m.customChoice;
      const row = fb.item(prefix, label, here ? 'selected' : 'plain');
      if (here) fb.focusRow = row;
    }
  }
  fb.blank();
  if (s.notice) fb.footerText(m[s.notice], s.notice === 'emptyCustom' ? 'error' : 'warn');
  if (q.multiple && !st.editor) {
    const n = st.selected.filter(Boolean).length + (st.custom !== null ? 1 : 0);
    if (n > 0) fb.footerLine([{ text: m.selected(n), style: 'dim' }]);
  }
  fb.footerLine([{ text: st.editor ? m.hintCustom : q.multiple ? m.hintMulti : m.hintSingle, style: 'dim' }]);
}

function drawConfirm(fb: FrameBuilder, s: FlowState, locale: UiLocale): void {
  const m = ui(locale);
  fb.item([], m.confirmTitle, 'title');
  fb.blank();
  s.questions.forEach((q, i) => {
    const here = s.confirmCursor === i;
    const header = shortenGraphemes(sanitizeText(q.header), QUESTION_HEADER_MAX);
    const row = fb.item(
      [{ text: here ? '> ' : '  ', style: 'selected' }, { text: `${i + 1}. ` }],
      header ? `[${header}] ${q.question}` : q.question,
      here ? 'selected' : 'bold',
    );
    if (here) fb.focusRow = row;
    const a = s.answers[i];
    // Long answers (a 10,000-character paste) are cut to a few rows here; the answer itself is whole.
    fb.item([{ text: '     → ' }], a ? a.join(', ') : m.noAnswer, a ? 'ok' : 'error', {
      multiline: true,
      maxRows: 4,
    });
  });
  fb.blank();
  const here = s.confirmCursor === s.questions.length;
  const row = fb.item(
    [{ text: here ? '> ' : '  ', style: 'selected' }],
    m.submit,
    here ? 'selected' : 'bold',
  );
  if (here) fb.focusRow = row;
  fb.blank();
  fb.footerLine([{ text: m.hintConfirm, style: 'dim' }]);
}
