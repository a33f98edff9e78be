// @formrequest/host: the reference chat app of seed 000's conversation flow. The root starts and
// composes it (startHost, createApp, the agents, access, the MCP hub); the second tier is under
// subpaths: `./store` (the storage contract and its SQLite and PostgreSQL stores) and `./demo` (the
// demo's scripted agent, its forms and its search data). Every name is listed: test/exports.test.ts
// pins the lists.
// Who may talk to the host (written once for every HTTP surface, in @formrequest/internal/http).
export {
  Access,
  type AuthMode,
  isLoopbackHost,
  parseAuth,
  parseOrigins,
  TOKEN_HEADER,
} from '@formrequest/internal/http';
export {
  AGENT_NAMES,
  type Agent,
  type AgentName,
  type FormAnswer,
  type TurnInput,
  type TurnOutput,
} from './agents/agent.js';
export { AnthropicAgent, type AnthropicOptions, anthropicOptionsFromEnv } from './agents/anthropic.js';
export {
  CLAUDE_AGENT_SDK_PACKAGE,
  CLAUDE_AGENT_SDK_TESTED_VERSION,
  ClaudeAgentSdkAgent,
} from './agents/claude-agent-sdk.js';
export { createAgent } from './agents/create.js';
export { createApp, type Health } from './app.js';
export { type EventBus, InProcessBus } from './bus.js';
export { Capacity, type CapacityLimits, DEFAULT_CAPACITY } from './capacity.js';
export { Conversations, type ConversationsOptions, DEFAULT_LEASE_MS } from './conversations.js';
export { type DbPool, parseDbPool } from './db-pool.js';
export {
  DEFAULT_DB_PATH,
  DEFAULT_DRAIN_MS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_PORT,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_STORAGE_LIMITS,
  databaseLocation,
  defaultPort,
  type HostOptions,
  type RunningHost,
  startHost,
} from './host.js';
export { deadLocalOwner, instanceName } from './instance.js';
export { type Limits, limitKeys, parseLimits } from './limits.js';
export { FORM_TOOL, loadMcpConfig, McpHub, type McpServerSpec } from './mcp.js';
export { DEFAULT_QUOTAS, type Quotas } from './quotas.js';
export { parseRetentionDays } from './retention.js';
export { withFormMetadata } from './runs/agent-events.js';
export type { ExecuteRequest, ExecuteResponse } from './runs/turn-request.js';
export { SseStreams } from './sse.js';
