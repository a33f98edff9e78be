// Honest files and bounded storage over the API: uploads measured and checked against the field,
// forged and oversize references refused, quotas with clear 413s, DELETE, paging, and form ids that
// belong to their conversation (two conversations with the same tool_use id).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { scenarioForm } from '../src/demo.js';
import type { RunningHost } from '../src/index.js';
import { type FakeApi, lastUserText, startFakeMessagesApi } from './fake-messages-api.js';
import {
  ALL_TYPES_ANSWERS,
  call,
  collectEvents,
  listConversations,
  replyText,
  startTestHost,
  turn,
  upload,
  writeHeaders,
} from './helpers.js';

let host: RunningHost;
before(async () => {
  host = await startTestHost();
});
after(() => host.close());

/** A conversation with the all-field-types form pending (attachment: .pdf,.png,.jpg,.txt, 1 MiB). */
async function allFieldsForm(h: RunningHost = host) {
  const { conversationId, events } = await turn(h, { message: 'Show all field types', locale: 'en' });
  return { conversationId, formId: events.at(-1)!.data.pending_form.id as string };
}

const EXE = new Uint8Array([
  0x4d,
  0x5a,
  0x90,
  0,
  3,
  0,
  0,
  0,
  4,
  0,
  0,
  0,
  0xff,
  0xff,
  ...new Array(200).fill(0),
]);
const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  0x0d,
  0x49,
  0x48,
  0x44,
  0x52,
  ...new Array(40).fill(0),
]);

