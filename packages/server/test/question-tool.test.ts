// The `question` tool (seed 004) with real clients: elicitation where the server's policy allows it and
// the client declares it (answers in seed 004's words, in structuredContent.message too), a form request
// in the conversation mode, NO_UI where nothing can show it, and the seed's error texts. Served over
// HTTP in this process: none of it depends on the transport (elicitation over stdio: elicitation.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { validateFormSchema } from '@formrequest/schema';
import { FORM_META_KEY } from '@formrequest/server';
import { repoRoot } from '../../../testing/cli.ts';
import { type ClientKind, connectClient, type ElicitHandler } from './support.ts';

function questionFile(name: string): Record<string, unknown> {
  const data = JSON.parse(readFileSync(resolve(repoRoot, 'examples/questions', name), 'utf8'));
  return data.input ?? data; // multiple.json keeps the seed's {tool, input} wrapper
}

const SEED_NO_OPTIONS = `エラー [NO_OPTIONS]: 質問 1 (ファイル選択) に選択肢がなく、自由記述も無効です

回復方法:
1. options に少なくとも1つの選択肢を追加してください: options: [{ label: "はい" }]
2. または custom: true を設定して自由記述を許可してください`;

async function ask(
  kind: ClientKind,
  args: Record<string, unknown>,
  elicit?: ElicitHandler,
  serveArgs: string[] = elicit ? ['--elicitation', 'auto'] : [],
) {
  const client = await connectClient(kind, { http: serveArgs }, elicit);
  try {
    return await client.callTool({ name: 'question', arguments: args });
  } finally {
    await client.close();
  }
}

describe('question: input errors in the seed wording', () => {
  test('NO_OPTIONS and NO_QUESTIONS', async () => {
    const noOptions = await ask('v1', questionFile('no-options.json'));
    assert.equal(noOptions.isError, true);
    assert.equal(noOptions.content[0].text, SEED_NO_OPTIONS);
    assert.equal(noOptions.structuredContent.error.code, 'NO_OPTIONS');
    assert.deepEqual(noOptions.structuredContent.answers, []);
    const none = await ask('v2-auto', { questions: [] });
    assert.equal(none.isError, true);
    assert.match(none.content[0].text, /^エラー \[NO_QUESTIONS\]: /);
  });
});

