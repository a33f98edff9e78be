// The example's model: a MockLanguageModelV3 from the AI SDK's own test utilities (`ai/test`), scripted
// like an agent that asks with request_form. A user's request gets a short sentence and a request_form
// call with seed example 1 (or 2 when the text says 2 / 担当); a tool result with the answers
// ({status: "submitted" | "cancelled"}: the page answered the call) continues the same turn with them;
// the MCP server's waiting_for_input result ends the turn, and the answers arriving as the next user
// message (seed 000) are acknowledged.
import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import example1 from '../../forms/example1-project.json' with { type: 'json' };
import example2 from '../../forms/example2-assign.json' with { type: 'json' };

/** Seed example 2 with its search URLs on this example's own sample API (examples/web's data). */
const assign = JSON.parse(JSON.stringify(example2).replaceAll('https://api.example.com/', '/api/demo/'));

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
};

function stream(parts: LanguageModelV3StreamPart[]): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

const say = (id: string, text: string): LanguageModelV3StreamPart[] => [
  { type: 'text-start', id },
  { type: 'text-delta', id, delta: text },
  { type: 'text-end', id },
];

const textOf = (content: unknown): string =>
  Array.isArray(content)
    ? content.map((p: { type: string; text?: string }) => (p.type === 'text' ? p.text : '')).join('')
    : String(content);

/** What the scripted agent says next, from the conversation so far. */
export function nextStep(prompt: LanguageModelV3Prompt): LanguageModelV3StreamPart[] {
  const last = prompt.at(-1);
  const turn = prompt.length;
  if (last?.role === 'tool') {
    const result = last.content.find((p) => p.type === 'tool-result');
    const output = result?.output;
    const value = output?.type === 'json' ? (output.value as Record<string, unknown>) : undefined;
    if (value?.status === 'submitted')
      return [...say(`t${turn}`, `回答を受け取りました: ${JSON.stringify(value.values)}`), finish('stop')];
    if (value?.status === 'cancelled') return [...say(`t${turn}`, 'キャンセルされました。'), finish('stop')];
    // The MCP server returned at once (waiting_for_input): end the turn, the answers come as a message.
    return [...say(`t${turn}`, 'フォームへの入力をお待ちしています。'), finish('stop')];
  }
  const text = last?.role === 'user' ? textOf(last.content) : '';
  if (text.trim().startsWith('{') || text.includes('キャンセルしました'))
    return [
      ...say(
        `t${turn}`,
        `回答を受け取りました: ${JSON.stringify(JSON.parse(text.trim().startsWith('{') ? text : '{}'))}`,
      ),
      finish('stop'),
    ];
  const form = /2|担当/.test(text) ? assign : example1;
  return [
    ...say(`t${turn}`, 'フォームでお尋ねします。'),
    {
      type: 'tool-call',
      toolCallId: `call-${Date.now()}`,
      toolName: 'request_form',
      input: JSON.stringify({ form_schema: form }),
    },
    finish('tool-calls'),
  ];
}

function finish(reason: 'stop' | 'tool-calls'): LanguageModelV3StreamPart {
  return { type: 'finish', finishReason: { unified: reason, raw: undefined }, usage };
}

export function mockModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => ({
      stream: stream([{ type: 'stream-start', warnings: [] }, ...nextStep(prompt)]),
    }),
  });
}
