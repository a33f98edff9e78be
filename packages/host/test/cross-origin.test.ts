// Attacks from other web pages, in real Chromium: a page served on another port of 127.0.0.1 (another
// origin) and a DNS-rebinding page (a name the browser resolves to 127.0.0.1, so the host looks
// same-origin to it). Every attempt must fail and leave the host as it was.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath, newTestContext } from '../../../testing/browser.ts';
import type { RunningHost } from '../src/index.js';
import { call, sqlite, startTestHost, turn, upload } from './helpers.js';

let browser: Browser;
let host: RunningHost;
let attacker: Server;
let attackerUrl: string;
let conversationId: string;
let formId: string;
let fileUrl: string;

// The attack, run in the page: every way a page can reach the host without the person's help.
// It reports what it could see; the test then checks the host.
const ATTACK = (target: string, ids: { conversationId: string; formId: string; fileUrl: string }) => `
<!doctype html><meta charset="utf-8"><body><script>
const T = ${JSON.stringify(target)};
const ids = ${JSON.stringify(ids)};
const results = {};
async function attempt(name, run) {
  try { results[name] = await run(); } catch (error) { results[name] = 'blocked: ' + error.name; }
}
const answer = JSON.stringify({ conversationId: ids.conversationId, formId: ids.formId, answers: { project_name: 'pwned' } });
window.done = (async () => {
  await attempt('simple text/plain POST starts a turn', async () => (await fetch(T + '/api/execute', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain; application/json' }, body: JSON.stringify({ message: 'hi' }) })).status);
  await attempt('simple text/plain POST answers the form', async () => (await fetch(T + '/api/execute', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: answer })).status);
  await attempt('JSON POST (preflighted)', async () => (await fetch(T + '/api/execute', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: answer })).status);
  await attempt('read the conversation list', async () => (await (await fetch(T + '/api/conversations')).text()).slice(0, 80));
  await attempt('read a conversation', async () => (await (await fetch(T + '/api/conversations/' + ids.conversationId)).text()).slice(0, 80));
  await attempt('read the token', async () => (await (await fetch(T + '/api/token')).text()).slice(0, 80));
  await attempt('read an upload', async () => (await (await fetch(T + ids.fileUrl)).text()).slice(0, 80));
  await attempt('steal a token, then post with it', async () => {
    const { token } = await (await fetch(T + '/api/token')).json();
    return (await fetch(T + '/api/execute', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-FormRequest-Token': token }, body: answer })).status;
  });
  await attempt('upload a file', async () => (await fetch(T + '/api/files?field=attachment&formId=' + ids.formId + '&conversationId=' + ids.conversationId, { method: 'POST', mode: 'no-cors', headers: { 'X-File-Name': 'evil.exe' }, body: new Blob(['MZ'.repeat(1000)]) })).status);
  await attempt('save a draft', async () => (await fetch(T + '/api/conversations/' + ids.conversationId + '/forms/' + ids.formId + '/draft', { method: 'PUT', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: '{"v":{"project_name":"pwned"}}' })).status);
  await attempt('follow the events', () => new Promise((resolve) => {
    const source = new EventSource(T + '/api/conversations/' + ids.conversationId + '/events');
    const seen = [];
    source.addEventListener('user_message', (e) => seen.push(e.data));
    source.onerror = () => { source.close(); resolve(seen.length ? 'read ' + seen.length + ' events' : 'blocked: error'); };
    setTimeout(() => { source.close(); resolve(seen.length ? 'read ' + seen.length + ' events' : 'blocked: nothing'); }, 3000);
  }));
  await attempt('submit an HTML form (text/plain)', () => new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.name = 'sink';
    document.body.append(frame);
    const form = document.createElement('form');
    form.method = 'POST';
    form.enctype = 'text/plain';
    form.action = T + '/api/execute';
    form.target = 'sink';
    const input = document.createElement('input');
    input.name = '{"message": "hi", "x": "';
    input.value = '"}';
    form.append(input);
    document.body.append(form);
    frame.onload = () => resolve('sent');
    form.submit();
  }));
  return results;
})();
</script>`;

