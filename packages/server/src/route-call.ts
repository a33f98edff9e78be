// Routing for one tool call: what routing.ts needs, read from the server's config, the call and the
// client's declared capabilities, and the form shown where the route says (shared by request_form
// and question, which differ only in what they return).

import type { ElicitationPolicy } from '@formrequest/internal/config';
import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import { clientCapabilities, clientSurfaces } from './client-capabilities.js';
import { decideRoute, type Route, type RouteInput } from './routing.js';
import type { FormRuntime } from './runtime.js';

export function routeInput(
  server: McpServer,
  ctx: ServerContext,
  runtime: FormRuntime,
  callMode: ElicitationPolicy | undefined,
  fit: RouteInput['fit'],
): RouteInput {
  return {
    policy: runtime.config.elicitation ?? 'never',
    urlMode: runtime.config.urlMode ?? true,
    ...(callMode ? { callMode } : {}),
    client: clientSurfaces(clientCapabilities(server, ctx)),
    fit,
  };
}

/** The route again once the page turned out not to be servable. */
export function withoutPage(input: RouteInput, error: string): Route {
  return decideRoute({ ...input, pageError: error });
}
