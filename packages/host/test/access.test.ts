// Who may drive the host (access.ts): Host and Origin checks, the page token on every state-changing
// call, JSON only as application/json, and --auth token / header for hosts exposed on purpose.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { isJsonType } from '@formrequest/internal/http';
import { isLoopbackHost, parseAuth, parseOrigins, type RunningHost, startHost } from '../src/index.js';
import { call, startTestHost, tempDir, writeHeaders } from './helpers.js';

/** A request with exactly the headers given (fetch would set Host and Origin itself). */
function raw(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: any }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          let json: any = text;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode!, headers: res.headers, json });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

let host: RunningHost;
let hostHeader: string;
before(async () => {
  host = await startTestHost();
  hostHeader = new URL(host.url).host;
});
after(() => host.close());

const conversationCount = async (h: { url: string } = host) =>
  (await call(h, 'GET', '/api/conversations?limit=200')).json.conversations.length;

describe('Host header', () => {
  test('loopback names are served; any other name is 403 with the names it takes', async () => {
    const port = new URL(host.url).port;
    for (const name of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `app.localhost:${port}`,
      '127.0.0.1',
    ]) {
      const response = await raw(host.url, { path: '/api/conversations', headers: { Host: name } });
      assert.equal(response.status, 200, name);
    }
    for (const name of [
      `evil.example:${port}`,
      'evil.example',
      `192.168.1.20:${port}`,
      `127.0.0.1.evil.example:${port}`,
    ]) {
      for (const path of [
        '/',
        '/api/conversations',
        '/app.js',
        '/api/token',
        '/api/demo/countries',
        '/nothing',
      ]) {
        const response = await raw(host.url, { path, headers: { Host: name } });
        assert.equal(response.status, 403, `${name} ${path}`);
        assert.equal(response.json.code, 'forbidden_host');
        assert.match(response.json.error, /answers only to localhost, 127\.0\.0\.1, \[::1\]/);
        assert.match(response.json.error, /--origin/);
      }
    }
  });

  test('a rebound name cannot start a turn even with a token and JSON', async () => {
    const before = await conversationCount();
    const response = await raw(host.url, {
      method: 'POST',
      path: '/api/execute',
      headers: {
        Host: `attacker.example:${new URL(host.url).port}`,
        'Content-Type': 'application/json',
        ...(await writeHeaders(host)),
      },
      body: JSON.stringify({ message: 'hello' }),
    });
    assert.equal(response.status, 403);
    assert.equal(await conversationCount(), before);
  });
});