for (const kind of ['v1', 'v2-legacy', 'v2-auto'] as ClientKind[]) {
  describe(`question through elicitation (${kind})`, () => {
    test('tools/list advertises question with its annotations', async () => {
      const client = await connectClient(kind, { http: [] });
      const { tools } = await client.listTools();
      await client.close();
      const tool = tools.find((t) => t.name === 'question');
      assert.ok(tool);
      assert.deepEqual(tool.annotations, {
        readOnlyHint: true,
        destructiveHint: false,
        openWorldHint: false,
        idempotentHint: true,
      });
      assert.deepEqual(tool.inputSchema.required, ['questions']);
      assert.deepEqual(tool.inputSchema.properties.questions.items.required, [
        'question',
        'header',
        'options',
      ]);
    });

    test('single choice: the seed example answers `"question"="main.ts"`', async () => {
      const seen: any[] = [];
      const result = await ask(kind, questionFile('single.json'), async (params) => {
        seen.push(params);
        return { action: 'accept', content: { q1: 'main.ts' } };
      });
      assert.equal(result.content[0].text, 'ユーザーの回答: "どのファイルを編集しますか？"="main.ts"');
      // What Claude-based hosts show the model: the seed's words lead structuredContent.
      assert.equal(result.structuredContent.message, result.content[0].text);
      assert.deepEqual(result.structuredContent.answers, [['main.ts']]);
      // One row, required (an empty dialog cannot be accepted), titled by the header; the question is
      // the dialog's message and is not repeated in the row; その他 is one more choice.
      assert.equal(seen.length, 1);
      assert.equal(seen[0].message, 'どのファイルを編集しますか？');
      assert.deepEqual(seen[0].requestedSchema, {
        type: 'object',
        properties: {
          q1: {
            type: 'string',
            title: 'ファイル選択',
            oneOf: [
              { const: 'main.ts', title: 'main.ts — エントリーポイント' },
              { const: 'utils.ts', title: 'utils.ts — ユーティリティ関数' },
              { const: 'config.ts', title: 'config.ts — 設定ファイル' },
              { const: 'その他', title: 'その他' },
            ],
          },
        },
        required: ['q1'],
      });
    });

    test('その他 is one choice: picking it asks for the text in a second dialog of one row, and that text is the answer', async () => {
      const seen: any[] = [];
      const answers = [
        { action: 'accept' as const, content: { q1: 'その他' } },
        { action: 'accept' as const, content: { q1_other: 'index.ts' } },
      ];
      const result = await ask(kind, questionFile('single.json'), async (params) => {
        seen.push(params);
        return answers.shift()!;
      });
      assert.equal(seen.length, 2);
      assert.equal(seen[1].message, 'どのファイルを編集しますか？');
      assert.deepEqual(seen[1].requestedSchema, {
        type: 'object',
        properties: { q1_other: { type: 'string', title: 'その他', minLength: 1 } },
        required: ['q1_other'],
      });
      assert.equal(result.content[0].text, 'ユーザーの回答: "どのファイルを編集しますか？"="index.ts"');
      assert.deepEqual(result.structuredContent.answers, [['index.ts']]);
    });

    test('その他 picked with another question left empty: the first dialog again, then the text', async () => {
      const seen: any[] = [];
      const answers = [
        { action: 'accept' as const, content: { q2: ['その他'] } },
        { action: 'accept' as const, content: { q1: 'main.ts', q2: ['その他'] } },
        { action: 'accept' as const, content: { q2_other: 'D' } },
      ];
      const result = await ask(kind, questionFile('several.json'), async (params) => {
        seen.push(params);
        return answers.shift()!;
      });
      assert.equal(seen.length, 3);
      assert.match(seen[1].message, /「どのファイルを編集しますか？」に回答してください/);
      assert.deepEqual(Object.keys(seen[1].requestedSchema.properties), ['q1', 'q2']);
      assert.deepEqual(Object.keys(seen[2].requestedSchema.properties), ['q2_other']);
      assert.deepEqual(result.structuredContent.answers, [['main.ts'], ['D']]);
    });

    test('several questions, multiple choice and free text joined the seed way', async () => {
      const seen: any[] = [];
      const answers = [
        { action: 'accept' as const, content: { q1: 'utils.ts', q2: ['A', 'C', 'その他'] } },
        { action: 'accept' as const, content: { q2_other: 'ほかのもの' } },
      ];
      const result = await ask(kind, questionFile('several.json'), async (params) => {
        seen.push(params);
        return answers.shift()!;
      });
      // One row per question, each question's text once in the dialog (the rows', not the message).
      const [first, second] = seen;
      assert.deepEqual(Object.keys(first.requestedSchema.properties), ['q1', 'q2']);
      assert.deepEqual(first.requestedSchema.required, ['q1', 'q2']);
      assert.equal(first.requestedSchema.properties.q2.minItems, 1);
      assert.deepEqual(first.requestedSchema.properties.q2.items.anyOf.at(-1), {
        const: 'その他',
        title: 'その他',
      });
      const shown = JSON.stringify(first);
      for (const question of ['どのファイルを編集しますか？', 'どの拡張機能を使用しますか？（複数可）'])
        assert.equal(shown.split(question).length - 1, 1, question);
      assert.equal(first.message, '次の質問に回答してください。');
      // The second dialog asks only for the text of the その他 picked.
      assert.deepEqual(Object.keys(second.requestedSchema.properties), ['q2_other']);
      assert.deepEqual(second.requestedSchema.required, ['q2_other']);
      assert.equal(
        result.content[0].text,
        'ユーザーの回答: "どのファイルを編集しますか？"="utils.ts", "どの拡張機能を使用しますか？（複数可）"="A, C, ほかのもの"',
      );
      assert.deepEqual(result.structuredContent.answers, [['utils.ts'], ['A', 'C', 'ほかのもの']]);
    });

    test('a single choice takes one answer: an option and typed text are asked again', async () => {
      const seen: any[] = [];
      const answers = [
        { action: 'accept' as const, content: { q1: 'main.ts', q1_other: 'index.ts' } },
        { action: 'accept' as const, content: { q1_other: 'index.ts' } },
      ];
      const result = await ask(kind, questionFile('single.json'), async (params) => {
        seen.push(params);
        return answers.shift()!;
      });
      assert.equal(seen.length, 2);
      assert.match(
        seen[1].message,
        /回答は1つです。選択肢を選ぶか、自由記述に入力するか、どちらか一方にしてください/,
      );
      assert.deepEqual(result.structuredContent.answers, [['index.ts']]);
      assert.equal(result.content[0].text, 'ユーザーの回答: "どのファイルを編集しますか？"="index.ts"');
    });

    test('a dialog accepted with nothing chosen or typed is asked again, and never answers `"Q"=""`', async () => {
      let asked = 0;
      const result = await ask(kind, questionFile('single.json'), async (params) => {
        asked += 1;
        if (asked > 1) assert.match(params.message, /に回答してください/);
        return { action: 'accept', content: {} };
      });
      assert.equal(asked, 3);
      assert.equal(result.isError, true);
      assert.equal(result.structuredContent.error.code, 'VALIDATION_ERROR');
      assert.doesNotMatch(result.structuredContent.message, /=""/);
      assert.match(result.structuredContent.message, /に回答してください/);
    });

    test('a decline or cancel after a person could read it (1 s) reports CANCELLED', async () => {
      for (const action of ['decline', 'cancel'] as const) {
        const result = await ask(kind, questionFile('confirm.json'), async () => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          return { action };
        });
        assert.match(
          result.content[0].text,
          /^エラー \[CANCELLED\]: ユーザーが質問への回答をキャンセルしました/,
        );
        assert.equal(result.structuredContent.error.code, 'CANCELLED');
      }
    });

    test('an instant decline or cancel is never CANCELLED: NO_UI, nobody saw the question, with the fix', async () => {
      for (const action of ['decline', 'cancel'] as const) {
        const result = await ask(kind, questionFile('confirm.json'), async () => ({ action }));
        assert.equal(result.isError, true);
        assert.match(result.content[0].text, /^エラー \[NO_UI\]: /);
        assert.doesNotMatch(result.content[0].text, /CANCELLED/);
        assert.equal(result.structuredContent.error.code, 'NO_UI');
        assert.equal(result.structuredContent.error.details.status, 'unseen');
        assert.match(result.structuredContent.error.details.reasons[0], /自動で応答しました/);
        assert.match(result.content[0].text, /--host-renders-forms/);
      }
    });
  });
}

