// Headless Claude Code (`claude -p`, the binary inside @anthropic-ai/claude-agent-sdk, and the Agent
// SDK's query() without onElicitation) against a local fake Messages API: nobody can see a form there,
// and the runtime answers every elicitation by itself within milliseconds. In every `--elicitation`
// setting, for a flat form (form-mode dialog), a rich form (the form page, URL mode) and `question`, the
// model must be told that nobody can see it, why and what to do, and never that the person declined or
// cancelled. (Our host with its claude-agent-sdk agent, which does show forms, is
// packages/host/test/claude-agent-sdk-forms.test.ts.)
// The SDK is an optional peer of ~430 MB; CI installs it with
//   npm install --no-save @anthropic-ai/claude-agent-sdk@0.3.330
// and this test is skipped, saying so, only when its binary is absent.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { cliCommand } from '../../../testing/cli.ts';
import { type FakeApi, startFakeMessagesApi } from '../../../testing/fake-messages-api.ts';
import { CLAUDE_BINARY, skipWithoutClaudeBinary } from '../../../testing/skips.ts';
import { ensureFormPage } from './fixtures/form-page-build.ts';

const CLAUDE = CLAUDE_BINARY;
const skip = skipWithoutClaudeBinary();

const FLAT_FORM = {
  title: '連絡先',
  fields: [
    { name: 'name', type: 'text', label: '氏名', required: true },
    {
      name: 'plan',
      type: 'select',
      label: 'プラン',
      options: [
        { value: 'basic', label: 'ベーシック' },
        { value: 'pro', label: 'プロ' },
      ],
    },
  ],
};
// A file field does not fit the client's dialog: the form goes to the form page (URL mode).
const RICH_FORM = {
  title: '出張申請',
  fields: [
    { name: 'destination', type: 'text', label: '行き先', required: true },
    { name: 'memo', type: 'file', label: '資料' },
  ],
};
const QUESTIONS = [
  { question: 'どちらにしますか？', header: '選択', options: [{ label: 'A' }, { label: 'B' }] },
];
const CALLS: Record<string, { name: string; input: Record<string, unknown> }> = {
  flat: { name: 'mcp__form__request_form', input: { form_schema: FLAT_FORM } },
  rich: { name: 'mcp__form__request_form', input: { form_schema: RICH_FORM } },
  question: { name: 'mcp__form__question', input: { questions: QUESTIONS } },
};

let api: FakeApi;
let home: string;

/** A tool result block's text. */
function resultText(block: any): string {
  return typeof block.content === 'string'
    ? block.content
    : block.content.map((c: any) => (c.type === 'text' ? c.text : '')).join('');
}

/** The tool results in the conversation so far, in order. */
function toolResults(body: any): string[] {
  return (body.messages ?? [])
    .filter((m: any) => m.role === 'user' && Array.isArray(m.content))
    .flatMap((m: any) => m.content.filter((b: any) => b.type === 'tool_result').map(resultText));
}

const KINDS = Object.keys(CALLS);

before(async () => {
  if (skip) return;
  ensureFormPage();
  // "run all <setting>": one session calls every kind in turn (a spawn of Claude Code costs seconds of
  // CPU), each tool result read separately. "run <kind> <setting>": that kind alone.
  api = await startFakeMessagesApi((body) => {
    const match = /run (\w+) (\S+)/.exec(JSON.stringify(body.messages ?? []));
    const kinds = match?.[1] === 'all' ? KINDS : match && CALLS[match[1]!] ? [match[1]!] : [];
    if (kinds.length === 0) return { text: 'ok' };
    const next = kinds[toolResults(body).length];
    return next ? { text: 'フォームを出します。', toolUse: CALLS[next]! } : { text: 'done' };
  });
  home = mkdtempSync(join(tmpdir(), 'formrequest-headless-'));
});

