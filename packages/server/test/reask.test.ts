// Nothing typed is lost to a cut call (issue 32): a real v1 SDK client (2025-11-25, URL-mode elicitation
// only) whose own request timeout cuts request_form while the person is on the form page, and whose
// "model" then calls request_form again with the same form, as a model does after a timeout error. The
// page shows in real Chromium that the call ended, keeps the form and the typed text; the re-ask returns
// the answers sent after the cut without a new page, or waits on the same page. Then what must not
// happen: another session, another form, a re-ask after the window, a page nobody opened.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type RunningHttpServer, startHttpServer } from '@formrequest/server';
import type { Browser } from 'playwright-core';
import { axeViolations } from '../../../testing/axe.ts';
import { launchBrowser, newTestContext } from '../../../testing/browser.ts';
import { createTestDatabase, skipWithoutPostgres, type TestDatabase } from '../../../testing/postgres.ts';
import { ensureFormPage } from './fixtures/form-page-build.ts';
import { connectClient, person, type TestClient } from './support.ts';

const FORM = {
  title: '経費精算',
  fields: [
    { name: 'purpose', type: 'text', label: '用途' },
    {
      name: 'kind',
      type: 'select',
      label: '種類',
      options: [
        { value: 'train', label: '電車' },
        { value: 'taxi', label: 'タクシー' },
      ],
    },
  ],
};

let http: RunningHttpServer;
/** A server whose re-ask window is short (the expiry test). */
let brief: RunningHttpServer;
let browser: Browser;

before(async () => {
  ensureFormPage();
  [http, brief] = await Promise.all([
    startHttpServer({ port: 0, config: { elicitation: 'auto' } }),
    startHttpServer({ port: 0, config: { elicitation: 'auto' }, reaskWindowMs: 1500 }),
  ]);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await Promise.all([http?.close(), brief?.close()]);
});

interface Model {
  client: TestClient;
  /** Every page URL the client was asked to open, in order. */
  urls: string[];
  /** request_form with `form`, cut by the v1 client's own timeout (no progress reset). */
  call(form: object, timeoutMs: number): Promise<any>;
}

/** A v1 client declaring URL-mode elicitation only, accepting to open every page. */
async function model(url: string): Promise<Model> {
  const urls: string[] = [];
  const client = await connectClient(
    'v1',
    { url },
    async (params) => {
      urls.push(params.url);
      return { action: 'accept' };
    },
    { elicitation: { url: {} } },
  );
  return {
    client,
    urls,
    call: (form, timeoutMs) =>
      client.raw.callTool({ name: 'request_form', arguments: { form_schema: form } }, undefined, {
        timeout: timeoutMs,
      }),
  };
}

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function status(pageUrl: string): Promise<any> {
  return (await fetch(`${pageUrl}/status`)).json();
}

/** Starts a call that the client cuts after `timeoutMs`; resolves with the page URL and the cut's time. */
async function cutCall(m: Model, form: object, timeoutMs: number) {
  const before = m.urls.length;
  const cut = m.call(form, timeoutMs).then(
    (result) => {
      throw new Error(`the call was not cut: ${JSON.stringify(result)}`);
    },
    (error: Error) => ({ at: Date.now(), error }),
  );
  const url = await until(
    () => m.urls[before],
    (u) => u !== undefined,
    'the page URL',
  );
  return { url, cut };
}