describe('question under the policy never, a declared host, and the default', () => {
  test('--elicitation never: a client that declares elicitation gets the form request, told who can see it', async () => {
    let asked = 0;
    const result = await ask(
      'v2-auto',
      questionFile('single.json'),
      async () => {
        asked += 1;
        return { action: 'decline' };
      },
      ['--elicitation', 'never'],
    );
    assert.equal(asked, 0);
    assert.equal(result.structuredContent.status, 'waiting_for_input');
    assert.equal(result._meta[FORM_META_KEY].fields[0].name, 'q1');
    assert.match(result.structuredContent.message, /誰にもこのフォームは見えず/);
  });

  test('--host-renders-forms: the form request with the seed text alone, no elicitation', async () => {
    let asked = 0;
    const result = await ask(
      'v2-auto',
      questionFile('single.json'),
      async () => {
        asked += 1;
        return { action: 'decline' };
      },
      ['--host-renders-forms'],
    );
    assert.equal(asked, 0);
    assert.equal(result.structuredContent.status, 'waiting_for_input');
    assert.doesNotMatch(result.structuredContent.message, /誰にも/);
  });

  test('by default, with nothing that can show it: NO_UI with the reasons and the fix', async () => {
    const result = await ask('v1', questionFile('single.json'), undefined, []);
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, /^エラー \[NO_UI\]: /);
    assert.match(result.content[0].text, /質問を通常のメッセージとしてユーザーに尋ねてください/);
    assert.match(result.content[0].text, /formrequest serve`（既定の --elicitation auto）/);
    assert.equal(result.structuredContent.error.code, 'NO_UI');
    assert.deepEqual(result.structuredContent.error.details.reasons, [
      'このクライアントは MCP Apps にもフォーム入力（elicitation）にも対応していません。',
    ]);
    // The reasons follow in the text: a client that shows an error result shows its text alone.
    assert.equal(
      result.content[1].text,
      '理由:\n- このクライアントは MCP Apps にもフォーム入力（elicitation）にも対応していません。',
    );
    assert.equal(result.structuredContent.message, `${result.content[0].text}\n${result.content[1].text}`);
  });
});

describe('question without elicitation: a form request every renderer shows', () => {
  test('single -> radio + その他 text, multiple -> multiselect, custom-only -> textarea', async () => {
    const several = await ask('v1', questionFile('several.json'), undefined, ['--host-renders-forms']);
    assert.equal(several.structuredContent.status, 'waiting_for_input');
    const schema = several._metadata.schema;
    assert.ok(validateFormSchema(schema).ok);
    assert.deepEqual(
      schema.fields.map((f: any) => `${f.type}:${f.name ?? f.text}`),
      [
        'heading:ファイル選択',
        'radio:q1',
        'text:q1_other',
        'heading:拡張機能選択',
        'multiselect:q2',
        'text:q2_other',
      ],
    );
    assert.deepEqual(schema.fields[1].options[0], {
      value: 'main.ts',
      label: 'main.ts — エントリーポイント',
    });
    assert.equal(schema.fields[2].label, 'その他');
    assert.deepEqual(several.structuredContent.question.questions[1].multiple, true);

    const confirm = await ask('v2-auto', questionFile('confirm.json'), undefined, ['--host-renders-forms']);
    const confirmFields = confirm._meta[FORM_META_KEY].fields;
    assert.equal(confirm._meta[FORM_META_KEY].title, '確認');
    assert.deepEqual(
      confirmFields.map((f: any) => [f.type, f.name, f.required]),
      [['radio', 'q1', true]],
    );
    const free = await ask('v2-legacy', questionFile('free-text.json'), undefined, ['--host-renders-forms']);
    assert.deepEqual(
      free._meta[FORM_META_KEY].fields.map((f: any) => [f.type, f.name, f.required]),
      [['textarea', 'q1', true]],
    );
  });
});

describe('question as a model writes it after AskUserQuestion, in English', () => {
  const features = {
    questions: [
      {
        question: 'Which features should the project include?',
        header: 'Features',
        options: ['auth', 'db', 'api'],
        multiSelect: true,
      },
    ],
  };

  test('multiSelect through the dialog: asked as several choices, answered with several, the reading said', async () => {
    const seen: any[] = [];
    const result = await ask('v2-auto', features, async (params) => {
      seen.push(params);
      return { action: 'accept', content: { q1: ['auth', 'api'] } };
    });
    assert.equal(seen[0].requestedSchema.properties.q1.type, 'array');
    assert.deepEqual(seen[0].requestedSchema.properties.q1.items.anyOf.at(-1), {
      const: 'Other',
      title: 'Other',
    });
    assert.equal(seen[0].requestedSchema.properties.q1.title, 'Features');
    assert.equal(seen[0].message, 'Which features should the project include?');
    assert.deepEqual(result.structuredContent.answers, [['auth', 'api']]);
    assert.equal(
      result.content[0].text,
      'User answers: "Which features should the project include?"="auth, api"',
    );
    assert.deepEqual(result.structuredContent.warnings, [
      'Question 1 (Features): multiSelect was read as multiple (write multiple next time)',
      'Question 1 (Features): the strings in options were read as { label: "..." } (write options: [{ label: "..." }] next time)',
    ]);
  });

  test('in the conversation: an English form (Other, the default title) with English notes', async () => {
    const two = {
      questions: [
        { ...features.questions[0]!, header: '' },
        { question: 'Which database?', header: 'DB', options: [{ label: 'Postgres' }] },
      ],
    };
    const result = await ask('v1', two, undefined, ['--host-renders-forms']);
    const form = result._meta[FORM_META_KEY];
    assert.equal(form.title, 'Question');
    assert.equal(form.locale, 'en');
    assert.equal(form.fields.find((f: any) => f.name === 'q1').type, 'multiselect');
    assert.equal(form.fields.find((f: any) => f.name === 'q2_other').label, 'Other');
    assert.ok(result.structuredContent.warnings.every((w: string) => w.startsWith('Question 1')));
    assert.match(result.structuredContent.message, /^Waiting for form input\./);
    // A Japanese question keeps the seed's words: 「その他」 and 「質問」.
    const japanese = await ask(
      'v1',
      {
        questions: [
          { question: 'どれ？', header: '', options: [{ label: 'A' }] },
          { question: 'どこ？', header: '', options: [{ label: 'B' }] },
        ],
      },
      undefined,
      ['--host-renders-forms'],
    );
    assert.equal(japanese._meta[FORM_META_KEY].title, '質問');
    assert.equal(japanese._meta[FORM_META_KEY].fields[2].label, 'その他');
  });

  test('an English question shown nowhere: NO_UI in English with the way out', async () => {
    const result = await ask('v1', features, undefined, []);
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, /^Error \[NO_UI\]: /);
    assert.deepEqual(result.structuredContent.error.recovery, [
      'Ask the question as a normal message instead (do not call this question again)',
      'To show any form, run the server as `formrequest serve` (the default, --elicitation auto) in a client that supports URL-mode elicitation (interactive Claude Code, for one): forms then open as a page in the browser.',
    ]);
    assert.deepEqual(result.structuredContent.error.details.reasons, [
      'This client supports neither MCP Apps nor elicitation.',
    ]);
  });
});
