// Calls to the host: JSON in and out; every state-changing call (POST, PUT, DELETE) carries the page's
// token, which only this page has (the host puts it in a <meta>), so no other site can make them.

import { formatBytes } from '@formrequest/schema';
import { type ChatKey, chatWords, format } from '@formrequest/schema/messages';
import { state } from './state.js';

const TOKEN = document.querySelector<HTMLMetaElement>('meta[name="formrequest-token"]')?.content ?? '';

export function writeHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return { ...headers, 'X-FormRequest-Token': TOKEN };
}

/** A refused call's JSON body: the host's code and message, and per-field messages for a 422. */
type ApiErrorBody = { code?: string; error?: string; errors?: Record<string, string> } & Record<
  string,
  unknown
>;

export class ResponseError extends Error {
  readonly status: number;
  readonly data: ApiErrorBody;
  constructor(message: string, status: number, data: ApiErrorBody) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/** The page's own words for the host's refusals, by their code. */
const DENIED: Record<string, ChatKey> = {
  bad_token: 'deniedBadToken',
  forbidden_origin: 'deniedForbiddenOrigin',
  forbidden_host: 'deniedForbiddenHost',
  auth_required: 'deniedAuthRequired',
  body_too_large: 'deniedBodyTooLarge',
  conversation_quota_exceeded: 'deniedConversationQuota',
  storage_quota_exceeded: 'deniedStorageQuota',
};

/** A failed response as an Error: the server's message, in the page's language where its code is known. */
export function responseError(status: number, data: ResponseError['data']): ResponseError {
  const key = data.code && Object.hasOwn(DENIED, data.code) ? DENIED[data.code] : undefined;
  const limit = formatBytes(typeof data.limit === 'number' ? data.limit : 0);
  const text = key ? format(chatWords(state.locale)[key], { limit }) : undefined;
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
