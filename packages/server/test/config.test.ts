// The config file and what it puts into the tool description (the seed's Agent Skills table).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { FIELD_TYPES, isInputField } from '@formrequest/schema';
import { endpointsTableMarkdown } from '@formrequest/schema/guidance';
import { loadServerConfig, requestFormToolDescription } from '@formrequest/server';
import { SEED_ENDPOINTS } from './support.ts';

// Seed 000, "Agent Skills への記載例", the table as printed there.
const SEED_TABLE = `| 用途 | URL | パラメータ |
|------|-----|-----------|
| ユーザー検索 | \`https://api.example.com/users/search\` | \`q\`: 検索クエリ, \`limit\`: 件数 |
| プロジェクト検索 | \`https://api.example.com/projects/search\` | \`q\`: 検索クエリ |
| カテゴリ一覧 | \`https://api.example.com/categories\` | なし |
| 都道府県一覧 | \`https://api.example.com/prefectures\` | \`country_code\`: 国コード |`;

const dir = mkdtempSync(join(tmpdir(), 'formrequest-config-'));
function configFile(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

test('endpointsTableMarkdown reproduces the seed table exactly', () => {
  assert.equal(endpointsTableMarkdown(SEED_ENDPOINTS), SEED_TABLE);
});

test('table cells stay on one line and cannot break the table', () => {
  const table = endpointsTableMarkdown([
    { purpose: 'a|b\nc', url: 'https://x.test/s', params: { q: 'x|y' } },
  ]);
  assert.equal(table.split('\n')[2], '| a\\|b c | `https://x.test/s` | `q`: x\\|y |');
});

test('loadServerConfig reads a valid file', () => {
  const full = {
    endpoints: SEED_ENDPOINTS,
    elicitation: 'auto',
    urlMode: false,
    pagePort: 4567,
    progressIntervalMs: 500,
    reaskWindowMs: 0,
  };
  const path = configFile('ok.json', JSON.stringify(full));
  assert.deepEqual(loadServerConfig(path), full);
  assert.deepEqual(loadServerConfig(configFile('empty.json', '{}')), {});
  // as Windows editors save it, with a byte order mark
  const bom = configFile('bom.json', `\uFEFF${JSON.stringify({ endpoints: SEED_ENDPOINTS })}`);
  assert.deepEqual(loadServerConfig(bom), { endpoints: SEED_ENDPOINTS });
});

test('loadServerConfig errors name the file and the bad key', () => {
  const cases: [string, string, RegExp][] = [
    ['missing.json', '', /Cannot read the server config file .*nope\.json/],
    ['broken.json', '{"endpoints": [', /broken\.json is not valid JSON/],
    ['array.json', '[]', /array\.json: the top level must be a JSON object/],
    [
      'unknown.json',
      '{"endpoint": []}',
      /unknown\.json: unknown key "endpoint" \(allowed: endpoints, elicitation, hostRendersForms, urlMode, pagePort, progressIntervalMs, allowPrivateUrls, maxPendingForms, maxPendingFormsPerSession, reaskWindowMs\)/,
    ],
    ['notarray.json', '{"endpoints": {}}', /"endpoints" must be an array/],
    ['nourl.json', '{"endpoints": [{"purpose": "x"}]}', /"endpoints\[0\]\.url" must be an absolute http/],
    ['ftp.json', '{"endpoints": [{"purpose": "x", "url": "ftp://a.test"}]}', /"endpoints\[0\]\.url"/],
    [
      'nopurpose.json',
      '{"endpoints": [{"url": "https://a.test"}]}',
      /"endpoints\[0\]\.purpose" must be a non-empty string/,
    ],
    [
      'params.json',
      '{"endpoints": [{"purpose": "x", "url": "https://a.test", "params": {"q": 1}}]}',
      /"endpoints\[0\]\.params\.q" must be a string/,
    ],
    [
      'extra.json',
      '{"endpoints": [{"purpose": "x", "url": "https://a.test", "method": "GET"}]}',
      /unknown key "endpoints\[0\]\.method"/,
    ],
    ['elicit.json', '{"elicitation": "always"}', /"elicitation" must be "never" or "auto", not "always"/],
    ['urlmode.json', '{"urlMode": "yes"}', /"urlMode" must be true or false, not "yes"/],
    ['pageport.json', '{"pagePort": 70000}', /"pagePort" must be a port number from 0 to 65535/],
    [
      'progress.json',
      '{"progressIntervalMs": 5}',
      /"progressIntervalMs" must be a whole number of milliseconds from 100/,
    ],
    [
      'reask-negative.json',
      '{"reaskWindowMs": -1}',
      /"reaskWindowMs" must be a whole number of milliseconds from 0 \(no re-ask\) to 86400000 \(24 h\), not -1/,
    ],
    ['reask-long.json', '{"reaskWindowMs": 86400001}', /"reaskWindowMs" must be .* not 86400001/],
    ['reask-text.json', '{"reaskWindowMs": "30m"}', /"reaskWindowMs" must be .* not "30m"/],
    ['reask-fraction.json', '{"reaskWindowMs": 1.5}', /"reaskWindowMs" must be a whole number/],
  ];
  for (const [name, content, expected] of cases) {
    const path = name === 'missing.json' ? join(dir, 'nope.json') : configFile(name, content);
    assert.throws(
      () => loadServerConfig(path),
      (error: Error) => {
        assert.match(error.message, expected, name);
        if (name !== 'missing.json') assert.ok(error.message.includes(path), `${name}: names the file`);
        return true;
      },
    );
  }
});

test('all problems are reported at once', () => {
  const path = configFile('many.json', '{"endpoints": [{"purpose": ""}], "elicitation": 3, "x": 1}');
  assert.throws(
    () => loadServerConfig(path),
    (error: Error) => {
      for (const part of [
        'unknown key "x"',
        '"elicitation"',
        '"endpoints[0].purpose"',
        '"endpoints[0].url"',
      ]) {
        assert.ok(error.message.includes(part), part);
      }
      return true;
    },
  );
});

test("the description carries the endpoint table, the guidelines that decide the call and every input type's answer", () => {
  const description = requestFormToolDescription({ endpoints: SEED_ENDPOINTS });
  assert.ok(description.includes(`### 利用可能な検索エンドポイント\n${SEED_TABLE}`));
  for (const guideline of [
    '複数の情報が必要な場合はフォームを使用',
    '単純な選択のみ（はい/いいえ、A/B/C）は `question` ツールを使用',
    '検索が必要なフィールドには autocomplete タイプを使用',
  ]) {
    assert.ok(description.includes(guideline), guideline);
  }
  // The style guidelines are the form skill's (the description is read on every turn).
  for (const guideline of ['suggestions で入力例を提示', 'divider や heading でセクション分け'])
    assert.ok(!description.includes(guideline), guideline);
  assert.ok(!description.includes('AskUserQuestion'));
  const answers = description.split('\n').find((line) => line.startsWith('値: '))!;
  for (const type of FIELD_TYPES)
    if (isInputField({ type })) assert.ok(answers.includes(type), `the answer of ${type}`);
  assert.ok(description.includes('フォーム入力をキャンセルしました。'));
  const bare = requestFormToolDescription();
  assert.ok(!bare.includes('| 用途 |'));
  assert.match(bare, /検索エンドポイント\nこのサーバーには設定されていません/);
  // Hints never invent URLs: the only URLs in the description are the configured ones.
  assert.deepEqual(bare.match(/https?:\/\/\S+/g), null);
});

test('the description says where the answers arrive under each policy', () => {
  const never = requestFormToolDescription({ elicitation: 'never' });
  const declared = requestFormToolDescription({ hostRendersForms: true });
  for (const text of [never, declared]) {
    assert.match(text, /回答は次のユーザーメッセージで、name をキーにした JSON として届きます/);
    assert.ok(!text.includes('not_shown'));
  }
  const auto = requestFormToolDescription();
  assert.equal(auto, requestFormToolDescription({ elicitation: 'auto' }), 'auto is the default');
  assert.match(auto, /回答はこの結果で返ります/);
  assert.match(auto, /not_shown \/ unseen は誰にも見えていないので会話で尋ねる/);
  assert.ok(!auto.includes('回答は次のユーザーメッセージで、name をキーにした JSON'));
  for (const text of [never, declared, auto]) assert.ok(text.length <= 2048, `${text.length} characters`);
});
