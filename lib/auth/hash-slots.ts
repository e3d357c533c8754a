import "server-only";
import pLimit from "p-limit";
import { AppError } from "@/lib/errors";

// At most a few password hashes at once (p-limit), and a bounded queue behind them. Each scrypt
// takes 32 MiB and a libuv thread for tens of milliseconds; a flood of sign-ins would otherwise
// fill the thread pool (which file and DNS work share) and the memory. Beyond the queue the caller
// is told to come back in a moment.

export interface HashSlots {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Hashes running now, and the most that ever ran at once (for tests and the benchmark). */
  stats(): { running: number; queued: number; peak: number };
}

export const BUSY_MESSAGE = "Many people are signing in at once. Try again in a few seconds.";

export function createHashSlots(concurrency: number, maxQueued: number): HashSlots {
  const gate = pLimit(concurrency);
  let peak = 0;
  return {
    run(work) {
      // Counted together: p-limit moves a task from waiting to running a moment after it is added.
      if (gate.activeCount + gate.pendingCount >= concurrency + maxQueued) {
        return Promise.reject(new AppError("service_unavailable", BUSY_MESSAGE, { retryAfter: 5 }));
      }
      return gate(() => {
        peak = Math.max(peak, gate.activeCount);
        return work();
      });
    },
    stats: () => ({ running: gate.activeCount, queued: gate.pendingCount, peak }),
  };
}
