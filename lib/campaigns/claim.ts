import "server-only";
import type { Db } from "@/lib/db/client";
import { CREATE_PACE, lockEngineState, readEngineState, writeEngineState } from "@/lib/db/engine-state";
import { countInFlight, markSending, pickQueuedJob, type ShotJob } from "@/lib/db/shot-jobs";
import { log } from "@/lib/log";
import type { EngineContext } from "./context";
import { boundedPace, onSend, waitBeforeSend, type PaceState } from "./pace";

// Taking the next shot to send. One transaction holds the pace row, so however many instances
// (and requests) ask at once, they take their turns: the pace, the count in flight and the job's
// claim agree. The claim is written before the create goes out.

export type Claim = { job: ShotJob } | { waitMs: number; reason: string | null } | { idle: true };

export async function claimNextJob(ctx: EngineContext, onlyCampaign?: string): Promise<Claim> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const pace = boundedPace(await lockEngineState<PaceState>(tx, CREATE_PACE), ctx.pace);
    const wait = waitBeforeSend(pace, now.getTime(), await countInFlight(tx, now));
    if (wait > 0) return { waitMs: wait, reason: pace.blockedUntil > now.getTime() ? pace.waitReason : null };
    const job = await pickQueuedJob(tx, now, onlyCampaign);
    if (!job) return { idle: true as const };
    await markSending(tx, job, ctx.holder, now, ctx.claimMs);
    const next = onSend(pace, now.getTime());
    await writeEngineState(tx, CREATE_PACE, next);
    // The pace as each send saw it (LOG_LEVEL=debug): how a benchmark's time is spent.
    log.debug(
      { job: job.id, rate: next.rate, inFlightLimit: next.inFlightLimit, lateMs: now.getTime() - pace.nextSendAt },
      "shot sent",
    );
    return { job };
  });
}

/** Changes the shared pace under its lock (an answer came back). */
export async function updatePace(
  ctx: EngineContext,
  change: (pace: PaceState, now: number) => PaceState,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const pace = boundedPace(await lockEngineState<PaceState>(tx, CREATE_PACE), ctx.pace);
    await writeEngineState(tx, CREATE_PACE, change(pace, ctx.clock().getTime()));
  });
}

/** The pace as it stands, for estimates and the words "waiting for the service". */
export async function currentPace(db: Db, ctx: Pick<EngineContext, "pace">): Promise<PaceState> {
  return boundedPace(await readEngineState<PaceState>(db, CREATE_PACE), ctx.pace);
}
