import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { validateQuestionInput } from '@formrequest/schema';
import { repoRoot } from '../../../testing/cli.ts';
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
/** Draws as the runner does: the rows and the list's page go back to the machine. */
function screen(s: FlowState, width = 80, height = 24): string {
  s.rows = height;
  const frame = questionView(s, width, 'ja', height);
  if (frame.page) s.page = frame.page;
  return [...frame.rows, ...(frame.footer ?? [])]
    .map((r) =>
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

test('single choice: one Enter answers and sends; arrows, j/k and Ctrl+N/P wrap around', () => {
  const s = send(flow([single]), k('up'));
  assert.equal(s.per[0]!.list.cursor, 2); // wrapped to "その他"
  send(s, t('j'));
  assert.equal(s.per[0]!.list.cursor, 0); // j down (wrapping)
  send(s, t('k'), k('n', { ctrl: true }), k('n', { ctrl: true }), k('p', { ctrl: true }));
  assert.equal(s.per[0]!.list.cursor, 0);
  assert.equal(s.per[0]!.list.filter, '', 'j and k never filter');
  send(s, t('j'), k('enter'));
  assert.equal(s.status, 'submitted');
  assert.deepEqual(flowAnswers(s), [['utils.ts']]);
});

test('single choice: Tab answers and shows the review, where Enter submits', () => {
  const s = flow([single]);
  assert.match(screen(s), /Tab 確認/);
  send(s, k('down'), k('tab'));
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

test('custom answer: Escape keeps the unconfirmed text as a draft, shown and reopened; empty text is refused', () => {
  const s = send(flow([single]), k('end'), k('enter'));
  assert.ok(s.per[0]!.editor);
  send(s, k('enter'));
  assert.equal(s.notice, 'emptyCustom');
  send(s, t('一行目'), k('enter', { shift: true }), t('二行目'), k('escape'));
  assert.equal(s.per[0]!.editor, null);
  assert.equal(s.per[0]!.draft, '一行目\n二行目');
  assert.equal(s.status, 'active');
  assert.match(screen(s), /> 3\. その他: 一行目\n {5}二行目（未確定）/);
  send(s, k('enter')); // reopens with the draft
  // (read again: the assert above narrowed `editor` to null for the compiler)
  assert.equal((s.per[0]! as { editor: { text: string } | null }).editor!.text, '一行目\n二行目');
  send(s, t('!'), k('enter'));
  assert.equal(s.status, 'submitted');
  assert.deepEqual(flowAnswers(s), [['一行目\n二行目!']]);
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
  const s = send(flow([single]), k('tab'), k('up'), k('enter'), k('down'), k('escape'));
  assert.equal(s.screen, 'confirm');
  assert.equal(s.status, 'active');
  assert.deepEqual(s.answers, [['main.ts']]);
});

test('a question without options opens its free-text input at once; Escape keeps the text, Escape again goes back', () => {
  const s = flow([single, { question: '名前は？', header: '名前', options: [] }]);
  send(s, k('enter'));
  assert.ok(s.per[1]!.editor);
  send(s, t('山田'), k('enter'));
  assert.equal(s.screen, 'confirm');
  send(s, k('up'), k('enter'));
  assert.ok(s.per[1]!.editor, 'revising opens it again');
  assert.equal(s.per[1]!.editor!.text, '山田');
  // Revising: Esc with an unconfirmed change asks first; "n" keeps editing, "y" drops the change.
  send(s, t('太郎'), k('escape'));
  assert.equal(s.dialog?.kind, 'discardEdit');
  assert.match(screen(s), /この項目の変更を破棄して確認画面に戻りますか/);
  send(s, t('n'));
  assert.equal(s.per[1]!.editor!.text, '山田太郎');
  send(s, k('escape'), t('y'));
  assert.equal(s.screen, 'confirm');
  assert.deepEqual(s.answers[1], ['山田'], 'the draft did not replace the answer');
  send(s, k('down'), k('enter'));
  assert.deepEqual(flowAnswers(s), [['main.ts'], ['山田']]);
});

test('cancelling: at once with nothing entered; with answers, selections or typed text a yes/no question first', () => {
  assert.equal(send(flow([single]), k('escape')).status, 'cancelled');
  assert.equal(send(flow([single]), k('c', { ctrl: true })).status, 'cancelled');
  // Typed text: Ctrl+C asks, "n" keeps going, Ctrl+C twice cancels.
  const typed = send(flow([single]), k('end'), k('enter'), t('x'), k('c', { ctrl: true }));
  assert.equal(typed.status, 'active');
  assert.equal(typed.dialog?.kind, 'cancelQuestions');
  assert.match(screen(typed), /回答をキャンセルしますか/);
  send(typed, t('n'));
  assert.equal(typed.dialog, null);
  assert.equal(typed.per[0]!.editor!.text, 'x', 'nothing was lost');
  send(typed, k('c', { ctrl: true }), k('c', { ctrl: true }));
  assert.equal(typed.status, 'cancelled');
  // Selections in a multiple choice: Esc asks; Esc again is "no"; Enter on the highlighted "no" too.
  const picked = send(flow([multi]), t(' '), k('escape'));
  assert.equal(picked.dialog?.kind, 'cancelQuestions');
  send(picked, k('escape'));
  assert.equal(picked.status, 'active');
  send(picked, k('escape'), k('enter'));
  assert.equal(picked.status, 'active');
  send(picked, k('escape'), t('y'));
  assert.equal(picked.status, 'cancelled');
  // The confirmation screen has answers: Esc asks.
  const answered = send(flow([single]), k('tab'), k('escape'));
  assert.equal(answered.dialog?.kind, 'cancelQuestions');
  send(answered, k('right'), k('enter'));
  assert.equal(answered.status, 'cancelled');
});

test('view: labels whole when they fit, cut to the row only when not; the highlighted one whole; long headers shortened', () => {
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
  assert.match(text, /2\. もう一つのとても長いラベ…/); // cut at the row's end, not at 10 characters
  assert.match(screen(s, 80), /2\. もう一つのとても長いラベル\n/); // room: whole
  for (const row of questionView(s, 30).rows) {
    const w = displayWidth(row.map((x) => x.text).join(''));
    assert.ok(w <= 30, `row wider than 30: ${row.map((x) => x.text).join('')}`);
  }
});

const prefectures = JSON.parse(readFileSync(join(repoRoot, 'examples/questions/prefecture.json'), 'utf8'))
  .questions[0];

test('47 options: the question stays on screen, markers say what is above and below, PageDown pages', () => {
  const s = flow([prefectures]);
  let text = screen(s, 60, 20);
  const rows = text.split('\n');
  assert.ok(rows.length <= 20, text);
  assert.equal(rows[0], '[都道府県]');
  assert.equal(rows[1], 'お住まいの都道府県はどこですか？');
  assert.match(text, /> {2}1\. 北海道\n {6}Hokkaido/);
  assert.match(text, /↓ 他\d+件/);
  assert.doesNotMatch(text, /↑ 他/);
  send(s, k('pagedown'));
  text = screen(s, 60, 20);
  assert.ok(s.per[0]!.list.cursor > 5);
  assert.match(text, /^\[都道府県\]\nお住まいの都道府県はどこですか？/);
  assert.match(text, /↑ 他\d+件/);
  assert.match(text, /↓ 他\d+件/);
  send(s, k('end'));
  text = screen(s, 60, 20);
  assert.match(text, /> 47\. 沖縄県/);
  assert.doesNotMatch(text, /↓ 他/);
  assert.ok(text.split('\n').length <= 20);
});

test('10+ options: numbers right-aligned so labels and descriptions line up', () => {
  const s = flow([prefectures]);
  const text = screen(s, 60, 60);
  assert.match(text, /^> {2}1\. 北海道\n {6}Hokkaido$/m);
  assert.match(text, /^ {2}10\. 群馬県\n {6}Gunma$/m);
});

test('/ filters: kana, romaji, several words; digits filter; Esc clears the filter first', () => {
  const s = flow([prefectures]);
  send(s, t('o'));
  assert.equal(s.per[0]!.list.filter, '', 'a letter alone does not filter');
  send(s, t('/'), t('o'), t('s'), t('a'));
  assert.equal(s.per[0]!.list.filter, 'osa');
  const text = screen(s, 60, 20);
  assert.match(text, /絞り込み: osa \(1\/47\)/);
  assert.match(text, /> 27\. 大阪府/);
  assert.doesNotMatch(text, /北海道/);
  send(s, k('backspace'), k('backspace'), k('backspace'), t('京'));
  assert.match(screen(s, 60, 20), /絞り込み: 京 \(2\/47\)[\s\S]*13\. 東京都[\s\S]*26\. 京都府/);
  send(s, k('down'), k('enter'));
  assert.deepEqual(s.answers[0], ['京都府']);
  // Nothing matches: Enter does nothing; Esc clears the filter, then Esc cancels.
  const none = send(flow([prefectures]), t('/'), t('zzz'), k('enter'));
  assert.equal(none.screen, 'question');
  assert.match(screen(none), /一致する選択肢がありません/);
  send(none, k('escape'));
  assert.equal(none.per[0]!.list.filter, '');
  assert.equal(none.status, 'active');
  send(none, k('escape'));
  assert.equal(none.status, 'cancelled');
  // While filtering, digits and j/k are text for the filter, not jumps or moves.
  const digits = send(flow([prefectures]), t('/'), t('1'), t('j'));
  assert.equal(digits.per[0]!.list.filter, '1j');
  // Backspace on an empty filter leaves filter mode.
  const back = send(flow([prefectures]), t('/'), k('backspace'), t('j'));
  assert.equal(back.per[0]!.list.filtering, false);
  assert.equal(back.per[0]!.list.cursor, 1);
});

test('その他 stays listed whatever the filter; a short list keeps its number keys', () => {
  const s = send(flow([single]), t('/'), t('u'), t('t'));
  assert.match(screen(s), /> 2\. utils\.ts[\s\S]*3\. その他/);
  const n = send(flow([single]), t('2'));
  assert.equal(n.per[0]!.list.cursor, 1);
  assert.equal(n.per[0]!.list.filter, '');
});

test('an answer holds at most 10,000 characters, typed or pasted in pieces', () => {
  const s = send(flow([single]), k('end'), k('enter'));
  send(s, { type: 'paste', text: 'a'.repeat(6000), overflow: false });
  assert.equal(s.notice, null);
  send(s, { type: 'paste', text: 'b'.repeat(6000), overflow: false });
  assert.equal(s.notice, 'answerCapped');
  assert.equal(s.per[0]!.editor!.text.length, 10_000);
  send(s, t('c'));
  assert.equal(s.per[0]!.editor!.text.length, 10_000);
  assert.match(screen(s), /回答は10,000文字までです/);
});

test('filtering puts the real cursor after the filter text (for an IME)', () => {
  const s = send(flow([prefectures]), t('/'), t('と'));
  const frame = questionView(s, 60, 'ja', 20);
  assert.ok(frame.cursor, 'the cursor is shown while filtering');
  const row = frame.rows[frame.cursor.row]!.map((x) => x.text).join('');
  assert.match(row, /^絞り込み: と/);
  assert.equal(frame.cursor.col, displayWidth('絞り込み: と'));
});

test('multiple choice: after Space, Enter sends what is selected, even nothing (revising to none)', () => {
  const s = send(flow([single, multi]), k('enter'), t(' '), k('enter'));
  assert.deepEqual(s.answers[1], ['A']);
  send(s, k('up'), k('enter'), t(' '), k('enter'));
  assert.equal(s.screen, 'confirm');
  assert.deepEqual(s.answers[1], []);
});
