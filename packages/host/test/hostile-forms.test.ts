// Forms a model can be steered into writing, through the whole host in real Chromium: the page, the
// host's execute API and its re-check of the answers, the real MCP server, and an `anthropic` agent on
// a local fake Messages API that issues whatever form the test names ("form:<key>").
// The host runs in UTC (set before anything reads the clock); pages run in other zones.
process.env.TZ = 'UTC';

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { validateAnswers } from '@formrequest/schema';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newTestContext } from '../../../testing/browser.ts';
import { domNamesAnswer, domNamesForm, fillDomNames } from '../../../testing/dom-names.ts';
import { ADMITTED, hostileTexts, patternForm } from '../../../testing/hostile-patterns.ts';
import type { RunningHost } from '../src/index.js';
import { type FakeApi, lastUserText, startFakeMessagesApi } from './fake-messages-api.js';
import { call, startTestHost, turn } from './helpers.js';

const FORMS: Record<string, unknown> = {
  dom: domNamesForm('DOM names'),
  simple: { title: 'Simple', fields: [{ name: 'a', type: 'text', label: 'A' }] },
  number: { title: '数', fields: [{ name: 'n', type: 'number', label: '個数' }] },
  people: {
    title: '担当',
    fields: [
      {
        name: 'who',
        type: 'autocomplete',
        label: '担当者',
        searchUrl: '/api/demo/users/search',
        displayField: 'name',
        valueField: 'id',
      },
      {
        name: 'team',
        type: 'multi-autocomplete',
        label: 'チーム',
        searchUrl: 'http://127.0.0.1:9/api/demo/users/search',
        displayField: 'name',
        valueField: 'id',
      },
      {
        name: 'elsewhere',
        type: 'autocomplete',
        label: '外部',
        searchUrl: 'https://api.example.com/users',
        displayField: 'name',
        valueField: 'id',
      },
    ],
  },
  dates: {
    title: '日付',
    fields: [
      { name: 'due', type: 'date', label: '期限', required: true, minDate: 'today', maxDate: '+2days' },
    ],
  },
};

let api: FakeApi;
let host: RunningHost;
let browser: Browser;

