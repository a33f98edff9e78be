// The waits of `PendingForms.changed()`, shared by both stores: a wait on a form id ends when the store
// wakes that id (its own write, or PostgreSQL's NOTIFY from another instance) or when its signal aborts.

export class FormChanges {
  private readonly waits = new Map<string, Set<() => void>>();

  /** Resolves at the next wake of `id`, or when `signal` aborts. */
  wait(id: string, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const waiting = this.waits.get(id) ?? new Set();
      this.waits.set(id, waiting);
      const done = () => {
        waiting.delete(done);
        if (waiting.size === 0 && this.waits.get(id) === waiting) this.waits.delete(id);
        signal.removeEventListener('abort', done);
        resolve();
      };
      waiting.add(done);
      if (signal.aborted) done();
      else signal.addEventListener('abort', done, { once: true });
    });
  }

  /** Ends every wait on `id`. */
  wake(id: string): void {
    for (const done of [...(this.waits.get(id) ?? [])]) done();
  }

  /** Ends every wait (the waiters read their forms again: a missed notification cannot strand them). */
  wakeAll(): void {
    for (const id of [...this.waits.keys()]) this.wake(id);
  }
}
