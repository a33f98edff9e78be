// A useChat message list where a request_form call shows <FormRequest>. The local tool is answered with
// addToolOutput and the chat sends again at once (sendAutomaticallyWhen), so the model continues the
// same turn with the answers; the MCP server's result is answered with the next user message.
import { useChat } from '@ai-sdk/react';
import { FormRequest, useFormRequestTool } from '@formrequest/react';
import type { requestFormTool } from '@formrequest/react/ai';
import {
  DefaultChatTransport,
  type InferUITools,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIDataTypes,
  type UIMessage,
} from 'ai';
import { useMemo, useState } from 'react';

/** The chat's messages, typed by the tool: `tool-request_form` parts carry {form_schema} and its output. */
type ChatMessage = UIMessage<
  unknown,
  UIDataTypes,
  InferUITools<{ request_form: ReturnType<typeof requestFormTool> }>
>;

export function Chat({ api }: { api: string }) {
  const transport = useMemo(() => new DefaultChatTransport<ChatMessage>({ api }), [api]);
  const { messages, sendMessage, addToolOutput, status } = useChat<ChatMessage>({
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
  });
  const formFor = useFormRequestTool({ addToolOutput, sendMessage });
  const [input, setInput] = useState('');

  return (
    <>
      <h1>formrequest + AI SDK</h1>
      <ol className="messages">
        {messages.map((message) => (
          <li key={message.id} data-role={message.role}>
            {message.parts.map((part, i) => {
              const key = `${message.id}-${i}`;
              if (part.type === 'text') return <p key={key}>{part.text}</p>;
              const form = formFor(part);
              if (!form) return null;
              return form.answered ? (
                <p key={key} className="answered">
                  {form.schema.title}: 回答済み
                </p>
              ) : (
                <FormRequest key={key} {...form.props} />
              );
            })}
          </li>
        ))}
      </ol>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!input.trim()) return;
          sendMessage({ text: input });
          setInput('');
        }}
      >
        <input aria-label="メッセージ" value={input} onChange={(e) => setInput(e.target.value)} />
        <button type="submit" disabled={status !== 'ready'}>
          送る
        </button>
      </form>
    </>
  );
}