before(async () => {
  api = await startFakeMessagesApi((body) => {
    const text = lastUserText(body);
    const key = /^form:(\w+)$/.exec(text.trim())?.[1];
    if (key && FORMS[key])
      return {
        text: 'Please fill in the form.',
        toolUse: { name: 'mcp__form__request_form', input: { form_schema: FORMS[key] } },
      };
    return { text: 'Received.' };
  });
  host = await startTestHost({
    agent: 'anthropic',
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: api.url, ANTHROPIC_MODEL: 'fake-model' },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await host?.close();
  await api?.close();
});

async function newPage(options: { timezoneId?: string } = {}): Promise<Page> {
  const context = await newTestContext(browser, { viewport: { width: 1100, height: 900 }, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  (page as any).errors = errors;
  await page.goto(host.url);
  return page;
}

/** Asks the fake model for a form and waits until the page shows it. */
async function openForm(page: Page, key: string, title: string): Promise<void> {
  await page.locator('#input').fill(`form:${key}`);
  await page.locator('#input').press('Enter');
  await page.locator('#form-slot').getByText(title, { exact: true }).waitFor();
}

/** The answers the host passed on to the model after the form was submitted. */
async function answersSentToModel(): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const last = api.requests.at(-1)?.body;
    const content = last?.messages?.at(-1)?.content;
    const text = Array.isArray(content) ? content.find((c: any) => c.type === 'text')?.text : undefined;
    if (text?.startsWith('{')) return JSON.parse(text);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the answers never reached the model');
}

test('field names that are DOM members: the host page renders, fills and submits; the host accepts them', async () => {
  const page = await newPage();
  await openForm(page, 'dom', 'DOM names');
  await fillDomNames(page.locator('#form-slot'));
  // The form is written in English, so it speaks English in the Japanese page.
  await page.locator('#form-slot').getByRole('button', { name: 'Submit' }).click();
  await page.locator('.msg.assistant', { hasText: 'Received.' }).waitFor();
  assert.deepEqual(await answersSentToModel(), domNamesAnswer());
  assert.deepEqual((page as any).errors, []);
  await page.context().close();
});

test('answer keys __proto__, constructor and prototype are refused by the host like any unknown key', async () => {
  const first = await turn(host, { message: 'form:simple' });
  const formId = first.events.at(-1)!.data.pending_form.id;
  const body = `{"conversationId": ${JSON.stringify(first.conversationId)}, "formId": ${JSON.stringify(formId)}, "answers": {"a": "x", "__proto__": {"a": 1}, "constructor": 1, "prototype": 2}}`;
  const sent = await call(host, 'POST', '/api/execute', body);
  assert.equal(sent.status, 422);
  assert.deepEqual(Object.keys(sent.json.errors).sort(), ['__proto__', 'constructor', 'prototype']);
  const ok = await call(host, 'POST', '/api/execute', {
    conversationId: first.conversationId,
    formId,
    answers: { a: 'x' },
  });
  assert.equal(ok.status, 202);
});

test('numbers are decimal only: the host refuses 0x5, 0b101, 0o7, " 5 " and full-width digits with the seed message', async () => {
  const first = await turn(host, { message: 'form:number' });
  const formId = first.events.at(-1)!.data.pending_form.id;
  for (const n of ['0x5', '0b101', '0o7', ' 5 ', '５']) {
    const sent = await call(host, 'POST', '/api/execute', {
      conversationId: first.conversationId,
      formId,
      answers: { n },
    });
    assert.equal(sent.status, 422, JSON.stringify(n));
    assert.deepEqual(sent.json.errors, { n: '個数は数値で入力してください' });
  }
  const ok = await call(host, 'POST', '/api/execute', {
    conversationId: first.conversationId,
    formId,
    answers: { n: '5' },
  });
  assert.equal(ok.status, 202);
});

test("a value the host's own demo search never returns is refused; other APIs' values pass as the schema allows", async () => {
  const first = await turn(host, { message: 'form:people' });
  const formId = first.events.at(-1)!.data.pending_form.id;
  const send = (answers: Record<string, unknown>) =>
    call(host, 'POST', '/api/execute', { conversationId: first.conversationId, formId, answers });
  const made = await send({ who: 'u999', team: ['u001', 'admin'], elsewhere: 'anything' });
  assert.equal(made.status, 422);
  assert.deepEqual(made.json.errors, {
    who: '担当者は選択肢の中から選んでください',
    team: 'チームは選択肢の中から選んでください',
  });
  const real = await send({ who: 'u001', team: ['u002', 'u003'], elsewhere: 'anything' });
  assert.equal(real.status, 202);
});

/** The calendar date at `instant` in `timeZone`, by the platform's own zone data. */
const dayIn = (timeZone: string, instant: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
const shift = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** A zone whose date differs from UTC's right now, so the two todays really differ in the run. */
const FAR_ZONE = new Date().getUTCHours() < 12 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';

for (const timezoneId of ['America/Los_Angeles', 'Asia/Tokyo', FAR_ZONE]) {
  test(`dates in ${timezoneId}, host in UTC: the bounds the person sees are the bounds the host enforces`, async () => {
    assert.equal(new Date(0).getTimezoneOffset(), 0, 'the host runs in UTC');
    const page = await newPage({ timezoneId });
    await openForm(page, 'dates', '日付');
    const conversationId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    let pending: any;
    for (let i = 0; i < 100 && !pending; i++) {
      pending = (await call(host, 'GET', `/api/conversations/${conversationId}`)).json.pendingForm;
      if (!pending) await new Promise((r) => setTimeout(r, 50));
    }
    const min = dayIn(timezoneId, pending.issuedAt);
    const max = shift(min, 2);
    const input = page.locator('#form-slot input[type=date]');
    await page.waitForFunction(
      (expected) => document.querySelector('#form-slot input[type=date]')?.getAttribute('min') === expected,
      min,
    );
    assert.equal(await input.getAttribute('max'), max);
    if (timezoneId === FAR_ZONE)
      assert.notEqual(min, dayIn('UTC', pending.issuedAt), 'the zones disagree on the date');

    // The host, given the page's offset, draws the same lines: one day outside is refused on both sides.
    const utcOffset = await page.evaluate((at) => -new Date(at).getTimezoneOffset(), pending.issuedAt);
    const answer = (due: string, offset?: number) =>
      call(host, 'POST', '/api/execute', {
        conversationId,
        formId: pending.id,
        answers: { due },
        utcOffset: offset,
      });
    assert.equal((await answer(shift(min, -1), utcOffset)).status, 422);
    assert.equal((await answer(shift(max, 1), utcOffset)).status, 422);
    if (timezoneId === FAR_ZONE) {
      // Without the offset the host would judge by its own (UTC) date: the page's edge day is refused.
      const edge = min < dayIn('UTC', pending.issuedAt) ? min : max;
      assert.equal((await answer(edge)).status, 422);
    }
    assert.equal(
      (
        await call(host, 'POST', '/api/execute', {
          conversationId,
          formId: pending.id,
          answers: { due: min },
          utcOffset: 'x',
        })
      ).status,
      400,
    );

    // The page refuses what the host refuses, and what it sends (its edge day) the host accepts.
    await input.fill(shift(min, -1));
    await page.locator('#form-slot').getByRole('button', { name: '送信' }).click();
    await page.locator('#form-slot .fr-msg', { hasText: `${min}以降` }).waitFor();
    await input.fill(timezoneId === FAR_ZONE && min > dayIn('UTC', pending.issuedAt) ? max : min);
    await page.locator('#form-slot').getByRole('button', { name: '送信' }).click();
    await page.locator('.msg.assistant', { hasText: 'Received.' }).waitFor();
    assert.deepEqual((page as any).errors, []);
    await page.context().close();
  });
}

test('hostile patterns: the host re-checks 50,000 characters with the verdict every surface reaches', async () => {
  ADMITTED.forEach(({ pattern }, i) => {
    FORMS[`p${i}`] = patternForm(pattern);
  });
  let worst = 0;
  for (const [i, { name, pattern }] of ADMITTED.entries()) {
    let asked = await turn(host, { message: `form:p${i}` });
    const { conversationId } = asked;
    for (const text of hostileTexts()) {
      const formId = asked.events.at(-1)!.data.pending_form.id;
      const expected = validateAnswers(patternForm(pattern) as never, { text });
      const label = `${name} on ${JSON.stringify(text.slice(0, 12))}… (${text.length})`;
      const start = performance.now();
      if (expected.ok) {
        await turn(host, { conversationId, formId, answers: { text } });
        asked = await turn(host, { conversationId, message: `form:p${i}` });
      } else {
        const sent = await call(host, 'POST', '/api/execute', { conversationId, formId, answers: { text } });
        assert.equal(sent.status, 422, label);
        assert.deepEqual(sent.json.errors, expected.errors, label);
      }
      worst = Math.max(worst, performance.now() - start);
    }
  }
  // A hang would take seconds to hours; the benchmark has the exact figures.
  assert.ok(worst < 5000, `the slowest answer took ${worst.toFixed(0)} ms`);
  const alive = await call(host, 'GET', '/api/conversations');
  assert.equal(alive.status, 200, 'the host answers the next call');
});

test('refused blow-up forms through the host: an error the model reads, and the host answers the next request', async () => {
  // The blow-up (400 fields of \s{0,1000} x 45, about 217 KB) once took the whole host down;
  // a huge count (a{0,1000000000}) took seconds and gigabytes to refuse.
  FORMS.blowUp = patternForm('\\s{0,1000}'.repeat(45), 400);
  FORMS.hugeCount = patternForm('(?:a{0,99999999}){9}');
  for (const key of ['blowUp', 'hugeCount']) {
    const refused = await turn(host, { message: `form:${key}` });
    const result = refused.events.find((e) => e.event === 'tool_result')!;
    assert.equal(result.data.is_error, true, key);
    assert.match(JSON.stringify(result.data), /pattern/, key);
    assert.ok(!refused.events.at(-1)!.data.pending_form, `${key}: no form is pending`);
    const next = await turn(host, { conversationId: refused.conversationId, message: 'form:simple' });
    assert.ok(next.events.at(-1)!.data.pending_form?.id, `${key}: the next form is issued`);
  }
});
