// Retries with backoff for a store call that failed for a passing reason (the database restarting, no
// connection free in the pool): doubling waits up to a cap, within a time budget, then the last error
// is thrown for the caller to report. Only work that is safe to repeat is repeated: the caller says
// which failures those are.

export interface RetryPolicy {
  /** Time from the first failure after which the error is thrown (default 20 s). */
  budgetMs: number;
  /** First wait (default 100 ms); each next one doubles, up to `maxDelayMs` (default 2 s). */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { budgetMs: 20_000, firstDelayMs: 100, maxDelayMs: 2000 };

/** The wait before retry number `n` (0-based) of `policy`, with up to 20% jitter so instances spread. */
export function backoffDelay(policy: Pick<RetryPolicy, 'firstDelayMs' | 'maxDelayMs'>, n: number): number {
  const base = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(n, 20));
  return Math.round(base * (0.8 + Math.random() * 0.2));
}

/** Runs `work`; while it throws what `again` accepts and the budget lasts, waits and runs it again. */
export async function withRetry<T>(
  work: () => Promise<T>,
  again: (error: unknown) => boolean,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
  let started: number | undefined;
  for (let n = 0; ; n++) {
    try {
      return await work();
    } catch (error) {
      started ??= Date.now();
      if (!again(error) || Date.now() - started >= policy.budgetMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(policy, n)));
    }
  }
}