test('a v1 client with a 3 s timeout and no progress reset: the page says within 2 s that the call ended, the person sends after the cut, and the re-ask returns it without a new page', async () => {
  const m = await model(http.url);
  const context = await newTestContext(browser);
  try {
    const page = await context.newPage();
    const { url, cut } = await cutCall(m, FORM, 3000);
    await page.goto(url);
    await page.getByLabel('用途').fill('出張の交通費');
    const ended = await cut;
    assert.match(ended.error.message, /timed out/i);
    await page.getByRole('heading', { name: 'この依頼は終わりました' }).waitFor({ timeout: 2000 });
    const shownAfter = Date.now() - ended.at;
    console.log(`# reask: the page said the call ended ${shownAfter} ms after the cut`);
    assert.ok(shownAfter < 2000, `shown ${shownAfter} ms after the cut`);
    assert.equal(await page.locator('.fp-answers pre').textContent(), '経費精算\n用途: 出張の交通費');
    const copy = page.getByRole('button', { name: '入力内容をテキストとしてコピー' });
    await copy.waitFor();
    // The copy button starts its line under the text, as on the done page (not the banner's retry
    // button's margin beside its text).
    const [copyBox, preBox] = [await copy.boundingBox(), await page.locator('.fp-answers pre').boundingBox()];
    assert.equal(copyBox!.x, preBox!.x, 'the copy button lines up with the text above it');
    await page.getByText('同じフォームをもう一度出したとき', { exact: false }).waitFor();
    assert.deepEqual(await axeViolations(page), [], 'the notice above the form');
    // The tests' artefact (never committed), as form-page.test.ts takes its own.
    const shots = resolve(import.meta.dirname, '../../../.tmp/screenshots/form-page');
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: resolve(shots, 'withdrawn.png'), fullPage: true });
    // The form stays: the person goes on after the cut (the text to copy follows) and sends.
    await page.getByLabel('種類').selectOption({ label: 'タクシー' });
    assert.equal(
      await page.locator('.fp-answers pre').textContent(),
      '経費精算\n用途: 出張の交通費\n種類: タクシー',
    );
    await page.getByRole('button', { name: '送信' }).click();
    await page.getByRole('heading', { name: '送信しました' }).waitFor();
    await page.getByText('に戻って、続けてください', { exact: false }).waitFor({ timeout: 5000 });
    // The model saw only the timeout error and calls request_form again with the same form.
    const again = await m.call(FORM, 3000);
    assert.equal(again.structuredContent.status, 'submitted', JSON.stringify(again));
    assert.deepEqual(again.structuredContent.values, { purpose: '出張の交通費', kind: 'taxi' });
    assert.deepEqual(again.structuredContent.labels, { kind: 'タクシー' });
    assert.equal(m.urls.length, 1, 'no new page was opened');
    await page.getByText('入力内容はエージェントに届きました').waitFor({ timeout: 5000 });
  } finally {
    await context.close();
    await m.client.close();
  }
});

async function reattach(server: RunningHttpServer): Promise<void> {
  const m = await model(server.url);
  try {
    const { url, cut } = await cutCall(m, FORM, 1000);
    assert.equal((await person.open(url)).status, 200, 'the person has the page open');
    await cut;
    const withdrawn = await until(
      () => status(url),
      (s) => s.state === 'withdrawn',
      'the withdrawn state',
    );
    assert.match(withdrawn.reason, /timed out/i);
    assert.ok(withdrawn.until > Date.now() + 60_000, 'kept for the re-ask window');
    // The re-ask comes before the person sends: it waits on the same page (the page hears it).
    const again = m.call(FORM, 30_000);
    await until(
      () => status(url),
      (s) => s.state === 'open',
      'the page waited on again',
    );
    const sent = await person.send(url, { action: 'accept', values: { purpose: '会議', kind: 'train' } });
    assert.equal(sent.status, 200);
    const result = await again;
    assert.equal(result.structuredContent.status, 'submitted');
    assert.deepEqual(result.structuredContent.values, { purpose: '会議', kind: 'train' });
    assert.equal(m.urls.length, 1, 'no new page was opened');
    assert.equal((await status(url)).delivered, true);
  } finally {
    await m.client.close();
  }
}

describe('a re-ask before the person sends waits on the same page', () => {
  test('pending forms in memory', () => reattach(http));

  describe('pending forms in PostgreSQL', async () => {
    const skip = await skipWithoutPostgres();
    let db: TestDatabase;
    let shared: RunningHttpServer;
    before(async () => {
      if (skip) return;
      db = await createTestDatabase();
      shared = await startHttpServer({
        port: 0,
        config: { elicitation: 'auto' },
        db: db.url,
        dbLeaseMs: 300,
      });
    });
    after(async () => {
      await shared?.close();
      await db?.drop();
    });
    test('the session instance keeps the lease while the form waits for the re-ask', { skip }, async () => {
      const m = await model(shared.url);
      try {
        const { url, cut } = await cutCall(m, FORM, 500);
        await person.open(url);
        await cut;
        await until(
          () => status(url),
          (s) => s.state === 'withdrawn',
          'the withdrawn state',
        );
        // Several leases long after the cut the form still takes its answer (the lease is renewed).
        await new Promise((r) => setTimeout(r, 1200));
        assert.equal((await status(url)).state, 'withdrawn');
        const sent = await person.send(url, { action: 'accept', values: { purpose: '研修', kind: 'train' } });
        assert.equal(sent.status, 200);
        const again = await m.call(FORM, 5000);
        assert.deepEqual(again.structuredContent.values, { purpose: '研修', kind: 'train' });
        assert.equal(m.urls.length, 1);
      } finally {
        await m.client.close();
      }
      await reattach(shared);
    });
  });
});

