// The Anthropic Messages API agent, streaming, with the MCP servers' tools. Plain fetch and a small
// SSE reader instead of @anthropic-ai/sdk: the host needs one endpoint, and this keeps the default
// install small and works with any ANTHROPIC_BASE_URL (proxies, gateways, the tests' local fake).
// Tool definitions carry each tool's inputSchema unchanged, so the model sees every key (enum,
// default, min/max ...). A form shown in the conversation (request_form or question waiting for input)
// ends the turn; its tool_result is kept in the history and the person's answer joins it as the next
// user message (a question's answer in seed 004's words: form-turn.ts).
import type { McpHub } from '../mcp.js';
import type { Agent, TurnInput, TurnOutput } from './agent.js';
import { answerParts, askedQuestions, FORM_TOOLS, waitsForInput } from './form-turn.js';
import { readSse } from './sse-parser.js';

export interface AnthropicOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  maxTokens: number;
  /** Tool rounds per turn before the agent stops (a model that keeps calling tools). */
  maxRounds: number;
}

type Block = Record<string, any>;
interface Message {
  role: 'user' | 'assistant';
  content: Block[];
}

export const DEFAULT_MODEL = 'claude-sonnet-4-5';

const SYSTEM = [
  'You are the assistant of the formrequest demo chat.',
  'When you need several pieces of information from the person, call mcp__form__request_form with a form',
  'instead of asking in prose. The person answers in the form; the answers arrive as the next user message',
  '(a JSON object; for mcp__form__question, its "ユーザーの回答" line), or a cancel message. Point search fields at the endpoints the tool description lists.',
  'Answer in the language the person writes in.',
].join(' ');

export function anthropicOptionsFromEnv(env: NodeJS.ProcessEnv): AnthropicOptions {
  const apiKey = env.ANTHROPIC_API_KEY;
  if (!apiKey) {
    throw new Error(
      'The anthropic agent needs ANTHROPIC_API_KEY. Set it (and ANTHROPIC_MODEL / ANTHROPIC_BASE_URL if needed), or use --agent scripted.',
    );
  }
  return {
    apiKey,
    baseUrl: (env.ANTHROPIC_BASE_URL || 'https://api.anthropic.com').replace(/\/+$/, ''),
    model: env.ANTHROPIC_MODEL || DEFAULT_MODEL,
    maxTokens: Number.parseInt(env.ANTHROPIC_MAX_TOKENS ?? '', 10) || 4096,
    maxRounds: 10,
  };
}

export class AnthropicAgent implements Agent {
  readonly name = 'anthropic';

  private readonly hub: McpHub;
  private readonly options: AnthropicOptions;
  constructor(hub: McpHub, options: AnthropicOptions) {
    this.hub = hub;
    this.options = options;
  }

  async runTurn(input: TurnInput): Promise<TurnOutput> {
    const messages: Message[] = structuredClone(
      ((input.state ?? {}) as { messages?: Message[] }).messages ?? [],
    );
    // The seed's message as one text block, the labels beside the answers (if any) as the next.
    const parts = answerParts(input, input.form ? questionsAsked(messages, input.form.id) : undefined);
    const blocks: Block[] = parts.map((text) => ({ type: 'text', text }));
    const last = messages.at(-1);
    if (last?.role === 'user') last.content.push(...blocks);
    else messages.push({ role: 'user', content: blocks });

    for (let round = 0; round < this.options.maxRounds; round++) {
      const { content, stopReason } = await this.stream(messages, input);
      messages.push({ role: 'assistant', content });
      const uses = content.filter((b) => b.type === 'tool_use');
      if (stopReason !== 'tool_use' || uses.length === 0) return { state: { messages }, subtype: 'success' };
      const results: Block[] = [];
      let formAsked = false;
      for (const use of uses) {
        input.emit('tool_use', { id: use.id, name: use.name, input: use.input });
        const result = await this.hub.callTool(use.name, use.input ?? {});
        input.emit('tool_result', {
          tool_use_id: use.id,
          content: result.content,
          is_error: result.isError === true,
          _metadata: result._metadata,
          structuredContent: result.structuredContent,
        });
        results.push({
          type: 'tool_result',
          tool_use_id: use.id,
          content: result.content.filter((c) => c.type === 'text' || c.type === 'image'),
          is_error: result.isError === true,
        });
        if (FORM_TOOLS.includes(use.name) && !result.isError && waitsForInput(result)) formAsked = true;
      }
      messages.push({ role: 'user', content: results });
      if (formAsked) return { state: { messages }, subtype: 'success' };
    }
    return { state: { messages }, subtype: 'error_max_turns' };
  }

  async close(): Promise<void> {}

  /** One streamed Messages API call; text deltas are emitted as they arrive. */
  private async stream(
    messages: Message[],
    input: TurnInput,
  ): Promise<{ content: Block[]; stopReason: string }> {
    const tools = this.hub
      .tools()
      .map((t) => ({ name: t.fullName, description: t.description ?? '', input_schema: t.inputSchema }));
    const response = await fetch(`${this.options.baseUrl}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': this.options.apiKey,
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify({
        model: this.options.model,
        max_tokens: this.options.maxTokens,
        system: SYSTEM,
        messages,
        tools,
        stream: true,
      }),
      signal: input.signal,
    });
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      let detail = text;
      try {
        detail = JSON.parse(text).error?.message ?? text;
      } catch {}
      throw new Error(`The Anthropic API answered ${response.status}: ${detail.slice(0, 500)}`);
    }
    const blocks: Block[] = [];
    const partialJson = new Map<number, string>();
    let stopReason = 'end_turn';
    for await (const frame of readSse(response.body)) {
      const data = JSON.parse(frame.data);
      switch (data.type) {
        case 'content_block_start': {
          const block = { ...data.content_block };
          if (block.type === 'tool_use') partialJson.set(data.index, '');
          if (block.type === 'text' && block.text) input.emit('text', { text: block.text });
          blocks[data.index] = block;
          break;
        }
        case 'content_block_delta': {
          const block = blocks[data.index];
          if (data.delta.type === 'text_delta') {
            block.text = (block.text ?? '') + data.delta.text;
            input.emit('text', { text: data.delta.text });
          } else if (data.delta.type === 'input_json_delta') {
            partialJson.set(data.index, (partialJson.get(data.index) ?? '') + data.delta.partial_json);
          }
          break;
        }
        case 'content_block_stop': {
          const block = blocks[data.index];
          if (block?.type === 'tool_use') {
            const json = partialJson.get(data.index) ?? '';
            block.input = json ? JSON.parse(json) : (block.input ?? {});
          }
          break;
        }
        case 'message_delta':
          if (data.delta?.stop_reason) stopReason = data.delta.stop_reason;
          break;
        case 'error':
          throw new Error(`The Anthropic API stream failed: ${data.error?.message ?? frame.data}`);
      }
    }
    return { content: blocks.filter((b) => b && !(b.type === 'text' && !b.text)), stopReason };
  }
}

/** What the `question` call with this tool_use id asked, found in the history (undefined for request_form). */
function questionsAsked(messages: Message[], toolUseId: string) {
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const use = message.content.find((b) => b.type === 'tool_use' && b.id === toolUseId);
    if (use) return askedQuestions(use.name, use.input);
  }
  return undefined;
}
