import "server-only";
import type { BatchItem, BatchResult, QueuedShot } from "@/lib/api-types";
import { recordAudit } from "@/lib/audit/record";
import { assertWithinBudget } from "@/lib/budgets/spend";
import { getDb } from "@/lib/db/client";
import { indexViewsByIds } from "@/lib/db/prediction-index";
import { getJob, sendingCount, type ShotJob } from "@/lib/db/shot-jobs";
import { AppError, codeForStatus } from "@/lib/errors";
import { env } from "@/lib/env";
import type { BatchPlan } from "@/lib/schemas/batch";
import type { AspectRatio, PredictionView, SessionUser } from "@/lib/types";
import { claimNextJob } from "./claim";
import { engineContext, type EngineContext } from "./context";
import { createBatch } from "./create";
import { sendClaimedJob } from "./send";
import { assertWithinPersonLimit } from "@/lib/studio/person-limits";

// A person's own shots from the product page go through the shot engine at the front of the
// queue, and the request sends them itself while the person waits (a few seconds at most). What
// the service made is answered at once; what it could not take yet (a 429) stays queued and is
// sent by the engine as soon as the service allows, never twice; a refusal is answered in the
// service's words.

const SENDING_POLL_MS = 100;
const QUEUED =
  "Waiting for the image service, which asked the app to slow down. It is sent by itself as soon as the service allows and appears under Product shots.";
const CONFIRMING =
  "Sent, but the service's answer was lost. The app is checking whether it was made, and sends it again only if it was not.";

/**
 * Sends the campaign's queued shots now, waiting out the pace up to CAMPAIGN_WAIT_FOR_SEND_MS.
 * A shot the engine (of this instance or another) took first is waited for too, so the person
 * hears what came of it rather than "queued".
 */
async function sendNow(ctx: EngineContext, campaignId: string): Promise<void> {
  const deadline = ctx.clock().getTime() + env().CAMPAIGN_WAIT_FOR_SEND_MS;
  for (;;) {
    const claim = await claimNextJob(ctx, campaignId);
    if ("job" in claim) {
      await sendClaimedJob(ctx, claim.job);
      continue;
    }
    const waitMs =
      "idle" in claim ? ((await sendingCount(ctx.db, campaignId)) > 0 ? SENDING_POLL_MS : null) : claim.waitMs;
    if (waitMs === null || ctx.clock().getTime() + waitMs > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

function itemOf(job: ShotJob, views: Map<string, PredictionView>, variations: boolean): BatchItem {
  const label = { aspect_ratio: job.aspectRatio as AspectRatio, ...(variations ? { variation: job.variation } : {}) };
  const view = job.predictionId ? views.get(job.predictionId) : undefined;
  if (view) return { ...label, ok: true, sent: true, prediction: view };
  if (job.state === "failed" || job.state === "cancelled") {
    const status = job.errorStatus ?? 500;
    return {
      ...label,
      ok: false,
      sent: job.sends > 0,
      error: {
        error: job.sends > 0 ? new AppError(codeForStatus(status), "", { status }).toBody().error : "Not Sent",
        message: job.error ?? "Not sent.",
      },
    };
  }
  return { ...label, ok: true, sent: false, queued: true, message: job.state === "unknown" ? CONFIRMING : QUEUED };
}

async function outcome(
  ctx: EngineContext,
  campaignId: string,
  jobIds: readonly string[],
  variations: boolean,
): Promise<{ result: BatchResult; jobs: ShotJob[] }> {
  const jobs = (await Promise.all(jobIds.map((id) => getJob(ctx.db, id)))).filter((j): j is ShotJob => j !== null);
  const views = await indexViewsByIds(jobs.flatMap((j) => (j.predictionId ? [j.predictionId] : [])));
  return { result: { campaign_id: campaignId, items: jobs.map((job) => itemOf(job, views, variations)) }, jobs };
}

export async function runBatch(plan: BatchPlan, user: SessionUser): Promise<BatchResult> {
  const ctx = engineContext(await getDb());
  // Past a monthly budget the person is told at once, before anything is queued or sent.
  await assertWithinBudget(
    ctx.db,
    { kind: "shots", person: user, productId: plan.product_id, count: plan.ratios.length },
    ctx.clock(),
  );
  await assertWithinPersonLimit(user, "shots", plan.ratios.length);
  const { id, jobIds } = await createBatch(ctx, plan, user);
  await sendNow(ctx, id);
  const { result } = await outcome(ctx, id, jobIds, plan.variations);
  const created = result.items.filter((i) => i.ok && i.sent).length;
  await recordAudit({
    actor: user,
    action: "batch.created",
    productId: plan.product_id,
    detail: { asked: result.items.length, created, variations: plan.variations },
  });
  return result;
}

/** 200 when every shot was made, 202 when some wait in the queue, 207 (Multi-Status) when any was refused. */
export function batchStatus(result: BatchResult): number {
  if (result.items.some((i) => !i.ok)) return 207;
  return result.items.every((i) => i.ok && i.sent) ? 200 : 202;
}

/** One shot: the prediction when made, a queued answer, or the service's refusal as an error. */
export async function createShot(
  input: { product_id: string; prompt: string; aspect_ratio: AspectRatio },
  user: SessionUser,
): Promise<{ prediction: PredictionView } | { queued: QueuedShot }> {
  const ctx = engineContext(await getDb());
  await assertWithinBudget(ctx.db, { kind: "shots", person: user, productId: input.product_id }, ctx.clock());
  await assertWithinPersonLimit(user, "shots");
  const { id, jobIds } = await createBatch(
    ctx,
    { product_id: input.product_id, prompt: input.prompt, ratios: [input.aspect_ratio], variations: false },
    user,
  );
  await sendNow(ctx, id);
  const { result, jobs } = await outcome(ctx, id, jobIds, false);
  const [item] = result.items;
  if (item.ok && item.sent) return { prediction: item.prediction };
  if (item.ok) return { queued: { queued: true, campaign_id: id, message: item.message } };
  const status = jobs[0]?.errorStatus ?? 502;
  throw new AppError(codeForStatus(status), item.error.message, { status, fromService: true });
}