describe('what a re-ask never gets', () => {
  test('another session with the same form gets a page of its own, never the first one or its answers', async () => {
    const a = await model(http.url);
    const b = await model(http.url);
    try {
      const first = await cutCall(a, FORM, 1000);
      await person.open(first.url);
      await first.cut;
      const other = await cutCall(b, FORM, 1000);
      assert.notEqual(other.url, first.url, 'a new page for the other session');
      await other.cut;
      // The first session's answer stays the first session's.
      await person.send(first.url, { action: 'accept', values: { purpose: 'A の用途', kind: 'train' } });
      const second = await cutCall(b, FORM, 500);
      assert.notEqual(second.url, first.url);
      await second.cut;
      const mine = await a.call(FORM, 3000);
      assert.deepEqual(mine.structuredContent.values, { purpose: 'A の用途', kind: 'train' });
    } finally {
      await a.client.close();
      await b.client.close();
    }
  });

  test('a different form from the same session opens a new page; the cut one stays kept', async () => {
    const m = await model(http.url);
    try {
      const first = await cutCall(m, FORM, 1000);
      await person.open(first.url);
      await first.cut;
      const other = await cutCall(m, { ...FORM, title: '経費精算（別件）' }, 500);
      assert.notEqual(other.url, first.url);
      await other.cut;
      assert.equal((await status(first.url)).state, 'withdrawn');
    } finally {
      await m.client.close();
    }
  });

  test('past the window the form closes, the page takes no answer, and the re-ask opens a new page', async () => {
    const m = await model(brief.url);
    try {
      const { url, cut } = await cutCall(m, FORM, 500);
      await person.open(url);
      await cut;
      const closed = await until(
        () => status(url),
        (s) => s.state === 'closed',
        'the window to end',
      );
      assert.match(closed.reason, /Nobody asked for the form again/);
      const late = await person.send(url, { action: 'accept', values: { purpose: 'x', kind: 'train' } });
      assert.equal(late.status, 409);
      const again = await cutCall(m, FORM, 500);
      assert.notEqual(again.url, url, 'asked anew');
      await again.cut;
    } finally {
      await m.client.close();
    }
  });

  test('a page nobody opened is not kept for the re-ask: it closes and the form is asked anew', async () => {
    const m = await model(http.url);
    try {
      const first = await cutCall(m, FORM, 500);
      await first.cut;
      await until(
        () => status(first.url),
        (s) => s.state === 'withdrawn',
        'the withdrawn state',
      );
      const again = await cutCall(m, FORM, 500);
      assert.notEqual(again.url, first.url);
      assert.equal((await status(first.url)).state, 'closed');
      await again.cut;
    } finally {
      await m.client.close();
    }
  });

  test('an HTTP session the client ends (DELETE) closes what it kept', async () => {
    const m = await model(http.url);
    try {
      const { url, cut } = await cutCall(m, FORM, 500);
      await person.open(url);
      await cut;
      await until(
        () => status(url),
        (s) => s.state === 'withdrawn',
        'the withdrawn state',
      );
      await m.client.raw.transport.terminateSession();
      const closed = await until(
        () => status(url),
        (s) => s.state === 'closed',
        'the session end',
      );
      assert.match(closed.reason, /session that asked ended/);
    } finally {
      await m.client.close();
    }
  });

  test('a session that ends closes what it kept (stdio: the client goes away)', async () => {
    const urls: string[] = [];
    const client = await connectClient(
      'v1',
      { stdio: ['--elicitation', 'auto'] },
      async (params) => {
        urls.push(params.url);
        return { action: 'accept' };
      },
      { elicitation: { url: {} } },
    );
    let url: string;
    try {
      const cut = client.raw
        .callTool({ name: 'request_form', arguments: { form_schema: FORM } }, undefined, { timeout: 1000 })
        .catch((error: Error) => error);
      url = await until(
        () => urls[0],
        (u) => u !== undefined,
        'the page URL',
      );
      await person.open(url);
      assert.match(String(await cut), /timed out/i);
      await until(
        () => status(url),
        (s) => s.state === 'withdrawn',
        'the withdrawn state',
      );
      // Over stdio the session is the connection: the same client's re-ask finds the page.
      const again = client.raw.callTool({ name: 'request_form', arguments: { form_schema: FORM } });
      await until(
        () => status(url),
        (s) => s.state === 'open',
        'the re-ask',
      );
      await person.send(url, { action: 'accept', values: { purpose: 'stdio', kind: 'train' } });
      assert.deepEqual((await again).structuredContent.values, { purpose: 'stdio', kind: 'train' });
      assert.equal(urls.length, 1);
      // Cut again, then the client goes away: nobody can re-ask, the page says so.
      const cutAgain = client.raw
        .callTool(
          { name: 'request_form', arguments: { form_schema: { ...FORM, title: '二件目' } } },
          undefined,
          { timeout: 1000 },
        )
        .catch((error: Error) => error);
      const second = await until(
        () => urls[1],
        (u) => u !== undefined,
        'the second page',
      );
      await person.open(second);
      await cutAgain;
      await until(
        () => status(second),
        (s) => s.state === 'withdrawn',
        'the withdrawn state',
      );
      // The client's end of stdin closes (v1's close() would kill the server at once).
      client.raw.transport._process.stdin.end();
      const closed = await until(
        () => status(second).catch(() => ({ state: 'unreachable' })),
        (s) => s.state === 'closed' || s.state === 'unreachable',
        'the session end',
      );
      // The stdio server keeps its page up a while after its client goes (gone-callers.test.ts).
      assert.equal(closed.state, 'closed');
      assert.match(closed.reason, /session that asked ended/);
    } finally {
      await client.close();
    }
  });
});

