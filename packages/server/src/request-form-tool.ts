// Registers `request_form` on an McpServer: advertises the whole form vocabulary as its input schema,
// checks the input with the schema package, and shows the form where routing.ts says: the Apps widget
// or the conversation (the seed's result), the client's own form dialog, the server's form page, or
// nowhere (the model is told so).

import { type FormSchema, formatIssues, formInputJsonSchema, type Issue } from '@formrequest/schema';
import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import { advertisedSchema } from './advertised-schema.js';
import { widgetPartsCode, widgetToolMeta } from './apps.js';
import { clientCapabilities, supportsFormElicitation } from './client-capabilities.js';
import { requestFormToolDescription } from './description.js';
import { elicitForm } from './elicit-form.js';
import { toElicitation } from './elicitation-schema.js';
import { checkCall } from './form-check-cache.js';
import { chooseMode, MODE_JSON_SCHEMA } from './form-mode.js';
import { REQUEST_FORM_OUTPUT_JSON_SCHEMA } from './output-schemas.js';
import { notShownResult, pageOutcomeResult, unseenResult } from './page-results.js';
import { formErrorResult, waitingForInputResult } from './request-form-result.js';
import { routeInput, withoutPage } from './route-call.js';
import { conversationNote } from './route-messages.js';
import { decideRoute, type RouteInput } from './routing.js';
import type { FormRuntime } from './runtime.js';
import { unreachableSearchIssues } from './search-origins.js';
import { askOnPage } from './url-elicitation.js';

export const REQUEST_FORM_TOOL = 'request_form';

/** `{form_schema, mode?}`: the whole vocabulary from the schema package's one catalog, plus `mode`. */
export function requestFormInputJsonSchema(): Record<string, unknown> {
  const input = formInputJsonSchema() as { properties: Record<string, unknown> };
  return { ...input, properties: { ...input.properties, mode: MODE_JSON_SCHEMA } };
}

// Built once: over HTTP every 2026-07-28 request gets a fresh server, and the 18-type schema is the
// costliest part of building one. Shared read-only between server instances.
let sharedInputSchema: Record<string, unknown> | undefined;

export function registerRequestFormTool(server: McpServer, runtime: FormRuntime): void {
  sharedInputSchema ??= requestFormInputJsonSchema();
  server.registerTool(
    REQUEST_FORM_TOOL,
    {
      title: 'フォーム入力をリクエスト',
      description: requestFormToolDescription(runtime.config),
      inputSchema: advertisedSchema(sharedInputSchema),
      outputSchema: advertisedSchema(REQUEST_FORM_OUTPUT_JSON_SCHEMA),
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
      _meta: widgetToolMeta('フォームを準備しています…', 'フォームを表示しました'),
    },
    async (args, ctx) => {
      // Messages in the form's language: its `locale`, else the language of its title and labels.
      // A private address is a warning unless the config allows it or names it as an endpoint. A call
      // seen before is not read and checked again (form-check-cache.ts).
      const { argument, checked } = checkCall(args, {
        allowPrivateUrls:
          runtime.config.allowPrivateUrls || (runtime.config.endpoints ?? []).map((e) => e.url),
      });
      if (!argument.ok || !checked) return formErrorResult(argument.ok ? '' : argument.message);
      const notes = [...argument.notes, ...checked.warnings];
      const mode = chooseMode(args, checked.locale);
      if (!mode.ok || !checked.ok || !checked.schema) {
        const errors = [...(mode.ok ? [] : [mode.message]), formatIssues(checked.errors)];
        return formErrorResult(errors.filter(Boolean).join('\n'), notes);
      }
      // A search the widget and the form page cannot reach (their CSP): said now, while the model can
      // still fix it; a host that renders the form in its own page decides its own reach.
      const unreachable = unreachableSearchIssues(checked.schema, runtime.config, checked.locale);
      // The form-mode mapping matters only to a client that can show that dialog (routing.ts reads `fit`
      // for no other); the conversation mode, the common call, skips it.
      const mapping: ReturnType<typeof toElicitation> = supportsFormElicitation(
        clientCapabilities(server, ctx),
      )
        ? toElicitation(checked.schema)
        : { ok: false, reasons: [] };
      const input = routeInput(
        server,
        ctx,
        runtime,
        mode.mode,
        mapping.ok ? { ok: true } : { ok: false, reasons: mapping.reasons },
      );
      return showForm(server, ctx, runtime, checked.schema, notes, input, mapping, unreachable);
    },
  );
}

async function showForm(
  server: McpServer,
  ctx: ServerContext,
  runtime: FormRuntime,
  schema: FormSchema,
  notes: Issue[],
  input: RouteInput,
  mapping: ReturnType<typeof toElicitation>,
  unreachable: Issue[],
) {
  let route = decideRoute(input);
  const shownByUs = route.surface === 'apps' || route.surface === 'url-elicitation';
  if (shownByUs && unreachable.length > 0) notes = [...notes, ...unreachable];
  if (route.surface === 'url-elicitation') {
    const flow = await askOnPage(server, ctx, runtime, { schema });
    if (flow.kind === 'ask') return flow.result;
    if (flow.kind === 'done') return pageOutcomeResult(schema, flow.outcome, notes);
    if (flow.kind === 'unseen') return unseenResult(schema, flow.reason, notes);
    route = withoutPage(input, flow.error);
  }
  switch (route.surface) {
    case 'form-elicitation':
      if (mapping.ok) return elicitForm(server, ctx, runtime, schema, notes, mapping);
      break;
    case 'nowhere':
      return notShownResult(schema, route.reasons, notes);
    default:
      break;
  }
  const declared = input.hostRendersForms === true;
  // The widget's parts ride along only where the widget shows the form: other clients get no extra bytes.
  const parts = route.surface === 'apps' ? widgetPartsCode(schema) : undefined;
  return waitingForInputResult(schema, notes, conversationNote(route.reasons, schema.locale), {
    declared,
    ...(parts ? { parts } : {}),
  });
}
