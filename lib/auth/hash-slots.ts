import "server-only";
import { AppError } from "@/lib/errors";

// A small semaphore for password hashing. Each scrypt takes 32 MiB and a libuv thread for tens of
// milliseconds; a flood of sign-ins would otherwise fill the thread pool (which file and DNS work
// share) and the memory. Beyond the queue the caller is told to come back in a moment.

export interface HashSlots {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Hashes running now, and the most that ever ran at once (for tests and the benchmark). */
  stats(): { running: number; queued: number; peak: number };
}

export const BUSY_MESSAGE = "Many people are signing in at once. Try again in a few seconds.";

export function createHashSlots(concurrency: number, maxQueued: number): HashSlots {
  let running = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= maxQueued) {
          throw new AppError("service_unavailable", BUSY_MESSAGE, { retryAfter: 5 });
        }
        // The releasing hash hands its slot over directly, so `running` stays the same.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      peak = Math.max(peak, running);
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ running, queued: waiting.length, peak }),
  };
}
