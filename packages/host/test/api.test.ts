// The HTTP API against a real host (scripted agent, real MCP server over HTTP, SQLite).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { browsableHost } from '@formrequest/internal/http';
import { validateFormSchema } from '@formrequest/schema';
import { loadMcpConfig, type RunningHost, startHost } from '../src/index.js';
import {
  ALL_TYPES_ANSWERS,
  call,
  collectEvents,
  endsWithResult,
  listConversations,
  replyText,
  sqlite,
  startTestHost,
  tempDir,
  turn,
  upload,
  writeHeaders,
} from './helpers.js';

let host: RunningHost;
before(async () => {
  host = await startTestHost({ heartbeatMs: 200, maxBodyBytes: 64 * 1024, maxFileBytes: 1024 });
});
after(() => host.close());

async function askProjectForm() {
  const { conversationId, events } = await turn(host, { message: '新しいプロジェクトを作成して' });
  const result = events.at(-1)!;
  assert.equal(result.event, 'result');
  return { conversationId, formId: result.data.pending_form.id as string, events };
}

describe('a scripted form round trip over the API', () => {
  test('the first turn streams user_message, text, tool_use, tool_result with _metadata, result with pending_form', async () => {
    const { events, formId } = await askProjectForm();
    assert.deepEqual(
      [...new Set(events.map((e) => e.event))],
      ['user_message', 'text', 'tool_use', 'tool_result', 'result'],
    );
    const ids = events.map((e) => e.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      'ids increase',
    );
    const use = events.find((e) => e.event === 'tool_use')!;
    assert.equal(use.data.name, 'mcp__form__request_form');
    assert.equal(use.data.id, formId);
    const result = events.find((e) => e.event === 'tool_result')!;
    assert.equal(result.data.tool_use_id, formId);
    assert.equal(result.data.is_error, false);
    assert.equal(result.data._metadata.type, 'form_request');
    assert.equal(result.data._metadata.status, 'waiting_for_input');
    assert.equal(result.data._metadata.schema.title, '新規プロジェクト作成');
    assert.match(result.data.content[0].text, /^フォーム入力を待機しています。/);
    assert.ok(validateFormSchema(events.at(-1)!.data.pending_form.schema).ok);
  });

  test('the answer is re-validated, hidden values applied, and the agent replies with a summary', async () => {
    const { conversationId, formId } = await askProjectForm();
    const bad = await call(host, 'POST', '/api/execute', {
      conversationId,
      formId,
      answers: { project_name: 'Not Valid' },
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.json.code, 'invalid_answers');
    assert.equal(bad.json.errors.project_name, '小文字英数字とハイフンのみ使用可能です');
    const unknownKey = await call(host, 'POST', '/api/execute', {
      conversationId,
      formId,
      answers: { project_name: 'ok-name', nope: 1 },
    });
    assert.equal(unknownKey.status, 422);
    assert.ok(unknownKey.json.errors.nope);
    // Nothing changed: the form is still pending and no event was added.
    const still = await call(host, 'GET', `/api/conversations/${conversationId}`);
    assert.equal(still.json.pendingForm.id, formId);
    assert.equal(still.json.events.at(-1).event, 'result');

    const { events } = await turn(host, {
      conversationId,
      formId,
      answers: { project_name: 'my-web-app', language: 'typescript', features: ['auth', 'api'] },
    });
    const user = events[0];
    assert.equal(user.event, 'user_message');
    assert.equal(user.data.form_outcome, 'submitted');
    assert.deepEqual(JSON.parse(user.data.text), {
      project_name: 'my-web-app',
      language: 'typescript',
      features: ['auth', 'api'],
    });
    assert.equal(user.data.text, JSON.stringify(JSON.parse(user.data.text), null, 2));
    const reply = replyText(events);
    assert.match(reply, /my-web-app/);
    assert.match(reply, /TypeScript/);
    assert.match(reply, /デモ/);
    assert.equal(events.at(-1)!.data.pending_form, undefined);

    const again = await call(host, 'POST', '/api/execute', {
      conversationId,
      formId,
      answers: { project_name: 'x-y-z' },
    });
    assert.equal(again.status, 409);
    assert.equal(again.json.code, 'form_not_pending');
    const cancelAfter = await call(host, 'POST', '/api/execute', { conversationId, formId, cancel: true });
    assert.equal(cancelAfter.status, 409);
  });

  test('hidden values are re-applied whatever the client sends', async () => {
    const { conversationId, events } = await turn(host, { message: 'Show all field types' });
    const formId = events.at(-1)!.data.pending_form.id;
    const answers = { ...ALL_TYPES_ANSWERS, form_version: 'forged', priority: 'high', quantity: 3 };
    const { events: next } = await turn(host, { conversationId, formId, answers });
    const sent = JSON.parse(next[0].data.text);
    assert.equal(sent.form_version, '1.0');
    assert.equal(sent.quantity, 3);
    assert.equal(sent.agree_terms, true);
  });

  test('cancel sends the cancel message in the conversation language', async () => {
    const { conversationId, formId } = await askProjectForm();
    const { events } = await turn(host, { conversationId, formId, cancel: true });
    assert.equal(events[0].data.text, 'フォーム入力をキャンセルしました。');
    assert.equal(events[0].data.form_outcome, 'cancelled');
    assert.match(replyText(events), /キャンセル/);

    const en = await turn(host, { message: 'Please assign a task', locale: 'en' });
    const enForm = en.events.at(-1)!.data.pending_form.id;
    const { events: enEvents } = await turn(host, {
      conversationId: en.conversationId,
      formId: enForm,
      cancel: true,
    });
    assert.equal(enEvents[0].data.text, 'Form input was cancelled.');
  });

  test('free text while a form is pending supersedes it; answering it afterwards is 409', async () => {
    const { conversationId, formId } = await askProjectForm();
    await turn(host, { conversationId, message: 'やっぱり住所を入力したい' });
    const late = await call(host, 'POST', '/api/execute', {
      conversationId,
      formId,
      answers: { project_name: 'abc' },
    });
    assert.equal(late.status, 409);
    assert.equal(late.json.status, 'superseded');
  });
});

describe('SSE', () => {
  test('Last-Event-ID replays exactly what was missed, in order', async () => {
    const { conversationId, events } = await askProjectForm();
    const middle = events[1].id;
    const replay = await collectEvents(host, conversationId, endsWithResult, { lastEventId: middle });
    assert.deepEqual(
      replay.map((e) => e.id),
      events.slice(2).map((e) => e.id),
    );
    assert.deepEqual(
      replay.map((e) => e.data),
      events.slice(2).map((e) => e.data),
    );
    const fromQuery = await fetch(`${host.url}/api/conversations/${conversationId}/events?after=${middle}`);
    assert.equal(fromQuery.headers.get('content-type'), 'text/event-stream');
    assert.equal(fromQuery.headers.get('x-accel-buffering'), 'no');
    assert.match(fromQuery.headers.get('cache-control') ?? '', /no-cache/);
    await fromQuery.body?.cancel();
    const bad = await call(host, 'GET', `/api/conversations/${conversationId}/events`, undefined, {
      'Last-Event-ID': 'abc',
    });
    assert.equal(bad.status, 400);
  });

  test('two listeners both see every event of a run; a listener that leaves does not stop it', async () => {
    const first = await askProjectForm();
    const base = first.events.at(-1)!.id;
    const isDone = (events: { event: string }[]) => events.filter((e) => e.event === 'result').length === 1;
    const a = collectEvents(host, first.conversationId, isDone, { lastEventId: base });
    const b = collectEvents(host, first.conversationId, isDone, { lastEventId: base });
    // A third listener that disconnects at once.
    const leaver = await fetch(`${host.url}/api/conversations/${first.conversationId}/events?after=${base}`);
    await leaver.body?.cancel();
    await new Promise((r) => setTimeout(r, 50));
    const sent = await call(host, 'POST', '/api/execute', {
      conversationId: first.conversationId,
      formId: first.formId,
      answers: { project_name: 'two-tabs' },
    });
    assert.equal(sent.status, 202);
    const [ea, eb] = await Promise.all([a, b]);
    assert.ok(ea.length > 3);
    assert.deepEqual(ea, eb);
  });

  test('backpressure: a listener that does not read makes the stream stop reading the store', async () => {
    const { conversationId } = await askProjectForm();
    const payload = 'x'.repeat(16 * 1024);
    const total = 3000;
    const start = await host.store.lastEventId(conversationId);
    for (let i = 0; i < total; i++)
      await host.store.appendEvent(conversationId, null, 'text', { type: 'text', text: payload });
    const read = host.store.eventsAfter.bind(host.store);
    let rowsRead = 0;
    host.store.eventsAfter = async (id, after, limit) => {
      const rows = await read(id, after, limit);
      if (id === conversationId) rowsRead += rows.length;
      return rows;
    };
    try {
      const { port } = new URL(host.url);
      const socket = connect(Number(port), '127.0.0.1');
      await once(socket, 'connect');
      socket.pause();
      socket.write(
        `GET /api/conversations/${conversationId}/events?after=${start} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      );
      // The stream reads until the socket's buffers are full, then stops: wait until it has stopped.
      for (
        let last = -1, end = Date.now() + 10_000;
        (rowsRead === 0 || rowsRead !== last) && Date.now() < end;
      ) {
        last = rowsRead;
        await new Promise((r) => setTimeout(r, 250));
      }
      const whilePaused = rowsRead;
      assert.ok(
        whilePaused < total / 2,
        `read ${whilePaused} of ${total} rows for a client that reads nothing`,
      );
      let bytes = 0;
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        text = (text + chunk.toString('latin1')).slice(-200);
      });
      socket.resume();
      const deadline = Date.now() + 20_000;
      while (bytes < total * payload.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      assert.ok(bytes >= total * payload.length, `all ${total} events arrive once the client reads`);
      socket.destroy();
    } finally {
      host.store.eventsAfter = read;
    }
  });

  test('heartbeats keep an idle stream open', async () => {
    const { conversationId, events } = await askProjectForm();
    const response = await fetch(
      `${host.url}/api/conversations/${conversationId}/events?after=${events.at(-1)!.id}`,
    );
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const deadline = Date.now() + 3000;
    while (!text.includes(': heartbeat') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    assert.match(text, /^: heartbeat$/m);
    assert.doesNotMatch(text, /^event:/m, 'nothing but heartbeats after the last event');
  });
});

describe('bad requests', () => {
  test('unknown ids are 404 with a JSON message', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/conversations/nope'],
      ['GET', '/api/conversations/nope/events'],
      ['POST', '/api/execute', { conversationId: 'nope', message: 'hi' }],
      ['PUT', '/api/conversations/nope/forms/f/draft', { v: {} }],
      ['GET', '/api/files/nope'],
      ['GET', '/api/nothing-here'],
    ] as const) {
      const response = await call(host, method, path, body);
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.equal(typeof response.json.error, 'string');
    }
    const { conversationId } = await askProjectForm();
    const noForm = await call(host, 'POST', '/api/execute', {
      conversationId,
      formId: 'toolu_nope',
      answers: {},
    });
    assert.equal(noForm.status, 404);
    assert.equal(noForm.json.code, 'form_not_found');
  });

  test('a known path with the wrong method is 405 and names the methods it takes', async () => {
    for (const [method, path, use, allow] of [
      ['GET', '/api/execute', 'POST', 'POST'],
      ['DELETE', '/api/files/some-id', 'GET', 'GET, HEAD'],
      ['POST', '/api/conversations/c1/events', 'GET', 'GET, HEAD'],
      ['GET', '/api/conversations/c1/forms/f1/draft', 'PUT', 'PUT'],
    ] as const) {
      const response = await fetch(host.url + path, { method, headers: await writeHeaders(host) });
      assert.equal(response.status, 405, `${method} ${path}`);
      assert.equal(response.headers.get('allow'), allow);
      const body = await response.json();
      assert.equal(body.code, 'method_not_allowed');
      assert.match(body.error, new RegExp(`does not take ${method}; use ${use}\\.`));
    }
    // What Allow promises holds: a GET path answers HEAD.
    assert.equal((await fetch(`${host.url}/api/conversations`, { method: 'HEAD' })).status, 200);
  });

  test('malformed bodies get 400/415 and say what to send', async () => {
    const cases: Array<[unknown, number, RegExp]> = [
      ['{not json', 400, /not valid JSON/],
      [[], 400, /JSON object/],
      [{ message: '' }, 400, /non-empty/],
      [{ message: 42 }, 400, /message/],
      [{ formId: 'x', answers: {} }, 400, /conversationId/],
      [{ conversationId: 'c', formId: 'x' }, 400, /answers/],
      [{ conversationId: 'c', formId: 'x', answers: {}, cancel: true }, 400, /not both/],
      [{ message: 'hi', answers: {} }, 400, /formId/],
      [{ message: 'hi', locale: 'fr' }, 400, /locale/],
    ];
    for (const [body, status, pattern] of cases) {
      const response = await call(host, 'POST', '/api/execute', body);
      assert.equal(response.status, status, JSON.stringify(body));
      assert.match(response.json.error, pattern);
    }
    const wrongType = await call(host, 'POST', '/api/execute', 'message=hi', {
      'Content-Type': 'text/plain',
    });
    assert.equal(wrongType.status, 415);
  });

  test('bodies over the limit are refused with 413 and nothing is stored', async () => {
    const before = (await listConversations(host, '?limit=200')).length;
    const big = await call(host, 'POST', '/api/execute', { message: 'x'.repeat(70 * 1024) });
    assert.equal(big.status, 413);
    assert.equal(big.json.code, 'body_too_large');
    assert.equal((await listConversations(host, '?limit=200')).length, before);
  });

  test('a 413 closes the connection, so the request after it is not sent on a half-read socket', async () => {
    const big = await fetch(`${host.url}/api/execute`, {
      method: 'POST',
      headers: await writeHeaders(host, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ message: 'x'.repeat(200 * 1024) }),
    });
    assert.equal(big.status, 413);
    assert.equal(big.headers.get('connection'), 'close');
    await big.text();
    const next = await call(host, 'POST', '/api/execute', { message: 42 });
    assert.equal(next.status, 400);
  });

  test('JSON nested thousands of levels deep is a 400 that says so, not a stack overflow', async () => {
    const { conversationId, formId } = await askProjectForm();
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    for (const [method, path, body] of [
      [
        'POST',
        '/api/execute',
        `{"conversationId": "${conversationId}", "formId": "${formId}", "answers": {"project_name": ${deep}}}`,
      ],
      ['PUT', `/api/conversations/${conversationId}/forms/${formId}/draft`, `{"v": ${deep}}`],
    ] as const) {
      const response = await call(host, method, path, body);
      assert.equal(response.status, 400, path);
      assert.match(response.json.error, /more than 100 levels deep; send a flatter body/);
    }
  });

  test('a draft that is not a JSON object is refused and the saved draft is kept', async () => {
    const { conversationId, formId } = await askProjectForm();
    const path = `/api/conversations/${conversationId}/forms/${formId}/draft`;
    const draft = { v: { project_name: 'kept' }, t: {} };
    assert.equal((await call(host, 'PUT', path, draft)).status, 200);
    for (const body of ['[1, 2]', 'null', '"text"', '42']) {
      const response = await call(host, 'PUT', path, body);
      assert.equal(response.status, 400, body);
      assert.match(response.json.error, /Send the draft as a JSON object/);
    }
    const loaded = await call(host, 'GET', `/api/conversations/${conversationId}`);
    assert.deepEqual(loaded.json.pendingForm.draft, draft);
  });

  test('a file upload that does not name its form field says what to name', async () => {
    for (const query of ['', '?conversationId=x', '?conversationId=x&formId=y']) {
      const response = await fetch(`${host.url}/api/files${query}`, {
        method: 'POST',
        headers: await writeHeaders(host, { 'X-File-Name': 'a.txt' }),
        body: 'hello',
      });
      assert.equal(response.status, 400);
      assert.match(
        (await response.json()).error,
        /POST \/api\/files\?conversationId=ID&formId=FORM&field=NAME/,
      );
    }
  });

  test('a second message while the agent is answering is 409', async () => {
    const { conversationId } = await askProjectForm();
    sqlite(host)
      .prepare(
        `INSERT INTO runs (id, conversation_id, status, owner, lease_until, started_at) VALUES ('busy', ?, 'running', 'elsewhere', ?, 0)`,
      )
      .run(conversationId, Date.now() + 3_600_000);
    const response = await call(host, 'POST', '/api/execute', { conversationId, message: 'hello' });
    assert.equal(response.status, 409);
    assert.equal(response.json.code, 'run_in_progress');
    const deleting = await call(host, 'DELETE', `/api/conversations/${conversationId}`);
    assert.equal(deleting.status, 409, 'nor can it be deleted then');
    sqlite(host).prepare(`UPDATE runs SET status = 'done' WHERE id = 'busy'`).run();
  });
});

describe('files and drafts', () => {
  test('a file is uploaded for the pending form, referenced in the answer, and over-size files get 413', async () => {
    const { conversationId, events } = await turn(host, { message: 'すべてのフィールドタイプを見せて' });
    const formId = events.at(-1)!.data.pending_form.id;
    const where = { conversationId, formId };
    const sent = await upload(host, where, 'メモ.txt', 'hello', 'application/x-claimed');
    assert.equal(sent.status, 201);
    const file = sent.json;
    assert.equal(file.name, 'メモ.txt');
    assert.equal(file.size, 5);
    assert.equal(file.type, 'text/plain', 'the type comes from the host, not the client');
    const back = await fetch(host.url + file.url);
    assert.equal(await back.text(), 'hello');
    assert.equal(
      back.headers.get('content-disposition'),
      "attachment; filename*=UTF-8''%E3%83%A1%E3%83%A2.txt",
    );
    assert.match(back.headers.get('content-security-policy') ?? '', /sandbox/);
    const tooBig = await upload(host, where, 'big.txt', 'x'.repeat(2000));
    assert.equal(tooBig.status, 413);
    assert.match(tooBig.json.error, /1024 bytes/);
    const noField = await upload(host, { ...where, field: 'name' }, 'a.txt', 'x');
    assert.equal(noField.status, 400);
    assert.match(noField.json.error, /no file field "name"; its file fields are: attachment/);

    const inline = await call(host, 'POST', '/api/execute', {
      conversationId,
      formId,
      answers: {
        ...ALL_TYPES_ANSWERS,
        attachment: { name: 'a.txt', type: 'text/plain', size: 5, data: 'data:text/plain;base64,aGVsbG8=' },
      },
    });
    assert.equal(inline.status, 422);
    assert.match(inline.json.errors.attachment, /api\/files/);

    const ref = { name: file.name, type: file.type, size: file.size, url: file.url };
    const { events: next } = await turn(host, {
      conversationId,
      formId,
      answers: { ...ALL_TYPES_ANSWERS, attachment: ref },
    });
    assert.deepEqual(JSON.parse(next[0].data.text).attachment, ref);
    const late = await upload(host, where, 'late.txt', 'late');
    assert.equal(late.status, 409, 'no uploads once the form is answered');
    assert.equal(late.json.code, 'form_not_pending');
  });

  test('uploads the answer does not use are deleted when the form closes; the used one stays', async () => {
    const put = async (where: { conversationId: string; formId: string }, body: string) => {
      const response = await upload(host, where, `${body}.txt`, body);
      assert.equal(response.status, 201);
      return response.json as { name: string; type: string; size: number; url: string };
    };
    const status = async (url: string) => (await fetch(host.url + url)).status;
    const allFields = async () => {
      const { conversationId, events } = await turn(host, { message: 'すべてのフィールドタイプを見せて' });
      return { conversationId, formId: events.at(-1)!.data.pending_form.id as string };
    };

    // Picked one file, then replaced it with another before submitting.
    const first = await allFields();
    const replaced = await put(first, 'first');
    const kept = await put(first, 'second');
    const { name, type, size, url } = kept;
    await turn(host, { ...first, answers: { ...ALL_TYPES_ANSWERS, attachment: { name, type, size, url } } });
    assert.equal(await status(replaced.url), 404);
    assert.equal(await status(kept.url), 200);

    // Uploaded for a form that was then cancelled.
    const cancelled = await allFields();
    const dropped = await put(cancelled, 'dropped');
    assert.equal(await status(dropped.url), 200, 'kept while its form is pending');
    await turn(host, { ...cancelled, cancel: true });
    assert.equal(await status(dropped.url), 404);
    assert.equal(await status(kept.url), 200, 'other conversations are not touched');

    // Uploaded for a form the person then answered in free text instead (the form is superseded).
    const skipped = await allFields();
    const abandoned = await put(skipped, 'abandoned');
    await turn(host, { conversationId: skipped.conversationId, message: 'やっぱりやめます' });
    assert.equal(await status(abandoned.url), 404);
  });

  test('drafts are saved for the pending form only', async () => {
    const { conversationId, formId } = await askProjectForm();
    const draft = { v: { project_name: 'half-typed' }, t: {} };
    assert.equal(
      (await call(host, 'PUT', `/api/conversations/${conversationId}/forms/${formId}/draft`, draft)).status,
      200,
    );
    const loaded = await call(host, 'GET', `/api/conversations/${conversationId}`);
    assert.deepEqual(loaded.json.pendingForm.draft, draft);
    await turn(host, { conversationId, formId, cancel: true });
    const closed = await call(
      host,
      'PUT',
      `/api/conversations/${conversationId}/forms/${formId}/draft`,
      draft,
    );
    assert.equal(closed.status, 409);
  });
});

describe('durability', () => {
  test('restart mid-form: conversation, pending form and draft survive and the answer continues it', async () => {
    const dir = tempDir();
    try {
      const dbPath = `${dir.path}/host.db`;
      const first = await startHost({ port: 0, dbPath });
      await first.ready;
      const { conversationId, events } = await turn(first, { message: 'すべてのフィールドタイプを見せて' });
      const formId = events.at(-1)!.data.pending_form.id;
      await call(first, 'PUT', `/api/conversations/${conversationId}/forms/${formId}/draft`, {
        v: { project_name: '1-2-3' },
        t: {},
      });
      const plan = (await upload(first, { conversationId, formId }, 'plan.txt', 'plan')).json;
      const pendingUpload = plan.url;
      await first.close();

      const second = await startHost({ port: 0, dbPath });
      await second.ready;
      try {
        const loaded = await call(second, 'GET', `/api/conversations/${conversationId}`);
        assert.equal(loaded.json.pendingForm.id, formId);
        assert.deepEqual(loaded.json.pendingForm.draft, { v: { project_name: '1-2-3' }, t: {} });
        const file = await fetch(second.url + pendingUpload);
        assert.equal(await file.text(), 'plan', 'an upload for the pending form survives the restart');
        assert.deepEqual(
          loaded.json.events.map((e: any) => e.id),
          events.map((e) => e.id),
        );
        const { events: next } = await turn(second, {
          conversationId,
          formId,
          answers: { ...ALL_TYPES_ANSWERS, project_name: '1-2-3', attachment: { url: pendingUpload } },
        });
        assert.ok(next[0].id > events.at(-1)!.id, 'ids keep increasing across restarts');
        assert.match(replyText(next), /1-2-3/);
        assert.match(replyText(next), /plan\.txt \(4 bytes\)/);
        assert.equal(next.at(-1)!.data.pending_form, undefined);
      } finally {
        await second.close();
      }
    } finally {
      dir.remove();
    }
  });

  test('a run a crash left unfinished is answered at the next start, once, after a notice', async () => {
    const dir = tempDir();
    try {
      const dbPath = `${dir.path}/host.db`;
      const first = await startHost({ port: 0, dbPath });
      await first.ready;
      const { conversationId } = await turn(first, { message: 'hello' });
      // What a kill -9 in the middle of a run leaves behind: a run still 'running' under a dead owner,
      // its input kept, its user_message stored.
      const input = JSON.stringify({ message: 'タスクをアサインして', locale: 'ja' });
      sqlite(first)
        .prepare(
          `INSERT INTO runs (id, conversation_id, status, input, owner, lease_until, attempts, started_at) VALUES ('cut', ?, 'running', ?, 'dead', 1, 1, 0)`,
        )
        .run(conversationId, input);
      await first.store.appendEvent(conversationId, 'cut', 'user_message', {
        type: 'user_message',
        text: 'タスクをアサインして',
      });
      await first.close();
      const second = await startHost({ port: 0, dbPath });
      await second.ready;
      try {
        await (await second.ready).idle();
        const loaded = await call(second, 'GET', `/api/conversations/${conversationId}`);
        assert.equal(loaded.json.running, false);
        const tail = loaded.json.events
          .filter((e: any) => e.data && e.id > 0)
          .slice(-6)
          .map((e: any) => e.event);
        assert.equal(tail.filter((e: string) => e === 'result').length, 1);
        const notice = loaded.json.events.find((e: any) => e.event === 'error');
        assert.equal(notice.data.retrying, true);
        assert.match(notice.data.message, /answers this message again/);
        assert.equal(loaded.json.events.at(-1).data.pending_form.id, loaded.json.pendingForm.id);
      } finally {
        await second.close();
      }
    } finally {
      dir.remove();
    }
  });
});

describe('startup with bad files', () => {
  test('a --db path that is not a database says which file and how to fix it; the file is untouched', async () => {
    const dir = tempDir();
    try {
      const notDb = `${dir.path}/notes.txt`;
      writeFileSync(notDb, 'my notes\n'.repeat(100));
      for (const dbPath of [notDb, `${notDb}/host.db`, dir.path]) {
        await assert.rejects(
          startHost({ port: 0, dbPath }),
          new RegExp(
            `^Error: Cannot open the SQLite database ${dbPath}: .+\\. Give a new or existing formrequest database file in a writable folder with --db FILE\\.$`,
          ),
        );
      }
      assert.equal(readFileSync(notDb, 'utf8'), 'my notes\n'.repeat(100));
    } finally {
      dir.remove();
    }
  });

  test('an MCP config that is not JSON, or has a bad url, says what to fix; a byte order mark is fine', () => {
    const dir = tempDir();
    try {
      const path = `${dir.path}/mcp.json`;
      writeFileSync(path, '\uFEFF{"mcpServers": {"x": {"type": "http", "url": "http://127.0.0.1:1/mcp"}}}');
      assert.deepEqual(Object.keys(loadMcpConfig(path)), ['x'], 'a byte order mark is fine');
      writeFileSync(path, '{"mcpServers": {');
      assert.throws(
        () => loadMcpConfig(path),
        /mcp\.json is not valid JSON: .*Check the quotes, commas and brackets\./,
      );
      for (const url of ['notaurl', 'ftp://127.0.0.1/mcp']) {
        writeFileSync(path, JSON.stringify({ mcpServers: { x: { type: 'http', url } } }));
        assert.throws(
          () => loadMcpConfig(path),
          new RegExp(`mcpServers\\.x\\.url must be an absolute http:// or https:// URL, not "${url}"`),
        );
      }
    } finally {
      dir.remove();
    }
  });
});

