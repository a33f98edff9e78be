// Draws the question flow: the header chip and progress, the question (always on screen: a long list
// scrolls in the rows below it, with "more above / below" markers), the choices (numbered, labels and
// descriptions lined up whatever the number of options; a label is cut to its row only when it does
// not fit, and the highlighted one is shown whole), the free-text input with the cursor at the
// insertion point, the confirmation screen, a yes/no dialog when one is open, and the key hint.

import { sanitizeText } from '@formrequest/schema/printable';
import { QUESTION_HEADER_MAX } from '@formrequest/schema/question';
import { drawDialog } from './dialog.js';
import { drawEditor } from './editor-view.js';
import { type Frame, FrameBuilder, type Row, rowWidth, type Span } from './frame.js';
import { drawList, numbered } from './list.js';
import { hint, say, type UiLocale, words } from './messages.js';
import { ANSWER_MAX_CHARS, choiceCount, choiceItems, type FlowState } from './question-flow.js';
import type { Outcome } from './session.js';
import { shortenGraphemes, truncateToWidth } from './width.js';

export function questionView(s: FlowState, width: number, locale: UiLocale = 'ja', height = s.rows): Frame {
  const fb = new FrameBuilder(width);
  if (s.screen === 'confirm') drawConfirm(fb, s, locale);
  else drawQuestion(fb, s, locale, height);
  return fb.frame(s.screen === 'confirm' ? 'confirm' : `q${s.index}`);
}

function headerLine(fb: FrameBuilder, s: FlowState, index: number): void {
  const q = s.questions[index]!;
  const header = shortenGraphemes(sanitizeText(q.header), QUESTION_HEADER_MAX);
  const progress = s.questions.length > 1 ? ` ${index + 1}/${s.questions.length}` : '';
  fb.item([], header ? `[${header}]${progress}` : progress.trim(), 'accent');
}

function footer(fb: FrameBuilder, s: FlowState, locale: UiLocale, keys: string): void {
  const m = words(locale);
  if (s.notice) {
    const text =
      s.notice === 'answerCapped'
        ? say(m.answerCapped, { max: ANSWER_MAX_CHARS.toLocaleString('en') })
        : m[s.notice];
    fb.footerText(text, s.notice === 'emptyCustom' ? 'error' : 'warn');
  }
  if (s.dialog) drawDialog(fb, s.dialog, locale);
  else fb.footerLine([{ text: keys, style: 'dim' }]);
}

function drawQuestion(fb: FrameBuilder, s: FlowState, locale: UiLocale, height: number): void {
  const m = words(locale);
  const k = m;
  const q = s.questions[s.index]!;
  const st = s.per[s.index]!;
  headerLine(fb, s, s.index);
  fb.item([], q.question, 'bold', { multiline: true });
  fb.blank();
  const count = choiceCount(q);
  const items = choiceItems(q, m.customChoice);
  const long = count > Math.max(3, height - fb.rows.length - 4);
  // The footer first: the list gets the rows between the question and it.
  const bottom = fb.scratch();
  const multiCount = st.selected.filter(Boolean).length + (st.custom !== null ? 1 : 0);
  if (q.multiple && !st.editor && multiCount > 0)
    bottom.footerLine([{ text: say(m.selected, { n: multiCount }), style: 'dim' }]);
  const esc = st.editor
    ? k.keyBack
    : st.list.filtering || st.list.filter
      ? k.keyClearFilter
      : s.revising
        ? k.keyBack
        : k.keyCancel;
  const keys = st.editor
    ? hint(k.keyConfirm, k.keyNewline, esc)
    : hint(
        k.keyMove,
        long && k.keyPage,
        !st.list.filtering && k.keyFilter,
        q.multiple && k.keySelect,
        k.keyConfirm,
        s.questions.length === 1 && !s.revising && k.keyReview,
        esc,
      );
  footer(bottom, s, locale, keys);
  drawList(fb, st.list, items, {
    rows: Math.max(3, height - fb.rows.length - bottom.footer.length - 1),
    locale,
    item(row, i, here) {
      const isCustom = i === q.options.length;
      const picked = isCustom ? st.custom !== null : st.selected[i];
      const mark = q.multiple ? (picked ? '[x] ' : '[ ] ') : '';
      const prefix = numbered(i, count, here, mark);
      const indent = rowWidth(prefix);
      const room = Math.max(1, row.width - indent);
      if (isCustom) {
        if (st.editor) {
          row.focusRow = row.item(prefix, m.customPrefix.trim(), 'selected');
          drawEditor(row, st.editor, [{ text: ' '.repeat(indent) }, { text: '> ', style: 'accent' }]);
          return;
        }
        const label =
          st.custom !== null
            ? m.customPrefix + st.custom
            : st.draft !== null
              ? `${m.customPrefix}${st.draft}${m.customDraft}`
              : m.customChoice;
        const r = here
          ? row.item(prefix, label, 'selected', { multiline: true, maxRows: 4 })
          : row.line([...prefix, { text: truncateToWidth(sanitizeText(label), room) }]);
        if (here) row.focusRow = r;
        return;
      }
      const o = q.options[i]!;
      if (here) row.focusRow = row.item(prefix, o.label, 'selected');
      else row.line([...prefix, { text: truncateToWidth(sanitizeText(o.label), room) }]);
      if (o.description) {
        if (here) row.text(o.description, 'dim', indent);
        else
          row.line([
            { text: ' '.repeat(indent) },
            { text: truncateToWidth(sanitizeText(o.description), room), style: 'dim' },
          ]);
      }
    },
  });
  fb.blank();
  fb.footer.push(...bottom.footer);
}

