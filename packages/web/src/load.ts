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
