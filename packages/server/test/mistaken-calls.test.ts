// The corpus of realistic mistaken request_form calls (fixtures/mistaken-calls.json: the kinds of mistake
// models make), sent by real SDK clients to the real `formrequest serve` over stdio and to the HTTP
// transport. Each call must either be refused with the field's index, the property and the exact fix on
// one line of the error, or be forgiven with a note the model sees (structuredContent.normalized, which
// Claude-based hosts show instead of content) and the form read as meant. The score is reported.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { FORM_META_KEY, type RunningHttpServer, startHttpServer } from '@formrequest/server';
import {
  type ClientKind,
  connectClient,
  type ElicitHandler,
  type Target,
  type TestClient,
} from './support.ts';

interface Case {
  id: string;
  mistake: string;
  arguments: Record<string, unknown>;
  expect: {
    /** Forgiven with a note, refused, or accepted with a warning that says the vocabulary's way. */
    outcome: 'normalized' | 'error' | 'warning';
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
  if (c.expect.outcome === 'warning') {
    const warnings: string[] = sc.warnings ?? [];
    if (!lineFor(warnings, c.expect)) return `no warning with the fix in: ${JSON.stringify(warnings)}`;
    const shown = result.content.map((block: any) => block.text).join('\n');
    return lineFor(shown.split('\n'), c.expect) ? undefined : 'the warning is not in content';
  }
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
  assert.ok(CORPUS.filter((c) => c.expect.outcome === 'warning').length >= 10, 'warning');
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
      const score = { normalized: 0, error: 0, warning: 0 };
      for (const c of CORPUS) {
        const result = await client.callTool({ name: 'request_form', arguments: c.arguments });
        const why = verdict(c, result);
        if (why) failures.push(`${c.id} (${c.mistake}): ${why}`);
        else score[c.expect.outcome]++;
      }
      const passed = score.normalized + score.error + score.warning;
      t.diagnostic(
        `score ${passed}/${CORPUS.length}: ${score.normalized} forgiven with a note, ${score.error} refused with index, property and fix, ${score.warning} accepted with a warning that names the vocabulary's way`,
      );
      assert.deepEqual(failures, []);
    });
  });
}

let http: RunningHttpServer;
before(async () => {
  // A host that renders the tool call (seed 000's conversation mode) declares it.
  http = await startHttpServer({ port: 0, config: { hostRendersForms: true } });
});
after(async () => {
  await http?.close();
});

corpusOver('stdio', 'v2-auto', () => ({ stdio: ['--host-renders-forms'] }));
corpusOver('stdio', 'v1', () => ({ stdio: ['--host-renders-forms'] }));
corpusOver('http', 'v1', () => ({ url: http.url }));
corpusOver('http', 'v2-auto', () => ({ url: http.url }));

/**
 * A person who answers every dialog: the default of each property, else its first choice, a date a
 * month ahead, the smallest number, or some text. Enough for most forms to come back submitted.
 */
const acceptAll: ElicitHandler = async (params) => {
  const content: Record<string, unknown> = {};
  const inMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (const [name, prop] of Object.entries<any>(params.requestedSchema?.properties ?? {})) {
    if (prop.default !== undefined) content[name] = prop.default;
    else if (prop.oneOf) content[name] = prop.oneOf[0].const;
    else if (prop.type === 'array') content[name] = [prop.items?.anyOf?.[0]?.const].filter(Boolean);
    else if (prop.type === 'boolean') content[name] = false;
    else if (prop.type === 'number' || prop.type === 'integer') content[name] = prop.minimum ?? 1;
    else if (prop.format === 'date') content[name] = inMonth;
    else if (prop.format === 'date-time') content[name] = `${inMonth}T09:00:00Z`;
    else content[name] = 'abc';
  }
  return { action: 'accept', content };
};

/**
 * The forgiven calls again with `--elicitation auto` and a client that shows the dialog and answers:
 * whatever the route (the dialog's submitted, invalid answers, the conversation, shown nowhere), the
 * note of what was changed reaches the model in structuredContent and in content.
 */
