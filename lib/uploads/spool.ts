import "server-only";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

// Where uploads are spooled while they arrive, and the sweep that removes what a crashed or
// killed upload left behind (a finished or refused upload removes its own folder).

export const SPOOL_MAX_AGE_MS = 60 * 60 * 1000;

export function uploadTmpDir(): string {
  return path.join(env().DATA_DIR, "uploads", "tmp");
}

/** Removes the spooled upload folders older than `olderThanMs` (0: all of them); returns how many. */
export async function sweepSpooledUploads(
  olderThanMs: number,
  dir = uploadTmpDir(),
  now = Date.now(),
): Promise<number> {
  let names: string[];
  try {
    // The spool is a runtime folder, not a source of the build: nothing here is to be traced.
    names = await readdir(/*turbopackIgnore: true*/ dir);
  } catch {
    return 0; // nothing spooled yet
  }
  let removed = 0;
  for (const name of names) {
    const folder = path.join(dir, name);
    try {
      if (olderThanMs > 0 && now - (await stat(/*turbopackIgnore: true*/ folder)).mtimeMs < olderThanMs) continue;
      await rm(/*turbopackIgnore: true*/ folder, { recursive: true, force: true });
      removed++;
    } catch (error) {
      log.warn({ err: error, folder }, "a spooled upload could not be removed");
    }
  }
  return removed;
}

/**
 * At start-up nothing of an earlier process is in flight, so every spooled folder goes; then,
 * hourly, any folder older than an hour (no upload of ours takes that long).
 */
export async function startSpoolSweeps(): Promise<void> {
  const removed = await sweepSpooledUploads(0);
  if (removed > 0) log.info({ removed }, "spooled uploads left by an earlier process removed");
  const timer = setInterval(() => {
    void sweepSpooledUploads(SPOOL_MAX_AGE_MS).then((count) => {
      if (count > 0) log.info({ removed: count }, "stale spooled uploads removed");
    });
  }, SPOOL_MAX_AGE_MS);
  timer.unref();
}