test('the printed url is one a browser can open, whatever address the host listens on', () => {
  assert.equal(browsableHost('0.0.0.0'), '127.0.0.1');
  assert.equal(browsableHost('::'), '[::1]');
  assert.equal(browsableHost('::1'), '[::1]');
  assert.equal(browsableHost('192.168.1.5'), '192.168.1.5');
  assert.equal(browsableHost('localhost'), 'localhost');
});

describe('startup problems name the cause and the fix', () => {
  test('an address that is not on this machine says to fix --host', async () => {
    await assert.rejects(
      startHost({ port: 0, hostname: '192.0.2.1', dbPath: ':memory:', auth: { kind: 'none' } }),
      /^Error: Cannot listen on 192\.0\.2\.1 port 0: .+\. Give --host an address of this machine \(default 127\.0\.0\.1\)\.$/,
    );
  });

  test('an extra MCP server that cannot be reached is named with its url and what to check', async () => {
    const url = 'http://127.0.0.1:1/mcp';
    const started = await startHost({
      port: 0,
      dbPath: ':memory:',
      mcpServers: { x: { type: 'http', url } },
    });
    try {
      await assert.rejects(
        started.ready,
        /^Error: Cannot connect to the MCP server "x" at http:\/\/127\.0\.0\.1:1\/mcp: .+\. Check that it is running and its entry in the MCP config\.$/,
      );
    } finally {
      await started.close();
    }
  });
});

