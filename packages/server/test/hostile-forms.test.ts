// Forms a model can be steered into writing, sent to the real server over stdio (`formrequest serve`)
// and Streamable HTTP with real SDK clients: hostile patterns are refused up front with the field, the
// property and the limit, or matched on 50,000 characters (answered through elicitation) with the same
// verdict as the schema engine everywhere else; forms nested too deep are tool errors naming the field,
// over HTTP too; and the server answers the next call every time.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { compilePattern, validateAnswers } from '@formrequest/schema';
import { MAX_PATTERN_SIZE } from '@formrequest/schema/pattern';
import { type RunningHttpServer, startHttpServer } from '@formrequest/server';
import { ADMITTED, hostileTexts, patternForm, REFUSED } from '../../../testing/hostile-patterns.ts';
import { type ClientKind, connectClient, type Target, type TestClient } from './support.ts';

const errorText = (result: any) => result.content.map((c: any) => c.text).join('\n');
// Far above any real cost (the benchmark has the exact figures), far below what a hang would take.
const CEILING_MS = 5000;

let http: RunningHttpServer;
before(async () => {
  // The policy that lets request_form ask through the client's own form (elicitation).
  http = await startHttpServer({ port: 0, config: { elicitation: 'auto' } });
});
after(async () => {
  await http?.close();
});

function hostile(transport: 'stdio' | 'http', kind: ClientKind, target: () => Target) {
  describe(`${kind} over ${transport}`, () => {
    let client: TestClient;
    // What the "person" types into the client's own form; a re-ask (the answer failed) is cancelled.
    let answer = '';
    let asked = 0;
    before(async () => {
      client = await connectClient(kind, target(), async () => {
        asked++;
        return asked === 1 ? { action: 'accept', content: { text: answer } } : { action: 'cancel' };
      });
    });
    after(async () => {
      await client?.close();
    });

    const timed = async (args: Record<string, unknown>) => {
      const start = performance.now();
      const result = await client.callTool({ name: 'request_form', arguments: args });
      const ms = performance.now() - start;
      assert.ok(ms < CEILING_MS, `the call took ${ms.toFixed(0)} ms`);
      return result;
    };

    test('refused patterns: a tool error naming the field, the property and the limit; the next call works', async () => {
      for (const { name, pattern } of REFUSED) {
        const result = await timed({ form_schema: patternForm(pattern) });
        assert.equal(result.isError, true, name);
        assert.match(errorText(result), /^エラー: フィールド\[0\]（type: text）のpattern /, name);
      }
      const big = await timed({ form_schema: patternForm('\\s{0,1000}'.repeat(45)) });
      assert.match(errorText(big), new RegExp(`（規模 4455、上限 ${MAX_PATTERN_SIZE}）`));
      const { tools } = await client.listTools();
      assert.ok(tools.some((t: any) => t.name === 'request_form'));
    });

    test("the issue's blow-up: 400 fields of \\s{0,1000} x 45 (222 KB) are refused at once", async () => {
      const result = await timed({ form_schema: patternForm('\\s{0,1000}'.repeat(45), 400) });
      assert.equal(result.isError, true);
      const lines = errorText(result).split('\n');
      assert.match(lines[0]!, /フィールド\[0\]（type: text）のpattern .*は大きすぎて速く照合できません/);
      assert.match(lines.at(-1)!, /patternの文字数の合計が上限 20000 を超えました/);
      const ok = await timed({ form_schema: patternForm('^[a-z]+$') });
      assert.equal(ok.isError, undefined, 'the server answers the next call');
    });

    test('admitted hostile patterns: 50,000 characters get the verdict of the schema engine, in time', async () => {
      for (const { name, pattern } of ADMITTED) {
        for (const text of hostileTexts()) {
          answer = text;
          asked = 0;
          const result = await timed({ form_schema: patternForm(pattern) });
          // The verdict every surface reaches: validateAnswers runs the schema engine (a text of
          // spaces only counts as empty, so the pattern does not apply).
          const verdict = validateAnswers(patternForm(pattern) as never, { text });
          const expected = verdict.ok;
          if (text.trim()) assert.equal(expected, compilePattern(pattern).test(text));
          const label = `${name} on ${JSON.stringify(text.slice(0, 12))}… (${text.length})`;
          assert.equal(result.structuredContent?.status, expected ? 'submitted' : 'cancelled', label);
          if (expected) assert.deepEqual(result.structuredContent.values, verdict.values, label);
          else assert.equal(asked, 2, `${label}: asked again with the pattern's message`);
        }
      }
    });

    test('a form nested more than 100 levels: a tool error naming the field and property', async () => {
      let deep: unknown = 'x';
      for (let i = 0; i < 150; i++) deep = [deep];
      const result = await timed({
        form_schema: { title: 't', fields: [{ name: 'h', type: 'hidden', value: deep }, { type: 'text' }] },
      });
      assert.equal(result.isError, true);
      const [first, second] = errorText(result).split('\n');
      assert.match(
        first!,
        /^エラー: フィールド\[0\]（type: hidden）のvalueの入れ子が深すぎます（form_schemaから数えて/,
      );
      assert.equal(second, 'エラー: フィールド[1]（type: text）にnameが指定されていません。');
    });
  });
}

hostile('stdio', 'v1', () => ({ stdio: ['--elicitation', 'auto'] }));
hostile('http', 'v2-auto', () => ({ url: http.url }));
hostile('http', 'v1', () => ({ url: http.url }));
