import "server-only";
import { getUserById } from "@/lib/auth/users";
import { isBudgetReached, returnUnmadeBudget } from "@/lib/budgets/spend";
import { dueCampaignProducts, pauseCampaignFor, setCampaignProduct, type CampaignProduct } from "@/lib/db/campaigns";
import { markLoraReady } from "@/lib/db/products";
import { failUnsentOfProduct, setProductJobsWaiting } from "@/lib/db/shot-jobs";
import { isAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { LORA_TIMING } from "@/lib/lora/estimate";
import { getProduct } from "@/lib/service";
import { startLora } from "@/lib/studio/products";
import type { SessionUser } from "@/lib/types";
import type { EngineContext } from "./context";

// Training first: a campaign's product without a LoRA is trained by the campaign, and its shots
// wait until `lora_enabled` is 1. generate-lora answers alike however often it is asked (started,
// already in progress, already created), so asking again after a lost answer is safe. A product
// the service does not know, or whose template has no LoRA, is skipped with the service's words
// and never holds up the others.

/** Products looked at per round: a campaign of 3,000 products is worked through, not read at once. */
const PER_ROUND = 10;
/** After a 429 on generate-lora without Retry-After, or the service unreachable. */
const RETRY_START_MS = 60_000;

export async function advanceTrainings(ctx: EngineContext): Promise<number> {
  const due = await dueCampaignProducts(ctx.db, ctx.clock(), PER_ROUND);
  for (const product of due) {
    await advance(ctx, product).catch((error: unknown) =>
      log.error({ err: error, product: product.productId }, "a campaign's training step failed"),
    );
  }
  return due.length;
}

type DueProduct = CampaignProduct & { campaignId: string; createdBy: string | null };

async function advance(ctx: EngineContext, product: DueProduct): Promise<void> {
  const { productId, campaignId } = product;
  const set = (change: Parameters<typeof setCampaignProduct>[3]) =>
    setCampaignProduct(ctx.db, campaignId, productId, change);
  let enabled: boolean;
  try {
    enabled = (await getProduct(productId)).lora_enabled === 1;
  } catch (error) {
    if (isAppError(error) && error.status === 404 && error.fromService) return skip(ctx, product, error.message);
    await set({ state: product.state, nextCheckAt: later(ctx, ctx.trainingCheckMs), reason: reasonOf(error) });
    return;
  }
  if (enabled) {
    await markLoraReady(productId).catch(() => undefined);
    await set({ state: "ready", nextCheckAt: ctx.clock(), reason: null });
    await setProductJobsWaiting(ctx.db, campaignId, productId, false, ctx.clock());
    return;
  }
  if (product.state === "training") {
    const started = Date.parse(product.trainingStartedAt ?? "");
    if (ctx.clock().getTime() - started > LORA_TIMING.giveUpAfterMs) {
      return skip(
        ctx,
        product,
        "Its training did not finish within 4 hours; its shots were not sent. Check the product's page.",
      );
    }
    await set({ state: "training", nextCheckAt: later(ctx, ctx.trainingCheckMs), reason: null });
    return;
  }
  await start(ctx, product);
}

async function start(ctx: EngineContext, product: DueProduct): Promise<void> {
  const set = (change: Parameters<typeof setCampaignProduct>[3]) =>
    setCampaignProduct(ctx.db, product.campaignId, product.productId, change);
  const actor = await campaignActor(product.createdBy);
  try {
    const answer = await startLora(product.productId, actor, ctx.clock());
    if (answer.result === "LoRA already created") {
      await set({ state: "checking", nextCheckAt: ctx.clock(), reason: null });
      return;
    }
    await set({
      state: "training",
      nextCheckAt: later(ctx, ctx.trainingCheckMs),
      reason: null,
      trainingStartedAt: ctx.clock(),
    });
  } catch (error) {
    if (isBudgetReached(error)) {
      // Past the trainings' budget the campaign stops, saying why, until a person resumes it.
      await pauseCampaignFor(ctx.db, product.campaignId, `Paused: ${error.message}`, ctx.clock());
      await set({ state: "checking", nextCheckAt: ctx.clock(), reason: error.message });
      return;
    }
    if (isAppError(error) && error.fromService && (error.status === 400 || error.status === 404)) {
      return skip(ctx, product, error.message);
    }
    const wait =
      isAppError(error) && error.retryAfter !== undefined
        ? error.retryAfter * 1000
        : RETRY_START_MS * (0.5 + ctx.random() / 2);
    await set({ state: "checking", nextCheckAt: later(ctx, wait), reason: reasonOf(error) });
  }
}

async function skip(ctx: EngineContext, product: DueProduct, reason: string): Promise<void> {
  const now = ctx.clock();
  await setCampaignProduct(ctx.db, product.campaignId, product.productId, {
    state: "skipped",
    nextCheckAt: now,
    reason,
  });
  await failUnsentOfProduct(ctx.db, product.campaignId, product.productId, now, null, `Not sent: ${reason}`);
  await returnUnmadeBudget(ctx.db, product.campaignId);
}

const later = (ctx: EngineContext, ms: number) => new Date(ctx.clock().getTime() + ms);

function reasonOf(error: unknown): string {
  if (isAppError(error) && error.status === 429) return `Waiting: ${error.message}`;
  return isAppError(error) ? `Will ask again: ${error.message}` : "Will ask again shortly.";
}

/** Trainings are started in the name of the campaign's author (audited, and told when done). */
async function campaignActor(userId: string | null): Promise<SessionUser> {
  const user = userId ? await getUserById(userId) : null;
  return user ? { id: user.id, email: user.email, role: user.role } : { id: "", email: "campaign", role: "editor" };
}
