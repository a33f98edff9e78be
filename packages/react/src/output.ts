// What the request_form tool returns when the page answers it as the tool's own result (the AI SDK's
// client-side tool output): the shape TOOL_RESULT_DELIVERY of @formrequest/schema tells the model.
export type FormRequestToolOutput =
  | { status: 'submitted'; values: Record<string, unknown> }
  | { status: 'cancelled'; message: string };

/** The tool's input: seed 000's one parameter. */
export interface FormRequestToolInput {
  form_schema: unknown;
}
