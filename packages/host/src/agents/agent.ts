// The one interface every agent runtime sits behind. The host hands an agent the user's message (and,
// when it answers a form, the form and its checked values); the agent streams what it does through
// `emit` and returns its state for the next turn. Ending the turn after request_form is the agent's
// job; detecting the form and keeping it pending is the host's.
import type { AnswerLabels, FormSchema, Locale } from '@formrequest/schema';

export type AgentEventName = 'text' | 'tool_use' | 'tool_result';

export interface FormAnswer {
  /** The form's id: the tool_use id of the request_form call that asked for it. */
  id: string;
  schema: FormSchema;
  outcome: 'submitted' | 'cancelled';
  /** The re-validated answers (hidden values applied) when submitted. */
  values?: Record<string, unknown>;
  /** What the person saw for the answers that are ids (option labels, search rows), by field name. */
  labels?: AnswerLabels;
}

export interface TurnInput {
  conversationId: string;
  /** The user message exactly as the agent should see it (answers JSON, the cancel message, or text). */
  message: string;
  /** The UI language the person chose; agents may also read it from the message. */
  locale: Locale;
  form?: FormAnswer;
  /** What this agent returned as `state` at the end of the conversation's previous turn. */
  state: unknown;
  emit(name: AgentEventName, data: Record<string, unknown>): void;
  /** Aborted when the host shuts down; a closed browser tab never aborts a run. */
  signal: AbortSignal;
}

export interface TurnOutput {
  state?: unknown;
  /** `success` unless the runtime reported otherwise (e.g. `error_max_turns`). */
  subtype?: string;
}

export interface Agent {
  readonly name: string;
  runTurn(input: TurnInput): Promise<TurnOutput>;
  close(): Promise<void>;
}

export const AGENT_NAMES = ['scripted', 'anthropic', 'claude-agent-sdk'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];
