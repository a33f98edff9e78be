import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cliCommand, repoRoot } from '../../../testing/cli.ts';

function run(args: string[], input?: string) {
  const [cmd, argv] = cliCommand(...args);
  const r = spawnSync(cmd, argv, { cwd: repoRoot, input, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const dir = mkdtempSync(join(tmpdir(), 'formrequest-cli-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

test('--help lists the verbs; --version prints the version; no verb is a usage error', () => {
  const help = run(['--help']);
  assert.equal(help.code, 0);
  for (const verb of ['serve', 'demo', 'check', 'ask', 'question', 'skill', 'spec'])
    assert.match(help.out, new RegExp(`^  ${verb} `, 'm'));
  const version = run(['--version']);
  assert.equal(version.code, 0);
  assert.match(version.out, /^\d+\.\d+\.\d+\n$/);
  assert.equal(run([]).code, 2);
});

test('unknown verbs and flags get a clear error and exit 2', () => {
  const verb = run(['chek', 'x.json']);
  assert.equal(verb.code, 2);
  assert.match(verb.err, /unknown verb 'chek'\. Did you mean 'check'\?/);
  const flag = run(['check', '--bogus', 'x.json']);
  assert.equal(flag.code, 2);
  assert.match(flag.err, /formrequest check: Unknown option '--bogus'/);
  assert.match(flag.err, /Usage: formrequest check FILE/);
});

test('check: the examples are valid (exit 0)', () => {
  for (const name of ['example1-project', 'example2-assign', 'example3-address', 'all-types']) {
    const r = run(['check', join(repoRoot, 'examples/forms', `${name}.json`)]);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /: OK \(\d+ fields\)\n$/);
  }
});

test('check: a broken form prints every message in the tool wording and exits 1', () => {
  const bad = file(
    'bad.json',
    JSON.stringify({ title: 'x', fields: [{ type: 'text' }, { name: 'a', type: 'invalid_type' }] }),
  );
  const r = run(['check', bad]);
  assert.equal(r.code, 1);
  assert.equal(
    r.out,
    'エラー: フィールド[0]（type: text）にnameが指定されていません。\n' +
      "エラー: フィールド[1]の無効なtype: 'invalid_type'。有効なタイプ: async-select, autocomplete, cascading-select, checkbox, date, datetime, divider, file, heading, hidden, multi-autocomplete, multiselect, number, radio, range, select, text, textarea\n",
  );
  const en = run(['check', bad, '--locale', 'en']);
  assert.match(en.out, /^Error: field\[0\] \(type: text\) has no name\.$/m);
  const json = JSON.parse(run(['check', bad, '--json']).out);
  assert.deepEqual(
    json.errors.map((e: { code: string }) => e.code),
    ['missingName', 'invalidType'],
  );
});

test('check: tool call input and standard input are accepted', () => {
  const wrapped = file(
    'call.json',
    JSON.stringify({ form_schema: { title: 't', fields: [{ name: 'a', type: 'text' }] } }),
  );
  assert.equal(run(['check', wrapped]).code, 0);
  assert.equal(
    run(['check', '-'], JSON.stringify({ title: 't', fields: [{ name: 'a', type: 'text' }] })).code,
    0,
  );
});

test('check: unreadable files exit 2 with what to fix', () => {
  const missing = run(['check', join(dir, 'nope.json')]);
  assert.equal(missing.code, 2);
  assert.match(missing.err, /cannot read .*nope\.json: no such file\./);
  const broken = run(['check', file('broken.json', '{"title": "x",')]);
  assert.equal(broken.code, 2);
  assert.match(broken.err, /broken\.json is not valid JSON: .*Check the quotes, commas and brackets\./);
  assert.equal(run(['check']).code, 2);
});

test("ask and question: unreadable files exit 2 with what to fix in the run's language, before any terminal is needed", () => {
  const broken = file('broken-form.json', '{"title": "x",');
  for (const verb of ['ask', 'question']) {
    const missing = run([verb, join(dir, 'nope.json')]);
    assert.equal(missing.code, 2, verb);
    assert.equal(
      missing.err,
      `formrequest ${verb}: ${join(dir, 'nope.json')} を読み込めません: ファイルがありません。\n`,
    );
    const bad = run([verb, broken]);
    assert.equal(bad.code, 2, verb);
    assert.match(
      bad.err,
      new RegExp(
        `^formrequest ${verb}: .*broken-form\\.json は正しい JSON ではありません: .*引用符・カンマ・括弧を確認してください。\\n$`,
      ),
    );
    const en = run([verb, broken, '--locale', 'en']);
    assert.match(en.err, /broken-form\.json is not valid JSON: .*Check the quotes, commas and brackets\./);
  }
});

test('question --json: an unreadable file is still a ToolResult, with VALIDATION_ERROR', () => {
  const missing = join(dir, 'nope.json');
  const r = run(['question', missing, '--json']);
  assert.equal(r.code, 2);
  const result = JSON.parse(r.out);
  assert.deepEqual(result.details.answers, []);
  assert.equal(result.details.error.code, 'VALIDATION_ERROR');
  assert.deepEqual(result.details.error.details, {
    file: missing,
    reason: `${missing} を読み込めません: ファイルがありません。`,
  });
  assert.match(result.content[0].text, /^エラー \[VALIDATION_ERROR\]/);
});

test('spec: an --out that cannot be written exits 2 with one line, no stack trace', () => {
  const catalog = join(repoRoot, 'examples/catalogs/sample.yaml');
  const r = run(['spec', catalog, '--out', dir]);
  assert.equal(r.code, 2, r.err);
  assert.match(
    r.err,
    new RegExp(`^formrequest spec: cannot write the document to ${dir}: .* is not a regular file`, 'm'),
  );
  assert.doesNotMatch(r.err, /\n\s+at /);
});

test('ask: a --base-url that is not an http(s) URL is a usage error before the form opens', () => {
  const form = join(repoRoot, 'examples/forms/example1-project.json');
  for (const url of ['notaurl', 'ftp://127.0.0.1/', '127.0.0.1:3000']) {
    const r = run(['ask', form, '--base-url', url]);
    assert.equal(r.code, 2, url);
    assert.match(
      r.err,
      new RegExp(
        `^formrequest ask: --base-url must be an absolute http:// or https:// URL such as http://127\\.0\\.0\\.1:3000, not '${url.replaceAll('.', '\\.')}'\\.\\n\\nUsage: formrequest ask`,
      ),
    );
  }
});

test('spec/skill: --help after -- goes to the server command, not to formrequest', () => {
  // The "server" exits at once, so the verb must try to start it rather than print its own usage.
  const r = run(['spec', '--', process.execPath, '-e', 'process.exit(0)', '--help']);
  assert.equal(r.code, 2, r.err);
  assert.doesNotMatch(r.out + r.err, /Usage: formrequest spec/);
  // node took the --help: it printed its own usage on stdout, which is reported at once.
  assert.match(
    r.err,
    /^formrequest spec: the MCP server .* wrote a line on stdout that is not JSON-RPC .*"Usage: node /,
  );
  assert.equal(run(['spec', '--help', '--', 'x']).code, 0);
});

test('check: a metadata or private searchUrl is a warning (exit 0), quiet with --allow-private-urls; a backslash path is refused', () => {
  const form = (searchUrl: string) =>
    JSON.stringify({
      title: 'Lookup',
      locale: 'en',
      fields: [
        {
          name: 'o',
          type: 'autocomplete',
          searchUrl,
          searchParams: { q: '{query}' },
          displayField: 'n',
          valueField: 'id',
        },
      ],
    });
  const metadata = file('metadata.json', form('http://169.254.169.254/latest/meta-data'));
  const warned = run(['check', metadata]);
  assert.equal(warned.code, 0, warned.err);
  assert.match(
    warned.out,
    /^Warning: .*'http:\/\/169\.254\.169\.254\/latest\/meta-data' names a cloud metadata address/m,
  );
  const allowed = run(['check', metadata, '--allow-private-urls']);
  assert.equal(allowed.out, `${metadata}: OK (1 fields)\n`);
  const intranet = run(['check', file('intranet.json', form('http://10.0.0.5/api/users'))]);
  assert.match(intranet.out, /a private network address/);
  const backslash = run(['check', file('backslash.json', form('/\\evil.example/users'))]);
  assert.equal(backslash.code, 1);
  assert.match(backslash.out, /is not a usable URL/);
});

test("an empty flag value (--out '', --config=) is refused with a message, before anything is written", () => {
  for (const args of [
    ['skill', join(repoRoot, 'examples/catalogs/sample.yaml'), '--out', ''],
    ['spec', join(repoRoot, 'examples/catalogs/sample.yaml'), '--out', ''],
    ['skill', '--form', '--out='],
    ['check', 'x.json', '--locale', ' '],
  ]) {
    const r = run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, /--(out|locale) needs a value; an empty one is not a (path|value)\./, args.join(' '));
  }
});
