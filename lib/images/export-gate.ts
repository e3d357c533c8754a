import "server-only";
import { createLimiter } from "@/lib/concurrency";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Channel copies are decoded and re-encoded on this server: the work and memory of the process,
// so bounded per process (EXPORTS_AT_ONCE decodes, the rest wait their turn in order) and per
// person (EXPORTS_PER_PERSON downloads at once, one more answered 429 at once rather than queued:
// one person's pile of parallel requests must not fill everyone's queue). Issue 19: six parallel
// exports by one reviewer took the server from 0.6 to 2.9 GB.
// Both count this process's own work, so they live in its memory (house rule 15 is about state
// that instances must agree on; this is not: each instance bounds its own decoding). The map holds
// only the people with an export under way.

let gate: (<T>(task: () => Promise<T>) => Promise<T>) | undefined;
const underWay = new Map<string, number>();

/** Runs one decode-and-encode when this process has a slot for it; waits for one otherwise. */
export function withDecodeSlot<T>(task: () => Promise<T>): Promise<T> {
  gate ??= createLimiter(env().EXPORTS_AT_ONCE);
  return gate(task);
}

/** Runs one person's download-with-export, or answers 429 when they have EXPORTS_PER_PERSON under way. */
export async function withPersonExportSlot<T>(userId: string, task: () => Promise<T>): Promise<T> {
  const limit = env().EXPORTS_PER_PERSON;
  const held = underWay.get(userId) ?? 0;
  if (held >= limit) {
    throw new AppError(
      "rate_limited",
      `You already have ${limit} ${limit === 1 ? "image" : "images"} being made for a channel. Wait for one to finish, then try again.`,
      { retryAfter: 2 },
    );
  }
  underWay.set(userId, held + 1);
  try {
    return await task();
  } finally {
    const left = (underWay.get(userId) ?? 1) - 1;
    if (left > 0) underWay.set(userId, left);
    else underWay.delete(userId);
  }
}
