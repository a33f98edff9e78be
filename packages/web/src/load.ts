// GET a JSON list for a search-backed field. Network failure, timeout, non-2xx, non-JSON or a body the
// schema package cannot read items from (extractItems) all reject: the field shows its error state.
import { extractItems } from '@formrequest/schema/core';
import type { Item } from './types.js';

const TIMEOUT_MS = 10_000;

export async function loadItems(
  fetchFn: typeof fetch,
  url: string,
  signals: AbortSignal[],
  credentials: RequestCredentials,
): Promise<Item[]> {
  const signal = AbortSignal.any([...signals, AbortSignal.timeout(TIMEOUT_MS)]);
  const res = await fetchFn(url, { signal, credentials, headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status} from ${url}`);
  const items = extractItems(await res.json());
  if (!items) throw new Error(`${url} did not return a JSON list`);
  return items;
}

/**
 * What a failed load says instead of the field's "try again": an embedding app whose `fetch` refuses a
 * request for good (an origin its page may not reach) rejects with an Error named `FormRequestRefused`;
 * its message is shown as it is and no retry is offered.
 */
export function refusal(error: unknown): string | undefined {
  return error instanceof Error && error.name === 'FormRequestRefused' ? error.message : undefined;
}
