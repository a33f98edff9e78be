// Wakes the SSE streams of a conversation when an event was stored. It carries no data: each stream
// reads what it has not sent yet from the store, so a slow or reconnecting reader never loses,
// duplicates or reorders events, and a burst costs one read per reader rather than one per event.
//
// The interface is what the rest of the host uses. InProcessBus serves one process (SQLite);
// PostgresBus (store/postgres-bus.ts) serves several instances on one database: each instance wakes
// its own listeners at once, and the others hear of the write through LISTEN/NOTIFY, sent by the store
// in the transaction that made it.
export interface EventBus {
  subscribe(conversationId: string, wake: () => void): () => void;
  /** Says that the conversation has new events (or was deleted): wakes this instance's listeners. */
  notify(conversationId: string): void;
  /**
   * Calls `handler` when runs may be free to take: another instance let go of its runs (it is shutting
   * down), or this instance may have missed such news (its database listener reconnected). One
   * instance alone is never told anything here.
   */
  onRunsFreed(handler: () => void): () => void;
  close(): Promise<void>;
}

export class InProcessBus implements EventBus {
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly runHandlers = new Set<() => void>();

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

  /** Wakes every listener (after news may have been missed: each stream re-reads the store). */
  notifyAll(): void {
    for (const set of this.listeners.values()) for (const wake of set) wake();
  }

  onRunsFreed(handler: () => void): () => void {
    this.runHandlers.add(handler);
    return () => this.runHandlers.delete(handler);
  }

  /** Calls the onRunsFreed handlers (the database bus, when it hears of freed runs). */
  runsFreed(): void {
    for (const handler of this.runHandlers) handler();
  }

  listenerCount(conversationId: string): number {
    return this.listeners.get(conversationId)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.runHandlers.clear();
  }
}