describe('uploads are what the host measured', () => {
  test('a program renamed invoice.pdf is refused; a misnamed image is stored as what it is', async () => {
    const where = await allFieldsForm();
    const exe = await upload(host, where, 'invoice.pdf', EXE, 'application/pdf');
    assert.equal(exe.status, 415);
    assert.equal(exe.json.code, 'file_type_not_accepted');
    assert.match(
      exe.json.error,
      /The content of "invoice\.pdf" is application\/x-msdownload \(\.exe\), which this field does not take \(\.pdf,\.png,\.jpg,\.txt\), whatever its name says\./,
    );
    const png = await upload(host, where, 'photo.jpg', PNG, 'image/jpeg');
    assert.equal(png.status, 201);
    assert.equal(png.json.type, 'image/png', 'detected from the bytes');
    const zip = await upload(host, where, 'notes.zip', 'hello');
    assert.equal(zip.status, 415);
    assert.match(
      zip.json.error,
      /"notes\.zip" \(application\/zip\) is not one of the types this field takes/,
    );
  });

  test('names are cleaned of paths and control characters', async () => {
    const where = await allFieldsForm();
    const sent = await upload(host, where, '../../etc/\u202eevil\u0000name.txt', 'x');
    assert.equal(sent.status, 201);
    assert.equal(sent.json.name, 'evilname.txt');
    const empty = await upload(host, where, '../', 'x');
    assert.equal(empty.status, 400);
  });

  test("over the field's maxSize: 413 naming the field's limit", async () => {
    const big = await startTestHost();
    try {
      const where = await allFieldsForm(big);
      const response = await upload(big, where, 'big.txt', 'x'.repeat(1048577));
      assert.equal(response.status, 413);
      assert.equal(response.json.code, 'file_too_large');
      assert.match(response.json.error, /takes files up to 1048576 bytes \(maxSize\)/);
    } finally {
      await big.close();
    }
  });

  test("a chunked upload past the field's maxSize is refused while it streams, before the client has sent it all", async () => {
    const where = await allFieldsForm();
    const query = new URLSearchParams({ ...where, field: 'attachment' });
    const headers = await writeHeaders(host, { 'X-File-Name': 'endless.bin' });
    const socket = connect(Number(new URL(host.url).port), '127.0.0.1');
    await once(socket, 'connect');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.write(
      `POST /api/files?${query} HTTP/1.1\r\nHost: 127.0.0.1:${new URL(host.url).port}\r\nContent-Type: application/octet-stream\r\n${Object.entries(
        headers,
      )
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}Transfer-Encoding: chunked\r\n\r\n`,
    );
    // 1.5 MiB for a 1 MiB field, then nothing more: the body never ends on its own.
    const chunk = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 24; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const deadline = Date.now() + 5000;
    while (!/\r\n\r\n/.test(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    socket.destroy();
    assert.match(text, /^HTTP\/1\.1 413/, `answered before the body ended: ${text.slice(0, 300)}`);
    assert.match(text, /"code":"file_too_large"/);
  });

  test('forged references: claimed name, type or size other than stored, other forms, other conversations', async () => {
    const where = await allFieldsForm();
    const file = (await upload(host, where, 'notes.txt', 'hello')).json;
    const answer = (attachment: unknown) =>
      call(host, 'POST', '/api/execute', { ...where, answers: { ...ALL_TYPES_ANSWERS, attachment } });
    for (const [forged, pattern] of [
      [{ ...file, name: 'invoice.pdf' }, /name "invoice\.pdf" \(stored: "notes\.txt"\)/],
      [{ ...file, size: 10 }, /size 10 \(stored: 5\)/],
      [{ ...file, type: 'application/pdf' }, /type "application\/pdf" \(stored: "text\/plain"\)/],
      [
        { url: '/api/files/not-a-file', name: 'a.txt', size: 1 },
        /Upload the file with POST \/api\/files first/,
      ],
    ] as const) {
      const response = await answer(forged);
      assert.equal(response.status, 422, JSON.stringify(forged));
      assert.match(response.json.errors.attachment, pattern);
    }
    const other = await allFieldsForm();
    const foreign = (await upload(host, other, 'theirs.txt', 'theirs')).json;
    assert.equal((await answer(foreign)).status, 422, "another conversation's file");
    // The stored facts are what the agent is told: here from a reference that gives only the url.
    const { events } = await turn(host, {
      ...where,
      answers: { ...ALL_TYPES_ANSWERS, attachment: { url: file.url } },
    });
    assert.deepEqual(JSON.parse(events[0].data.text).attachment, {
      name: 'notes.txt',
      type: 'text/plain',
      size: 5,
      url: file.url,
    });
    assert.match(replyText(events), /notes\.txt \(5 bytes\)/);
    // A later form of the same conversation cannot reuse the answered form's file.
    const next = await turn(host, { conversationId: where.conversationId, message: 'Show all field types' });
    const reuse = await call(host, 'POST', '/api/execute', {
      conversationId: where.conversationId,
      formId: next.events.at(-1)!.data.pending_form.id,
      answers: { ...ALL_TYPES_ANSWERS, attachment: { url: file.url } },
    });
    assert.equal(reuse.status, 422);
    assert.match(reuse.json.errors.attachment, /uploaded for another form or field/);
  });

  test('no pending form, no upload', async () => {
    const { conversationId } = await turn(host, { message: 'hello', locale: 'en' });
    const response = await upload(host, { conversationId, formId: 'toolu_none' }, 'a.txt', 'x');
    assert.equal(response.status, 404);
    assert.equal(response.json.code, 'form_not_found');
  });
});

describe('bounded storage', () => {
  test('quotas per conversation and in all are 413s with the limit; deleting a conversation frees them', async () => {
    const quota = await startTestHost({ storageLimits: { conversationBytes: 3000, totalBytes: 4000 } });
    try {
      const a = await allFieldsForm(quota);
      const b = await allFieldsForm(quota);
      assert.equal((await upload(quota, a, 'a1.txt', 'x'.repeat(2000))).status, 201);
      const overConversation = await upload(quota, a, 'a2.txt', 'x'.repeat(1500));
      assert.equal(overConversation.status, 413);
      assert.equal(overConversation.json.code, 'conversation_quota_exceeded');
      assert.equal(overConversation.json.limit, 3000);
      assert.equal(overConversation.json.used, 2000);
      assert.match(overConversation.json.error, /over its limit of 3000 bytes \(2000 in use\)/);
      assert.equal((await upload(quota, b, 'b1.txt', 'x'.repeat(2000))).status, 201);
      const overTotal = await upload(quota, b, 'b2.txt', 'x'.repeat(500));
      assert.equal(overTotal.status, 413);
      assert.equal(overTotal.json.code, 'storage_quota_exceeded');
      assert.match(
        overTotal.json.error,
        /limit of 4000 bytes \(4000 in use\)\. Delete conversations you no longer need/,
      );
      assert.equal((await call(quota, 'DELETE', `/api/conversations/${a.conversationId}`)).status, 200);
      assert.equal((await upload(quota, b, 'b2.txt', 'x'.repeat(500))).status, 201);
    } finally {
      await quota.close();
    }
  });

  test('DELETE removes the conversation, its files and ends its event streams', async () => {
    const where = await allFieldsForm();
    const file = (await upload(host, where, 'gone.txt', 'bye')).json;
    const last = (await call(host, 'GET', `/api/conversations/${where.conversationId}`)).json.lastEventId;
    const stream = collectEvents(host, where.conversationId, () => false, {
      lastEventId: last,
      timeoutMs: 10_000,
    });
    await new Promise((r) => setTimeout(r, 200));
    const deleted = await call(host, 'DELETE', `/api/conversations/${where.conversationId}`);
    assert.deepEqual(deleted.json, { deleted: true, id: where.conversationId });
    assert.deepEqual(await stream, [], 'the stream ended without timing out');
    assert.equal((await call(host, 'GET', `/api/conversations/${where.conversationId}`)).status, 404);
    assert.equal((await fetch(host.url + file.url)).status, 404);
    assert.equal((await call(host, 'DELETE', `/api/conversations/${where.conversationId}`)).status, 404);
    assert.ok(!(await listConversations(host, '?limit=200')).some((c) => c.id === where.conversationId));
  });

  test('the list pages with ?limit and ?cursor; bad values are 400', async () => {
    for (let i = 0; i < 3; i++) await turn(host, { message: `page ${i}`, locale: 'en' });
    const all = await listConversations(host, '?limit=200');
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const page = (await call(host, 'GET', `/api/conversations?limit=2${cursor && `&cursor=${cursor}`}`))
        .json;
      assert.ok(page.conversations.length <= 2);
      seen.push(...page.conversations.map((c: any) => c.id));
      if (!page.next) break;
      cursor = page.next;
    }
    assert.deepEqual(
      seen,
      all.map((c) => c.id),
    );
    for (const query of ['?limit=0', '?limit=201', '?limit=x', '?cursor=nonsense']) {
      const response = await call(host, 'GET', `/api/conversations${query}`);
      assert.equal(response.status, 400, query);
    }
  });
});

describe('form ids belong to their conversation', () => {
  let api: FakeApi;
  let agentHost: RunningHost;
  before(async () => {
    // Every form the "model" asks for has the same tool_use id, in every conversation.
    api = await startFakeMessagesApi((body) => {
      const text = lastUserText(body);
      // An answer is the values' JSON, from a line `{` to a line `}` (after the tool's result when the
      // model's turn held the form; the labels the person saw come as the next block).
      let answers: unknown;
      try {
        answers = JSON.parse(text.slice(text.search(/^\{/m), text.search(/^\}$/m) + 1));
      } catch {}
      if (answers && typeof answers === 'object' && !Array.isArray(answers))
        return { text: 'attachment' in answers ? 'Got the file.' : 'Got the answers.' };
      // The tool's own result (the form, waiting): the turn ends and the form stays pending.
      if (text.includes('"attachment"')) return { text: 'Fill in the form above.' };
      return {
        text: 'Fill this in.',
        toolUse: {
          id: 'toolu_same',
          name: 'mcp__form__request_form',
          input: { form_schema: scenarioForm('all', 'en') },
        },
      };
    });
    agentHost = await startTestHost({
      agent: 'anthropic',
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: api.url, ANTHROPIC_MODEL: 'fake' },
    });
  });
  after(async () => {
    await agentHost.close();
    await api.close();
  });

  test('the same tool_use id in two conversations: two forms, neither touches the other', async () => {
    const a = await turn(agentHost, { message: 'form please' });
    const b = await turn(agentHost, { message: 'form please' });
    assert.equal(a.events.at(-1)!.data.pending_form.id, 'toolu_same');
    assert.equal(b.events.at(-1)!.data.pending_form.id, 'toolu_same');
    const where = { conversationId: a.conversationId, formId: 'toolu_same' };
    const file = (await upload(agentHost, where, 'mine.txt', 'mine')).json;
    await call(agentHost, 'PUT', `/api/conversations/${a.conversationId}/forms/toolu_same/draft`, {
      v: { name: 'A' },
    });
    await turn(agentHost, { conversationId: b.conversationId, formId: 'toolu_same', cancel: true });
    const stillA = await call(agentHost, 'GET', `/api/conversations/${a.conversationId}`);
    assert.equal(stillA.json.pendingForm.id, 'toolu_same');
    assert.deepEqual(stillA.json.pendingForm.draft, { v: { name: 'A' } });
    assert.equal((await fetch(agentHost.url + file.url)).status, 200, "A's upload survives B's answer");
    const answered = await turn(agentHost, {
      ...where,
      answers: { ...ALL_TYPES_ANSWERS, attachment: { url: file.url } },
    });
    assert.equal(answered.events[0].data.form_outcome, 'submitted');
  });

  test("A answered with its file, then B asks with the same id: A's file is still served", async () => {
    const a = await turn(agentHost, { message: 'form please' });
    const where = { conversationId: a.conversationId, formId: 'toolu_same' };
    const file = (await upload(agentHost, where, 'kept.txt', 'kept')).json;
    const answered = await turn(agentHost, {
      ...where,
      answers: { ...ALL_TYPES_ANSWERS, attachment: { url: file.url } },
    });
    assert.equal(replyText(answered.events), 'Got the file.');
    assert.equal((await fetch(agentHost.url + file.url)).status, 200);

    // B's form has A's id; asking it, and closing it, sweeps B's unused uploads, never A's.
    const b = await turn(agentHost, { message: 'form please' });
    assert.equal(b.events.at(-1)!.data.pending_form.id, 'toolu_same');
    await turn(agentHost, { conversationId: b.conversationId, formId: 'toolu_same', cancel: true });
    const served = await fetch(agentHost.url + file.url);
    assert.equal(served.status, 200, "A's answered upload survives B's form with the same id");
    assert.equal(await served.text(), 'kept');
    const stillA = await call(agentHost, 'GET', `/api/conversations/${a.conversationId}`);
    assert.equal(stillA.json.pendingForm, null, "A's form stays answered");
  });
});
