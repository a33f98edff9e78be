// @formrequest/react/ai: request_form as a tool of the Vercel AI SDK (`ai`, an optional peer), for apps
// that run no MCP server. The same description and input schema as the MCP server's tool (both from
// @formrequest/schema), and the input checked by the same code (readFormArgument, validateFormSchema):
// a form that cannot work is refused with the fix before the page sees it, the form read as meant
// otherwise. No execute: the page answers it (addToolOutput) with {status, values} or {status, message}.
import {
  type FormSchema,
  formatIssues,
  formInputJsonSchema,
  readFormArgument,
  validateFormSchema,
} from '@formrequest/schema';
import type { SearchEndpoint } from '@formrequest/schema/guidance';
import { requestFormDescription, TOOL_RESULT_DELIVERY } from '@formrequest/schema/tooling';
import { type JSONSchema7, jsonSchema, type Tool, tool } from 'ai';
import type { FormRequestToolOutput } from './output.js';

export type { FormRequestToolInput, FormRequestToolOutput } from './output.js';

/** The name to register it under (what useFormRequestTool and findFormRequest look for). */
export const REQUEST_FORM_TOOL = 'request_form';

export interface RequestFormToolOptions {
  /** Search endpoints the model may use in searchUrl / loadUrl (listed in the description). */
  endpoints?: readonly SearchEndpoint[];
}

/** Reads and checks the model's input as the MCP server does; the form read as meant, or the fix. */
export function checkRequestFormInput(
  input: unknown,
): { success: true; value: { form_schema: FormSchema } } | { success: false; error: Error } {
  const argument = readFormArgument(input);
  if (!argument.ok) return { success: false, error: new Error(argument.message) };
  const checked = validateFormSchema(argument.form);
  if (!checked.ok || !checked.schema)
    return { success: false, error: new Error(formatIssues(checked.errors)) };
  return { success: true, value: { form_schema: checked.schema } };
}

/**
 * `tools: { request_form: requestFormTool() }` in streamText / generateText / an Agent. With no execute,
 * the call goes to the page: answer it with useChat's addToolOutput (useFormRequestTool does).
 */
export function requestFormTool(
  options: RequestFormToolOptions = {},
): Tool<{ form_schema: FormSchema }, FormRequestToolOutput> {
  return tool({
    description: requestFormDescription(TOOL_RESULT_DELIVERY, options.endpoints ?? []),
    inputSchema: jsonSchema<{ form_schema: FormSchema }>(formInputJsonSchema() as JSONSchema7, {
      validate: checkRequestFormInput,
    }),
    outputSchema: jsonSchema<FormRequestToolOutput>({
      oneOf: [
        {
          type: 'object',
          properties: { status: { const: 'submitted' }, values: { type: 'object' } },
          required: ['status', 'values'],
        },
        {
          type: 'object',
          properties: { status: { const: 'cancelled' }, message: { type: 'string' } },
          required: ['status', 'message'],
        },
      ],
    }),
  });
}
