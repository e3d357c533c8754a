import "server-only";
import { LIST_READ, readEngineState, writeEngineState } from "@/lib/db/engine-state";
import { jobsInState, requeueJob, unclaimedPredictionsOf, type ShotJob } from "@/lib/db/shot-jobs";
import { parseServiceDate } from "@/lib/format";
import { log } from "@/lib/log";
import { getPrediction } from "@/lib/service";
import { patchPredictionIndex, readServiceListNow } from "@/lib/studio/prediction-index";
import type { EngineContext } from "./context";
import { recordMade } from "./send";

// A create whose answer was lost (a timeout, a dropped connection, a 5xx, or a crash between
// sending and recording) may or may not have made a prediction, and the interface has no
// idempotency key. So it is never simply sent again: the service's list (read into the gallery's
// index) is searched for a prediction of the same product, prompt and aspect ratio that no job
// and no record of the app has claimed, and the first found is claimed. Only when a read of the
// list that began `graceMs` after the send still does not show it is the shot sent again.
//
// Left to chance: a service that stores a create later than the grace period after it was sent,
// and a prediction made outside the app (same token) with the very same product, prompt and
// ratio in the same hours, which would be taken for ours.

/** The list is read for lost answers at most this often (per instance), however many there are. */
const MIN_READ_GAP_MS = 2_000;
/** Candidates older than this before the send are not ours (the service's dates carry no zone: a day covers any). */
const CLOCK_SLACK_MS = 24 * 3_600_000;

interface ListRead {
  startedAt: string;
}

let lastReadAttempt = 0;

export async function reconcileUnknownJobs(ctx: EngineContext): Promise<{ claimed: number; resent: number }> {
  const jobs = await jobsInState(ctx.db, "unknown");
  if (jobs.length === 0) return { claimed: 0, resent: 0 };
  const lastStart = await readList(ctx, jobs);
  let claimed = 0;
  let resent = 0;
  for (const job of jobs) {
    const sentAt = Date.parse(job.sentAt ?? "");
    if (!(lastStart > sentAt)) continue; // no read yet that began after it was sent
    if (await claimFromList(ctx, job)) {
      claimed += 1;
    } else if (lastStart >= sentAt + ctx.graceMs) {
      const seconds = Math.round((lastStart - sentAt) / 1000);
      await requeueJob(ctx.db, job.id, ctx.clock(), {
        note: `Sent again: the service's list did not show it ${seconds} s after it was sent.`,
      });
      log.info({ job: job.id, seconds }, "a lost create was not made; sending it again");
      resent += 1;
    }
  }
  return { claimed, resent };
}

/** Reads the list when some job needs a read newer than the last; answers when the last read began (ms). */
async function readList(ctx: EngineContext, jobs: readonly ShotJob[]): Promise<number> {
  const kept = await readEngineState<ListRead>(ctx.db, LIST_READ);
  const lastStart = kept ? Date.parse(kept.startedAt) : 0;
  const now = ctx.clock().getTime();
  const needed = jobs.some((job) => {
    const sentAt = Date.parse(job.sentAt ?? "");
    return lastStart <= sentAt || (now >= sentAt + ctx.graceMs && lastStart < sentAt + ctx.graceMs);
  });
  if (!needed || now - lastReadAttempt < MIN_READ_GAP_MS) return lastStart;
  lastReadAttempt = now;
  const startedAt = ctx.clock();
  try {
    if (!(await readServiceListNow({ force: true }))) return lastStart;
  } catch (error) {
    log.warn({ err: error }, "the service's list could not be read to look for lost creates");
    return lastStart;
  }
  if (startedAt.getTime() > lastStart)
    await writeEngineState(ctx.db, LIST_READ, { startedAt: startedAt.toISOString() } satisfies ListRead);
  return Math.max(lastStart, startedAt.getTime());
}

const sameWords = (a: string, b: string) => a.trim().replace(/\s+/g, " ") === b.trim().replace(/\s+/g, " ");

/** The first unclaimed prediction in the index that is this job's shot, claimed for it. */
async function claimFromList(ctx: EngineContext, job: ShotJob): Promise<boolean> {
  const earliest = Date.parse(job.sentAt ?? "") - CLOCK_SLACK_MS;
  const candidates = (await unclaimedPredictionsOf(ctx.db, job.productId)).filter((c) => {
    const modified = parseServiceDate(c.date_modification)?.getTime();
    return sameWords(c.prompt, job.prompt) && (modified === undefined || modified >= earliest);
  });
  for (const candidate of candidates) {
    // List items lack the ratio (rule 2): the prediction itself says it.
    const prediction = await getPrediction(candidate.id).catch(() => null);
    if (!prediction) continue;
    if (prediction.aspect_ratio !== null && prediction.aspect_ratio !== job.aspectRatio) {
      await patchPredictionIndex(prediction);
      continue;
    }
    if (await recordMade(ctx, job, prediction, ctx.clock(), new Date(job.sentAt ?? ctx.clock()))) {
      log.info(
        { job: job.id, prediction: prediction.id },
        "a lost create was found in the service's list and recorded",
      );
      return true;
    }
  }
  return false;
}

/** Test hook: the next round may read the list at once. */
export function resetReconcileForTests(): void {
  lastReadAttempt = 0;
}
