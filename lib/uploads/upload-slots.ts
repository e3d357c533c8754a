import "server-only";
import { releaseUploadSlot, takeUploadSlot } from "@/lib/db/upload-slots";
import { AppError } from "@/lib/errors";
import { countUpload } from "@/lib/metrics/metrics";

// At most two product uploads in progress per person: one person cannot hold the server's disk
// and bandwidth with a pile of parallel 100 MB requests.

export const MAX_UPLOADS_IN_FLIGHT = 2;
// Longer than any upload should take; a slot whose request died is free again after this.
const SLOT_TTL_MS = 15 * 60 * 1000;

/** Runs `fn` holding one of the person's upload slots, or answers 429 when both are taken. */
export async function withUploadSlot<T>(userId: string, fn: () => Promise<T>): Promise<T> {
  const slot = await takeUploadSlot(userId, MAX_UPLOADS_IN_FLIGHT, SLOT_TTL_MS);
  if (!slot) {
    throw new AppError(
      "rate_limited",
      `You already have ${MAX_UPLOADS_IN_FLIGHT} uploads in progress. Wait for one to finish, then try again.`,
      { retryAfter: 5 },
    );
  }
  try {
    return await countUpload(fn);
  } finally {
    await releaseUploadSlot(slot);
  }
}