describe('Origin', () => {
  test('another origin (another port of localhost, another site, null) is 403 on every API route', async () => {
    const before = await conversationCount();
    for (const origin of [
      'http://127.0.0.1:1',
      'http://localhost:9',
      'https://evil.example',
      'null',
      `https://${hostHeader}`,
    ]) {
      for (const [method, path, body] of [
        ['POST', '/api/execute', JSON.stringify({ message: 'hi' })],
        ['GET', '/api/conversations'],
        ['GET', '/api/token'],
        ['PUT', '/api/conversations/x/forms/y/draft', '{}'],
        ['POST', '/api/files?conversationId=x', 'data'],
      ] as const) {
        const response = await raw(host.url, {
          method,
          path,
          headers: {
            Host: hostHeader,
            Origin: origin,
            'Content-Type': 'application/json',
            ...(await writeHeaders(host)),
          },
          body,
        });
        assert.equal(response.status, 403, `${origin} ${method} ${path}`);
        assert.equal(response.json.code, 'forbidden_origin');
        assert.match(
          response.json.error,
          new RegExp(`Requests from ${origin.replace(/[.:/]/g, '\\$&')} are refused`),
        );
      }
    }
    assert.equal(await conversationCount(), before);
  });

  test('the same origin is served; cross-site fetch metadata is refused on the API', async () => {
    const same = await raw(host.url, {
      method: 'POST',
      path: '/api/execute',
      headers: {
        Host: hostHeader,
        Origin: `http://${hostHeader}`,
        'Content-Type': 'application/json',
        ...(await writeHeaders(host)),
      },
      body: JSON.stringify({ message: 'hello' }),
    });
    assert.equal(same.status, 202);
    for (const site of ['cross-site', 'same-site']) {
      const response = await raw(host.url, {
        path: '/api/conversations',
        headers: { Host: hostHeader, 'Sec-Fetch-Site': site },
      });
      assert.equal(response.status, 403, site);
      assert.match(response.json.error, new RegExp(`A ${site} request to the API is refused`));
    }
    const own = await raw(host.url, {
      path: '/api/conversations',
      headers: { Host: hostHeader, 'Sec-Fetch-Site': 'same-origin' },
    });
    assert.equal(own.status, 200);
    // A link from another site may open the page itself (it holds nothing the other site can read).
    const page = await raw(host.url, {
      path: '/',
      headers: { Host: hostHeader, 'Sec-Fetch-Site': 'cross-site' },
    });
    assert.equal(page.status, 200);
  });

  test('the fictional demo data stays readable from any origin (Host still checked)', async () => {
    const response = await raw(host.url, {
      path: '/api/demo/countries',
      headers: { Host: hostHeader, Origin: 'https://elsewhere.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers['access-control-allow-origin'], '*');
  });
});

describe('page token and JSON', () => {
  test('state-changing calls without the token, or with a forged one, are 403 and change nothing', async () => {
    const before = await conversationCount();
    for (const headers of [
      { 'X-FormRequest-Token': '' },
      { 'X-FormRequest-Token': 'forged' },
      { 'X-FormRequest-Token': 'abc.def' },
    ]) {
      const response = await call(host, 'POST', '/api/execute', { message: 'hi' }, headers);
      assert.equal(response.status, 403);
      assert.equal(response.json.code, 'bad_token');
      assert.match(response.json.error, /X-FormRequest-Token header \(GET \/api\/token gives one\)/);
    }
    const upload = await fetch(`${host.url}/api/files?conversationId=x`, { method: 'POST', body: 'x' });
    assert.equal(upload.status, 403);
    assert.equal(await conversationCount(), before);
  });

  test('the page carries a token in a meta tag, different on each load, each one accepted', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const html = await (await fetch(host.url)).text();
      tokens.push(/<meta name="formrequest-token" content="([^"]+)">/.exec(html)![1]);
    }
    assert.notEqual(tokens[0], tokens[1]);
    for (const token of tokens) {
      const response = await call(
        host,
        'POST',
        '/api/execute',
        { message: 'hi' },
        { 'X-FormRequest-Token': token },
      );
      assert.equal(response.status, 202);
    }
  });

  test('tokens are signed with the database secret: they survive a restart, not a new database', async () => {
    const dir = tempDir();
    try {
      const first = await startHost({ port: 0, dbPath: `${dir.path}/a.db` });
      const token = (await call(first, 'GET', '/api/token')).json.token;
      await first.close();
      const again = await startHost({ port: 0, dbPath: `${dir.path}/a.db` });
      const other = await startHost({ port: 0, dbPath: `${dir.path}/b.db` });
      try {
        await again.ready;
        await other.ready;
        const headers = { 'X-FormRequest-Token': token };
        assert.equal((await call(again, 'POST', '/api/execute', { message: 'hi' }, headers)).status, 202);
        assert.equal((await call(other, 'POST', '/api/execute', { message: 'hi' }, headers)).status, 403);
      } finally {
        await again.close();
        await other.close();
      }
    } finally {
      dir.remove();
    }
  });

  test('JSON only as application/json: text/plain and lookalikes are 415 with what to send', async () => {
    for (const type of [
      'text/plain',
      'text/plain; application/json',
      'application/x-www-form-urlencoded',
      'application/jsonx',
      'application/json; charset=latin1',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await call(host, 'POST', '/api/execute', JSON.stringify({ message: 'hi' }), {
        'Content-Type': type,
      });
      assert.equal(response.status, 415, type);
      assert.equal(response.json.code, 'unsupported_media_type');
      assert.match(response.json.error, /Content-Type: application\/json/);
    }
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON;charset="UTF-8"',
    ])
      assert.ok(isJsonType(type), type);
  });
});

