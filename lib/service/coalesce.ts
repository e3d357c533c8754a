import "server-only";

// Many browsers poll the same product or prediction. Concurrent reads of one key share one
// upstream request (singleflight), and its answer is kept for a short time, so the service sees
// about one call per resource per TTL however many people watch it. Failures are not kept.

interface Entry {
  value: unknown;
  expires: number;
}

const inflight = new Map<string, Promise<unknown>>();
const cache = new Map<string, Entry>();
const SWEEP_AT = 1_000;
const MAX_ENTRIES = 10_000;
let bypass = false;

/**
 * `ttlMs` may depend on the answer (a finished prediction is kept longer than one under way).
 * `copy` gives each caller its own copy, so one caller's changes never leak into another's
 * answer; it is per type because structuredClone of a long prediction list blocks for long.
 * Leave it out only for values nobody can change (booleans, strings).
 */
export async function coalesce<T>(
  key: string,
  ttlMs: number | ((value: T) => number),
  load: () => Promise<T>,
  copy: (value: T) => T = (value) => value,
  /** Skip a kept answer (an in-flight one is still shared); the new answer is kept as usual. */
  fresh = false,
): Promise<T> {
  if (bypass) return load();
  const hit = fresh ? undefined : cache.get(key);
  if (hit && hit.expires > Date.now()) return copy(hit.value as T);
  let pending = inflight.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load()
      .then((value) => {
        const keep = typeof ttlMs === "function" ? ttlMs(value) : ttlMs;
        if (keep > 0) remember(key, value, keep);
        return value;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  return copy(await pending);
}

function remember(key: string, value: unknown, ttlMs: number): void {
  const now = Date.now();
  if (cache.size >= SWEEP_AT) {
    for (const [k, entry] of cache) if (entry.expires <= now) cache.delete(k);
  }
  // Maps iterate in insertion order: drop the oldest when still full.
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { value, expires: now + ttlMs });
}

/** Forget kept answers: all of them, or those whose key starts with `prefix`. */
export function forget(prefix = ""): void {
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
}

/** Test hook: empty the cache, and optionally turn coalescing off. */
export function clearServiceCache(options: { bypass?: boolean } = {}): void {
  cache.clear();
  inflight.clear();
  bypass = options.bypass ?? false;
}
