// The routing decision table (server README, "Where a form is shown"): one test per row, on the pure
// decision, and the words the model gets for each reason. The same rows run end to end with real
// clients in elicitation.test.ts, url-mode.test.ts and question-tool.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideRoute, type RouteInput } from '@formrequest/server';
import { conversationNote, nowhereMessage } from '../src/route-messages.ts';
import { UNSEEN_ANSWER_MS, unseenAnswer } from '../src/unseen.ts';

const NOTHING = { apps: false, formElicitation: false, urlElicitation: false };
const FORM_AND_URL = { apps: false, formElicitation: true, urlElicitation: true };
const FITS = { ok: true } as const;
const DOES_NOT_FIT: RouteInput['fit'] = {
  ok: false,
  reasons: ['フィールド[0]（type: file）はファイルを送れないため、…'],
};

function route(overrides: Partial<RouteInput>) {
  return decideRoute({ policy: 'auto', urlMode: true, client: FORM_AND_URL, fit: FITS, ...overrides });
}

test('row 1: a client that renders MCP Apps gets the widget, whatever the policy and the form', () => {
  for (const policy of ['never', 'auto'] as const) {
    const decided = route({ policy, client: { ...FORM_AND_URL, apps: true }, fit: DOES_NOT_FIT });
    assert.deepEqual(decided, { surface: 'apps', reasons: [] });
  }
});

test('row 2: policy never keeps every form in the conversation, with no elicitation', () => {
  assert.deepEqual(route({ policy: 'never' }), { surface: 'conversation', reasons: [] });
  assert.deepEqual(route({ policy: 'never', fit: DOES_NOT_FIT }), { surface: 'conversation', reasons: [] });
});

test('row 3: policy never and a call that asks mode "auto": the conversation, and the model is told why', () => {
  const decided = route({ policy: 'never', callMode: 'auto' });
  assert.deepEqual(decided, { surface: 'conversation', reasons: [{ code: 'policy-never' }] });
  assert.equal(
    conversationNote(decided.reasons),
    'このサーバーは elicitation を使わない設定（--elicitation never）のため、会話でフォームを表示します。',
  );
});

test('row 4: policy auto and a call that says mode "never": the conversation', () => {
  assert.deepEqual(route({ callMode: 'never' }), { surface: 'conversation', reasons: [] });
});

test("row 5: form-mode elicitation and a form that fits: the client's own dialog", () => {
  assert.equal(route({}).surface, 'form-elicitation');
  assert.equal(route({ client: { ...NOTHING, formElicitation: true } }).surface, 'form-elicitation');
});

test('row 6: a form that does not fit, URL mode declared and allowed: the form page', () => {
  assert.deepEqual(route({ fit: DOES_NOT_FIT }), { surface: 'url-elicitation', reasons: [] });
});

test('row 7: a client with URL mode only: the form page, even for a form that would fit', () => {
  assert.equal(route({ client: { ...NOTHING, urlElicitation: true } }).surface, 'url-elicitation');
});

test('row 8: a form that does not fit and URL mode switched off: nowhere, saying both', () => {
  const decided = route({ fit: DOES_NOT_FIT, urlMode: false });
  assert.deepEqual(decided, {
    surface: 'nowhere',
    reasons: [{ code: 'form-does-not-fit', fields: DOES_NOT_FIT.reasons }, { code: 'url-mode-off' }],
  });
  const text = nowhereMessage('経費精算', decided.reasons);
  assert.match(text, /^フォーム「経費精算」はユーザーに表示されていません。/);
  assert.match(text, /--url-mode off/);
});

test('row 9: a form that does not fit, in a client without URL mode: nowhere', () => {
  const decided = route({ fit: DOES_NOT_FIT, client: { ...NOTHING, formElicitation: true } });
  assert.deepEqual(
    decided.reasons.map((r) => r.code),
    ['form-does-not-fit', 'no-url-elicitation'],
  );
  assert.equal(decided.surface, 'nowhere');
});

