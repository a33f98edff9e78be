// URL-mode elicitation end to end with real clients (the v1 SDK client on 2025-11-25, the v2 client on
// 2025-11-25 and on 2026-07-28), over stdio (the real `formrequest serve`) and Streamable HTTP. The
// "person" here is an HTTP client of the real form page (the page in Chromium is form-page.test.ts):
// it opens the URL the client was given, uploads a file, and submits, cancels or declines.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type RunningHttpServer, startHttpServer } from '@formrequest/server';
import { ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  askedBy,
  type ClientKind,
  connectClient,
  deferred,
  type ElicitHandler,
  person,
  type Target,
  type TestClient,
} from './support.ts';

const TRIP_FORM = {
  title: '出張申請',
  fields: [
    { name: 'destination', type: 'text', label: '行き先', required: true },
    { name: 'departure', type: 'date', label: '出発日', minDate: '2020-01-01' },
    {
      name: 'seat',
      type: 'radio',
      label: '座席',
      options: [
        { value: 'window', label: '窓側' },
        { value: 'aisle', label: '通路側' },
      ],
      default: 'aisle',
    },
    // A file field: form-mode elicitation cannot carry it, so the form goes to the page.
    { name: 'memo', type: 'file', label: '資料', accept: '.txt', maxSize: 1024 },
    { name: 'nights', type: 'number', label: '泊数' },
    { name: 'version', type: 'hidden', value: '2' },
  ],
};

/** What Claude Code 2.1.330 declares. */
const FORM_AND_URL = { elicitation: { form: {}, url: {} } };

interface Session {
  client: TestClient;
  elicited: Promise<any>;
  completed: string[];
}

/** A client that declares form and URL elicitation and answers the URL request with `answer`. */
async function open(
  kind: ClientKind,
  target: Target,
  answer: 'accept' | 'decline' | 'cancel' = 'accept',
  declared: Record<string, unknown> = FORM_AND_URL,
  /** What happens before the client answers (a person opening the page); nothing: a headless runtime. */
  before?: (params: any) => Promise<void>,
): Promise<Session> {
  const elicited = deferred<any>();
  const handler: ElicitHandler = async (params) => {
    elicited.resolve(params);
    await before?.(params);
    return { action: answer };
  };
  const client = await connectClient(kind, target, handler, declared);
  const completed: string[] = [];
  if (kind === 'v1') {
    client.raw.setNotificationHandler(ElicitationCompleteNotificationSchema, (n: any) => {
      completed.push(n.params.elicitationId);
    });
  } else {
    client.raw.setNotificationHandler('notifications/elicitation/complete', (n: any) => {
      completed.push(n.params.elicitationId);
    });
  }
  return { client, elicited: elicited.promise, completed };
}

/**
 * The scenarios with one client kind over one transport. Over stdio only the first runs (`httpOnly`):
 * it proves what stdio adds (the page listener `serve` starts for the first form, the elicitation and
 * its completion over the pipe, the file reference served); the rest prove the page and the tool, the
 * same over either transport, and run over HTTP in this process (a stdio run starts `serve` for each
 * client, and closing one that saw an unseen form waits 2 s for the SDK to end the process).
 */
