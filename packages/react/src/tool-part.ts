// Finds a request_form call in a chat message part (the AI SDK's UIMessage parts, or seed 000's
// `tool_use` block of the Messages API and the Agent SDK) and says how it wants its answer: as the tool's output (a tool the page answers itself, the
// local tool of @formrequest/react/ai) or as the next user message (the MCP server's seed 000 result,
// `_metadata.type === "form_request"`). No React and no schema check here: the form is drawn by the
// renderer, which checks it as every surface does.
import type { FormSchema } from '@formrequest/web';

/** The tool names request_form goes by: ours, and seed 000's name as an MCP host prefixes it. */
export const REQUEST_FORM_NAMES: readonly string[] = ['request_form', 'mcp__form__request_form'];

export interface FoundFormRequest {
  toolCallId: string;
  /** The form to draw: the server's checked form when the result carries it, else the call's input. */
  schema: FormSchema;
  /**
   * `tool-output`: answer with the tool's output (addToolOutput); `next-message`: the tool already
   * returned (waiting_for_input), send the answer as the next user message (seed 000).
   */
  answer: 'tool-output' | 'next-message';
  /** The tool's output when it has one (for `tool-output`: the person answered). */
  output: unknown;
  /** When the server issued the form (`_meta["formrequest/issuedAt"]`): relative dates count from it. */
  issuedAt?: number;
  /** The part's state as the AI SDK names it (`input-streaming`, `input-available`, `output-available`…). */
  state: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function toolName(part: Record<string, unknown>): string | undefined {
  if (part.type === 'dynamic-tool' && typeof part.toolName === 'string') return part.toolName;
  if (typeof part.type === 'string' && part.type.startsWith('tool-')) return part.type.slice(5);
  return undefined;
}

/** Whether `output` is an answer given through the tool's output (`{status: "submitted" | "cancelled"}`). */
export function isToolAnswer(output: unknown): boolean {
  return isObject(output) && (output.status === 'submitted' || output.status === 'cancelled');
}

/** The form a seed 000 result carries: `_meta["formrequest/form"]` (checked), else `_metadata.schema`. */
export function formOfResult(result: unknown): FormSchema | undefined {
  if (!isObject(result)) return undefined;
  const meta = isObject(result._meta) ? result._meta['formrequest/form'] : undefined;
  if (isObject(meta)) return meta as unknown as FormSchema;
  const seed = result._metadata;
  if (isObject(seed) && seed.type === 'form_request' && isObject(seed.schema))
    return seed.schema as unknown as FormSchema;
  return undefined;
}

/** The request_form call in `part`, or null (another part, or its input still streaming). */
export function findFormRequest(part: unknown): FoundFormRequest | null {
  if (!isObject(part)) return null;
  // Seed 000's detection: a Messages API / Agent SDK `tool_use` block, answered with the next message.
  if (part.type === 'tool_use') {
    const input = isObject(part.input) ? part.input.form_schema : undefined;
    if (typeof part.name !== 'string' || !REQUEST_FORM_NAMES.includes(part.name)) return null;
    if (typeof part.id !== 'string' || !isObject(input)) return null;
    const schema = input as unknown as FormSchema;
    return {
      toolCallId: part.id,
      schema,
      answer: 'next-message',
      output: undefined,
      state: 'input-available',
    };
  }
  const name = toolName(part);
  if (!name || !REQUEST_FORM_NAMES.includes(name) || typeof part.toolCallId !== 'string') return null;
  const state = String(part.state ?? '');
  const input = isObject(part.input) ? part.input.form_schema : undefined;
  const fromResult = state === 'output-available' ? formOfResult(part.output) : undefined;
  if (fromResult) {
    const meta = (part.output as { _meta?: Record<string, unknown> })._meta;
    const at = meta?.['formrequest/issuedAt'];
    return {
      toolCallId: part.toolCallId,
      schema: fromResult,
      answer: 'next-message',
      output: part.output,
      state,
      ...(typeof at === 'number' ? { issuedAt: at } : {}),
    };
  }
  if (!isObject(input) || state === 'input-streaming' || state === 'output-error') return null;
  // An output that is not this tool's answer (an error result of the MCP tool): no form to show.
  if (state === 'output-available' && !isToolAnswer(part.output)) return null;
  return {
    toolCallId: part.toolCallId,
    schema: input as unknown as FormSchema,
    answer: 'tool-output',
    output: state === 'output-available' ? part.output : undefined,
    state,
  };
}
