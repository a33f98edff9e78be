// Progress notifications while a person fills a form. A held call (a 2025 form-mode elicitation, or a
// URL-mode one on either era) can last as long as the person takes; clients that reset their request
// timeout on progress (the v1 SDK's `resetTimeoutOnProgress`, Claude Code) then never cut it. Sent only
// when the request carried a `progressToken`, as the protocol requires.
import type { McpServer, ServerContext } from '@modelcontextprotocol/server';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/** `legacy`: 2025 revisions (server-to-client requests, the shim); `modern`: 2026-07-28 and later. */
export function protocolEra(server: McpServer, ctx: ServerContext): 'legacy' | 'modern' {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const version =
    (envelope?.[PROTOCOL_VERSION_KEY] as string | undefined) ?? server.server.getNegotiatedProtocolVersion();
  return version !== undefined && version >= '2026-07-28' ? 'modern' : 'legacy';
}

export interface Ticker {
  stop(): void;
}

/** Elapsed time as a person reads it: 「1分5秒」 / "1m 5s" (seconds alone under a minute). */
export function elapsedText(ms: number, locale: 'ja' | 'en' | undefined): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (locale === 'en') return minutes > 0 ? `${minutes}m ${seconds}s` : `${seconds}s`;
  return minutes > 0 ? `${minutes}分${seconds}秒` : `${seconds}秒`;
}

/**
 * Sends `notifications/progress` for this request every `intervalMs` (progress 1, 2, 3 …, no total)
 * until stopped or the request is aborted; `message` gets the real time elapsed since the start (ms).
 * A no-op without a progressToken.
 */
export function startProgress(
  ctx: ServerContext,
  intervalMs: number,
  message: (elapsedMs: number) => string,
): Ticker {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return { stop() {} };
  const started = Date.now();
  let progress = 0;
  const timer = setInterval(() => {
    progress += 1;
    ctx.mcpReq
      .notify({
        method: 'notifications/progress',
        params: { progressToken, progress, message: message(Date.now() - started) },
      })
      .catch(() => stop()); // the connection is gone: nothing to keep alive
  }, intervalMs);
  const stop = () => {
    clearInterval(timer);
    ctx.mcpReq.signal.removeEventListener('abort', stop);
  };
  ctx.mcpReq.signal.addEventListener('abort', stop, { once: true });
  return { stop };
}

// On a 2025 connection an `input_required` return does not end the call: the SDK's shim sends the
// request to the client and runs the handler again with the answer, on the same request (same abort
// signal). The ticker started before returning is found and stopped again on re-entry.
const held = new WeakMap<AbortSignal, Ticker>();

/** Keeps the call alive while the shim waits for the client (2025 only: a 2026 return ends the call). */
export function holdWhileAsking(
  server: McpServer,
  ctx: ServerContext,
  intervalMs: number,
  message: (elapsedMs: number) => string,
): void {
  if (protocolEra(server, ctx) !== 'legacy') return;
  releaseHold(ctx);
  held.set(ctx.mcpReq.signal, startProgress(ctx, intervalMs, message));
}

/** Stops the ticker `holdWhileAsking` started for this request, if any. */
export function releaseHold(ctx: ServerContext): void {
  held.get(ctx.mcpReq.signal)?.stop();
  held.delete(ctx.mcpReq.signal);
}