function urlModeScenarios(kind: ClientKind, transport: 'stdio' | 'http', target: () => Target) {
  const modern = kind === 'v2-auto';
  const httpOnly: (name: string, fn: () => Promise<void>) => void =
    transport === 'http' ? (name, fn) => test(name, fn) : () => {};
  describe(`${kind} over ${transport}`, () => {
    test('the form opens as a page; the answers (a file as a reference) come back in the tool result; a second submit is refused', async () => {
      const { client, elicited, completed } = await open(kind, target());
      try {
        const call = client.callTool({ name: 'request_form', arguments: { form_schema: TRIP_FORM } });
        const params = await askedBy(call, elicited);
        assert.equal(params.mode, 'url');
        assert.equal(params.message, 'ブラウザでフォーム「出張申請」に入力してください。');
        assert.match(params.url, /^http:\/\/127\.0\.0\.1:\d+\/forms\/[A-Za-z0-9_-]{22}$/);
        // 2025-11-25 names the elicitation (its completion notification refers to it); 2026-07-28 removed it.
        if (modern) assert.equal(params.elicitationId, undefined);
        else assert.match(params.elicitationId, /^[0-9a-f-]{36}$/);

        const page = await person.open(params.url);
        assert.equal(page.status, 200);
        assert.match(page.headers.get('content-security-policy')!, /default-src 'none'; script-src 'self'/);
        assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
        assert.match(page.html, /"title":"出張申請"/);
        const uploaded = await person.upload(params.url, 'memo', 'メモ.txt', 'hello');
        assert.equal(uploaded.status, 201, JSON.stringify(uploaded.json));
        const answer = {
          destination: '大阪',
          departure: '2031-04-01',
          seat: 'window',
          memo: uploaded.json,
        };
        const sent = await person.send(params.url, { action: 'accept', values: answer, utcOffset: 540 });
        assert.deepEqual(sent, { status: 200, json: { state: 'accept' } });
        const result = await call;
        assert.equal(result.isError, undefined, JSON.stringify(result));
        assert.equal(result.structuredContent.status, 'submitted');
        assert.equal(result.structuredContent.type, 'form_response');
        assert.deepEqual(result.structuredContent.values, { ...answer, version: '2' });
        assert.equal(result.structuredContent.values.memo.name, 'メモ.txt');
        assert.equal(result.structuredContent.values.memo.size, 5);
        assert.equal(result.structuredContent.values.memo.type, 'text/plain');
        // The agent can fetch the file from the reference it got.
        const file = await fetch(result.structuredContent.values.memo.url);
        assert.equal(await file.text(), 'hello');
        assert.equal(file.headers.get('content-security-policy'), "sandbox; default-src 'none'");
        if (modern) assert.deepEqual(completed, []);
        else assert.deepEqual(completed, [params.elicitationId]);

        const again = await person.send(params.url, {
          action: 'accept',
          values: { ...answer, destination: '京都' },
        });
        assert.equal(again.status, 409);
        assert.equal(again.json.code, 'form_settled');
        const reload = await person.open(params.url);
        assert.match(reload.html, /"state":"accept"/, 'a reload shows that the form was sent');
      } finally {
        await client.close();
      }
    });

    httpOnly('the message beside the URL carries no control or bidi characters from the form', async () => {
      const { client, elicited } = await open(kind, target());
      try {
        const title = '出張\u001b]52;c;ZXZpbA==\u0007申請\u202e\u001b[2J\n次';
        const call = client.callTool({
          name: 'request_form',
          arguments: { form_schema: { ...TRIP_FORM, title } },
        });
        const params = await askedBy(call, elicited);
        assert.equal(
          params.message,
          'ブラウザでフォーム「出張]52;c;ZXZpbA==申請[2J 次」に入力してください。',
        );
        assert.doesNotMatch(params.message, /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
        await person.send(params.url, { action: 'cancel' });
        await call.catch(() => {});
      } finally {
        await client.close();
      }
    });

    httpOnly(
      'answers the page refuses are refused with messages per field, and the form stays open',
      async () => {
        const { client, elicited } = await open(kind, target());
        try {
          const call = client.callTool({ name: 'request_form', arguments: { form_schema: TRIP_FORM } });
          const { url } = await askedBy(call, elicited);
          const bad = await person.send(url, {
            action: 'accept',
            values: {
              departure: '2010-01-01',
              seat: 'middle',
              memo: { name: 'x.txt', size: 1, url: '/elsewhere' },
              nights: '0x5',
              extra: 1,
            },
          });
          assert.equal(bad.status, 422);
          assert.deepEqual(Object.keys(bad.json.errors).sort(), [
            'departure',
            'destination',
            'extra',
            'memo',
            'nights',
            'seat',
          ]);
          assert.equal(bad.json.errors.destination, '行き先は必須です');
          // Decimal only, as a number input sends it: what Number() would read as hex is refused.
          assert.equal(bad.json.errors.nights, '泊数は数値で入力してください');
          const wrongType = await person.upload(url, 'memo', 'run.exe', 'MZ');
          assert.equal(wrongType.status, 415);
          const tooBig = await person.upload(url, 'memo', 'big.txt', 'x'.repeat(1025));
          assert.equal(tooBig.status, 413);
          const ok = await person.send(url, { action: 'accept', values: { destination: '札幌' } });
          assert.equal(ok.status, 200);
          const result = await call;
          // Unfilled optional fields stay out (the page pre-fills `seat` with its default; this client did not).
          assert.deepEqual(result.structuredContent.values, { destination: '札幌', version: '2' });
        } finally {
          await client.close();
        }
      },
    );

    httpOnly('cancel and decline on the page come back as cancelled and declined', async () => {
      for (const action of ['cancel', 'decline'] as const) {
        const { client, elicited, completed } = await open(kind, target());
        try {
          const call = client.callTool({ name: 'request_form', arguments: { form_schema: TRIP_FORM } });
          const params = await askedBy(call, elicited);
          assert.equal((await person.send(params.url, { action })).status, 200);
          const result = await call;
          assert.equal(result.structuredContent.status, action === 'cancel' ? 'cancelled' : 'declined');
          assert.equal(
            result.content[0].text,
            action === 'cancel'
              ? 'フォーム入力をキャンセルしました。'
              : 'ユーザーはフォーム「出張申請」への入力を断りました。',
          );
          if (!modern) assert.deepEqual(completed, [params.elicitationId]);
        } finally {
          await client.close();
        }
      }
    });

    httpOnly(
      'a client that declines or cancels the URL at once, the page never opened: nobody saw it, never "declined"',
      async () => {
        for (const answer of ['decline', 'cancel'] as const) {
          const { client, elicited } = await open(kind, target(), answer);
          try {
            const result = await client.callTool({
              name: 'request_form',
              arguments: { form_schema: TRIP_FORM },
            });
            assert.equal(result.isError, true);
            assert.equal(result.structuredContent.status, 'unseen');
            assert.match(result.content[0].text, /フォームページも開かれていません/);
            assert.doesNotMatch(result.content[0].text, /断りました|キャンセルしました/);
            const { url } = await elicited;
            const late = await person.send(url, { action: 'accept', values: { destination: '大阪' } });
            assert.equal(late.status, 409);
            assert.equal(late.json.state, 'closed');
          } finally {
            await client.close();
          }
        }
      },
    );

    httpOnly(
      "the client declining or cancelling the URL after the page was opened ends the form as the person's answer",
      async () => {
        for (const answer of ['decline', 'cancel'] as const) {
          const { client, elicited } = await open(kind, target(), answer, FORM_AND_URL, async (params) => {
            assert.equal((await person.open(params.url)).status, 200);
          });
          try {
            const result = await client.callTool({
              name: 'request_form',
              arguments: { form_schema: TRIP_FORM },
            });
            assert.equal(result.structuredContent.status, answer === 'decline' ? 'declined' : 'cancelled');
            const { url } = await elicited;
            const late = await person.send(url, { action: 'accept', values: { destination: '大阪' } });
            assert.equal(late.status, 409);
            assert.equal(late.json.state, answer);
          } finally {
            await client.close();
          }
        }
      },
    );

    httpOnly('question on the page: seed 004 words in content and structuredContent.message', async () => {
      const { client, elicited } = await open(kind, target(), 'accept', { elicitation: { url: {} } });
      try {
        const questions = [
          {
            question: 'どのファイルを編集しますか？',
            header: 'ファイル選択',
            options: [{ label: 'main.ts' }, { label: 'utils.ts' }],
          },
        ];
        // A client with URL mode only: the question goes to the page too.
        const call = client.callTool({ name: 'question', arguments: { questions } });
        const { url, message } = await askedBy(call, elicited);
        assert.equal(message, 'ブラウザで質問に答えてください: どのファイルを編集しますか？');
        const both = await person.send(url, {
          action: 'accept',
          values: { q1: 'main.ts', q1_other: 'index.ts' },
        });
        assert.equal(both.status, 422, 'a single choice takes one answer');
        assert.match(both.json.errors.q1_other, /回答は1つです/);
        assert.equal((await person.send(url, { action: 'accept', values: { q1: 'utils.ts' } })).status, 200);
        const result = await call;
        assert.equal(result.content[0].text, 'ユーザーの回答: "どのファイルを編集しますか？"="utils.ts"');
        assert.equal(result.structuredContent.message, result.content[0].text);
        assert.deepEqual(result.structuredContent.answers, [['utils.ts']]);
      } finally {
        await client.close();
      }
    });
  });
}

let dir: string;
let http: RunningHttpServer;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'formrequest-url-mode-'));
  writeFileSync(join(dir, 'auto.json'), JSON.stringify({ elicitation: 'auto', progressIntervalMs: 100 }));
  http = await startHttpServer({ port: 0, config: { elicitation: 'auto', progressIntervalMs: 100 } });
});
after(async () => {
  await http?.close();
});

