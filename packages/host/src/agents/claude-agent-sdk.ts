// The Claude Agent SDK agent (REFERENCE.md's recipe): query() with the MCP servers, a PostToolUse hook
// that ends the turn right after a form shown in the conversation (mcp__form__request_form or
// mcp__form__question waiting for input: {continue: false}), and `resume` with the session id so the
// answer continues the same session. A question's answer goes back in seed 004's words. Elicitations
// (which headless Claude Code would decline by itself) are answered by the person through a page the
// chat links to (elicitation-page.ts). The SDK is an optional peer dependency (about 430 MB with its
// Claude Code binary), loaded only when this agent is chosen.
//
// The SDK's transcript drops the tool result's top-level `_metadata` but keeps `structuredContent`
// (the model reads JSON.stringify(structuredContent)) and `_meta`; the host rebuilds `_metadata` from
// `_meta` (where the server puts the checked form) or from the call's input.
import type { ResolvedQuestion } from '@formrequest/schema';
import { isHttpSpec, type McpHub, type McpServerSpec } from '../mcp.js';
import type { Agent, TurnInput, TurnOutput } from './agent.js';
import { ElicitationPages } from './elicitation-page.js';
import { answerMessage, askedQuestions, FORM_TOOLS, waitsForInput } from './form-turn.js';

const FORM_TOOLS_MATCHER = `^(${FORM_TOOLS.join('|')})$`;

export const CLAUDE_AGENT_SDK_PACKAGE = '@anthropic-ai/claude-agent-sdk';
/** The version this host was tested with (CI installs it for the agent's test). */
export const CLAUDE_AGENT_SDK_TESTED_VERSION = '0.3.330';

const SYSTEM_APPEND =
  'You are the assistant of the formrequest demo chat. When you need several pieces of information from the person, ' +
  'call mcp__form__request_form with a form instead of asking in prose; the answers arrive as the next user message.';

/** What this agent keeps between turns: the session, and the questions still waiting for an answer. */
interface AgentState {
  sessionId?: string;
  /** tool_use id of a `question` call shown as a form -> its questions (to word the answer as seed 004). */
  questions?: Record<string, ResolvedQuestion[]>;
}

type SdkModule = { query(args: { prompt: string; options: Record<string, unknown> }): AsyncIterable<any> };

/** Loads the optional SDK, or throws a message that says how to install it. */
export async function loadClaudeAgentSdk(): Promise<SdkModule> {
  const name = CLAUDE_AGENT_SDK_PACKAGE;
  try {
    return (await import(name)) as SdkModule;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') {
      throw new Error(
        `The claude-agent-sdk agent needs the optional package ${CLAUDE_AGENT_SDK_PACKAGE} (about 430 MB, not installed by default). ` +
          `Install it next to formrequest: npm install ${CLAUDE_AGENT_SDK_PACKAGE}@${CLAUDE_AGENT_SDK_TESTED_VERSION}`,
      );
    }
    throw error;
  }
}

export class ClaudeAgentSdkAgent implements Agent {
  readonly name = 'claude-agent-sdk';
  private readonly pages = new ElicitationPages();

  private readonly sdk: SdkModule;
  private readonly hub: McpHub;
  private readonly env: NodeJS.ProcessEnv;
  private constructor(sdk: SdkModule, hub: McpHub, env: NodeJS.ProcessEnv) {
    this.sdk = sdk;
    this.hub = hub;
    this.env = env;
  }

  static async create(hub: McpHub, env: NodeJS.ProcessEnv): Promise<ClaudeAgentSdkAgent> {
    return new ClaudeAgentSdkAgent(await loadClaudeAgentSdk(), hub, env);
  }