function drawConfirm(fb: FrameBuilder, s: FlowState, locale: UiLocale): void {
  const m = words(locale);
  const k = m;
  fb.item([], m.confirmTitle, 'title');
  fb.blank();
  const count = s.questions.length;
  s.questions.forEach((q, i) => {
    const here = s.confirmCursor === i;
    const header = shortenGraphemes(sanitizeText(q.header), QUESTION_HEADER_MAX);
    const prefix = numbered(i, count, here);
    const row = fb.item(
      prefix,
      header ? `[${header}] ${q.question}` : q.question,
      here ? 'selected' : 'bold',
    );
    if (here) fb.focusRow = row;
    const a = s.answers[i];
    // Long answers (a 10,000-character paste) are cut to a few rows here; the answer itself is whole.
    fb.item(
      [{ text: `${' '.repeat(rowWidth(prefix))}→ ` }],
      a ? a.join(', ') : m.noAnswer,
      a ? 'ok' : 'error',
      {
        multiline: true,
        maxRows: 4,
      },
    );
  });
  fb.blank();
  const here = s.confirmCursor === count;
  const row = fb.item(
    [{ text: here ? '> ' : '  ', style: 'selected' }],
    m.submit,
    here ? 'selected' : 'bold',
  );
  if (here) fb.focusRow = row;
  fb.blank();
  footer(fb, s, locale, hint(k.keyMove, k.keyReviseSubmit, k.keyCancel));
}

/** What an inline `question` leaves in the scrollback: each question with its answer, or the cancel. */
export function questionTranscript(s: FlowState, width: number, locale: UiLocale, outcome: Outcome): Row[] {
  const m = words(locale);
  const fb = new FrameBuilder(width);
  const title = (i: number, mark: Span) => {
    const q = s.questions[i]!;
    const header = shortenGraphemes(sanitizeText(q.header), QUESTION_HEADER_MAX);
    fb.item([mark], header ? `[${header}] ${q.question}` : q.question, 'bold', { multiline: true });
  };
  if (outcome === 'submitted') {
    s.questions.forEach((_, i) => {
      title(i, { text: '✔ ', style: 'ok' });
      fb.item([{ text: '  → ' }], (s.answers[i] ?? []).join(', '), 'accent', { multiline: true, maxRows: 6 });
    });
  } else {
    title(s.screen === 'confirm' ? 0 : s.index, { text: '✕ ', style: 'error' });
    fb.item([{ text: '  ' }], m.cancelled, 'dim');
  }
  return fb.rows;
}