describe('--auth and --origin', () => {
  test('parseAuth and parseOrigins take what the README says and explain anything else', () => {
    assert.deepEqual(parseAuth('none'), { kind: 'none' });
    assert.deepEqual(parseAuth('header:X-Forwarded-User'), { kind: 'header', header: 'x-forwarded-user' });
    assert.equal(parseAuth('token', { FORMREQUEST_AUTH_TOKEN: 'a-long-enough-secret' }).kind, 'token');
    assert.equal((parseAuth('token', {}) as { token: string }).token.length, 32);
    assert.throws(() => parseAuth('token', { FORMREQUEST_AUTH_TOKEN: 'short' }), /at least 16 characters/);
    assert.throws(
      () => parseAuth('basic'),
      /--auth must be "token", "header:NAME" \(e\.g\. header:X-Forwarded-User\) or "none", not "basic"/,
    );
    assert.throws(() => parseAuth('header:'), /--auth must be/);
    assert.deepEqual(parseOrigins('https://chat.example.com, http://10.0.0.5:8080'), [
      'https://chat.example.com',
      'http://10.0.0.5:8080',
    ]);
    assert.throws(
      () => parseOrigins('chat.example.com'),
      /--origin takes origins like https:\/\/chat\.example\.com/,
    );
    assert.throws(() => parseOrigins('https://chat.example.com/app'), /scheme, name and port only/);
    assert.ok(isLoopbackHost('127.0.0.2') && isLoopbackHost('[::1]') && isLoopbackHost('LOCALHOST.'));
    assert.ok(!isLoopbackHost('localhost.evil.example') && !isLoopbackHost('0.0.0.0'));
  });

  test('listening beyond loopback needs --auth said on purpose', async () => {
    await assert.rejects(
      startHost({ port: 0, hostname: '0.0.0.0', dbPath: ':memory:' }),
      /Listening on 0\.0\.0\.0 opens the host, and the agent behind it, to other machines\. Say who may use it: --auth token/,
    );
    const open = await startHost({
      port: 0,
      hostname: '0.0.0.0',
      dbPath: ':memory:',
      auth: { kind: 'none' },
    });
    try {
      await open.ready;
      assert.equal((await call(open, 'GET', '/api/conversations')).status, 200);
    } finally {
      await open.close();
    }
  });

  test('--auth token: the printed link sets a SameSite=Strict cookie; without it, 401; Bearer works for scripts', async () => {
    const token = 'test-token-0123456789';
    const secured = await startTestHost({ auth: { kind: 'token', token } });
    try {
      assert.equal(secured.pageUrl, `${secured.url}/?token=${token}`);
      const page = await fetch(secured.url);
      assert.equal(page.status, 401);
      assert.match((await page.json()).error, /open the URL it printed/);
      assert.equal((await fetch(`${secured.url}/api/conversations`)).status, 401);
      assert.equal(
        (await fetch(`${secured.url}/?token=wrong-token-0123456`, { redirect: 'manual' })).status,
        401,
      );

      const link = await fetch(`${secured.url}/c/abc?token=${token}&lang=en`, { redirect: 'manual' });
      assert.equal(link.status, 303);
      assert.equal(link.headers.get('location'), '/c/abc?lang=en', 'the token leaves the address bar');
      const cookie = link.headers.get('set-cookie')!;
      assert.match(cookie, /HttpOnly/);
      assert.match(cookie, /SameSite=Strict/);
      assert.doesNotMatch(cookie, new RegExp(token), 'the cookie is not the token itself');
      const session = cookie.split(';')[0];
      assert.equal((await fetch(`${secured.url}/c/abc`, { headers: { Cookie: session } })).status, 200);
      const list = await fetch(`${secured.url}/api/conversations`, { headers: { Cookie: session } });
      assert.equal(list.status, 200);
      // A cookie alone does not make a state-changing call: the page token is still needed.
      const noPageToken = await fetch(`${secured.url}/api/execute`, {
        method: 'POST',
        headers: { Cookie: session, 'Content-Type': 'application/json' },
        body: JSON.stringify({ message: 'hi' }),
      });
      assert.equal(noPageToken.status, 403);
      const bearer = await fetch(`${secured.url}/api/execute`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ message: 'hi' }),
      });
      assert.equal(bearer.status, 202);
      const wrong = await fetch(`${secured.url}/api/conversations`, {
        headers: { Authorization: 'Bearer nope' },
      });
      assert.equal(wrong.status, 401);
      assert.equal(
        (await fetch(`${secured.url}/api/demo/countries`)).status,
        200,
        'the demo data stays public',
      );
    } finally {
      await secured.close();
    }
  });

  test('--auth header:NAME: only requests that came through the proxy (with NAME set) are served', async () => {
    const proxied = await startTestHost({ auth: { kind: 'header', header: 'x-forwarded-user' } });
    try {
      const missing = await call(proxied, 'GET', '/api/conversations');
      assert.equal(missing.status, 401);
      assert.match(missing.json.error, /sign-in proxy \(--auth header:x-forwarded-user\)/);
      const user = { 'X-Forwarded-User': 'ann@example.com' };
      assert.equal((await call(proxied, 'GET', '/api/conversations', undefined, user)).status, 200);
      const token = (await (await fetch(`${proxied.url}/api/token`, { headers: user })).json()).token;
      const sent = await call(
        proxied,
        'POST',
        '/api/execute',
        { message: 'hi' },
        { ...user, 'X-FormRequest-Token': token },
      );
      assert.equal(sent.status, 202);
    } finally {
      await proxied.close();
    }
  });

  test('--origin: the public name is served as Host and Origin; forms search through it', async () => {
    const behindProxy = await startTestHost({ publicOrigins: ['https://chat.example.com'] });
    try {
      const response = await raw(behindProxy.url, {
        method: 'POST',
        path: '/api/execute',
        headers: {
          Host: 'chat.example.com',
          Origin: 'https://chat.example.com',
          'Content-Type': 'application/json',
          ...(await writeHeaders(behindProxy)),
        },
        body: JSON.stringify({ message: 'タスクの担当者を設定して' }),
      });
      assert.equal(response.status, 202);
      const other = await raw(behindProxy.url, {
        path: '/api/conversations',
        headers: { Host: 'chat.example.org' },
      });
      assert.equal(other.status, 403);
      assert.match(other.json.error, /localhost, 127\.0\.0\.1, \[::1\], chat\.example\.com/);
    } finally {
      await behindProxy.close();
    }
  });
});
