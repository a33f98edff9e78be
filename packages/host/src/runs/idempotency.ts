// Idempotency-Key (the IETF draft's header) on POST /api/execute: a client that did not hear back
// (a 502 from a load balancer, a cut connection) sends the same request again with the same key and
// gets the first turn's answer; nothing is stored twice. The same key with another request is a 422.
import { createHash } from 'node:crypto';
import { HttpError } from '@formrequest/internal/http';
import type { HostStore } from '../store/index.js';
import type { ExecuteRequest, ExecuteResponse } from './turn-request.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The header's value checked: 1-255 visible ASCII characters (a UUID is the usual choice). */
export function checkIdempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const key = raw.trim();
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new HttpError(
      400,
      'bad_idempotency_key',
      'Idempotency-Key must be 1 to 255 visible ASCII characters, one per turn (e.g. a random UUID, sent again unchanged with a retry).',
    );
  }
  return key;
}

/** What makes two requests the same request: its fields, in a fixed order. */
export function fingerprint(request: ExecuteRequest): string {
  const { conversationId, message, formId, answers, cancel, locale, utcOffset, labels } = request;
  const canonical = JSON.stringify([
    conversationId,
    message,
    formId,
    sorted(answers),
    cancel,
    locale,
    utcOffset,
    // Only when sent: a request without labels keeps the fingerprint earlier releases stored.
    ...(labels === undefined ? [] : [sorted(labels)]),
  ]);
  return createHash('sha256').update(canonical).digest('base64url');
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** The first turn of `key`, if there was one: its answer, or a 422 when the request differs. */
export async function repeatedTurn(
  store: HostStore,
  key: string,
  print: string,
): Promise<(ExecuteResponse & { repeated: true }) | undefined> {
  const first = await store.idempotentTurn(key);
  if (!first) return undefined;
  if (first.fingerprint !== print) {
    throw new HttpError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was used for a different request. Use a new key for each new turn; send the same key only with the same request again.',
    );
  }
  return { conversationId: first.conversationId, runId: first.runId, repeated: true };
}
