// The shapes of `structuredContent` (seed 002: the UI rebuilds from it; errors keep the shape), advertised
// as each tool's `outputSchema` so hosts and `formrequest spec` can see them.

const FORM_RESULT = {
  type: 'object',
  properties: {
    type: {
      type: 'string',
      enum: ['form_request', 'form_response'],
      description:
        'form_request: a form to show (or an error); form_response: the answers came back through elicitation',
    },
    status: {
      type: 'string',
      enum: ['waiting_for_input', 'error', 'submitted', 'declined', 'cancelled', 'invalid'],
      description: 'waiting_for_input: show the form; the answer arrives as the next user message',
    },
    schema: { type: ['object', 'null'], description: 'The checked form (form_request)' },
    message: { type: 'string', description: 'The same text as content[0]: what the model should know' },
    values: { type: ['object', 'null'], description: 'The answers (form_response, submitted)' },
    note: { type: 'string', description: 'Why elicitation was not used when mode was auto' },
    error: { type: 'string', description: 'The error text, when status is error or invalid' },
    errors: { type: 'object', description: 'Per-field messages, when status is invalid' },
    question: { type: 'object', description: 'The questions, when this form came from the question tool' },
  },
  required: ['type', 'status', 'message'],
};

export const REQUEST_FORM_OUTPUT_JSON_SCHEMA = FORM_RESULT;

export const QUESTION_OUTPUT_JSON_SCHEMA = {
  // MCP requires an outputSchema to be an object schema at the top level (the v1 client checks it).
  type: 'object',
  anyOf: [
    {
      type: 'object',
      description: "seed 004's details: one list of answers per question, and the error when there is one",
      properties: {
        answers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        error: {
          type: 'object',
          properties: {
            code: {
              type: 'string',
              enum: ['NO_UI', 'NO_OPTIONS', 'NO_QUESTIONS', 'CANCELLED', 'VALIDATION_ERROR'],
            },
            message: { type: 'string' },
            recovery: { type: 'array', items: { type: 'string' } },
            details: { type: 'object' },
          },
          required: ['code', 'message', 'recovery'],
        },
        warnings: { type: 'array', items: { type: 'string' } },
      },
      required: ['answers'],
    },
    FORM_RESULT,
  ],
};
