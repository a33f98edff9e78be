import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateQuestionInput } from '@formrequest/schema';
import type { InputEvent } from '../src/keys.js';
import { createFlow, type FlowState, flowAnswers, flowUpdate } from '../src/question-flow.js';
import { questionView } from '../src/question-view.js';
import { displayWidth } from '../src/width.js';

const k = (name: string, mods: object = {}): InputEvent => ({ type: 'key', name, ...mods });
const t = (text: string): InputEvent => ({ type: 'text', text });

function flow(questions: unknown[]): FlowState {
  const r = validateQuestionInput({ questions });
  assert.ok(r.ok);
  return createFlow(r.questions);
}
function send(s: FlowState, ...events: InputEvent[]): FlowState {
  for (const e of events) flowUpdate(s, e);
  return s;
}
function screen(s: FlowState, width = 80): string {
  return questionView(s, width)
    .rows.map((r) =>
      r
        .map((x) => x.text)
        .join('')
        .trimEnd(),
    )
    .join('\n');
}

const single = {
  question: 'どのファイル？',
  header: 'ファイル',
  options: [{ label: 'main.ts' }, { label: 'utils.ts' }],
};
const multi = {
  question: 'どれ？',
  header: '拡張',
  options: [{ label: 'A' }, { label: 'B' }, { label: 'C' }],
  multiple: true,
};

test('single choice: arrows wrap around, Enter answers, confirmation screen, Enter submits', () => {
  const s = send(flow([single]), k('up'));
  assert.equal(s.per[0]!.cursor, 2); // wrapped to "その他"
  send(s, k('tab'), k('tab', { shift: true }));
  assert.equal(s.per[0]!.cursor, 2); // Tab down (wrapping to 0), Shift+Tab back up
  send(s, k('down'), k('down'), k('enter'));
  assert.equal(s.screen, 'confirm');
  assert.match(screen(s), /→ utils\.ts/);
  send(s, k('enter'));
  assert.equal(s.status, 'submitted');
  assert.deepEqual(flowAnswers(s), [['utils.ts']]);
});

test('multiple choice: Space toggles, Enter confirms in option order; Enter alone takes the highlighted one', () => {
  const s = send(
    flow([multi]),
    k('down'),
    k('down'),
    t(' '),
    k('up'),
    k('up'),
    t(' '),
    k('enter'),
    k('enter'),
  );
  assert.deepEqual(flowAnswers(s), [['A', 'C']]);
  const s2 = send(flow([multi]), k('down'), k('enter'), k('enter'));
  assert.deepEqual(flowAnswers(s2), [['B']]);
});

test('custom answer: multi-line Japanese text; Escape returns to the options; empty text is refused', () => {
  const s = send(flow([single]), k('end'), k('enter'));
  assert.ok(s.per[0]!.editor);
  send(s, k('enter'));
  assert.equal(s.notice, 'emptyCustom');
  send(s, t('一行目'), k('enter', { shift: true }), t('二行目'), k('escape'));
  assert.equal(s.per[0]!.editor, null);
  assert.equal(s.status, 'active');
  send(s, k('enter'), t('一行目'), k('linefeed'), t('二行目'), k('enter'));
  assert.equal(s.screen, 'confirm');
  send(s, k('enter'));
  assert.deepEqual(flowAnswers(s), [['一行目\n二行目']]);
});

test('custom answer in multi mode is added after the chosen options', () => {
  const s = send(flow([multi]), t(' '), k('end'), t(' '), t('独自'), k('enter'), k('enter'), k('enter'));
  assert.deepEqual(flowAnswers(s), [['A', '独自']]);
});

test('the confirmation screen revises one answer and comes back to it', () => {
  const s = send(flow([single, multi]), k('enter'), t(' '), k('enter'));
  assert.equal(s.screen, 'confirm');
  send(s, k('up'), k('up'), k('enter')); // question 1
  assert.equal(s.screen, 'question');
  assert.equal(s.index, 0);
  send(s, k('down'), k('enter'));
  assert.equal(s.screen, 'confirm');
  assert.equal(s.confirmCursor, 2);
  send(s, k('enter'));
  assert.deepEqual(flowAnswers(s), [['utils.ts'], ['A']]);
});

test('Escape while revising goes back to the confirmation screen unchanged', () => {
  const s = send(flow([single]), k('enter'), k('up'), k('enter'), k('down'), k('escape'));
  assert.equal(s.screen, 'confirm');
  assert.equal(s.status, 'active');
  assert.deepEqual(s.answers, [['main.ts']]);
});

test('a question without options opens its free-text input at once; Escape shows the choice, Escape again cancels', () => {
  const s = flow([single, { question: '名前は？', header: '名前', options: [] }]);
  send(s, k('enter'));
  assert.ok(s.per[1]!.editor);
  send(s, t('山田'), k('enter'));
  assert.equal(s.screen, 'confirm');
  send(s, k('up'), k('enter'));
  assert.ok(s.per[1]!.editor, 'revising opens it again');
  assert.equal(s.per[1]!.editor!.text, '山田');
  send(s, k('escape'));
  assert.equal(s.per[1]!.editor, null);
  send(s, k('escape'));
  assert.equal(s.screen, 'confirm');
  send(s, k('down'), k('enter'));
  assert.deepEqual(flowAnswers(s), [['main.ts'], ['山田']]);
});

test('Escape in options mode and Ctrl+C anywhere cancel', () => {
  assert.equal(send(flow([single]), k('escape')).status, 'cancelled');
  assert.equal(
    send(flow([single]), k('end'), k('enter'), t('x'), k('c', { ctrl: true })).status,
    'cancelled',
  );
  assert.equal(send(flow([single]), k('enter'), k('escape')).status, 'cancelled');
});

test('view: long labels shortened except on the highlighted row, long headers shortened, 30 columns fit', () => {
  const s = flow([
    {
      question: 'とても長い質問文がここに入ります。折り返して表示されるはずです。',
      header: 'あ'.repeat(40),
      options: [{ label: 'とても長い選択肢のラベルです' }, { label: 'もう一つのとても長いラベル' }],
    },
  ]);
  const text = screen(s, 30);
  assert.ok(text.replace(/\n/g, '').startsWith(`[${'あ'.repeat(30)}…]`));
  assert.match(text.replace(/\n */g, ''), /> 1\. とても長い選択肢のラベルです/); // highlighted: in full
  assert.match(text, /2\. もう一つのとても長い…/);
  for (const row of questionView(s, 30).rows) {
    const w = displayWidth(row.map((x) => x.text).join(''));
    assert.ok(w <= 30, `row wider than 30: ${row.map((x) => x.text).join('')}`);
  }
});
