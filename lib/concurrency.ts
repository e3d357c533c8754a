import pLimit from "p-limit";

// "At most N at once", the app's one way: p-limit's queue, first come first served.

/** `fn` over `items` with at most `limit` calls under way at once; results in input order. */
export function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  return pLimit(limit).map(items, (item) => fn(item));
}

/** A gate letting at most `limit` tasks run at once; the rest wait their turn in order. */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  const gate = pLimit(limit);
  return (task) => gate(task);
}

/**
 * Resolves after one turn of the event loop: requests, timers and I/O waiting behind a long run
 * of work on this thread go first, then the work goes on.
 */
export function letOthersRun(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
