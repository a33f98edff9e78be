// The multi-round-trip `requestState` of the tools: which attempt of a form-mode elicitation this is,
// and which pending form a URL-mode elicitation waits on. It travels through the client and comes back
// as attacker-controlled input (2026-07-28, basic/patterns/mrtr), and it decides which form a retry
// waits on, so it is sealed with the SDK's HMAC codec (integrity, expiry, bound to the method) and
// every round is verified before a handler runs (`requestState.verify` in server.ts). The legacy shim
// of 2025 connections passes it through the same verification.
import { randomBytes } from 'node:crypto';
import {
  createRequestStateCodec,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';

export interface FlowState {
  /** Form-mode elicitation: answers asked for so far that failed the checks. */
  attempt?: number;
  /** URL-mode elicitation: the pending form's id. */
  form?: string;
  /** When the elicitation was asked (ms): an answer much faster is not a person's (unseen.ts). */
  askedAt?: number;
  /**
   * `question`'s second dialog (the text of a picked 「その他」): what the first dialog answered, kept
   * sealed here so the answers join without the server holding anything between the rounds.
   */
  picked?: Record<string, unknown>;
}

export type FlowStateCodec = RequestStateCodec<FlowState>;

/**
 * A codec keyed by `key` (at least 32 bytes; a random per-process key by default, which is enough when
 * one process serves every round, as `formrequest serve` does; servers behind a load balancer share one).
 * `ttlMs`: how long a state stays valid; a person may take as long as the form lives.
 */
export function createFlowStateCodec(options: { key?: Uint8Array | string; ttlMs: number }): FlowStateCodec {
  return createRequestStateCodec<FlowState>({
    key: options.key ?? randomBytes(32),
    ttlSeconds: Math.max(60, Math.ceil(options.ttlMs / 1000)),
    // A state minted for one method is refused on another (a tools/call state replayed on prompts/get).
    bind: (ctx: ServerContext) => ctx.mcpReq.method,
  });
}

/** The verified state of this round (the codec's `verify` ran before the handler), or an empty one. */
export function flowState(ctx: ServerContext): FlowState {
  const state = ctx.mcpReq.requestState<FlowState>();
  return state && typeof state === 'object' ? state : {};
}