  async runTurn(input: TurnInput): Promise<TurnOutput> {
    // Each turn forks the session the host saved at the end of the previous turn. A turn cut by a crash
    // appended to its own fork, which nothing refers to; its replay forks the saved session again, so
    // the message is in the agent's history once.
    const previous = (input.state ?? {}) as AgentState;
    let sessionId = previous.sessionId;
    const questions = { ...(previous.questions ?? {}) };
    const prompt = answerPrompt(input, questions);
    let subtype = 'success';
    const abort = new AbortController();
    const onAbort = () => abort.abort();
    input.signal.addEventListener('abort', onAbort);
    const options: Record<string, unknown> = {
      mcpServers: sdkServers(this.hub.specs),
      strictMcpConfig: true,
      tools: [],
      allowedTools: this.hub.tools().map((t) => t.fullName),
      settingSources: [],
      systemPrompt: { type: 'preset', preset: 'claude_code', append: SYSTEM_APPEND },
      // Only a form shown in the conversation ends the turn; answers that came back in the result
      // (elicitation) are the model's to read now.
      hooks: {
        PostToolUse: [
          {
            matcher: FORM_TOOLS_MATCHER,
            hooks: [async (hook: any) => (waitsForInput(hook?.tool_response) ? { continue: false } : {})],
          },
        ],
      },
      onElicitation: (request: any, { signal }: { signal: AbortSignal }) =>
        this.pages.answer(request, signal, (text) => input.emit('text', { text }), input.locale),
      env: { ...this.env, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
      abortController: abort,
    };
    if (sessionId) {
      options.resume = sessionId;
      options.forkSession = true;
    }
    try {
      for await (const message of this.sdk.query({ prompt, options })) {
        if (typeof message.session_id === 'string') sessionId = message.session_id;
        if (message.type === 'assistant') {
          for (const block of message.message?.content ?? []) {
            if (block.type === 'text' && block.text) input.emit('text', { text: block.text });
            else if (block.type === 'tool_use') {
              input.emit('tool_use', { id: block.id, name: block.name, input: block.input });
              const asked = askedQuestions(block.name, block.input);
              if (asked) questions[block.id] = asked;
            }
          }
        } else if (message.type === 'user' && Array.isArray(message.message?.content)) {
          for (const block of message.message.content) {
            if (block.type !== 'tool_result') continue;
            const content =
              typeof block.content === 'string'
                ? [{ type: 'text', text: block.content }]
                : (block.content ?? []);
            const meta = message.tool_use_result?._meta;
            input.emit('tool_result', {
              tool_use_id: block.tool_use_id,
              content,
              is_error: block.is_error === true,
              structuredContent: structuredContentOf(message.tool_use_result, content),
              ...(meta && typeof meta === 'object' ? { _meta: meta } : {}),
            });
          }
        } else if (message.type === 'result') {
          subtype = message.subtype ?? 'success';
        }
      }
    } finally {
      input.signal.removeEventListener('abort', onAbort);
    }
    const state: AgentState = { sessionId, ...(Object.keys(questions).length > 0 ? { questions } : {}) };
    return { state, subtype };
  }

  async close(): Promise<void> {
    await this.pages.close();
  }
}

/** The message for the model (form-turn.ts); the question is forgotten once answered. */
function answerPrompt(input: TurnInput, questions: Record<string, ResolvedQuestion[]>): string {
  const asked = input.form ? questions[input.form.id] : undefined;
  if (input.form) delete questions[input.form.id];
  return answerMessage(input, asked);
}

/** The hub's servers in the SDK's `mcpServers` shape. */
function sdkServers(specs: Record<string, McpServerSpec>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (isHttpSpec(spec)) out[name] = { type: 'http', url: spec.url, headers: spec.headers };
    else out[name] = { type: 'stdio', command: spec.command, args: spec.args ?? [], env: spec.env };
  }
  return out;
}

/**
 * The tool's structuredContent: from the SDK's `tool_use_result`, or parsed back from the text the
 * model was shown (Claude Code shows it JSON.stringify(structuredContent)).
 */
function structuredContentOf(
  toolUseResult: any,
  content: Array<Record<string, any>>,
): Record<string, unknown> | undefined {
  if (
    toolUseResult &&
    typeof toolUseResult === 'object' &&
    !Array.isArray(toolUseResult) &&
    toolUseResult.structuredContent
  ) {
    return toolUseResult.structuredContent;
  }
  for (const block of content) {
    if (block.type !== 'text' || typeof block.text !== 'string' || !block.text.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(block.text);
      if (parsed?.type === 'form_request') return parsed;
    } catch {}
  }
  return undefined;
}
