// Forms waiting on the form page are bounded per MCP session and per server: past either, the page is
// not offered and the model is told why (in the form's language), with the way out; the stores count
// the forms still open (both stores: pending-forms-contract.ts).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type RunningHttpServer, startHttpServer } from '@formrequest/server';
import { connectClient, person, type TestClient } from './support.ts';

// A file field: the client's own form cannot carry it, so without the page the form is shown nowhere.
const FORM = {
  title: '資料の提出',
  fields: [{ name: 'memo', type: 'file', label: '資料', accept: '.txt', maxSize: 1024 }],
};

let http: RunningHttpServer;
const clients: TestClient[] = [];
before(async () => {
  http = await startHttpServer({
    port: 0,
    config: {
      elicitation: 'auto',
      progressIntervalMs: 100,
      maxPendingForms: 3,
      maxPendingFormsPerSession: 2,
    },
  });
});
after(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await http.close();
});

/** A 2025 client whose person agrees to open every page and then never answers. */
async function session(): Promise<{ client: TestClient; asked: string[] }> {
  const asked: string[] = [];
  const client = await connectClient(
    'v1',
    { url: http.url },
    async (params: any) => {
      asked.push(params.url);
      return { action: 'accept' };
    },
    { elicitation: { form: {}, url: {} } },
  );
  clients.push(client);
  return { client, asked };
}

const call = (client: TestClient) =>
  client.callTool({ name: 'request_form', arguments: { form_schema: FORM } }).catch((error: Error) => error);

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('past the per-session and per-server limits the page is not offered; the model is told why', async () => {
  const a = await session();
  void call(a.client);
  void call(a.client);
  await until(() => a.asked.length === 2, 'two pages asked on session A');
  const third: any = await call(a.client);
  assert.equal(third.structuredContent.status, 'not_shown', JSON.stringify(third));
  assert.match(
    third.content[0].text,
    /この接続（MCP セッション）では、すでに 2 件のフォームが回答を待っています（上限 2 件）/,
  );
  assert.equal(a.asked.length, 2, 'no third page');

  const b = await session();
  void call(b.client);
  await until(() => b.asked.length === 1, 'a page asked on session B');
  const fourth: any = await call(b.client);
  assert.equal(fourth.structuredContent.status, 'not_shown');
  assert.match(
    fourth.content[0].text,
    /このサーバーのフォームページでは、すでに 3 件のフォームが回答を待っています（上限 3 件）/,
  );

  // A form answered (here: cancelled on its page) frees its place.
  assert.equal((await person.send(a.asked[0], { action: 'cancel' })).status, 200);
  void call(b.client);
  await until(() => b.asked.length === 2, 'a page asked again once one was answered');
});
