// Builds the agent named on the command line (or in FORMREQUEST_AGENT).
import type { McpHub } from '../mcp.js';
import { AGENT_NAMES, type Agent, type AgentName } from './agent.js';
import { AnthropicAgent, anthropicOptionsFromEnv } from './anthropic.js';
import { ClaudeAgentSdkAgent } from './claude-agent-sdk.js';
import { ScriptedAgent } from './scripted.js';

export async function createAgent(
  name: AgentName,
  context: { hub: McpHub; env: NodeJS.ProcessEnv },
): Promise<Agent> {
  switch (name) {
    case 'scripted':
      return new ScriptedAgent(context.hub);
    case 'anthropic':
      return new AnthropicAgent(context.hub, anthropicOptionsFromEnv(context.env));
    case 'claude-agent-sdk':
      return ClaudeAgentSdkAgent.create(context.hub, context.env);
    default:
      throw new Error(`Unknown agent "${name}". Choose one of: ${AGENT_NAMES.join(', ')}.`);
  }
}
