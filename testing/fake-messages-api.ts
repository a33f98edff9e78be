// A local stand-in for the Anthropic Messages API on 127.0.0.1: POST /v1/messages (with or without
// ?beta=true) answered in the real streaming protocol (message_start, content_block_start/delta/stop
// with text_delta and input_json_delta, message_delta with stop_reason, message_stop) or as one JSON
// message when stream is false. Each test says what the "model" answers to a request.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeReply {
  text?: string;
  /** A tool call; `id` fixes its tool_use id (default toolu_fake_N). */
  toolUse?: { name: string; input: Record<string, unknown>; id?: string };
}

export interface FakeApi {
  url: string;
  requests: Array<{ path: string; headers: IncomingMessage['headers']; body: any }>;
  close(): Promise<void>;
}

/** The text of the last `role: "user"` message (skipping the system entries some clients put in messages). */
export function lastUserText(body: any): string {
  const user = [...(body.messages ?? [])].reverse().find((m: any) => m.role === 'user');
  if (!user) return '';
  if (typeof user.content === 'string') return user.content;
  return user.content
    .map((c: any) => (c.type === 'text' ? c.text : c.type === 'tool_result' ? JSON.stringify(c.content) : ''))
    .join('\n');
}

/** `respond` may return a promise: the reply is held until it settles (a model that is slow on cue). */
export async function startFakeMessagesApi(
  respond: (body: any) => FakeReply | Promise<FakeReply>,
): Promise<FakeApi> {
  const requests: FakeApi['requests'] = [];
  let counter = 0;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'POST' || path !== '/v1/messages') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          type: 'error',
          error: { type: 'not_found_error', message: `${req.method} ${req.url}` },
        }),
      );
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    requests.push({ path: req.url ?? '', headers: req.headers, body });
    const reply = await respond(body);
    const id = `msg_fake_${++counter}`;
    const content: any[] = [];
    if (reply.text) content.push({ type: 'text', text: reply.text });
    if (reply.toolUse)
      content.push({
        type: 'tool_use',
        id: reply.toolUse.id ?? `toolu_fake_${counter}`,
        name: reply.toolUse.name,
        input: reply.toolUse.input,
      });
    const stopReason = reply.toolUse ? 'tool_use' : 'end_turn';
    const usage = {
      input_tokens: 12,
      output_tokens: 34,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    const message = {
      id,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage,
    };
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(message));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (event: string, data: unknown) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send('message_start', {
      type: 'message_start',
      message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
    });
    send('ping', { type: 'ping' });
    content.forEach((block, index) => {
      if (block.type === 'text') {
        send('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'text', text: '' },
        });
        for (const piece of block.text.match(/.{1,8}/gsu) ?? []) {
          send('content_block_delta', {
            type: 'content_block_delta',
            index,
            delta: { type: 'text_delta', text: piece },
          });
        }
      } else {
        send('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        const json = JSON.stringify(block.input);
        for (let i = 0; i < json.length; i += 40) {
          send('content_block_delta', {
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json: json.slice(i, i + 40) },
          });
        }
      }
      send('content_block_stop', { type: 'content_block_stop', index });
    });
    send('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 34 },
    });
    send('message_stop', { type: 'message_stop' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
