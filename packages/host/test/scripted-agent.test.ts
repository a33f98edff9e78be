import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { FIELD_TYPES, validateFormSchema } from '@formrequest/schema';
import { allTypesForm as fixture } from '../../../testing/all-types.ts';
import { cliCommand } from '../../../testing/cli.ts';
import { ENGLISH, formWords } from '../src/agents/all-types.js';
import { detectScenario, scenarioForm } from '../src/demo.js';
import { loadMcpConfig } from '../src/index.js';
import { replyText, startTestHost, tempDir, turn } from './helpers.js';

test('understands the seed scenarios in Japanese and English', () => {
  const cases: Array<[string, string | undefined]> = [
    ['新しいプロジェクトを作成して', 'project'],
    ['Create a new project', 'project'],
    ['タスクの担当者を設定して', 'assign'],
    ['Assign this task to someone', 'assign'],
    ['住所を入力したい', 'address'],
    ['I need to enter an address', 'address'],
    ['すべてのフィールドタイプを見せて', 'all'],
    ['Show all field types', 'all'],
    ['こんにちは', undefined],
    ['hello', undefined],
  ];
  for (const [message, scenario] of cases) assert.equal(detectScenario(message), scenario, message);
});

test('every form it asks for is valid in both languages; "all" has each of the 18 types', () => {
  for (const scenario of ['project', 'assign', 'address', 'all'] as const) {
    for (const locale of ['ja', 'en'] as const) {
      const checked = validateFormSchema(scenarioForm(scenario, locale));
      assert.ok(checked.ok, `${scenario}/${locale}: ${JSON.stringify(checked.errors)}`);
    }
  }
  const types = new Set(scenarioForm('all', 'ja').fields.map((f) => f.type));
  assert.deepEqual([...types].sort(), [...FIELD_TYPES]);
  const project = scenarioForm('project', 'ja');
  assert.equal(project.title, '新規プロジェクト作成');
  const searchUrls = scenarioForm('assign', 'ja')
    .fields.map((f: any) => f.searchUrl)
    .filter(Boolean);
  assert.deepEqual(
    searchUrls,
    ['/api/demo/users/search', '/api/demo/users/search'],
    'searches point at the host',
  );
});

test('"all" is examples/forms/all-types.json; in English each of its words has its English', () => {
  assert.deepEqual(scenarioForm('all', 'ja'), fixture(), 'the one all-types form');
  const japanese = formWords(fixture()).map(([holder, key]) => holder[key] as string);
  const missing = japanese.filter((word) => /[\u3040-\u30ff\u3400-\u9fff]/.test(word) && !ENGLISH[word]);
  assert.deepEqual(missing, [], 'words of the form without English');
  assert.deepEqual(
    Object.keys(ENGLISH).filter((word) => !japanese.includes(word)),
    [],
    'English for words the form no longer has',
  );
  const english = formWords(scenarioForm('all', 'en')).map(([holder, key]) => holder[key] as string);
  assert.deepEqual(
    english.filter((word) => /[\u3040-\u30ff\u3400-\u9fff]/.test(word)),
    [],
    'no Japanese left in the English form',
  );
});

test('an unknown request gets an honest help text, no form', async () => {
  const host = await startTestHost();
  try {
    const { events } = await turn(host, { message: 'hello there' });
    const text = replyText(events);
    assert.match(text, /offline demo agent/);
    assert.match(text, /no AI model/);
    assert.equal(
      events.some((e) => e.event === 'tool_use'),
      false,
    );
    assert.equal(events.at(-1)!.data.pending_form, undefined);
  } finally {
    await host.close();
  }
});

test('an mcpServers config can run `form` as a stdio child (`formrequest serve`) instead of in-process', async () => {
  const dir = tempDir();
  try {
    const [command, args] = cliCommand('serve', '--host-renders-forms');
    const path = `${dir.path}/mcp.json`;
    writeFileSync(path, JSON.stringify({ mcpServers: { form: { command, args } } }));
    assert.deepEqual(Object.keys(loadMcpConfig(path)), ['form']);
    const host = await startTestHost({ mcpConfigPath: path });
    try {
      const { events } = await turn(host, { message: 'Enter an address' });
      assert.equal(events.find((e) => e.event === 'tool_result')!.data._metadata.type, 'form_request');
      assert.ok(events.at(-1)!.data.pending_form);
    } finally {
      await host.close();
    }
    writeFileSync(path, JSON.stringify({ servers: {} }));
    assert.throws(() => loadMcpConfig(path), /mcpServers/);
    writeFileSync(path, JSON.stringify({ mcpServers: { bad: { url: 'http://x' } } }));
    assert.throws(() => loadMcpConfig(path), /needs "command"/);
  } finally {
    dir.remove();
  }
});

test('`formrequest demo` refuses an unknown agent with its usage (exit 2)', () => {
  const [command, args] = cliCommand('demo', '--agent', 'nope', '--port', '0');
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 });
  assert.equal(result.status, 2);
  assert.match(result.stderr, /--agent must be one of scripted, anthropic, claude-agent-sdk/);
});
