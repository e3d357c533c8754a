import "server-only";
import { AppError, isAppError } from "@/lib/errors";

// Retries of idempotent reads: exponential backoff with full jitter, Retry-After honoured when
// it fits the budget, bounded in tries and total time. Hand-written rather than p-retry because
// the policy hinges on Retry-After and a shared deadline, which p-retry leaves to the caller.

export interface RetryTiming {
  tries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Total budget for one call, all tries and waits included. */
  totalMs: number;
  /** Longest Retry-After the app waits out itself; longer ones go back to the caller. */
  maxRetryAfterMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

const DEFAULT_TIMING: RetryTiming = {
  tries: 3,
  baseDelayMs: 250,
  maxDelayMs: 2_000,
  totalMs: 10_000,
  maxRetryAfterMs: 5_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

let timing: RetryTiming = { ...DEFAULT_TIMING };

/** Test hook: shorten or record the waits. */
export function setRetryTimingForTests(overrides: Partial<RetryTiming>): void {
  timing = { ...DEFAULT_TIMING, ...overrides };
}

export function resetRetryTimingForTests(): void {
  timing = { ...DEFAULT_TIMING };
}

// Decided from what actually happened upstream, not from the app's status: a 401 becomes a 502
// for the browser but must not be retried.
const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const transient = new WeakSet<AppError>();

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUS.has(status);
}

/** Marks an error as worth another try (a transient answer or a network failure of a read). */
export function markTransient(error: AppError): AppError {
  transient.add(error);
  return error;
}

function isRetryable(error: unknown): error is AppError {
  return isAppError(error) && transient.has(error);
}

/**
 * Runs `attempt` until it succeeds, fails with a non-retryable error, or the tries or time run
 * out. `attempt` gets the time left so each try's timeout can stay inside the budget.
 */
export async function withRetry<T>(
  attempt: (msLeft: number) => Promise<T>,
  timeoutMs: number,
  /** Told before each try after the first (the metrics count retries). */
  onRetry?: () => void,
): Promise<T> {
  const t = timing;
  const deadline = Date.now() + Math.max(t.totalMs, timeoutMs);
  for (let n = 1; ; n++) {
    try {
      return await attempt(deadline - Date.now());
    } catch (error) {
      if (n >= t.tries || !isRetryable(error)) throw error;
      const delay = delayFor(n, error.retryAfter, t);
      if (delay === null || Date.now() + delay >= deadline) throw error;
      await t.sleep(delay);
      onRetry?.();
    }
  }
}

function delayFor(n: number, retryAfterSeconds: number | undefined, t: RetryTiming): number | null {
  if (retryAfterSeconds !== undefined) {
    const ms = retryAfterSeconds * 1000;
    return ms > t.maxRetryAfterMs ? null : ms;
  }
  const ceiling = Math.min(t.maxDelayMs, t.baseDelayMs * 2 ** (n - 1));
  return Math.floor(t.random() * ceiling);
}
