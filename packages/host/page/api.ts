// Calls to the host: JSON in and out; every state-changing call (POST, PUT, DELETE) carries the page's
// token, which only this page has (the host puts it in a <meta>), so no other site can make them.

import { state } from './state.js';
import { STRINGS } from './strings.js';

const TOKEN = document.querySelector<HTMLMetaElement>('meta[name="formrequest-token"]')?.content ?? '';

export function writeHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, 'X-FormRequest-Token': TOKEN };
}

export class ResponseError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: { code?: string; error?: string; errors?: Record<string, string> } & Record<
      string,
      unknown
    >,
  ) {
    super(message);
  }
}

/** A failed response as an Error: the server's message, in the page's language where its code is known. */
export function responseError(status: number, data: ResponseError['data']): ResponseError {
  const known = data.code ? STRINGS[state.locale].denied[data.code] : undefined;
  const text = typeof known === 'function' ? known(data) : known;
  return new ResponseError(text || data.error || `HTTP ${status}`, status, data);
}

export async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
  const response = await fetch(path, {
    method,
    headers: method === 'GET' ? headers : writeHeaders(headers),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw responseError(response.status, data);
  return data as T;
}
