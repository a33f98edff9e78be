// The corpus of realistic mistaken request_form calls (fixtures/mistaken-calls.json: the kinds of mistake
// models make), sent by real SDK clients to the real `formrequest serve` over stdio and to the HTTP
// transport. Each call must either be refused with the field's index, the property and the exact fix on
// one line of the error, or be forgiven with a note the model sees (structuredContent.normalized, which
// Claude-based hosts show instead of content) and the form read as meant. The score is reported.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { FORM_META_KEY, type RunningHttpServer, startHttpServer } from '@formrequest/server';
import { type ClientKind, connectClient, type Target, type TestClient } from './support.ts';

interface Case {
  id: string;
  mistake: string;
  arguments: Record<string, unknown>;
  expect: {
    outcome: 'normalized' | 'error';
    /** The field's index, when the mistake is in a field. */
    index?: number;
    property: string;
    /** Text of the fix (or of the note), exactly as the line must hold it. */
    fix: string;
    /** The field as read (a subset), for a forgiven call. */
    read?: Record<string, unknown>;
  };
}

const CORPUS: Case[] = JSON.parse(
  readFileSync(new URL('./fixtures/mistaken-calls.json', import.meta.url), 'utf8'),
);

/** The line of `lines` that names the field (in either language), the property and holds the fix. */
function lineFor(lines: string[], expect: Case['expect']): string | undefined {
  const where = (line: string) =>
    expect.index === undefined ||
    line.includes(`フィールド[${expect.index}]`) ||
    line.includes(`field[${expect.index}]`);
  return lines.find((line) => where(line) && line.includes(expect.property) && line.includes(expect.fix));
}

/** Why a result does not meet the case's expectation; undefined when it does. */
function verdict(c: Case, result: any): string | undefined {
  const sc = result.structuredContent ?? {};
  if (Object.keys(sc)[0] !== 'message') return 'structuredContent does not lead with message';
  if (c.expect.outcome === 'error') {
    if (result.isError !== true) return `accepted: ${JSON.stringify(sc)}`;
    if (result.content[0].text !== sc.message) return 'content[0].text and structuredContent.message differ';
    return lineFor(sc.message.split('\n'), c.expect) ? undefined : `no line with the fix in:\n${sc.message}`;
  }
  if (result.isError) return `refused: ${sc.message}`;
  const notes: string[] = sc.normalized ?? [];
  if (!lineFor(notes, c.expect)) return `no note with the fix in: ${JSON.stringify(notes)}`;
  const shown = result.content.map((block: any) => block.text).join('\n');
  if (!lineFor(shown.split('\n'), c.expect)) return 'the note is not in content';
  if (c.expect.read) {
    const field = result._meta?.[FORM_META_KEY]?.fields?.[c.expect.index ?? 0] ?? {};
    for (const [key, value] of Object.entries(c.expect.read)) {
      try {
        assert.deepEqual(field[key], value);
      } catch {
        return `the form read has ${key} = ${JSON.stringify(field[key])}, not ${JSON.stringify(value)}`;
      }
    }
  }
  return undefined;
}

test('the corpus: at least 60 realistic mistaken calls, both outcomes, ids unique', () => {
  assert.ok(CORPUS.length >= 60, `${CORPUS.length} cases`);
  assert.equal(new Set(CORPUS.map((c) => c.id)).size, CORPUS.length);
  for (const outcome of ['normalized', 'error'])
    assert.ok(CORPUS.filter((c) => c.expect.outcome === outcome).length >= 20, outcome);
});

function corpusOver(transport: 'stdio' | 'http', kind: ClientKind, target: () => Target) {
  describe(`${kind} client over ${transport}`, () => {
    let client: TestClient;
    before(async () => {
      client = await connectClient(kind, target());
    });
    after(async () => {
      await client?.close();
    });
    test('every mistaken call: refused with index, property and fix, or forgiven with a note', async (t) => {
      const failures: string[] = [];
      const score = { normalized: 0, error: 0 };
      for (const c of CORPUS) {
        const result = await client.callTool({ name: 'request_form', arguments: c.arguments });
        const why = verdict(c, result);
        if (why) failures.push(`${c.id} (${c.mistake}): ${why}`);
        else score[c.expect.outcome]++;
      }
      const passed = score.normalized + score.error;
      t.diagnostic(
        `score ${passed}/${CORPUS.length}: ${score.normalized} forgiven with a note, ${score.error} refused with index, property and fix`,
      );
      assert.deepEqual(failures, []);
    });
  });
}

let http: RunningHttpServer;
before(async () => {
  http = await startHttpServer({ port: 0 });
});
after(async () => {
  await http?.close();
});

corpusOver('stdio', 'v2-auto', () => ({ stdio: [] }));
corpusOver('stdio', 'v1', () => ({ stdio: [] }));
corpusOver('http', 'v1', () => ({ url: http.url }));
corpusOver('http', 'v2-auto', () => ({ url: http.url }));
