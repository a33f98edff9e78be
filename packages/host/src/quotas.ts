// Quotas of one host (all its instances on one database): conversations stored, messages per
// conversation, the size of one message, and the bytes of conversation text the store holds. A turn
// past one is refused before anything is written: 429 for a count (delete conversations, or wait for
// retention to), 413 for a size. The counts are read just before the turn is committed, so several
// turns at the same instant may pass a quota by as many.
import { HttpError } from '@formrequest/internal/http';
import type { HostStore } from './store/index.js';

export interface Quotas {
  /** Conversations stored (default 10,000). */
  conversations: number;
  /** Messages a person sends in one conversation, answers included (default 1,000). */
  messages: number;
  /** UTF-8 bytes of one message (default 300,000: 100,000 characters of Japanese). */
  messageBytes: number;
  /** Bytes the store's conversation tables take (default 1 GiB; uploads have their own limits). */
  storedBytes: number;
}

export const DEFAULT_QUOTAS: Quotas = {
  conversations: 10_000,
  messages: 1000,
  messageBytes: 300_000,
  storedBytes: 1024 * 1024 * 1024,
};

/** The message's size against its quota: a 413 naming the limit. */
export function checkMessageSize(message: string, quotas: Quotas): void {
  const bytes = Buffer.byteLength(message, 'utf8');
  if (bytes > quotas.messageBytes) {
    throw new HttpError(
      413,
      'message_too_long',
      `The message is ${bytes} bytes; this host takes messages up to ${quotas.messageBytes} bytes (UTF-8). Send it in parts, or attach it as a file to a form.`,
      { limit: quotas.messageBytes, size: bytes },
    );
  }
}

/** Whether one more turn fits: a 429 (or 413 for stored bytes) that names the quota and the way out. */
export async function checkTurnQuotas(
  store: HostStore,
  conversationId: string | undefined,
  quotas: Quotas,
): Promise<void> {
  const usage = await store.usage(conversationId);
  if (conversationId === undefined && usage.conversations >= quotas.conversations) {
    throw new HttpError(
      429,
      'quota_conversations',
      `This host holds its limit of ${quotas.conversations} conversations. Delete conversations you no longer need (DELETE /api/conversations/ID), or continue one.`,
      { limit: quotas.conversations, used: usage.conversations },
    );
  }
  if (conversationId !== undefined && usage.messages >= quotas.messages) {
    throw new HttpError(
      429,
      'quota_messages',
      `This conversation holds its limit of ${quotas.messages} messages. Start a new conversation.`,
      { limit: quotas.messages, used: usage.messages },
    );
  }
  if (usage.storedBytes >= quotas.storedBytes) {
    throw new HttpError(
      413,
      'quota_stored_bytes',
      `The host's store holds its limit of ${quotas.storedBytes} bytes of conversations (${usage.storedBytes} in use). Delete conversations you no longer need (DELETE /api/conversations/ID).`,
      { limit: quotas.storedBytes, used: usage.storedBytes },
    );
  }
}
