// request_form as a CopilotKit human-in-the-loop tool (useHumanInTheLoop of @copilotkit/react-core/v2):
// the agent calls it with {form_schema}, the chat shows <FormRequest>, and submit or cancel is the
// tool's result ({status: "submitted", values} or {status: "cancelled", message}), so the agent goes on
// with the answers in the same run. The description is the MCP tool's (from @formrequest/schema); the
// form is read and checked by the renderer, as on every surface (a broken form shows its fix).
// Render <RequestFormTool /> inside <CopilotKit>. Type-checked against CopilotKit's own types: see
// README.md (this folder is not a workspace: CopilotKit is installed only to check it).

import { useHumanInTheLoop } from '@copilotkit/react-core/v2';
import { FormRequest, type FormRequestToolOutput, type FormSchema } from '@formrequest/react';
import { requestFormDescription, TOOL_RESULT_DELIVERY } from '@formrequest/schema/tooling';
import { z } from 'zod';

const description = requestFormDescription(TOOL_RESULT_DELIVERY);

export function RequestFormTool() {
  useHumanInTheLoop({
    name: 'request_form',
    description,
    parameters: z.object({
      form_schema: z.record(z.string(), z.unknown()).describe('the form: {title, fields: [...]}'),
    }),
    render: ({ args, status, respond, toolCallId, result }) => {
      if (status === 'complete') return <p>{String(result)}</p>;
      if (!respond || !args.form_schema) return <p>…</p>;
      const answer = (output: FormRequestToolOutput) => void respond(output);
      return (
        <FormRequest
          schema={args.form_schema as unknown as FormSchema}
          draftKey={`formrequest:${toolCallId}`}
          onSubmit={(values) => answer({ status: 'submitted', values })}
          onCancel={(message) => answer({ status: 'cancelled', message })}
        />
      );
    },
  });
  return null;
}