for (const kind of ['v1', 'v2-legacy', 'v2-auto'] as ClientKind[]) {
  urlModeScenarios(kind, 'stdio', () => ({ stdio: ['--config', join(dir, 'auto.json')] }));
  urlModeScenarios(kind, 'http', () => ({ url: http.url }));
}

describe('a long answer and a short client timeout: progress keeps the call', () => {
  // The client gives up after TIMEOUT without news; the server sends progress every 100 ms; the person
  // answers after several timeouts have passed.
  const TIMEOUT = 2000;
  const cases: Array<[ClientKind, 'stdio' | 'http']> = [
    ['v1', 'stdio'],
    ['v1', 'http'],
    ['v2-legacy', 'stdio'],
    ['v2-legacy', 'http'],
    ['v2-auto', 'stdio'],
    ['v2-auto', 'http'],
  ];
  // These wait out several client timeouts each (the clock is what they prove), so they run side by
  // side: each has its own client (and over stdio its own `serve`), and the waits overlap. The two
  // tests after them have short bounds of their own and run alone.
  describe('side by side', { concurrency: true }, () => {
    for (const [kind, transport] of cases) {
      test(`${kind} over ${transport}: resetTimeoutOnProgress, an answer after three timeouts`, async () => {
        const target: Target =
          transport === 'stdio' ? { stdio: ['--config', join(dir, 'auto.json')] } : { url: http.url };
        const { client, elicited } = await open(kind, target);
        try {
          let progress = 0;
          const options = {
            timeout: TIMEOUT,
            resetTimeoutOnProgress: true,
            onprogress: () => (progress += 1),
          };
          const params = { name: 'request_form', arguments: { form_schema: TRIP_FORM } };
          const started = Date.now();
          const call =
            kind === 'v1'
              ? client.raw.callTool(params, undefined, options)
              : client.raw.callTool(params, options);
          const { url } = await askedBy(call, elicited);
          while (Date.now() - started < 3 * TIMEOUT || progress < 10)
            await new Promise((r) => setTimeout(r, 50));
          assert.equal(
            (await person.send(url, { action: 'accept', values: { destination: '那覇' } })).status,
            200,
          );
          const result = await call;
          assert.equal(result.structuredContent.status, 'submitted');
          assert.ok(Date.now() - started > 3 * TIMEOUT);
        } finally {
          await client.close();
        }
      });
    }

    for (const transport of ['stdio', 'http'] as const) {
      test(`form mode on 2025-11-25 (v1 over ${transport}): the held call sends progress while the client's dialog is open`, async () => {
        const target: Target =
          transport === 'stdio' ? { stdio: ['--config', join(dir, 'auto.json')] } : { url: http.url };
        let progress = 0;
        const started = Date.now();
        const client = await connectClient('v1', target, async () => {
          // The person takes three client timeouts to fill the client's own dialog.
          while (Date.now() - started < 3 * TIMEOUT || progress < 10)
            await new Promise((r) => setTimeout(r, 50));
          return { action: 'accept', content: { name: 'Ann' } };
        });
        try {
          const flat = { title: 'Flat', fields: [{ name: 'name', type: 'text', label: 'Name' }] };
          const result = await client.raw.callTool(
            { name: 'request_form', arguments: { form_schema: flat } },
            undefined,
            { timeout: TIMEOUT, resetTimeoutOnProgress: true, onprogress: () => (progress += 1) },
          );
          assert.equal(result.structuredContent.status, 'submitted');
          assert.deepEqual(result.structuredContent.values, { name: 'Ann' });
        } finally {
          await client.close();
        }
      });
    }
  });

  test('a 2025 HTTP session with a call held open is not swept as idle', async () => {
    const server = await startHttpServer({
      port: 0,
      // 1 s, ten progress periods: a shorter bound failed under a load average of 20 (a progress tick
      // more than 300 ms late is an idle session), which proves nothing about the sweep.
      sessionIdleMs: 1000,
      config: { elicitation: 'auto', progressIntervalMs: 100 },
    });
    const { client, elicited } = await open('v1', { url: server.url });
    try {
      let progress = 0;
      const call = client.raw.callTool(
        { name: 'request_form', arguments: { form_schema: TRIP_FORM } },
        undefined,
        {
          timeout: 60_000,
          onprogress: () => (progress += 1),
        },
      );
      const { url } = await askedBy(call, elicited);
      const started = Date.now();
      // Several idle periods pass with nothing but the server's progress on the wire.
      while (Date.now() - started < 4 * 1000 || progress < 12) await new Promise((r) => setTimeout(r, 50));
      assert.equal(
        (await person.send(url, { action: 'accept', values: { destination: '松山' } })).status,
        200,
      );
      assert.equal((await call).structuredContent.status, 'submitted');
    } finally {
      await client.close();
      await server.close();
    }
  });

  test('without resetTimeoutOnProgress the v1 client cuts the call; the form waits for the re-ask, which returns a late answer', async () => {
    const { client, elicited } = await open('v1', { url: http.url });
    try {
      const call = client.raw.callTool(
        { name: 'request_form', arguments: { form_schema: TRIP_FORM } },
        undefined,
        // Long enough for the elicitation to arrive first on a busy machine; progress does not extend it.
        { timeout: 2000, onprogress: () => {} },
      );
      const { url } = await askedBy(call, elicited);
      await assert.rejects(call, /Request timed out/);
      // The client's cancellation reaches the server, which keeps the form for a re-ask (reask.ts).
      let status: any;
      for (let i = 0; i < 100; i++) {
        status = await (await fetch(`${url}/status`)).json();
        if (status.state === 'withdrawn') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal(status.state, 'withdrawn');
      const late = await person.send(url, { action: 'accept', values: { destination: '那覇' } });
      assert.equal(late.status, 200);
      const again = await client.callTool({ name: 'request_form', arguments: { form_schema: TRIP_FORM } });
      assert.equal(again.structuredContent.status, 'submitted');
      assert.equal(again.structuredContent.values.destination, '那覇');
    } finally {
      await client.close();
    }
  });
});

describe('routing with real clients', () => {
  test('a client that renders MCP Apps gets the widget result, not an elicitation, under policy auto', async () => {
    for (const kind of ['v1', 'v2-auto'] as ClientKind[]) {
      let asked = 0;
      const declared = {
        ...FORM_AND_URL,
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      };
      const client = await connectClient(
        kind,
        { url: http.url },
        async () => {
          asked += 1;
          return { action: 'decline' };
        },
        declared,
      );
      try {
        const result = await client.callTool({ name: 'request_form', arguments: { form_schema: TRIP_FORM } });
        assert.equal(asked, 0, kind);
        assert.equal(result.structuredContent.status, 'waiting_for_input', kind);
        assert.equal(result.structuredContent.note, undefined);
      } finally {
        await client.close();
      }
    }
  });

  test('--url-mode off: a form that does not fit is shown nowhere, and the model is told why', async () => {
    const { client } = await open('v2-auto', { stdio: ['--elicitation', 'auto', '--url-mode', 'off'] });
    try {
      const result = await client.callTool({ name: 'request_form', arguments: { form_schema: TRIP_FORM } });
      assert.equal(result.structuredContent.status, 'not_shown');
      assert.match(result.content[0].text, /--url-mode off/);
      assert.match(result.content[0].text, /フィールド\[3\]（type: file）はファイルを送れないため/);
    } finally {
      await client.close();
    }
  });

  test('requestState is sealed: a forged one is refused on 2026-07-28', async () => {
    const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
    const client = new Client({ name: 'manual', version: '0' }, {
      capabilities: FORM_AND_URL,
      versionNegotiation: { mode: 'auto' },
      inputRequired: { autoFulfill: false },
    } as never);
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    try {
      const call = { name: 'request_form', arguments: { form_schema: TRIP_FORM } };
      const first: any = await client.callTool(call as never, { allowInputRequired: true } as never);
      assert.equal(first.resultType, 'input_required');
      assert.equal(first.inputRequests.page.params.mode, 'url');
      const forged = `${first.requestState.slice(0, -4)}AAAA`;
      await assert.rejects(
        client.callTool(
          { ...call, inputResponses: { page: { action: 'accept' } }, requestState: forged } as never,
          { allowInputRequired: true } as never,
        ),
        /Invalid or expired requestState/,
      );
    } finally {
      await client.close();
    }
  });
});
