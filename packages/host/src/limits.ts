// `--limits KEY=N,…` (or FORMREQUEST_LIMITS): the host's numeric limits in one place, read with a
// message that names the keys and their defaults. Connection limits go to capacity.ts; quotas to
// quotas.ts.
import { type CapacityLimits, DEFAULT_CAPACITY } from './capacity.js';
import { DEFAULT_QUOTAS, type Quotas } from './quotas.js';

export interface Limits {
  capacity: Partial<CapacityLimits>;
  quotas: Partial<Quotas>;
}

const KEYS = {
  connections: ['capacity', 'connections', DEFAULT_CAPACITY.connections, 'open sockets'],
  'per-address': ['capacity', 'perAddress', DEFAULT_CAPACITY.perAddress, 'sockets per client address'],
  requests: ['capacity', 'requests', DEFAULT_CAPACITY.requests, 'requests in flight'],
  streams: ['capacity', 'streams', DEFAULT_CAPACITY.streams, 'event streams'],
  conversations: ['quotas', 'conversations', DEFAULT_QUOTAS.conversations, 'conversations stored'],
  messages: ['quotas', 'messages', DEFAULT_QUOTAS.messages, 'messages per conversation'],
  'message-bytes': ['quotas', 'messageBytes', DEFAULT_QUOTAS.messageBytes, 'bytes of one message'],
  'stored-bytes': ['quotas', 'storedBytes', DEFAULT_QUOTAS.storedBytes, 'bytes of conversation text stored'],
} as const;

/** The keys with their meanings and defaults, for messages and docs. */
export function limitKeys(): string {
  return Object.entries(KEYS)
    .map(([key, [, , fallback, what]]) => `${key} (${what}, default ${fallback})`)
    .join(', ');
}

/** Reads "connections=600,streams=2000"; `from` names where the text came from in messages. */
export function parseLimits(text: string, from = '--limits'): Limits {
  const limits: Limits = { capacity: {}, quotas: {} };
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const match = /^([a-z-]+)\s*=\s*(\d+)$/.exec(item);
    const entry = match ? KEYS[match[1] as keyof typeof KEYS] : undefined;
    if (!match || !entry) {
      throw new Error(`${from}: "${item}" is not KEY=N with one of these keys: ${limitKeys()}.`);
    }
    const value = Number(match[2]);
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new Error(`${from}: ${match[1]} must be a whole number of at least 1 (got ${match[2]}).`);
    }
    const [group, name] = entry;
    (limits[group] as Record<string, number>)[name] = value;
  }
  return limits;
}

/** The limits a start uses: FORMREQUEST_LIMITS, then the given ones over them. */
export function limitsFrom(given: Partial<Limits> | undefined, env: NodeJS.ProcessEnv): Limits {
  const raw = env.FORMREQUEST_LIMITS?.trim();
  const fromEnv = raw ? parseLimits(raw, 'FORMREQUEST_LIMITS') : { capacity: {}, quotas: {} };
  return {
    capacity: { ...fromEnv.capacity, ...given?.capacity },
    quotas: { ...fromEnv.quotas, ...given?.quotas },
  };
}
