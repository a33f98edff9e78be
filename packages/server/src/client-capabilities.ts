// What the calling client declared. On 2026-07-28 requests the capabilities ride in each request's
// `_meta` envelope; on 2025 connections they come from `initialize`.
import type { ClientCapabilities, McpServer, ServerContext } from '@modelcontextprotocol/server';

const ENVELOPE_KEY = 'io.modelcontextprotocol/clientCapabilities';

export function clientCapabilities(server: McpServer, ctx: ServerContext): ClientCapabilities | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return (
    (envelope?.[ENVELOPE_KEY] as ClientCapabilities | undefined) ?? server.server.getClientCapabilities()
  );
}

/** Form-mode elicitation: `elicitation: {form: {}}`, or an empty `elicitation: {}` (the 2025-06-18 shape). */
export function supportsFormElicitation(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  if (!elicitation) return false;
  return elicitation.form !== undefined || Object.keys(elicitation).length === 0;
}