before(async () => {
  host = await startTestHost();
  const first = await turn(host, { message: 'すべてのフィールドタイプを見せて' });
  conversationId = first.conversationId;
  formId = first.events.at(-1)!.data.pending_form.id;
  const uploaded = await upload(host, { conversationId, formId }, 'secret.txt', 'the secret');
  assert.equal(uploaded.status, 201);
  fileUrl = uploaded.json.url;
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(ATTACK(host.url, { conversationId, formId, fileUrl }));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    // The rebinding test's name resolves to this machine, the way a rebinding DNS server would answer.
    // Chromium's own Local Network Access checks are switched off: the host must hold by itself in
    // browsers without them (or where the person granted local access).
    args: [
      ...CHROMIUM_FLAGS,
      '--host-resolver-rules=MAP rebind.test 127.0.0.1',
      '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests',
    ],
  });
});
after(async () => {
  await browser?.close();
  attacker?.close();
  await host?.close();
});

/** What the host holds, to compare before and after an attack. */
async function snapshot() {
  const list = await call(host, 'GET', '/api/conversations');
  const conversation = await call(host, 'GET', `/api/conversations/${conversationId}`);
  const files = (sqlite(host).prepare('SELECT id FROM files').all() as Array<{ id: string }>).map(
    (r) => r.id,
  );
  return {
    list: list.json,
    events: conversation.json.events,
    pendingForm: conversation.json.pendingForm,
    files,
  };
}

async function runAttack(url: string): Promise<Record<string, unknown>> {
  const context = await newTestContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(url);
    return (await page.evaluate('window.done')) as Record<string, unknown>;
  } finally {
    await context.close();
  }
}

test('a page on another port of 127.0.0.1 can neither drive nor read the host', async () => {
  const before = await snapshot();
  const results = await runAttack(attackerUrl);
  for (const [name, outcome] of Object.entries(results)) {
    // no-cors requests give an opaque status 0 whatever the server did; the host's state is the proof.
    assert.ok(
      outcome === 0 || outcome === 'sent' || String(outcome).startsWith('blocked'),
      `${name}: ${JSON.stringify(outcome)}`,
    );
  }
  assert.deepEqual(await snapshot(), before, 'the host is unchanged');
});

test('a DNS-rebinding page (same origin to the browser) gets 403 for everything', async () => {
  const port = new URL(host.url).port;
  const origin = `http://rebind.test:${port}`;
  const before = await snapshot();
  const context = await newTestContext(browser);
  const page = await context.newPage();
  const statuses: Array<[string, number]> = [];
  page.on('response', (response) => {
    if (response.url() !== `${origin}/attack`)
      statuses.push([new URL(response.url()).pathname, response.status()]);
  });
  // The attacker's page, served as if from rebind.test:PORT before the name was rebound; every later
  // request goes to the real host on 127.0.0.1 with Host: rebind.test:PORT.
  await page.route(`${origin}/attack`, (route) =>
    route.fulfill({ contentType: 'text/html', body: ATTACK(origin, { conversationId, formId, fileUrl }) }),
  );
  await page.goto(`${origin}/attack`);
  const results = (await page.evaluate('window.done')) as Record<string, unknown>;
  await context.close();
  for (const [name, outcome] of Object.entries(results)) {
    assert.ok(
      outcome === 403 ||
        outcome === 0 ||
        outcome === 'sent' ||
        String(outcome).startsWith('blocked') ||
        /This host answers only to/.test(String(outcome)),
      `${name}: ${JSON.stringify(outcome)}`,
    );
    assert.doesNotMatch(String(outcome), /the secret|"token"|"events"|"id"/, `${name} read nothing`);
  }
  assert.ok(statuses.length >= 8, `the requests reached the host: ${JSON.stringify(statuses)}`);
  for (const [path, status] of statuses) assert.equal(status, 403, `${path} answered ${status}`);
  assert.deepEqual(await snapshot(), before, 'the host is unchanged');
});
