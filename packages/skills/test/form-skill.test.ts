// The form tool's own skill: the seed's sections, the endpoint table from a real config file, and
// example forms that pass validateFormSchema.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { validateFormSchema } from '@formrequest/schema';
import { REQUEST_FORM_OUTPUT_JSON_SCHEMA } from '@formrequest/server';
import { formSkill, isValidSkillName } from '@formrequest/skills';
import { parse } from 'yaml';
import { FORM_SKILL_EXAMPLES } from '../src/form-skill.ts';

const config = {
  endpoints: [
    {
      purpose: 'ユーザー検索',
      url: 'https://api.example.com/users/search',
      params: { q: '検索クエリ', limit: '件数' },
    },
    { purpose: 'カテゴリ一覧', url: 'https://api.example.com/categories' },
  ],
};

test('the skill has the seed sections and the endpoint table from the config file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'form-skill-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify(config));
  const skill = formSkill({ configPath: path });
  const md = skill.files[0]!.content;
  const fm = parse(/^---\n([\s\S]*?)\n---\n/.exec(md)![1]!);
  assert.ok(isValidSkillName(fm.name));
  assert.equal(skill.files[0]!.path, `${fm.name}/SKILL.md`);
  assert.ok(fm.description.length > 0 && fm.description.length <= 1024);
  assert.match(
    md,
    /## FormRequest ツール\n\nユーザーにフォーム入力を求める場合は `mcp__form__request_form` ツールを使用してください。/,
  );
  assert.match(
    md,
    /### 利用可能な検索エンドポイント\n\n\| 用途 \| URL \| パラメータ \|\n\|------\|-----\|-----------\|\n\| ユーザー検索 \| `https:\/\/api\.example\.com\/users\/search` \| `q`: 検索クエリ, `limit`: 件数 \|\n\| カテゴリ一覧 \| `https:\/\/api\.example\.com\/categories` \| なし \|/,
  );
  assert.match(
    md,
    /### 使用ガイドライン\n\n1\. \*\*複数の情報が必要な場合はフォームを使用\*\*\n {3}- プロジェクト作成、設定変更、複雑なデータ入力など\n/,
  );
  assert.match(md, /5\. \*\*フォームが長くなる場合は divider や heading でセクション分け\*\*/);
  assert.match(
    md,
    /### フォーム例\n[\s\S]*#### プロジェクト作成\n```json\n\{\n {2}"title": "新規プロジェクト作成",/,
  );
});

test('without a config the skill says there are no endpoints; a bad config is an error that names the file', () => {
  assert.match(formSkill().files[0]!.content, /検索エンドポイントがありません/);
  assert.throws(() => formSkill({ configPath: '/nonexistent/config.json' }), /config\.json/);
});

test('every example form, as printed in the skill, parses and passes validateFormSchema', () => {
  const md = formSkill().files[0]!.content;
  const blocks = [...md.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]!));
  assert.equal(blocks.length, FORM_SKILL_EXAMPLES.length);
  blocks.forEach((form, i) => {
    assert.deepEqual(form, FORM_SKILL_EXAMPLES[i]!.form);
    const result = validateFormSchema(form);
    assert.ok(result.ok, JSON.stringify(result.errors));
  });
});

test('the skill says what each result status means: the answer as the next message or in the result', () => {
  const text = formSkill().files[0]!.content;
  const statuses = REQUEST_FORM_OUTPUT_JSON_SCHEMA.properties.status.enum.filter((s) => s !== 'error');
  for (const status of statuses) assert.ok(text.includes(`\`${status}\``), `the skill explains ${status}`);
  assert.match(text, /次のユーザーメッセージとして JSON/);
  assert.match(text, /結果の `values`/);
  assert.match(text, /isError/);
});

test('the skill tells the agent about `labels`: what the person saw beside the ids in a result', () => {
  const text = formSkill().files[0]!.content;
  // The result carries them (issue 32: labels beside ids); the skill must say what they are for.
  assert.ok('labels' in REQUEST_FORM_OUTPUT_JSON_SCHEMA.properties, 'the result has labels');
  const line = text.split('\n').find((l) => l.includes('`labels`'));
  assert.ok(line, 'the skill names `labels`');
  assert.match(line, /`submitted`/, 'in which results');
  assert.match(line, /ユーザーが見た表示名/, 'what they are: what the person saw');
  assert.match(line, /"u001"` → 「山田 太郎」/, 'an id beside its label');
  assert.match(line, /返答ではこちらを使って/, 'what to do with them');
});