describe('forgiven calls through the dialog (--elicitation auto, an accepting client)', () => {
  let client: TestClient;
  before(async () => {
    client = await connectClient('v2-auto', { stdio: ['--elicitation', 'auto'] }, acceptAll);
  });
  after(async () => {
    await client?.close();
  });
  test('every forgiven call carries its note, the submitted ones too', async (t) => {
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    for (const c of CORPUS.filter((c) => c.expect.outcome === 'normalized')) {
      const result = await client.callTool({ name: 'request_form', arguments: c.arguments });
      const sc = result.structuredContent ?? {};
      statuses[sc.status] = (statuses[sc.status] ?? 0) + 1;
      if (Object.keys(sc)[0] !== 'message')
        failures.push(`${c.id}: structuredContent does not lead with message`);
      else if (!lineFor(sc.normalized ?? [], c.expect))
        failures.push(`${c.id} (${sc.status}): no note with the fix in ${JSON.stringify(sc.normalized)}`);
      else if (
        !lineFor(
          result.content
            .map((b: any) => b.text)
            .join('\n')
            .split('\n'),
          c.expect,
        )
      )
        failures.push(`${c.id} (${sc.status}): the note is not in content`);
    }
    t.diagnostic(`statuses: ${JSON.stringify(statuses)}`);
    assert.deepEqual(failures, []);
    // The dialog really answered most of them (the gap was exactly there).
    assert.ok((statuses.submitted ?? 0) >= 20, JSON.stringify(statuses));
  });
  test('select + multiple + string options + an unknown key: submitted, with the note and the warning', async () => {
    const result = await client.callTool({
      name: 'request_form',
      arguments: {
        form_schema: {
          title: 'New project',
          fields: [
            {
              name: 'features',
              type: 'select',
              label: 'Features',
              multiple: true,
              options: ['auth', 'db'],
              colour: 'red',
            },
          ],
        },
      },
    });
    const sc = result.structuredContent;
    assert.equal(sc.status, 'submitted', sc.message);
    assert.deepEqual(sc.values, { features: ['auth'] });
    assert.ok(
      sc.normalized?.some((n: string) => n.includes('multiple')),
      JSON.stringify(sc.normalized),
    );
    assert.ok(
      sc.normalized?.some((n: string) => n.includes('options')),
      JSON.stringify(sc.normalized),
    );
    assert.ok(
      sc.warnings?.some((w: string) => w.includes('colour')),
      JSON.stringify(sc.warnings),
    );
    const shown = result.content.map((b: any) => b.text).join('\n');
    for (const line of [...sc.normalized, ...sc.warnings]) assert.ok(shown.includes(line), line);
  });
});

describe('warnings and notes a model sees beside the form or the refusal (HTTP, v1 client)', () => {
  let client: TestClient;
  before(async () => {
    client = await connectClient('v1', { url: http.url });
  });
  after(async () => {
    await client?.close();
  });
  test('plain warnings (an unknown property, searchParams without {query}) are in structuredContent.warnings', async () => {
    const result = await client.callTool({
      name: 'request_form',
      arguments: {
        form_schema: {
          title: 'New project',
          fields: [
            { name: 'code', type: 'text', label: 'Code', colour: 'red' },
            {
              name: 'owner',
              type: 'autocomplete',
              label: 'Owner',
              searchUrl: 'https://api.example.com/users/search',
              searchParams: { limit: 5 },
              displayField: 'name',
              valueField: 'id',
            },
          ],
        },
      },
    });
    const sc = result.structuredContent;
    assert.equal(sc.status, 'waiting_for_input', sc.message);
    assert.deepEqual(sc.warnings, [
      "Warning: field[0] (type: text): unknown property 'colour' is ignored.",
      'Warning: field[1] (type: autocomplete): searchParams has no "{query}", so the typed text is not sent. Add e.g. "q": "{query}".',
    ]);
    assert.equal(sc.normalized, undefined);
  });
  test('a searchUrl at the cloud metadata address is warned about, not refused; a backslash path is refused', async () => {
    const form = (searchUrl: string) => ({
      title: 'Lookup',
      fields: [
        {
          name: 'owner',
          type: 'autocomplete',
          label: 'Owner',
          searchUrl,
          searchParams: { q: '{query}' },
          displayField: 'name',
          valueField: 'id',
        },
      ],
    });
    const metadata = await client.callTool({
      name: 'request_form',
      arguments: { form_schema: form('http://169.254.169.254/latest/meta-data') },
    });
    assert.equal(metadata.structuredContent.status, 'waiting_for_input');
    assert.equal(metadata.structuredContent.warnings.length, 1);
    assert.match(metadata.structuredContent.warnings[0], /^Warning: .*a cloud metadata address/);
    const backslash = await client.callTool({
      name: 'request_form',
      arguments: { form_schema: form('/\\evil.example/users') },
    });
    assert.equal(backslash.isError, true);
    assert.match(backslash.structuredContent.message, /is not a usable URL.*no backslash/);
  });
  test('a refusal keeps the notes of the same check: normalized and warnings next to the error', async () => {
    const result = await client.callTool({
      name: 'request_form',
      arguments: {
        form_schema: {
          title: 'New project',
          fields: [
            { name: 'size', type: 'select', label: 'Size', options: ['S', 'M'], colour: 'red' },
            { name: 'x', type: 'bogus', label: 'X' },
          ],
        },
      },
    });
    const sc = result.structuredContent;
    assert.equal(result.isError, true);
    assert.equal(sc.status, 'error');
    assert.match(sc.message, /field\[1\]/);
    assert.ok(
      sc.normalized?.some((n: string) => n.includes('field[0]') && n.includes('options')),
      JSON.stringify(sc),
    );
    assert.ok(
      sc.warnings?.some((w: string) => w.includes("'colour'")),
      JSON.stringify(sc),
    );
  });
});
