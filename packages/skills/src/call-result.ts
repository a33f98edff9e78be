// A tool's result as a model should read it on a command line: its structured content as JSON when
// it has one (what the tool means for programs), else its content blocks, text as it is and the other
// kinds named by what they hold (an image's bytes are no use in a terminal). An error result is the
// server's own message.

interface Block {
  type?: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; mimeType?: string; text?: string; blob?: string };
}

export interface ToolResult {
  content?: Block[];
  structuredContent?: unknown;
  isError?: boolean;
}

function bytesOf(base64: string | undefined): number {
  return base64 ? Math.floor((base64.replace(/=+$/, '').length * 3) / 4) : 0;
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.text ?? '';
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType ?? ''}, ${bytesOf(block.data)} bytes, not shown]`;
    case 'resource_link':
      return `[resource link${block.name ? ` "${block.name}"` : ''}: ${block.uri ?? ''}${block.mimeType ? ` (${block.mimeType})` : ''}]`;
    case 'resource': {
      const r = block.resource ?? {};
      if (typeof r.text === 'string')
        return `[resource ${r.uri ?? ''}${r.mimeType ? ` (${r.mimeType})` : ''}]\n${r.text}`;
      return `[resource ${r.uri ?? ''}${r.mimeType ? ` (${r.mimeType})` : ''}, ${bytesOf(r.blob)} bytes, not shown]`;
    }
    default:
      return JSON.stringify(block);
  }
}

export interface CallResultText {
  /** What to print: the structured content as JSON, else the content blocks. */
  text: string;
  /** The tool reported an error (the text is the server's message). */
  isError: boolean;
}

/** The text to print for a result, and whether it is the tool's error. */
export function resultText(result: ToolResult): CallResultText {
  const isError = result.isError === true;
  const blocks = Array.isArray(result.content) ? result.content : [];
  if (!isError && result.structuredContent !== undefined)
    return { text: JSON.stringify(result.structuredContent, null, 2), isError };
  const text = blocks.map(blockText).join('\n\n');
  return { text: text || (isError ? 'the tool reported an error without a message' : ''), isError };
}
