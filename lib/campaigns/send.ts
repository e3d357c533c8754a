import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { chargeBudget } from "@/lib/budgets/charge";
import { spenderOf } from "@/lib/budgets/limits";
import { isBudgetReached, returnJobBudget, returnUnmadeBudget } from "@/lib/budgets/spend";
import { getUserById } from "@/lib/auth/users";
import { pauseCampaignFor, setCampaignProduct } from "@/lib/db/campaigns";
import { insertPrediction } from "@/lib/db/registry-writes";
import {
  failJobs,
  failUnsentOfProduct,
  markGenerating,
  markUnknown,
  requeueJob,
  setProductJobsWaiting,
  type ShotJob,
} from "@/lib/db/shot-jobs";
import type { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { trackPrediction } from "@/lib/notify/track";
import { tryCreatePrediction } from "@/lib/service";
import { patchPredictionIndex } from "@/lib/studio/prediction-index";
import { noteLoraRefusal } from "@/lib/studio/products";
import type { AspectRatio, Prediction, SessionUser } from "@/lib/types";
import { updatePace } from "./claim";
import type { EngineContext } from "./context";
import { onCreated, onThrottled, onTrouble, onUnanswered } from "./pace";

// Sending one claimed shot and recording what came of it. Each outcome is told apart because
// each asks for something else: made (record it), not made (a 429 or an unreachable service:
// back in the queue, the pace slows), refused (failed, in the service's words), or unknown (no
// answer: looked for in the service's list before it is ever sent again; see reconcile.ts).

/** A product's LoRA lost this many times in one campaign is skipped rather than trained again. */
const MAX_LORA_LOSSES = 3;

export async function sendClaimedJob(ctx: EngineContext, job: ShotJob): Promise<void> {
  if (!(await chargeJob(ctx, job))) return;
  const outcome = await tryCreatePrediction({
    product_id: job.productId,
    prompt: job.prompt,
    aspect_ratio: job.aspectRatio as AspectRatio,
  }).catch(
    // Anything unforeseen on the way (never a refusal the service gave) may have reached it.
    (error: unknown) => ({ kind: "unknown" as const, error: error as AppError }),
  );
  const now = ctx.clock();
  if (outcome.kind === "created") {
    await updatePace(ctx, (pace, t) => onCreated(pace, t, ctx.pace));
    await recordMade(ctx, job, outcome.prediction, now);
    return;
  }
  if (outcome.kind === "unknown") {
    log.warn(
      { job: job.id, err: outcome.error },
      "a prediction create went unanswered; it will be looked for before it is sent again",
    );
    await markUnknown(
      ctx.db,
      job.id,
      now,
      `Sent, but the answer was lost (${outcome.error.message}) — checking whether the service made it.`,
    );
    await updatePace(ctx, (pace) => onUnanswered(pace));
    return;
  }
  const { error, status } = outcome;
  if (status === 429) {
    await requeueJob(ctx.db, job.id, now, { throttled: true });
    const retryAfterMs = error.retryAfter === undefined ? undefined : error.retryAfter * 1000;
    await updatePace(ctx, (pace, t) => onThrottled(pace, t, ctx.random(), retryAfterMs));
    return;
  }
  if (status === null || status === 401) {
    // Never reached, or the app's own token refused: nothing was made, and the next create would
    // meet the same; everyone waits, and the words say why.
    await requeueJob(ctx.db, job.id, now);
    await updatePace(ctx, (pace, t) => onTrouble(pace, t, ctx.random(), error.message));
    return;
  }
  await refused(ctx, job, status, error, now);
}

/**
 * Counts the shot against its author's and the team's monthly budgets before the service is
 * asked. Past a budget nothing is sent: a person's own shot fails in the budget's words, and a
 * campaign pauses with them (its shot goes back in the queue for when it is resumed).
 */
async function chargeJob(ctx: EngineContext, job: ShotJob): Promise<boolean> {
  const person = await spenderOf(ctx.db, job.createdBy);
  try {
    await chargeBudget(
      ctx.db,
      { kind: "shots", person, productId: job.productId, campaignId: job.campaignId, jobId: job.id },
      ctx.clock(),
    );
    return true;
  } catch (error) {
    if (!isBudgetReached(error)) throw error;
    const now = ctx.clock();
    if (job.priority === 0) {
      await failJobs(ctx.db, [job.id], now, 429, error.message);
    } else {
      await requeueJob(ctx.db, job.id, now, { note: error.message });
      await pauseCampaignFor(ctx.db, job.campaignId, `Paused: ${error.message}`, now);
    }
    return false;
  }
}

/** The service made it: one transaction gives it to the job and to the registry, or to neither. */
export async function recordMade(
  ctx: EngineContext,
  job: ShotJob,
  prediction: Prediction,
  now: Date,
  createdAt = now,
): Promise<boolean> {
  const claimed = await ctx.db
    .transaction(async (tx) => {
      if (!(await markGenerating(tx, job.id, prediction.id, now))) return false;
      await insertPrediction(tx, {
        id: prediction.id,
        productId: job.productId,
        prompt: job.prompt,
        aspectRatio: job.aspectRatio,
        createdBy: job.createdBy,
        createdAt: createdAt.toISOString(),
        batchId: job.campaignId,
      });
      return true;
    })
    .catch((error: unknown) => {
      // The claim runs out and the list shows it: reconcile.ts records it then, never sends it again.
      log.error({ err: error, job: job.id, prediction: prediction.id }, "a made prediction could not be recorded yet");
      return false;
    });
  if (!claimed) return false;
  const view = {
    ...prediction,
    aspect_ratio: prediction.aspect_ratio ?? (job.aspectRatio as AspectRatio),
    created_at: createdAt.toISOString(),
  };
  await patchPredictionIndex(view);
  // A person's own shots are told as before (by the watcher, per batch); a campaign is told once, whole.
  if (job.priority === 0) await tellAsBefore(job, view);
  return true;
}

async function tellAsBefore(job: ShotJob, view: Prediction & { created_at: string }): Promise<void> {
  const user = job.createdBy ? await getUserById(job.createdBy) : null;
  if (!user) return;
  const actor: SessionUser = { id: user.id, email: user.email, role: user.role };
  await recordAudit({
    actor,
    action: "prediction.created",
    productId: job.productId,
    predictionId: view.id,
    detail: { aspectRatio: job.aspectRatio },
  });
  await trackPrediction({ ...view, product_name: null }, actor, job.campaignId);
}

/** The service refused it: nothing was made. Some refusals speak for the product's other shots too. */
async function refused(ctx: EngineContext, job: ShotJob, status: number, error: AppError, now: Date): Promise<void> {
  const loraMissing = status === 403 && /lora/i.test(error.message);
  if (loraMissing) await noteLoraRefusal(job.productId, error);
  if (loraMissing && job.priority > 0) {
    await relearnLora(ctx, job, error, now);
    return;
  }
  await failJobs(ctx.db, [job.id], now, status, error.message);
  await returnJobBudget(ctx.db, [job.id]);
  // An unknown product, a LoRA not ready or a permission missing: its other shots would meet the same.
  if (status === 403 || status === 404) {
    await failUnsentOfProduct(ctx.db, job.campaignId, job.productId, now, status, `Not sent: ${error.message}`);
    await returnUnmadeBudget(ctx.db, job.campaignId);
    if (job.priority > 0)
      await setCampaignProduct(ctx.db, job.campaignId, job.productId, {
        state: "skipped",
        nextCheckAt: now,
        reason: error.message,
      });
  }
}

/** The service no longer has the product's LoRA: its shots wait while the campaign trains it again. */
async function relearnLora(ctx: EngineContext, job: ShotJob, error: AppError, now: Date): Promise<void> {
  await requeueJob(ctx.db, job.id, now, { note: error.message });
  await setProductJobsWaiting(ctx.db, job.campaignId, job.productId, true, now);
  const [row] = await ctx.db.query<{ lora_losses: number }>(
    "SELECT lora_losses FROM campaign_products WHERE campaign_id = $1 AND product_id = $2",
    [job.campaignId, job.productId],
  );
  if ((row?.lora_losses ?? 0) + 1 >= MAX_LORA_LOSSES) {
    const reason = `The service lost this product's LoRA ${MAX_LORA_LOSSES} times; its shots were not sent.`;
    await setCampaignProduct(ctx.db, job.campaignId, job.productId, {
      state: "skipped",
      nextCheckAt: now,
      reason,
      loraLost: true,
    });
    await failUnsentOfProduct(ctx.db, job.campaignId, job.productId, now, 403, reason);
    return;
  }
  await setCampaignProduct(ctx.db, job.campaignId, job.productId, {
    state: "checking",
    nextCheckAt: now,
    reason: error.message,
    loraLost: true,
  });
}
