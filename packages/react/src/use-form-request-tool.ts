// useFormRequestTool: what a chat UI needs to show request_form calls from its message parts. Give it
// the chat's two ways to answer (the AI SDK's `addToolOutput` and `sendMessage` from useChat, or your
// own); it returns a function from a message part to the props of <FormRequest> (null for other parts).
// A local tool (no execute) is answered with its output, so the model continues in the same turn; the
// MCP server's result (seed 000, waiting_for_input) is answered with the next user message.
'use client';
import { useCallback, useState } from 'react';
import type { FormRequestProps } from './form-request.js';
import type { FormRequestToolOutput } from './output.js';
import { type FoundFormRequest, findFormRequest } from './tool-part.js';

export interface FormRequestToolOptions {
  /**
   * Answers a tool call with its output (useChat's `addToolOutput`; `addToolResult` before AI SDK 5.1).
   * `tool` is the name the call came with (`request_form`), typed as that literal so a `useChat` typed
   * with the tool (InferUITools) passes its own function here.
   */
  addToolOutput?(answer: {
    tool: 'request_form';
    toolCallId: string;
    output: FormRequestToolOutput;
  }): unknown;
  /** Sends the next user message (useChat's `sendMessage`): the seed 000 way, for the MCP server's result. */
  sendMessage?(message: { text: string }): unknown;
  /** Passed to every form (default: the form's own `locale`, else its words'). */
  locale?: FormRequestProps['locale'];
  /** Prefix of each form's draft key (`<prefix><toolCallId>`); default `formrequest:`. null: no drafts. */
  draftPrefix?: string | null;
}

export interface FormRequestToolView extends FoundFormRequest {
  /** The person answered (the tool has its output, or the answer was sent from this page). */
  answered: boolean;
  /** Spread onto <FormRequest {...view.props} />. */
  props: FormRequestProps;
}

/** `(part) => view | null`: the request_form calls among the message parts, with the props to draw each. */
export function useFormRequestTool(
  options: FormRequestToolOptions,
): (part: unknown) => FormRequestToolView | null {
  const [sent, setSent] = useState<ReadonlySet<string>>(() => new Set());
  const { addToolOutput, sendMessage, locale, draftPrefix = 'formrequest:' } = options;
  return useCallback(
    (part: unknown) => {
      const found = findFormRequest(part);
      if (!found) return null;
      const { toolCallId } = found;
      const done = () => setSent((prev) => new Set(prev).add(toolCallId));
      const name = ((part as { toolName?: string }).toolName ??
        (part as { type: string }).type.slice(5)) as 'request_form';
      const answer = (output: FormRequestToolOutput, message: string) => {
        done();
        if (found.answer === 'tool-output' && addToolOutput)
          addToolOutput({ tool: name, toolCallId, output });
        else sendMessage?.({ text: message });
      };
      return {
        ...found,
        answered: sent.has(toolCallId) || (found.answer === 'tool-output' && found.output !== undefined),
        props: {
          schema: found.schema,
          locale,
          now: found.issuedAt === undefined ? undefined : new Date(found.issuedAt),
          draftKey: draftPrefix === null ? undefined : `${draftPrefix}${toolCallId}`,
          onSubmit: (values, message) => answer({ status: 'submitted', values }, message),
          onCancel: (message) => answer({ status: 'cancelled', message }, message),
        },
      };
    },
    [addToolOutput, sendMessage, locale, draftPrefix, sent],
  );
}
