// Registers `request_form` on an McpServer: advertises the whole form vocabulary as its input schema,
// checks the input with the schema package, and answers in the seed's format.

import { formatIssues, formInputJsonSchema, readFormArgument, validateFormSchema } from '@formrequest/schema';
import type { McpServer } from '@modelcontextprotocol/server';
import { advertisedSchema } from './advertised-schema.js';
import { widgetToolMeta } from './apps.js';
import type { ServerConfig } from './config.js';
import { requestFormToolDescription } from './description.js';
import { elicitForm } from './elicit-form.js';
import { chooseMode, MODE_JSON_SCHEMA } from './form-mode.js';
import { REQUEST_FORM_OUTPUT_JSON_SCHEMA } from './output-schemas.js';
import { formErrorResult, waitingForInputResult } from './request-form-result.js';

export const REQUEST_FORM_TOOL = 'request_form';

/** `{form_schema, mode?}`: the whole vocabulary from the schema package's one catalog, plus `mode`. */
export function requestFormInputJsonSchema(): Record<string, unknown> {
  const input = formInputJsonSchema() as { properties: Record<string, unknown> };
  return { ...input, properties: { ...input.properties, mode: MODE_JSON_SCHEMA } };
}

// Built once: over HTTP every 2026-07-28 request gets a fresh server, and the 18-type schema is the
// costliest part of building one. Shared read-only between server instances.
let sharedInputSchema: Record<string, unknown> | undefined;

export function registerRequestFormTool(server: McpServer, config: ServerConfig): void {
  sharedInputSchema ??= requestFormInputJsonSchema();
  server.registerTool(
    REQUEST_FORM_TOOL,
    {
      title: 'フォーム入力をリクエスト',
      description: requestFormToolDescription(config),
      inputSchema: advertisedSchema(sharedInputSchema),
      outputSchema: advertisedSchema(REQUEST_FORM_OUTPUT_JSON_SCHEMA),
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false, idempotentHint: true },
      _meta: widgetToolMeta('フォームを準備しています…', 'フォームを表示しました'),
    },
    async (args, ctx) => {
      const argument = readFormArgument(args);
      if (!argument.ok) return formErrorResult(argument.message);
      // Messages in the form's language: its `locale`, else the language of its title and labels.
      const checked = validateFormSchema(argument.form);
      const notes = [...argument.notes, ...checked.warnings];
      const mode = chooseMode(args, config, checked.locale);
      if (!mode.ok || !checked.ok || !checked.schema) {
        const errors = [...(mode.ok ? [] : [mode.message]), formatIssues(checked.errors)];
        return formErrorResult(errors.filter(Boolean).join('\n'), notes);
      }
      if (mode.mode === 'never') return waitingForInputResult(checked.schema, notes);
      return elicitForm(server, ctx, checked.schema, notes);
    },
  );
}