describe('conversation list and page', () => {
  test('lists conversations newest first with pending-form flags; serves the page and the renderer', async () => {
    const { conversationId } = await askProjectForm();
    const list = await listConversations(host);
    assert.equal(list[0].id, conversationId);
    assert.equal(list[0].pendingForm, true);
    assert.equal(list[0].title, '新しいプロジェクトを作成して');
    const page = await fetch(`${host.url}/c/${conversationId}`);
    assert.match(await page.text(), /<script type="module" src="\/app.js">/);
    const bundle = await fetch(`${host.url}/formrequest.js`);
    assert.equal(bundle.status, 200);
    // Scripts go gzipped to a client that takes gzip (fetch asks for it and unpacks it).
    assert.equal(bundle.headers.get('content-encoding'), 'gzip');
    assert.equal((await fetch(`${host.url}/app.js`)).headers.get('content-encoding'), 'gzip');
    const code = await bundle.text();
    assert.match(code, /renderForm/);
    // The modules the bundle loads on demand sit next to it: the pattern engine, English, the reader,
    // the sentences of a broken form, the fields that fetch, the file field, and the error summary with
    // the cancel question (imported from more than one place: each module counts once).
    const chunks = [...new Set([...code.matchAll(/import\("\.\/([\w-]+\.js)"\)/g)].map((m) => m[1]))];
    assert.equal(chunks.length, 7, chunks.join(' '));
    for (const chunk of chunks) {
      const response = await fetch(`${host.url}/${chunk}`);
      assert.equal(response.status, 200, chunk);
      assert.match(await response.text(), /export\s*\{/, chunk);
    }
  });
});
