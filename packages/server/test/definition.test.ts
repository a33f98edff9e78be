// The budget of request_form's definition (issues 14 and 24): what a model reads on every turn. Claude
// Code cuts an MCP tool description at 2,048 characters, so the essentials come first and the whole
// description fits; description + input schema stay within 5,500 characters with the seed's four
// endpoints, as a real client lists them (DEFINITION_BUDGET; the long-term goal is 4,135).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { endpointsTableMarkdown } from '@formrequest/schema/guidance';
import { answerShapeText, requestFormInputJsonSchema, requestFormToolDescription } from '@formrequest/server';
import {
  assertRequestFormTool,
  DEFINITION_BUDGET,
  DESCRIPTION_CUT,
  SEED_ENDPOINTS,
  stdioClient,
} from './support.ts';

/** What must be within the first 2,048 characters: when, the turn, the answer, the endpoints. */
function assertEssentialsUpFront(description: string, endpoints = SEED_ENDPOINTS): void {
  const shown = description.slice(0, DESCRIPTION_CUT);
  for (const essential of [
    'フォームを表示', // what it does
    '複数の情報が必要な場合はフォームを使用', // when to use it
    '`question` ツール', // and when not
    '呼び出した後はターンを終えてください', // the turn ends
    '回答は次のユーザーメッセージ', // the answer arrives as the next message
    `値: ${answerShapeText()}`, // its shape
    'フォーム入力をキャンセルしました。',
    '英語のフォームは "locale": "en"。', // English messages for an English form (issue 14)
    endpointsTableMarkdown(endpoints), // every endpoint
  ])
    assert.ok(shown.includes(essential), `not within the first ${DESCRIPTION_CUT} characters: ${essential}`);
}

test("the seed's four endpoints: the description fits the cut, and the definition the budget", () => {
  const description = requestFormToolDescription({ endpoints: SEED_ENDPOINTS });
  const schema = JSON.stringify(requestFormInputJsonSchema());
  assert.ok(description.length <= DESCRIPTION_CUT, `description: ${description.length}`);
  assert.ok(
    description.length + schema.length <= DEFINITION_BUDGET,
    `description ${description.length} + input schema ${schema.length} = ${description.length + schema.length}`,
  );
  assertEssentialsUpFront(description);
});

test('many endpoints: the essentials still come before anything a client may cut', () => {
  const many = Array.from({ length: 40 }, (_, i) => ({
    purpose: `検索 ${i}`,
    url: `https://api.example.com/search/${i}`,
    params: { q: '検索クエリ' },
  }));
  const description = requestFormToolDescription({ endpoints: many });
  assert.ok(description.length > DESCRIPTION_CUT);
  const shown = description.slice(0, DESCRIPTION_CUT);
  assert.ok(shown.indexOf('呼び出した後はターンを終えてください') < shown.indexOf('| 用途 |'));
  assert.ok(shown.includes(`値: ${answerShapeText()}`));
});

test('listed by a real client from `formrequest serve --config`: the same definition, within the budget', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'formrequest-definition-'));
  const config = join(dir, 'seed.json');
  writeFileSync(config, JSON.stringify({ endpoints: SEED_ENDPOINTS }));
  const client = await stdioClient('v2-auto', '--config', config);
  try {
    const { tools } = await client.listTools();
    const tool = tools.find((x) => x.name === 'request_form');
    assertRequestFormTool(tool);
    assert.equal(tool.description, requestFormToolDescription({ endpoints: SEED_ENDPOINTS }));
    assertEssentialsUpFront(tool.description);
    const size = tool.description.length + JSON.stringify(tool.inputSchema).length;
    t.diagnostic(
      `request_form as listed: description ${tool.description.length} + input schema ${JSON.stringify(tool.inputSchema).length} = ${size} characters`,
    );
    assert.ok(size <= DEFINITION_BUDGET, `${size}`);
  } finally {
    await client.close();
  }
});