test('row 10: a client without Apps or elicitation under policy auto: nowhere, with the fix', () => {
  const decided = route({ client: NOTHING });
  assert.deepEqual(decided, { surface: 'nowhere', reasons: [{ code: 'no-elicitation' }] });
  const text = nowhereMessage('Expenses', decided.reasons, 'en');
  assert.equal(
    text,
    [
      'The form "Expenses" is not shown to the person: they cannot see it, and no answers will come.',
      'Why:',
      '- This client supports neither MCP Apps nor elicitation.',
      'What to do: ask the person for what you need in the conversation instead (do not call this form again). ' +
        'To show any form, run the server as `formrequest serve` (the default, --elicitation auto) in a client that supports ' +
        'URL-mode elicitation (interactive Claude Code, for one): forms then open as a page in the browser.',
    ].join('\n'),
  );
});

test('row 11: URL mode, but the form page cannot be served: nowhere, naming the cause', () => {
  const decided = route({
    fit: DOES_NOT_FIT,
    client: { ...NOTHING, urlElicitation: true },
    pageError: 'port 4000 on 127.0.0.1 is in use',
  });
  assert.deepEqual(decided, {
    surface: 'nowhere',
    reasons: [{ code: 'page-unavailable', error: 'port 4000 on 127.0.0.1 is in use' }],
  });
  assert.match(nowhereMessage('x', decided.reasons), /フォームページを用意できませんでした: port 4000/);
});

test('row 12: a host that declared it renders forms from the call: the conversation, whatever the client declares', () => {
  for (const policy of ['never', 'auto'] as const) {
    for (const fit of [FITS, DOES_NOT_FIT]) {
      const decided = route({ policy, hostRendersForms: true, fit, callMode: 'auto' });
      assert.deepEqual(decided, { surface: 'conversation', reasons: [] });
    }
  }
  // MCP Apps still wins: the widget is the host's own rendering.
  assert.equal(route({ hostRendersForms: true, client: { ...FORM_AND_URL, apps: true } }).surface, 'apps');
});

test("outcome rows: a decline or cancel faster than the threshold, first asked, page never opened, is nobody's", () => {
  const askedAt = 1_000_000;
  const at = (ms: number, extra: Partial<Parameters<typeof unseenAnswer>[0]> = {}) =>
    unseenAnswer({ action: 'decline', askedAt, now: askedAt + ms, ...extra });
  // Headless runtimes answer within ~10 ms.
  assert.deepEqual(at(5), { code: 'unseen', action: 'decline', ms: 5, thresholdMs: UNSEEN_ANSWER_MS });
  assert.equal(at(5, { action: 'cancel' })?.action, 'cancel');
  assert.deepEqual(at(3, { pageOpened: false }), {
    code: 'unseen',
    action: 'decline',
    ms: 3,
    thresholdMs: UNSEEN_ANSWER_MS,
    page: true,
  });
  // A person: slower than the threshold, after the page was opened, or after answering once already.
  assert.equal(at(UNSEEN_ANSWER_MS), undefined);
  assert.equal(at(1000), undefined);
  assert.equal(at(5, { pageOpened: true }), undefined);
  assert.equal(at(5, { attempt: 1 }), undefined);
  // An acceptance is always the answer given; an unknown ask time is a person's.
  assert.equal(at(5, { action: 'accept' }), undefined);
  assert.equal(unseenAnswer({ action: 'decline' }), undefined);
  const text = nowhereMessage('経費精算', [at(5)!]);
  assert.match(text, /^フォーム「経費精算」はユーザーに表示されていません。/);
  assert.match(text, /5 ms で「decline」と自動で応答しました/);
  assert.match(text, /ダイアログは誰にも表示されていません/);
  assert.match(text, /これはユーザーの拒否やキャンセルではありません/);
  assert.match(text, /--host-renders-forms/);
  assert.doesNotMatch(text, /--url-mode/);
  assert.match(nowhereMessage('x', [at(3, { pageOpened: false })!], 'en'), /the form page was never opened/);
});
