import "server-only";
import { randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import { hostname } from "node:os";
import { analyzeIndex, changedItems, upsertIndexRows, type IndexInput } from "@/lib/db/prediction-index";
import { claimReconcile, readIndexState, releaseReconcile, secondsUntilRefresh } from "@/lib/db/prediction-index-state";
import { AppError } from "@/lib/errors";
import { letOthersRun } from "@/lib/concurrency";
import { log } from "@/lib/log";
import { streamPredictionList } from "@/lib/service";

// Keeps the gallery's index (rows in the database, shared by every instance) in step with the
// service's list, which is the only place predictions made elsewhere with the same token show
// up. Pages never wait for the list: they read the rows, and a read that finds the list due
// starts one background reconcile, which only the instance holding the lease runs. Only the
// very first read of an installation waits, so a new gallery is not empty.

const HOLDER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
/** A person's "refresh" reads the list again at most this often per installation. */
export const REFRESH_GAP_MS = 10_000;
// How often one process asks the database whether a reconcile is due (a page costs no more).
const CHECK_EVERY_MS = 1_000;
const FIRST_WAIT_MS = 60_000;

let ready = false;
let lastCheck = 0;
let running: Promise<void> | null = null;

async function reconcile(): Promise<void> {
  let length: number | null = null;
  let changed = 0;
  try {
    length = await streamPredictionList(async (batch) => {
      changed += await upsertIndexRows(await changedItems(batch));
      // Pages and files are answered between batches: with the embedded database every query runs
      // on this thread, and a list of 10,000 read without a pause held every request 1.3 s.
      await letOthersRun();
    });
    // Keeps "newest first, 60 at a time" an index scan after a large first read.
    if (changed > 1_000) await analyzeIndex();
    log.info({ predictions: length, changed }, "prediction index reconciled with the service's list");
  } finally {
    await releaseReconcile(HOLDER, length).catch((error) =>
      log.error({ err: error }, "could not release the prediction index lease"),
    );
  }
}

/** Runs a reconcile when this instance gets the lease; answers whether it ran one. */
function reconcileIfClaimed(options: { force?: boolean; refreshGapMs?: number } = {}): Promise<boolean> {
  if (running) return running.then(() => true);
  const started = claimReconcile(HOLDER, options).then(async (claimed) => {
    if (!claimed) return false;
    running = reconcile().finally(() => {
      running = null;
    });
    await running;
    return true;
  });
  return started;
}

function inBackground(): void {
  reconcileIfClaimed().catch((error) => log.warn({ err: error }, "reading the service's prediction list failed"));
}

/**
 * Call before reading the index. Waits only for an installation's first reconcile (however
 * many instances ask, one reads the list); otherwise starts one in the background when due.
 */
export async function ensurePredictionIndex(): Promise<void> {
  if (ready) {
    if (!running && Date.now() - lastCheck >= CHECK_EVERY_MS) {
      lastCheck = Date.now();
      inBackground();
    }
    return;
  }
  const deadline = Date.now() + FIRST_WAIT_MS;
  while (Date.now() < deadline) {
    const state = await readIndexState();
    if (state.reconciledAt) {
      ready = true;
      lastCheck = Date.now();
      return;
    }
    if (!state.leased) {
      const ran = await reconcileIfClaimed({ force: true }).then(
        (value) => value,
        (error: unknown) => {
          // The registry's own rows are still worth showing while the service is away.
          log.warn({ err: error }, "the first read of the service's prediction list failed");
          return "failed" as const;
        },
      );
      if (ran === "failed") return;
      if (ran) continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Reads the service's list into the index, beginning after this call did (a read this process
 * has under way is waited out first: it may have begun too early). `force` reads now; otherwise
 * only when the list's cadence says a read is due. False when no read ran here (another
 * instance holds the read, or none was due).
 */
export async function readServiceListNow(options: { force: boolean }): Promise<boolean> {
  if (running) await running.catch(() => undefined);
  const ran = await reconcileIfClaimed({ force: options.force });
  if (ran) ready = true;
  return ran;
}

/** A person asked for "refresh": read the list again now, unless that happened moments ago. */
export async function refreshPredictionIndex(): Promise<{ refreshed: boolean }> {
  const wait = await secondsUntilRefresh(REFRESH_GAP_MS);
  if (wait > 0) {
    throw new AppError("rate_limited", `The gallery was refreshed moments ago. Please try again in ${wait} s.`, {
      retryAfter: wait,
    });
  }
  const ran = await reconcileIfClaimed({ refreshGapMs: REFRESH_GAP_MS });
  ready = true;
  return { refreshed: ran };
}

// What this process last wrote for each recently polled prediction: fifty people polling one
// prediction share one service answer, and need not write the same row fifty times. Only a
// shortcut in front of the database; a miss just writes (and an unchanged write is skipped there).
const lastPatched = new LRUCache<string, string>({ max: 5_000 });

const patchKey = (view: IndexInput) =>
  JSON.stringify([
    view.product_id,
    view.prompt,
    view.aspect_ratio,
    view.date_modification,
    view.created_at ?? null,
    view.images,
  ]);

/**
 * Puts what the app just learned about one prediction (it created it, or a poll saw its images
 * arrive) into the index at once, so the gallery shows it without waiting for a reconcile.
 */
export async function patchPredictionIndex(view: IndexInput): Promise<void> {
  const key = patchKey(view);
  if (lastPatched.get(view.id) === key) return;
  try {
    await upsertIndexRows([view]);
    lastPatched.set(view.id, key);
  } catch (error) {
    log.error({ err: error, predictionId: view.id }, "could not update the prediction index");
  }
}

/** Test hook: forget what this process knows about the index (the rows stay). */
export function resetPredictionIndexForTests(): void {
  ready = false;
  lastCheck = 0;
  running = null;
  lastPatched.clear();
}
