// The description of `request_form` for this server's config: the schema package writes the text
// (`requestFormDescription`, shared with the AI SDK tool of @formrequest/react); the server adds where
// the answers arrive under its policy (description-delivery.ts) and its configured search endpoints.
import type { ServerConfig } from '@formrequest/internal/config';
import { ANSWER_JA, answerShapeText, requestFormDescription } from '@formrequest/schema/tooling';
import { deliveryLines } from './description-delivery.js';

export { ANSWER_JA, answerShapeText };

/** The description of the `request_form` tool for the given server config. */
export function requestFormToolDescription(config: ServerConfig = {}): string {
  return requestFormDescription(deliveryLines(config), config.endpoints ?? []);
}