after(async () => {
  if (skip) return;
  await api?.close();
  rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

function env(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, 'config'),
    ANTHROPIC_BASE_URL: api.url,
    ANTHROPIC_API_KEY: 'test-key-headless',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
}

function mcpConfig(serveFlags: string[]): string {
  const [command, args] = cliCommand('serve', ...serveFlags);
  return JSON.stringify({ mcpServers: { form: { command, args } } });
}

/** Runs `claude -p` once, the model calling every kind in turn; returns the tool result of each. */
async function claudeP(setting: string, serveFlags: string[]): Promise<Record<string, string>> {
  const prompt = `run all ${setting}`;
  const child = spawn(
    CLAUDE,
    [
      '-p',
      prompt,
      '--mcp-config',
      mcpConfig(serveFlags),
      '--strict-mcp-config',
      '--allowedTools',
      'mcp__form__request_form,mcp__form__question',
    ],
    { env: env(), cwd: home, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const request = api.requests.find(
    (r) => toolResults(r.body).length === KINDS.length && JSON.stringify(r.body.messages).includes(prompt),
  );
  assert.ok(request, `claude -p (${prompt}) exited ${code} without ${KINDS.length} tool results:\n${output}`);
  const results = toolResults(request.body);
  return Object.fromEntries(KINDS.map((kind, i) => [kind, results[i]!]));
}

const SETTINGS: Record<string, string[]> = {
  default: [],
  auto: ['--elicitation', 'auto'],
  never: ['--elicitation', 'never'],
};

/** What the model read: the structuredContent (Claude Code shows JSON.stringify of it) or the text. */
function read(text: string): { message: string; status?: string; code?: string } {
  try {
    const json = JSON.parse(text);
    return { message: json.message ?? text, status: json.status, code: json.error?.code };
  } catch {
    return { message: text };
  }
}

test('claude -p: in every --elicitation setting, a flat form, a rich form and question are "nobody can see this", never declined', {
  skip,
  timeout: 200_000,
}, async (t) => {
  for (const [setting, flags] of Object.entries(SETTINGS)) {
    const texts = await claudeP(setting, flags);
    for (const kind of KINDS) {
      const got = read(texts[kind]!);
      t.diagnostic(`${setting} ${kind}: ${got.status ?? got.code} ${got.message.slice(0, 80)}…`);
      assert.doesNotMatch(got.message, /断りました|キャンセルしました|CANCELLED/, `${setting} ${kind}`);
      if (setting === 'never') {
        // No elicitation is sent; nobody declared rendering, so the result says who can see it.
        assert.match(got.message, /誰にもこのフォームは見えず、回答は届きません/, `${setting} ${kind}`);
        assert.match(got.message, /会話で直接尋ねてください/);
        continue;
      }
      // An error result reaches the model as its text (Claude Code shows structuredContent otherwise).
      if (kind === 'question') {
        assert.match(got.message, /^エラー \[NO_UI\]/, `${setting} ${kind}`);
      } else {
        assert.match(got.message, /はユーザーに表示されていません/, `${setting} ${kind}`);
        assert.match(
          got.message,
          kind === 'rich' ? /フォームページも開かれていません/ : /ダイアログは誰にも表示されていません/,
        );
      }
      assert.match(got.message, /自動で応答しました/, `${setting} ${kind}`);
      assert.match(got.message, /claude -p/);
      assert.match(got.message, /--host-renders-forms/);
    }
  }
});

test('the Agent SDK query() without onElicitation: the model is told nobody can see the form', {
  skip,
  timeout: 120_000,
}, async () => {
  const sdk = (await import('@anthropic-ai/claude-agent-sdk' as string)) as {
    query(args: { prompt: string; options: Record<string, unknown> }): AsyncIterable<any>;
  };
  const [command, args] = cliCommand('serve');
  const prompt = 'run flat sdk';
  for await (const _message of sdk.query({
    prompt,
    options: {
      mcpServers: { form: { type: 'stdio', command, args } },
      strictMcpConfig: true,
      allowedTools: ['mcp__form__request_form'],
      settingSources: [],
      env: env(),
      cwd: home,
    },
  })) {
    // Drained: the turn runs to its end.
  }
  const request = api.requests.find(
    (r) => toolResults(r.body).length > 0 && JSON.stringify(r.body.messages).includes(prompt),
  );
  assert.ok(request, 'the model got no tool result');
  const got = read(toolResults(request.body)[0]!);
  assert.match(got.message, /はユーザーに表示されていません/);
  assert.match(got.message, /自動で応答しました/);
  assert.doesNotMatch(got.message, /断りました|キャンセルしました/);
});
