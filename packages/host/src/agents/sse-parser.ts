// A Server-Sent Events reader for fetch responses (the Messages API streams this way): yields
// {event, data, id?} per frame, joining multi-line data, ignoring comments. The host's tests read its
// own stream with it too.
export interface SseFrame {
  event: string;
  data: string;
  /** The frame's `id:` field, when it has one. */
  id?: string;
}

export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let id: string | undefined;
  let data: string[] = [];
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield frame(event, data, id);
          event = '';
          id = undefined;
          data = [];
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon === -1 ? line : line.slice(0, colon);
          let value = colon === -1 ? '' : line.slice(colon + 1);
          if (value.startsWith(' ')) value = value.slice(1);
          if (field === 'event') event = value;
          else if (field === 'data') data.push(value);
          else if (field === 'id') id = value;
        }
        newline = buffer.search(/\r\n|\r|\n/);
      }
      if (done) break;
    }
    if (data.length > 0) yield frame(event, data, id);
  } finally {
    reader.releaseLock();
  }
}

function frame(event: string, data: string[], id: string | undefined): SseFrame {
  const out: SseFrame = { event: event || 'message', data: data.join('\n') };
  if (id !== undefined) out.id = id;
  return out;
}