test('question: the same questions again get the answer sent after the cut; each progress message told the model the rule', async () => {
  const ticking = await startHttpServer({
    port: 0,
    config: { elicitation: 'auto', progressIntervalMs: 100 },
  });
  const m = await model(ticking.url);
  const questions = [
    {
      question: 'どのファイルを編集しますか？',
      header: 'ファイル選択',
      options: [{ label: 'main.ts' }, { label: 'utils.ts' }],
    },
  ];
  const progress: string[] = [];
  try {
    const cut = m.client.raw
      .callTool({ name: 'question', arguments: { questions } }, undefined, {
        timeout: 700,
        onprogress: (p: { message?: string }) => progress.push(p.message ?? ''),
      })
      .catch((error: Error) => error);
    const url = await until(
      () => m.urls[0],
      (u) => u !== undefined,
      'the page URL',
    );
    await person.open(url);
    assert.match(String(await cut), /timed out/i);
    assert.ok(progress.length > 0, 'progress was sent');
    for (const message of progress) {
      assert.match(message, /^ブラウザのフォームへの入力を待っています（\d+秒経過）。/);
      assert.match(message, /30分以内に同じフォームで question をもう一度呼んでください/);
    }
    await until(
      () => status(url),
      (s) => s.state === 'withdrawn',
      'the withdrawn state',
    );
    assert.equal((await person.send(url, { action: 'accept', values: { q1: 'utils.ts' } })).status, 200);
    const again = await m.client.raw.callTool({ name: 'question', arguments: { questions } });
    assert.equal(again.content[0].text, 'ユーザーの回答: "どのファイルを編集しますか？"="utils.ts"');
    assert.equal(m.urls.length, 1, 'no new page');
  } finally {
    await m.client.close();
    await ticking.close();
  }
});

test('the progress sent while the client still asks whether to open the page tells the model the rule too', async () => {
  const ticking = await startHttpServer({
    port: 0,
    config: { elicitation: 'auto', progressIntervalMs: 100 },
  });
  const progress: string[] = [];
  let asked = 0;
  // A person who takes a while to answer the client's "open this page?" (here: until three progress
  // messages came), and then declines: every message came while the client was still asking.
  const client = await connectClient(
    'v1',
    { url: ticking.url },
    async () => {
      asked++;
      const t0 = Date.now();
      while (progress.length < 3 && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 20));
      return { action: 'decline' };
    },
    { elicitation: { url: {} } },
  );
  try {
    const result = await client.raw.callTool(
      { name: 'request_form', arguments: { form_schema: FORM } },
      undefined,
      {
        onprogress: (p: { message?: string }) => progress.push(p.message ?? ''),
      },
    );
    assert.equal(asked, 1);
    assert.ok(result.structuredContent.status, 'the call ended with the decline');
    assert.ok(progress.length >= 3, `${progress.length} progress messages while the client asked`);
    for (const message of progress)
      assert.match(message, /30分以内に同じフォームで request_form をもう一度呼んでください/);
  } finally {
    await client.close();
    await ticking.close();
  }
});

test('2026-07-28 (no session): a cut retry closes its form, and the same form again opens a new page', async () => {
  const urls: string[] = [];
  const client = await connectClient(
    'v2-auto',
    { url: http.url },
    async (params) => {
      urls.push(params.url);
      return { action: 'accept' };
    },
    { elicitation: { url: {} } },
  );
  try {
    const call = (timeout: number) =>
      client.raw
        .callTool({ name: 'request_form', arguments: { form_schema: FORM } }, { timeout })
        .catch((error: Error) => error);
    const cut = call(700);
    const url = await until(
      () => urls[0],
      (u) => u !== undefined,
      'the page URL',
    );
    await person.open(url);
    assert.match(String(await cut), /timed out/i);
    const closed = await until(
      () => status(url),
      (s) => s.state === 'closed',
      'the form closed',
    );
    assert.match(closed.reason, /cancelled the call/);
    const again = call(700);
    const second = await until(
      () => urls[1],
      (u) => u !== undefined,
      'a new page',
    );
    assert.notEqual(second, url);
    await again;
  } finally {
    await client.close();
  }
});
