// What the calling client declared. On 2026-07-28 requests the capabilities ride in each request's
// `_meta` envelope; on 2025 connections they come from `initialize`. The capabilities are trusted as
// declared: the server never guesses from `clientInfo` (a client that declares URL mode but cannot show
// it is served with `urlMode: false` in the config instead).
import type { ClientCapabilities, McpServer, ServerContext } from '@modelcontextprotocol/server';
import { WIDGET_MIME_TYPE } from './apps.js';

const ENVELOPE_KEY = 'io.modelcontextprotocol/clientCapabilities';
/** The MCP Apps extension (ext-apps `EXTENSION_ID`). */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';

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

/** URL-mode elicitation (2025-11-25 and later): `elicitation: {url: {}}`. */
export function supportsUrlElicitation(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  return elicitation?.url !== undefined && elicitation.url !== null;
}

/**
 * MCP Apps: `extensions["io.modelcontextprotocol/ui"]`, with our MIME type among its `mimeTypes` when
 * it lists any. (2025 clients put `extensions` in the capabilities object too; the SDK keeps unknown keys.)
 */
export function supportsApps(capabilities: ClientCapabilities | undefined): boolean {
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | undefined)?.extensions;
  const ui = extensions?.[APPS_EXTENSION] as { mimeTypes?: unknown } | undefined;
  if (!ui || typeof ui !== 'object') return false;
  return !Array.isArray(ui.mimeTypes) || ui.mimeTypes.includes(WIDGET_MIME_TYPE);
}

/** What a client can show, in the shape routing.ts decides on. */
export interface ClientSurfaces {
  apps: boolean;
  formElicitation: boolean;
  urlElicitation: boolean;
}

export function clientSurfaces(capabilities: ClientCapabilities | undefined): ClientSurfaces {
  return {
    apps: supportsApps(capabilities),
    formElicitation: supportsFormElicitation(capabilities),
    urlElicitation: supportsUrlElicitation(capabilities),
  };
}
