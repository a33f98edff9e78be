// Gone callers: a 2025 client over Streamable HTTP whose connection drops while its call waits on the
// form page (no cancel sent) can never receive the answer. The server cancels that call itself, so the
// page refuses the answer (409, state "closed": the agent is no longer waiting) instead of accepting it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type RunningHttpServer, startHttpServer } from '@formrequest/server';
import { connectClient, person } from './support.ts';

const FORM = {
  title: '資料の提出',
  fields: [{ name: 'memo', type: 'text', label: 'メモ' }],
};

let http: RunningHttpServer;
before(async () => {
  http = await startHttpServer({
    port: 0,
    config: { elicitation: 'auto', urlMode: true, progressIntervalMs: 100 },
  });
});
after(() => http.close());

test('200 URL-mode callers dropped mid-call: 0 pages say accepted', async () => {
  const callers = 200;
  const urls = await Promise.all(
    Array.from({ length: callers }, async () => {
      let asked!: (url: string) => void;
      const url = new Promise<string>((resolve) => {
        asked = resolve;
      });
      const client = await connectClient(
        'v1',
        { url: http.url },
        async (params: any) => {
          asked(params.url);
          return { action: 'accept' };
        },
        // URL mode only: the client's own form dialog is not offered, so the form goes to the page.
        { elicitation: { url: {} } },
      );
      const call = client
        .callTool({ name: 'request_form', arguments: { form_schema: FORM } })
        .catch(() => {});
      const page = await url;
      // The client goes away without a word (its process died, its network dropped).
      await client.close();
      await call;
      return page;
    }),
  );
  let accepted = 0;
  let closed = 0;
  // The person answers a moment later (the socket's close reaches the server at once).
  await new Promise((r) => setTimeout(r, 500));
  for (const url of urls) {
    const sent = await person.send(url, { action: 'accept', values: { memo: 'x' } });
    if (sent.status === 200) accepted++;
    if (sent.status === 409 && sent.json.state === 'closed') closed++;
  }
  console.log(
    `# fault gone callers: ${callers} URL-mode callers dropped mid-call, ${accepted} pages said accepted, ${closed} said closed`,
  );
  assert.equal(accepted, 0);
  assert.equal(closed, callers);
});
