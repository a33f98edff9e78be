// The shapes of `structuredContent` (seed 002: the UI rebuilds from it; errors keep the shape), advertised
// as each tool's `outputSchema` so hosts and `formrequest spec` can see them.

const FORM_RESULT = {
  type: 'object',
  properties: {
    message: {
      type: 'string',
      description:
        'What the model should know (content[0].text): the waiting text, the answers or the errors',
    },
    type: {
      type: 'string',
      enum: ['form_request', 'form_response'],
      description:
        'form_request: a form to show (or an error); form_response: the answers came back through elicitation',
    },
    status: {
      type: 'string',
      enum: [
        'waiting_for_input',
        'error',
        'submitted',
        'declined',
        'cancelled',
        'invalid',
        'not_shown',
        'unseen',
        'closed',
      ],
      description:
        'waiting_for_input: show the form; the answer arrives as the next user message. not_shown: no surface can show it; unseen: the client answered before anyone could see it (ask in the conversation for both). closed: its page closed unanswered',
    },
    normalized: {
      type: 'array',
      items: { type: 'string' },
      description:
        'What the server changed in the form to what it clearly meant (the form shown is the changed one)',
    },
    warnings: {
      type: 'array',
      items: { type: 'string' },
      description: 'Problems that did not stop the form (ignored properties, likely mistakes)',
    },
    note: { type: 'string', description: 'Why elicitation was not used when mode was auto' },
    values: { type: ['object', 'null'], description: 'The answers (form_response, submitted)' },
    labels: {
      type: 'object',
      description:
        'What the person saw for choice and search fields: field name -> the option label (a list for several)',
    },
    errors: { type: 'object', description: 'Per-field messages, when status is invalid' },
    question: { type: 'object', description: 'The questions, when this form came from the question tool' },
  },
  required: ['message', 'type', 'status'],
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
        message: {
          type: 'string',
          description: 'The text result in seed 004\'s words (`ユーザーの回答: "Q"="A"`)',
        },
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
