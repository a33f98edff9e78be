// What the page knows right now, shared by its modules.

import type { FormSchema, Locale } from '@formrequest/schema';
import { type ChatKey, chatWords } from '@formrequest/schema/messages';
import type { FormController } from '@formrequest/web';

export interface OpenForm {
  id: string;
  /** As the host sends it: checked by the MCP server that issued it. */
  schema: FormSchema;
  /** The language the form is written in (its messages and buttons), whatever the page speaks. */
  locale: Locale;
  controller: FormController | null;
  /** Resolves once the agent's turn has ended: the host takes answers only then. */
  ready: Promise<void>;
  markReady(): void;
  /** The person has typed or chosen something. */
  dirty: boolean;
  /**
   * When the host issued the form (ms): relative date bounds ("today") count from it in this browser's
   * zone. A form shown from the live tool_use counts from now until the host's instant arrives.
   */
  issuedAt: number;
  saveTimer?: ReturnType<typeof setTimeout>;
}

export const state = {
  locale: initialLocale(),
  conversationId: null as string | null,
  source: null as EventSource | null,
  lastEventId: 0,
  bubble: null as { node: HTMLElement; text: string; frame: number } | null,
  running: false,
  form: null as OpenForm | null,
  maxFileBytes: 10 * 1024 * 1024,
};

function initialLocale(): Locale {
  const fromUrl = new URLSearchParams(location.search).get('lang');
  if (fromUrl === 'en' || fromUrl === 'ja') return fromUrl;
  return localStorage.getItem('formrequest-host-locale') === 'en' ? 'en' : 'ja';
}

/** The page's words in its language (the `chat` part of the schema's message catalog). */
export function s(key: ChatKey): string {
  return chatWords(state.locale)[key];
}
