// request_form's tool UI for assistant-ui (makeAssistantToolUI): the call's form drawn with <FormRequest>;
// submit or cancel becomes the call's result (addResult), and the AI SDK runtime sends again so the model
// continues the same turn with the answers.
import { makeAssistantToolUI } from '@assistant-ui/react';
import { FormRequest, type FormRequestToolOutput, type FormSchema } from '@formrequest/react';

export const RequestFormToolUI = makeAssistantToolUI<{ form_schema: FormSchema }, FormRequestToolOutput>({
  toolName: 'request_form',
  render: ({ args, result, addResult, toolCallId, status }) => {
    if (result) return <p className="answered">{args.form_schema.title}: 回答済み</p>;
    if (status.type === 'running' && !args.form_schema?.fields) return null;
    return (
      <FormRequest
        schema={args.form_schema}
        draftKey={`formrequest:${toolCallId}`}
        onSubmit={(values) => addResult({ status: 'submitted', values })}
        onCancel={(message) => addResult({ status: 'cancelled', message })}
      />
    );
  },
});
