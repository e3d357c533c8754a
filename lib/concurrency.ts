/** `fn` over `items` with at most `limit` calls under way at once; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A gate letting at most `limit` tasks run at once; the rest wait their turn in order. */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (busy >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else busy--;
    }
  };
}
