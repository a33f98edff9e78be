// Wakes the SSE streams of a conversation when an event was stored. It carries no data: each stream
// reads what it has not sent yet from the store, so a slow or reconnecting reader never loses,
// duplicates or reorders events, and a burst costs one read per reader rather than one per event.
//
// The interface is what the rest of the host uses; InProcessBus serves one process. A bus for several
// instances on one database (PostgreSQL LISTEN/NOTIFY) implements the same three methods.
export interface EventBus {
  subscribe(conversationId: string, wake: () => void): () => void;
  /** Says that the conversation has new events (or was deleted). */
  notify(conversationId: string): void;
  close(): Promise<void>;
}

export class InProcessBus implements EventBus {
  private readonly listeners = new Map<string, Set<() => void>>();

  subscribe(conversationId: string, wake: () => void): () => void {
    let set = this.listeners.get(conversationId);
    if (!set) {
      set = new Set();
      this.listeners.set(conversationId, set);
    }
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0) this.listeners.delete(conversationId);
    };
  }

  notify(conversationId: string): void {
    for (const wake of this.listeners.get(conversationId) ?? []) wake();
  }

  listenerCount(conversationId: string): number {
    return this.listeners.get(conversationId)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
