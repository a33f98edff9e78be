// `formrequest call`: one tool of an MCP server called from a command line, the server started (or
// reached) from its configuration for this one call and stopped after it. The arguments are checked
// against the tool's input schema as the server lists it, before they are sent. Loads the MCP client.
import { type CallResultText, resultText, type ToolResult } from './call-result.js';
import { checkArguments } from './input-check.js';
import { expandLaunch, type Launch, serverEnvironment } from './launch.js';
import { pages, withLiveServer } from './live.js';
import { LiveServerError, type LiveTarget } from './live-error.js';

/** The arguments do not fit the tool (or there is no such tool): nothing was sent. */
export class CallRefused extends LiveServerError {}

export interface CallOptions {
  /** Time limit for starting the server, listing and the call, in ms (default 120 s). */
  timeoutMs?: number;
  /** Where `${VAR}` references and the inherited variables are read from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Names the configuration in messages (`skills/x/mcp.json`). */
  where?: string;
}

export interface CallOutcome extends CallResultText {
  /** The result as the server sent it. */
  result: ToolResult;
}

/** The launch as the live reader takes it: references expanded, the server's environment made. */
export function liveTarget(launch: Launch, env: NodeJS.ProcessEnv, where: string): LiveTarget {
  const expanded = expandLaunch(launch, env, where);
  if (expanded.type === 'http') return { url: expanded.url, headers: expanded.headers };
  return {
    command: expanded.command,
    args: expanded.args,
    env: serverEnvironment(expanded, env),
    ...(expanded.cwd ? { cwd: expanded.cwd } : {}),
  };
}

/** Calls `tool` with `args`. Throws LaunchError, CallRefused or LiveServerError; a tool's error is a result. */
export async function callTool(
  launch: Launch,
  tool: string,
  args: Record<string, unknown>,
  options: CallOptions = {},
): Promise<CallOutcome> {
  const env = options.env ?? process.env;
  const target = liveTarget(launch, env, options.where ?? 'the configuration');
  return withLiveServer(target, { timeoutMs: options.timeoutMs ?? 120_000 }, async (client, left) => {
    const found = (items: unknown[]) => items.find((t) => (t as { name?: unknown }).name === tool);
    const tools = await pages(
      client,
      left,
      undefined,
      'tools/list',
      'tools',
      (items) => found(items) !== undefined,
    );
    const definition = found(tools) as { inputSchema?: unknown } | undefined;
    if (!definition) {
      const names = tools.map((t) => (t as { name?: unknown }).name).filter((n) => typeof n === 'string');
      throw new CallRefused(
        `the server has no tool '${tool}'; its tools: ${names.slice(0, 40).join(', ')}${names.length > 40 ? `, … (${names.length})` : ''}`,
      );
    }
    const problems = checkArguments(definition.inputSchema, args);
    if (problems.length > 0) {
      throw new CallRefused(
        `the arguments do not fit ${tool}'s input schema, so nothing was sent:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
    }
    const result = (await client.request(
      { method: 'tools/call', params: { name: tool, arguments: args } },
      { timeout: left() },
    )) as ToolResult;
    return { result, ...resultText(result) };
  });
}
